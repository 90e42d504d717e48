"""NumPy's cov, corrcoef, ediff1d, interp, histogram and histogram_bin_edges, on the GPU.

cov centres the rows with `average` and takes the product on the matmul engine; interp finds each
point's interval with the search engine and interpolates elementwise (NumPy's formula, retried from the
right end where the left one gives NaN); histogram bins through searchsorted on the edges and counts
with bincount. The host reads only what NumPy decides on data: the data's range for automatic bin
edges, and flags that make it raise (negative or fractional weights, edges that decrease).
"""

from __future__ import annotations

import math
import operator
import struct
import warnings

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import zeros
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take
from .._api.linear_algebra_functions import matmul
from .._api.manipulation_functions import concat, reshape, stack
from .._api.searching_functions import searchsorted
from .._api.sorting_functions import argsort
from .._api.utility_functions import any as any_
from .._engines.bin_count import count_bins, count_equal_bins, value_range
from . import reductions
from .bin_estimators import estimated_bin_count
from .functions import diagonal
from .indices import bincount
from .ranges import linspace
from .statistics import average
from .views import set_part

_F64 = dt.as_dtype("float64")
_F32 = dt.as_dtype("float32")
_I64 = dt.as_dtype("int64")


# -- cov, corrcoef ----------------------------------------------------------------------------------
def _weights(weights, n: int, name: str, device) -> Array:
    w = astype(as_array(weights, "cov", device), _F64)
    if name == "fweights" and w.size and bool(any_(E["not_equal"](w, E["round"](w)))):
        raise TypeError("fweights must be integer")
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if w.size and bool(any_(E["less"](w, 0))):
        raise ValueError(f"{name} cannot be negative")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None) -> Array:
    """The covariance matrix of the variables (rows, or columns when rowvar is False), with frequency and
    analytic weights: NumPy's recipe, the centred product on the matmul engine."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    x = as_array(m, "cov")
    if x.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    other = None if y is None else as_array(y, "cov", x.device)
    if other is not None and other.ndim > 2:
        raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = dt.promote(x._dtype if other is None else dt.promote(x._dtype, other._dtype, x.device), _F64,
                           x.device)
    dtype = dt.as_dtype(dtype, x.device)
    X = astype(reshape(x, (1, -1)) if x.ndim < 2 else x, dtype)
    if not rowvar and x.ndim != 1:
        X = X.T
    if X.shape[0] == 0:
        return zeros((0, 0), dtype=_F64, device=x.device)
    if other is not None:
        Y = astype(reshape(other, (1, -1)) if other.ndim < 2 else other, dtype)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = concat([X, Y], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = a_w = None
    if fweights is not None:
        w = _weights(fweights, X.shape[1], "fweights", x.device)
    if aweights is not None:
        a_w = _weights(aweights, X.shape[1], "aweights", x.device)
        w = a_w if w is None else E["multiply"](w, a_w)
    avg, w_sum = average(X, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]
    if w is None:
        fact = X.shape[1] - ddof  # a Python number: NumPy's scale 1 / fact is weak
    elif ddof == 0:
        fact = w_sum
    elif a_w is None:
        fact = E["subtract"](w_sum, ddof)
    else:
        fact = E["subtract"](w_sum, E["divide"](E["multiply"](ddof, reductions.sum(E["multiply"](w, a_w))), w_sum))
    X = E["subtract"](X, avg[:, None])
    X_T = X.T if w is None else E["multiply"](X, w).T
    c = matmul(X, E["conj"](X_T))
    if isinstance(fact, Array):
        scale = E["divide"](1, E["where"](E["less_equal"](fact, 0), 0.0, fact))
    else:  # NumPy's true_divide(1, fact): a float64 scalar, so the product is taken in float64 at least
        if fact <= 0:
            warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        scale = as_array(np.float64(np.inf if fact <= 0 else 1 / fact), "cov", x.device)
    c = astype(E["multiply"](c, scale), c._dtype)
    return reshape(c, tuple(n for n in c.shape if n != 1))


def corrcoef(x, y=None, rowvar=True, *, dtype=None) -> Array:
    """Pearson's correlation coefficients: cov scaled by the standard deviations, clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim != 2:  # a single variable: NumPy's c / c
        return E["divide"](c, c)
    stddev = E["sqrt"](E["real"](diagonal(c)))
    c = E["divide"](E["divide"](c, stddev[:, None]), stddev[None, :])
    if dt.kind(c._dtype) != "complex":
        return E["clip"](c, -1, 1)
    for part in ("real", "imag"):  # NumPy clips both parts in place, through c.real and c.imag
        set_part(c, E["clip"](E[part](c), -1, 1), part)
    return c


# -- ediff1d ----------------------------------------------------------------------------------------
def _padding(values, dtype, name: str, device) -> Array:
    pad = as_array(values, "ediff1d", device)
    if not np.can_cast(pad._dtype, dtype, casting="same_kind"):
        raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
    return astype(reshape(pad, (-1,)), dtype)


def ediff1d(ary, to_end=None, to_begin=None) -> Array:
    """The differences between consecutive elements of the flattened array, in its dtype, with optional
    values before and after."""
    x = reshape(as_array(ary, "ediff1d"), (-1,))
    if x._dtype == dt.bool_:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the "
                        "`^` operator, or the logical_xor function instead.")
    parts = [E["subtract"](x[1:], x[:-1])]
    if to_begin is not None:
        parts.insert(0, _padding(to_begin, x._dtype, "to_begin", x.device))
    if to_end is not None:
        parts.append(_padding(to_end, x._dtype, "to_end", x.device))
    return astype(concat(parts), x._dtype, copy=False) if len(parts) > 1 else parts[0]


# -- interp -----------------------------------------------------------------------------------------
def interp(x, xp, fp, left=None, right=None, period=None) -> Array:
    """One-dimensional piecewise-linear interpolation of (xp, fp) at x (NumPy's formula, in float64, or
    complex128 for complex fp); left/right for points outside, or a period for periodic data."""
    points = as_array(x, "interp")
    xs, ys = as_array(xp, "interp", points.device), as_array(fp, "interp", points.device)
    if xs.ndim != 1 or ys.ndim != 1:
        raise ValueError("Data points must be 1D sequences")
    if xs.shape[0] != ys.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xs.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if dt.kind(points._dtype) == "complex" or dt.kind(xs._dtype) == "complex":
        raise TypeError("Cannot cast array data from dtype('complex128') to dtype('float64') according to the "
                        "rule 'safe'")
    out_dtype = dt.as_dtype("complex128") if dt.kind(ys._dtype) == "complex" else _F64
    points, xs, ys = astype(points, _F64), astype(xs, _F64), astype(ys, out_dtype)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = abs(period)
        left = right = None
        points, xs = E["remainder"](points, period), E["remainder"](xs, period)
        order = argsort(xs)
        xs, ys = take(xs, order), take(ys, order)
        xs = concat([E["subtract"](xs[-1:], period), xs, E["add"](xs[:1], period)])
        ys = concat([ys[-1:], ys, ys[:1]])
    n = xs.shape[0]
    j = E["subtract"](searchsorted(xs, points, side="right"), 1)  # NumPy's interval: xp[j] <= x < xp[j + 1]
    j = E["clip"](j, 0, max(n - 2, 0))
    x0, y0 = take(xs, j), take(ys, j)
    if n > 1:
        x1, y1 = take(xs, E["add"](j, 1)), take(ys, E["add"](j, 1))
        slope = E["divide"](E["subtract"](y1, y0), E["subtract"](x1, x0))
        result = E["add"](E["multiply"](slope, E["subtract"](points, x0)), y0)
        retry = E["add"](E["multiply"](slope, E["subtract"](points, x1)), y1)  # if NaN from the left end
        result = E["where"](E["isnan"](result), retry, result)
        result = E["where"](E["logical_and"](E["isnan"](result), E["equal"](y0, y1)), y0, result)
        result = E["where"](E["equal"](points, x0), y0, result)  # NumPy avoids non-finite interpolation there
    else:
        result = y0
    result = E["where"](E["equal"](points, xs[-1]), ys[-1], result)
    low = ys[0] if left is None else astype(as_array(left, "interp", points.device), out_dtype)
    high = ys[-1] if right is None else astype(as_array(right, "interp", points.device), out_dtype)
    result = E["where"](E["less"](points, xs[0]), low, result)
    result = E["where"](E["greater"](points, xs[-1]), high, result)
    return result[()] if result.ndim == 0 else result


# -- histogram --------------------------------------------------------------------------------------
def _low_high(x: Array) -> tuple:
    """The data's minimum and maximum, read back together (floats: one reduction of pairs)."""
    pair = value_range(x._data())
    if pair is None:
        return tuple(np.asarray(stack([reductions.min(x), reductions.max(x)])))
    both = np.asarray(Array._wrap(pair))[()]
    return both.real, both.imag


def _range_of(x: Array, range_) -> tuple:
    """NumPy's outer edges: the given range (checked), else the data's minimum and maximum (read back)."""
    if range_ is not None:
        first, last = range_
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif x.size == 0:
        first, last = 0, 1
    else:
        low_high = _low_high(x)
        first, last = x._dtype.type(low_high[0]), x._dtype.type(low_high[1])  # NumPy's a.min(), a.max(): strong scalars
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def _bin_edges(x: Array, shape: tuple, bins, range_, weights) -> Array:
    """The edges for the flattened data x of the given shape (weights must have that shape)."""
    if weights is not None:
        w = as_array(weights, "histogram", x.device)
        if w.shape != shape:
            raise ValueError("weights should have the same shape as a.")
    if isinstance(bins, str):
        first, last = _range_of(x, range_)
        bins = estimated_bin_count(x, bins, range_, first, last, weights is not None, histogram)
    if np.ndim(bins) == 0:
        try:
            count = operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an array") from None
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _range_of(x, range_)
        bin_type = np.result_type(first, last, np.empty(0, x._dtype))
        if bin_type.kind in "biu":
            bin_type = np.result_type(bin_type, float)
        edges = linspace(first, last, count + 1, endpoint=True, dtype=bin_type, device=x.device)
        if not _surely_increasing(first, last, count, bin_type) and bool(any_(E["greater_equal"](edges[:-1], edges[1:]))):
            raise ValueError(f"Too many bins for data range. Cannot create {count} finite-sized bins.")
        return edges
    edges = as_array(bins, "histogram", x.device)
    if edges.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    if edges.size > 1 and bool(any_(E["greater"](edges[:-1], edges[1:]))):
        raise ValueError("`bins` must increase monotonically, when an array")
    return edges


def histogram_bin_edges(a, bins=10, range=None, weights=None) -> Array:
    """The edges histogram would use (a number of equal bins over the range, or the given edges)."""
    data = as_array(a, "histogram_bin_edges")
    return _bin_edges(reshape(data, (-1,)), data.shape, bins, range, weights)


def histogram(a, bins=10, range=None, density=None, weights=None) -> tuple:
    """Counts (or summed weights) of the flattened data in each bin, and the bin edges: bin i holds
    edges[i] <= a < edges[i + 1], the last bin also its right edge (one counting pass with a binary
    search per value; weights: searchsorted, then bincount's ordered sums)."""
    data = as_array(a, "histogram")
    x = data if data.ndim == 1 else reshape(data, (-1,))
    if range is None and weights is None and (own := _counts_over_own_range(x, bins)) is not None:
        counts, found = own
        if counts is not None:
            return (_density(counts, found) if density else counts), found
        range = found  # the data's (min, max), read: the edges from the host as below
    edges = _bin_edges(x, data.shape, bins, range, weights)
    count = edges.shape[0] - 1
    w = None if weights is None else reshape(as_array(weights, "histogram", x.device), (-1,))
    if w is not None and dt.kind(w._dtype) == "complex":
        raise NotImplementedError("histogram: complex weights are not implemented")
    if dt.kind(x._dtype) == "complex":
        raise TypeError("histogram: complex data cannot be binned (it has no order)")
    if w is None and dt.kind(common := result_type(x, edges)) == "float":
        counts = count_bins(x._data(), count, astype(edges, common, copy=False)._data(), dt.as_dtype("int64"))
        if counts is not None:
            counts = Array._wrap(counts)
            return (_density(counts, edges) if density else counts), edges
    index = E["subtract"](searchsorted(edges, x, side="right"), 1)
    index = E["where"](E["equal"](x, edges[-1]), count - 1, index)  # the last bin is closed
    inside = E["logical_and"](E["greater_equal"](x, edges[0]), E["less_equal"](x, edges[-1]))
    index = E["where"](inside, index, count)  # outside (and NaN): an extra bin, dropped
    counts = bincount(index, weights=None if w is None else astype(w, _F64), minlength=count + 1)[:count]
    if w is not None:
        counts = astype(counts, w._dtype)
    return (_density(counts, edges) if density else counts), edges


def _surely_increasing(first, last, count: int, dtype) -> bool:
    """Whether linspace(first, last, count + 1) in dtype surely increases strictly (its step is
    over 4 units in the last place of the ends: each edge is at most one off), so that NumPy's
    check of the edges (a read) can be skipped."""
    with np.errstate(all="ignore"):
        first, last = dtype.type(first), dtype.type(last)
        step = (last - first) / dtype.type(count)
        return bool(np.isfinite(step) and step > 4 * np.spacing(max(abs(first), abs(last))))


# Smallest magnitudes (other than 0) of the range's ends and the step for which the GPU's edges
# (k * step + first) never pass through a subnormal (NVIDIA's arithmetic flushes those to 0).
_NORMAL_ENOUGH = {np.dtype("float32"): 2.0**-100, np.dtype("float64"): 2.0**-960}


def _counts_over_own_range(x: Array, bins):
    """histogram(x, bins) for an integer bins over float data's own range, with its one read of
    the range (_engines/bin_count.count_equal_bins): (counts, edges); else (None, the data's (min,
    max) as read) where the GPU's edges may not be NumPy's (subnormal or too close: the caller
    then makes the edges on the host over that range); None where this does not apply. (Host
    time counts here: a call on large data is two dispatches and a read, so the checks are plain
    Python float arithmetic.)"""
    if type(bins) is not int and (isinstance(bins, (str, Array)) or np.ndim(bins) != 0):
        return None
    try:
        count = operator.index(bins)
    except TypeError:
        return None
    made = count_equal_bins(x._data(), count, _I64) if count >= 1 and x.size else None
    if made is None:
        return None
    counts, edges, (low, high) = made
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = x._dtype.type(low), x._dtype.type(high)  # NumPy's a.min(), a.max(), as it prints them
        raise ValueError(f"autodetected range of [{low}, {high}] is not finite")
    # NumPy's edges from a.min() and a.max(), in the data's dtype: Python's arithmetic is
    # float64's, and a float64 sum or quotient of float32 values rounded to float32 is float32's
    # own (53 >= 2 * 24 + 2 bits)
    single = x._dtype == _F32
    rounded = _float32 if single else float
    first, last = low, high
    if first == last:
        first, last = rounded(first - 0.5), rounded(last + 0.5)
    numpy_step = rounded(rounded(last - first) / count)  # linspace's difference, then its step
    # The GPU's step is that one (wgsl/bin_count_stage_range.wgsl rounds its quotient as NumPy),
    # and its edges NumPy's where no arithmetic meets a subnormal (the driver may flush those);
    # then _surely_increasing's test on that step (the ends are normal numbers where the rest holds)
    spacing = math.ulp(max(abs(first), abs(last))) * (_F32_ULP_SCALE if single else 1)
    tiny = _NORMAL_ENOUGH[x._dtype]
    if (numpy_step > 4 * spacing and math.isfinite(numpy_step)
            and (first == 0 or abs(first) >= tiny) and (last == 0 or abs(last) >= tiny) and numpy_step >= tiny):
        return Array._wrap(counts), Array._wrap(edges)
    return None, (x._dtype.type(low), x._dtype.type(high))


_F32_BITS = struct.Struct("<f")
_F32_ULP_SCALE = 2.0**29  # a normal float32's unit in the last place, over its float64 one


def _float32(value: float) -> float:
    """value rounded to float32 (to infinity past its largest), as a Python float."""
    try:
        return _F32_BITS.unpack(_F32_BITS.pack(value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _density(counts: Array, edges: Array) -> Array:
    """NumPy's density: counts / widths / the total."""
    widths = astype(E["subtract"](edges[1:], edges[:-1]), _F64)
    return E["divide"](E["divide"](counts, widths), reductions.sum(counts))


FUNCTIONS = {f.__name__: f for f in (cov, corrcoef, ediff1d, interp, histogram_bin_edges, histogram)}
