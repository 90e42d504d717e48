"""scipy.ndimage's filters on the GPU, for wgarray arrays (the accelerated path: SciPy would copy
them through NumPy and filter on the CPU).

correlate, convolve, correlate1d, convolve1d, gaussian_filter(1d), uniform_filter(1d), sobel, prewitt,
laplace (_ndimage_filters.py) and minimum_filter(1d), maximum_filter(1d), median_filter, rank_filter,
percentile_filter (_ndimage_rank.py), with SciPy's signatures, boundary modes ('reflect', 'constant'
with cval, 'nearest', 'mirror', 'wrap', 'grid-wrap', 'grid-constant', 'grid-mirror'), origins, axes
and output dtypes. Boundary modes are applied by index in the filter engine (no padded copy).
Median, rank and percentile filters hold footprints of up to 256 elements (NotImplementedError
beyond); minimum and maximum filters take any footprint.
"""

from ._ndimage_filters import (convolve, convolve1d, correlate, correlate1d, gaussian_filter,  # noqa: F401
                               gaussian_filter1d, laplace, prewitt, sobel, uniform_filter, uniform_filter1d)
from ._ndimage_rank import (maximum_filter, maximum_filter1d, median_filter, minimum_filter,  # noqa: F401
                            minimum_filter1d, percentile_filter, rank_filter)

__all__ = ["convolve", "convolve1d", "correlate", "correlate1d", "gaussian_filter", "gaussian_filter1d", "laplace",
           "maximum_filter", "maximum_filter1d", "median_filter", "minimum_filter", "minimum_filter1d",
           "percentile_filter", "prewitt", "rank_filter", "sobel", "uniform_filter", "uniform_filter1d"]
