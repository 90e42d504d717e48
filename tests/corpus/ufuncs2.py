"""Ufunc methods and keywords as code uses them: reduce/accumulate/outer/reduceat/at, dtype=, axis=None sorts."""

from . import snippet


@snippet
def reduce_accumulate_variants(np):
    a = np.arange(1, 7).reshape(2, 3)
    return (np.add.reduce(a), np.add.reduce(a, axis=None), np.multiply.reduce(a, axis=1), np.maximum.reduce(a, axis=0),
            np.multiply.accumulate(a, axis=1), np.logical_or.reduce(a > 4, axis=1), np.add.reduce(a, keepdims=True))


@snippet
def outer_tables(np):
    a = np.arange(1, 4)
    return np.multiply.outer(a, a), np.subtract.outer(a, np.arange(2)), np.greater.outer(a, a), np.power.outer(a, [0, 2])


@snippet
def reduceat_segments(np):
    x = np.arange(10.0)
    idx = np.array([0, 3, 7])
    return np.add.reduceat(x, idx), np.maximum.reduceat(x, idx), np.minimum.reduceat(x[::-1], [0, 5])


@snippet
def at_scatter_updates(np):
    a = np.zeros(5)
    np.add.at(a, [0, 1, 1, 4], [1.0, 2.0, 3.0, 4.0])
    b = np.full(4, 10)
    np.minimum.at(b, [0, 0, 2], [5, 3, 12])
    c = np.ones(3)
    np.multiply.at(c, [2, 2], 3)
    return a, b, c


@snippet
def ufunc_dtype_keyword(np):
    a = np.array([200, 100], dtype=np.uint8)
    return np.add(a, a, dtype=np.int16), np.multiply(a, 2.5, dtype=np.float32), np.add.reduce(a, dtype=np.uint8), np.sqrt(a, dtype=np.float32)


@snippet
def sort_axis_none_and_kinds(np):
    m = np.array([[3, 1], [2, 0]])
    return np.sort(m, axis=None), np.argsort(m, axis=None), np.sort(m, kind="stable"), np.sort(m, axis=0)[::-1]


@snippet
def percentile_methods(np):
    a = np.array([1.0, 3.0, 4.0, 9.0, 10.0])
    return (np.percentile(a, 40, method="nearest"), np.percentile(a, 40, method="lower"), np.percentile(a, 40, method="higher"),
            np.percentile(a, 40, method="midpoint"), np.quantile(a, [0.5], method="inverted_cdf"))


@snippet
def average_returned_and_weighted_cov(np):
    x = np.array([[1.0, 2.0, 4.0], [2.0, 3.0, 7.0]])
    avg, wsum = np.average(x, axis=1, weights=[1, 2, 1], returned=True)
    return avg, wsum, np.round(np.cov(x, aweights=[1.0, 2.0, 1.0]), 12), np.round(np.cov(x[0], x[1]), 12)


@snippet
def ufunc_attributes(np):
    return np.add.nin, np.add.nout, np.add.identity, np.multiply.identity, np.sin.nin, np.add.__name__


@snippet
def where_one_argument_and_roll_multi(np):
    a = np.array([[0, 2], [3, 0]])
    return np.where(a), np.roll(a, (1, 1), axis=(0, 1)), np.flip(a), np.roll(a, 3)


@snippet
def histogram_auto_bins(np):
    x = np.array([1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0, 4.0, 5.0, 9.0])
    c, e = np.histogram(x, bins="auto")
    return c, np.round(e, 12), np.histogram_bin_edges(x, bins="sturges").size


@snippet
def heaviside_and_misc_binary(np):
    x = np.array([-1.5, 0.0, 2.0])
    return np.heaviside(x, 0.5), np.float_power(2, x), np.fmod(x, 1.0), np.remainder(x, 1.0), np.true_divide(x, 4), np.logical_not(x)
