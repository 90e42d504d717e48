"""NumPy's functions that the other modules of this layer lack (issue 11), gathered for the package root:
more_nan.py (nanargmax ... nanpercentile), more_products.py (outer, inner, vdot, kron, cross, convolve,
correlate), more_stats.py (cov, corrcoef, ediff1d, interp, histogram, histogram_bin_edges)."""

from .more_nan import FUNCTIONS as _NAN
from .more_products import FUNCTIONS as _PRODUCTS
from .more_stats import FUNCTIONS as _STATS

_EXPORTS = {**_NAN, **_PRODUCTS, **_STATS}
__all__ = sorted(_EXPORTS)
globals().update(_EXPORTS)
