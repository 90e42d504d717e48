"""Statistics: moments, z-scores, covariance by hand, running statistics."""

from . import snippet


def _samples(np):
    return np.array([2.3, 4.1, 3.3, 5.9, 4.4, 1.2, 3.8, 4.9, 2.7, 3.1])


@snippet
def mean_std_var(np):
    x = _samples(np)
    return x.mean(), x.std(), x.var(ddof=1)


@snippet
def z_scores(np):
    x = _samples(np)
    return (x - x.mean()) / x.std()


@snippet
def covariance_by_hand(np):
    x = _samples(np)
    y = 2 * x + np.array([0.1, -0.2, 0.05, 0.3, -0.1, 0.0, 0.2, -0.3, 0.1, 0.0])
    return ((x - x.mean()) * (y - y.mean())).sum() / (len(x) - 1)


@snippet
def correlation_by_hand(np):
    x = _samples(np)
    y = x ** 2
    xc, yc = x - x.mean(), y - y.mean()
    return (xc * yc).sum() / np.sqrt((xc ** 2).sum() * (yc ** 2).sum())


@snippet
def column_statistics(np):
    m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0], [2.0, 1.0, 0.5]])
    return m.mean(axis=0), m.std(axis=0), m.max(axis=0) - m.min(axis=0)


@snippet
def keepdims_row_normalise(np):
    m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return m / m.sum(axis=1, keepdims=True)


@snippet
def geometric_and_harmonic_mean(np):
    x = np.array([1.5, 2.0, 4.0, 8.0])
    return np.exp(np.log(x).mean()), len(x) / (1.0 / x).sum()


@snippet
def ptp_and_argmin(np):
    temps = np.array([[12.0, 15.5, 9.0], [14.0, 11.0, 18.5]])
    return np.ptp(temps, axis=1), temps.argmin(), np.unravel_index(temps.argmin(), temps.shape)


@snippet
def median_of_odd_and_even(np):
    return np.median(np.array([5.0, 1.0, 3.0])), np.median(np.array([4.0, 1.0, 3.0, 2.0]))


@snippet
def percentiles(np):
    x = np.arange(1, 11, dtype=np.float64)
    return np.percentile(x, [25, 50, 75])


@snippet
def nan_aware_mean(np):
    x = np.array([1.0, np.nan, 3.0, 4.0, np.nan])
    return np.nanmean(x), np.nansum(x), np.nanmax(x)


@snippet
def average_with_weights(np):
    x = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    return np.average(x, axis=0, weights=[1, 2, 3])


@snippet
def moving_average_with_cumsum(np):
    x = np.array([3.0, 5.0, 2.0, 8.0, 7.0, 1.0, 4.0, 6.0])
    window = 3
    c = np.cumsum(x)
    c[window:] = c[window:] - c[:-window]
    return c[window - 1:] / window


@snippet
def float32_sum_and_mean(np):
    x = np.linspace(0, 1, 101, dtype=np.float32)
    return x.sum(), x.mean(), x.dtype.name


@snippet
def count_above_threshold(np):
    x = _samples(np)
    return np.count_nonzero(x > 3.5), (x > 3.5).mean()


@snippet
def standard_error(np):
    x = _samples(np)
    return x.std(ddof=1) / np.sqrt(x.size)


@snippet
def histogram_counts_by_comparison(np):
    x = _samples(np)
    edges = np.array([0.0, 2.0, 3.0, 4.0, 6.0])
    inside = (x[:, None] >= edges[:-1]) & (x[:, None] < edges[1:])
    return inside.sum(axis=0)


@snippet
def bincount_labels(np):
    labels = np.array([0, 1, 1, 3, 2, 1, 3])
    return np.bincount(labels), np.bincount(labels, weights=np.arange(7.0), minlength=5)


@snippet
def sensor_gaps_with_nan_functions(np):
    readings = np.array([[21.5, np.nan, 22.1, 23.4], [np.nan, np.nan, 19.8, 20.2], [18.0, 18.4, np.nan, 19.1]])
    return (np.nanmedian(readings, axis=1), np.nanstd(readings, axis=1), np.nanpercentile(readings, 90, axis=0),
            np.nanargmax(readings, axis=1), np.nancumsum(readings, axis=1))


@snippet
def covariance_and_correlation_matrices(np):
    features = np.array([[5.1, 3.5, 1.4], [4.9, 3.0, 1.4], [6.2, 3.4, 5.4], [5.9, 3.0, 5.1], [5.5, 2.3, 4.0]])
    return np.cov(features, rowvar=False), np.corrcoef(features.T)


@snippet
def histogram_of_measurements(np):
    x = _samples(np)
    counts, edges = np.histogram(x, bins=4)
    density, _ = np.histogram(x, bins=[0.0, 2.0, 3.5, 6.0], density=True)
    return counts, edges, density


@snippet
def moving_average_by_convolution(np):
    prices = np.array([10.0, 10.5, 11.2, 10.8, 11.5, 12.1, 11.9, 12.4])
    window = np.ones(3) / 3
    return np.convolve(prices, window, mode="valid"), np.convolve(prices, window, mode="same")


@snippet
def resample_by_interpolation(np):
    t = np.array([0.0, 1.0, 2.5, 4.0])
    y = np.array([0.0, 2.0, 1.0, 3.0])
    return np.interp(np.linspace(-1, 5, 13), t, y, left=0.0, right=np.nan)


@snippet
def outer_products_and_cross(np):
    u, v = np.array([1.0, 0.0, 2.0]), np.array([0.5, -1.0, 3.0])
    return np.outer(u, v), np.cross(u, v), np.vdot(u, v), np.inner(u, v), np.kron(np.eye(2), u[:2])


@snippet
def lagged_autocorrelation(np):
    x = _samples(np) - _samples(np).mean()
    full = np.correlate(x, x, mode="full")
    return full[full.size // 2:] / full[full.size // 2], np.ediff1d(x, to_begin=0.0)
