"""NumPy's functions that the other modules of this layer lack (issue 11), gathered for the package root:
more_nan.py (nanargmax ... nanpercentile)."""

from .more_nan import FUNCTIONS as _NAN

_EXPORTS = {**_NAN}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
