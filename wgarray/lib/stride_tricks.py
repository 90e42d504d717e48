"""numpy.lib.stride_tricks on wgarray arrays: zero-copy views (wgarray/_numpy/stride_tricks.py)."""

from .._numpy.stride_tricks import FUNCTIONS as _FUNCTIONS

__all__ = sorted(_FUNCTIONS)
globals().update(_FUNCTIONS)
