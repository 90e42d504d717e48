"""numpy.lib.scimath (numpy.emath) on wgarray arrays: complex results outside the real domain
(wgarray/_numpy/scimath.py)."""

from .._numpy.scimath import FUNCTIONS as _FUNCTIONS

__all__ = sorted(_FUNCTIONS)
globals().update(_FUNCTIONS)
