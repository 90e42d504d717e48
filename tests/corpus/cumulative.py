"""Cumulative operations: running totals, products, maxima, prefix sums as offsets."""

from . import snippet


@snippet
def running_total(np):
    deposits = np.array([100, -20, 50, -80, 30])
    return np.cumsum(deposits), deposits.cumsum().min()


@snippet
def cumulative_product_growth(np):
    growth = np.array([1.1, 0.9, 1.05, 1.2])
    return np.cumprod(growth), growth.cumprod()[-1]


@snippet
def cumsum_2d_axes(np):
    m = np.arange(1, 10).reshape(3, 3)
    return m.cumsum(axis=0), m.cumsum(axis=1), m.cumsum()


@snippet
def running_maximum_drawdown(np):
    prices = np.array([10.0, 12.0, 11.0, 15.0, 9.0, 13.0, 16.0, 8.0])
    peak = np.maximum.accumulate(prices)
    drawdown = (prices - peak) / peak
    return peak, drawdown.min(), drawdown.argmin()


@snippet
def running_minimum(np):
    x = np.array([5, 3, 4, 1, 2, 0, 6])
    return np.minimum.accumulate(x)


@snippet
def offsets_from_lengths(np):
    lengths = np.array([3, 0, 2, 4])
    ends = np.cumsum(lengths)
    starts = ends - lengths
    return starts, ends, np.concatenate([[0], ends])


@snippet
def segment_ids_from_lengths(np):
    lengths = np.array([2, 3, 1])
    return np.repeat(np.arange(len(lengths)), lengths)


@snippet
def cumsum_of_bool(np):
    flags = np.array([False, True, True, False, True])
    return np.cumsum(flags), np.cumsum(flags).dtype.name


@snippet
def cumsum_float32_dtype(np):
    x = np.full(10, 0.1, dtype=np.float32)
    return np.cumsum(x), np.cumsum(x, dtype=np.float64)


@snippet
def cumulative_sum_include_initial(np):
    x = np.array([1, 2, 3])
    return np.cumulative_sum(x, include_initial=True)


@snippet
def normalised_cdf(np):
    counts = np.array([4, 1, 0, 3, 2])
    cdf = np.cumsum(counts) / counts.sum()
    return cdf, np.searchsorted(cdf, 0.5)


@snippet
def nancumsum_manual(np):
    x = np.array([1.0, np.nan, 2.0, np.nan, 3.0])
    return np.cumsum(np.nan_to_num(x))


@snippet
def add_accumulate_2d(np):
    m = np.array([[1, 2, 3], [4, 5, 6]])
    return np.add.accumulate(m), np.add.accumulate(m, axis=1), np.multiply.accumulate(m, axis=1)


@snippet
def cumsum_reset_on_zero(np):
    x = np.array([1, 2, 0, 3, 4, 0, 5])
    total = np.cumsum(x)
    resets = np.maximum.accumulate(np.where(x == 0, total, 0))
    return total - resets


@snippet
def cumprod_of_returns(np):
    returns = np.array([0.01, -0.02, 0.03, 0.005, -0.01])
    return np.cumprod(1 + returns) - 1


@snippet
def cumsum_out_and_dtype(np):
    x = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int8)
    out = np.empty((2, 3), dtype=np.int64)
    np.cumsum(x, axis=1, out=out)
    return out, np.cumsum(x, dtype=np.float32)


@snippet
def moving_average_by_cumsum(np):
    x = np.arange(10.0) ** 2
    c = np.cumsum(np.insert(x, 0, 0.0))
    return (c[3:] - c[:-3]) / 3


@snippet
def cummin_cummax_by_ufunc(np):
    prices = np.array([5.0, 3.0, 6.0, 2.0, 7.0, 1.0])
    return np.minimum.accumulate(prices), np.maximum.accumulate(prices[::-1])[::-1]


@snippet
def cumulative_count_per_group(np):
    groups = np.array([0, 1, 0, 0, 1, 2, 1])
    onehot = groups[:, None] == np.arange(3)
    return (np.cumsum(onehot, axis=0) * onehot).sum(axis=1)
