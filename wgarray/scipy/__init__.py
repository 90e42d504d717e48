"""wgarray.scipy: SciPy's signal and ndimage filters on the GPU (issue 15), imported on their own as
CuPy's cupyx.scipy is (``import wgarray.scipy.signal``), so that ``import wgarray`` stays fast.

SciPy itself runs these functions on NumPy: it round-trips any array that is neither a NumPy nor a
CuPy array through NumPy (and the host CPU). These modules are the accelerated path for wgarray
arrays: the same signatures, modes and results, computed by WGSL kernels (the filter engine,
wgarray/_engines/filter.py, and wgarray.fft). See docs/scipy.md.
"""

from . import ndimage, signal
from . import _ndimage_filters_docs, _ndimage_rank_docs, _signal_docs  # numpydoc docstrings, set on import

__all__ = ["ndimage", "signal"]

del _ndimage_filters_docs, _ndimage_rank_docs, _signal_docs  # (kept in sys.modules; only their side effect matters)
