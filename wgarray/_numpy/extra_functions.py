"""NumPy's functions of issue 14 that the other modules of this layer lacked, gathered for the package
root: einsum.py (einsum, einsum_path), padding.py (pad's modes, exported through shaping.py),
index_routines.py (extract ... apply_over_axes), sets.py (intersect1d, setxor1d, in1d),
histograms.py (histogramdd, histogram2d; bin_estimators.py serves histogram's estimators),
windows.py (i0, hanning ... kaiser), bits.py (packbits, unpackbits, binary_repr, base_repr), io.py (save ... fromfile,
ndarray.tofile)."""

from .bits import FUNCTIONS as _BITS
from .einsum import FUNCTIONS as _EINSUM
from .index_routines import FUNCTIONS as _INDEX_ROUTINES
from .io import FUNCTIONS as _IO
from .histograms import FUNCTIONS as _HISTOGRAMS
from .sets import FUNCTIONS as _SETS
from .windows import FUNCTIONS as _WINDOWS

_EXPORTS = {**_EINSUM, **_INDEX_ROUTINES, **_SETS, **_HISTOGRAMS, **_WINDOWS, **_BITS, **_IO}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
