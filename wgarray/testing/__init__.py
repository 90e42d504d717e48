"""wgarray.testing: numpy.testing's assertions, comparing wgarray arrays on the GPU
(wgarray/_numpy/assertions.py)."""

from .._numpy.assertions import FUNCTIONS as _FUNCTIONS

__all__ = sorted(_FUNCTIONS)
globals().update(_FUNCTIONS)
