"""NumPy's index and counting functions: argwhere, flatnonzero, unravel_index, ravel_multi_index,
triu_indices, tril_indices, digitize, bincount, lexsort, and the 1-D set operations
union1d, setdiff1d (intersect1d: sets.py). All on the GPU (nonzero's compaction, sorts, searchsorted, ordered reduceat);
the host reads only what NumPy checks before it answers (bounds, monotonic bins, bincount's
length), one small value each.
"""

from __future__ import annotations

import builtins
import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange, diagonal_band, full
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.indexing_functions import take, take_along_axis
from .._api.manipulation_functions import concat, reshape, stack
from .._api.searching_functions import nonzero, searchsorted
from .._api.set_functions import isin, unique
from .._api.sorting_functions import argsort, sort
from .._api.statistical_functions import max as max_
from .._engines import bin_count
from .._engines.bin_count import count_bins
from .._api.utility_functions import all as all_, any as any_, diff
from .ufuncs import UFUNCS
from .views import dtype_view

_INTP = dt.as_dtype("int64")


def _integers(x, name: str) -> Array:
    x = as_array(x, name)
    if dt.kind(x._dtype) not in ("int", "uint", "bool"):
        raise TypeError(f"Cannot cast array data from dtype('{x._dtype}') to dtype('int64') according to the rule "
                        f"'safe' ({name} takes integers)")
    return x


def argwhere(a) -> Array:
    """The indices of the nonzero elements, one row per element: shape (count, a.ndim)."""
    x = as_array(a, "argwhere")
    if x.ndim == 0:
        return argwhere(reshape(x, (1,)))[:, :0]
    return stack(nonzero(x), axis=1)


def flatnonzero(a) -> Array:
    """The indices of the nonzero elements of a flattened."""
    return nonzero(reshape(as_array(a, "flatnonzero"), (-1,)))[0]


def _dims(dims) -> tuple:
    dims = (dims,) if isinstance(dims, int) else tuple(operator.index(d) for d in dims)
    if any(d < 0 for d in dims):
        raise ValueError("dimensions must be non-negative")
    return dims


def _walk(dims: tuple, order: str):
    """The dimensions from the fastest varying to the slowest, with their positions."""
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    positions = range(len(dims))
    return [(i, dims[i]) for i in (reversed(positions) if order == "C" else positions)]


def unravel_index(indices, shape, order="C") -> tuple:
    """The coordinates in an array of `shape` of flat indices (ValueError for out-of-bounds ones)."""
    flat = _integers(indices, "unravel_index")
    dims = _dims(shape)
    size = math.prod(dims)
    if bool(any_((flat < 0) | (flat >= size))) if flat.size else False:
        raise ValueError(f"index out of bounds for array with size {size}")
    flat = astype(flat, _INTP, copy=False)
    coords = [None] * len(dims)
    for i, d in _walk(dims, order):
        coords[i], flat = flat % d, flat // d
    return tuple(coords)


def ravel_multi_index(multi_index, dims, mode="raise", order="C") -> Array:
    """The flat indices of coordinates in an array of shape `dims` (mode 'raise', 'wrap' or 'clip')."""
    dims = _dims(dims)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    coords = [astype(_integers(c, "ravel_multi_index"), _INTP, copy=False) for c in multi_index]
    flat, stride = 0, 1
    for i, d in _walk(dims, order):
        c = coords[i]
        if modes[i] == "wrap":
            c = c % d
        elif modes[i] == "clip":
            c = ELEMENTWISE["clip"](c, 0, d - 1)
        elif modes[i] == "raise":
            if c.size and bool(any_((c < 0) | (c >= d))):
                raise ValueError("invalid entry in coordinates array")
        else:
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap', not {modes[i]!r}")
        flat = flat + c * stride
        stride *= d
    return flat


def _diagonal(k) -> int:
    """A diagonal's number: NumPy's tri compares j - i with k, so a float k acts as its floor."""
    return math.floor(k) if isinstance(k, (float, np.floating)) else operator.index(k)


def triu_indices(n, k=0, m=None) -> tuple:
    """The (row, column) indices of the upper triangle from the k-th diagonal, in C order."""
    below = diagonal_band(n, m, _diagonal(k) - 1, dt.bool_, None, "<=")
    return nonzero(ELEMENTWISE["logical_not"](below))


def tril_indices(n, k=0, m=None) -> tuple:
    """The (row, column) indices of the lower triangle up to the k-th diagonal, in C order."""
    return nonzero(diagonal_band(n, m, _diagonal(k), dt.bool_, None, "<="))


def digitize(x, bins, right=False) -> Array:
    """The index of the bin of each value (NumPy's digitize over monotonic bins, by searchsorted)."""
    values = as_array(x, "digitize")
    edges = as_array(bins, "digitize", values.device)
    if dt.kind(values._dtype) == "complex":
        raise TypeError("x may not be complex")
    if edges.ndim != 1:
        raise ValueError("bins must be one-dimensional")
    side = "left" if right else "right"
    steps = diff(edges)
    if steps.size == 0 or bool(all_(steps >= 0)):
        return searchsorted(edges, values, side=side)
    if bool(all_(steps <= 0)):
        return edges.shape[0] - searchsorted(edges[::-1], values, side=side)
    raise ValueError("bins must be monotonically increasing or decreasing")


def _largest_if_non_negative(values: Array) -> int:
    """max(values), checking that no value is negative, in one reduction and one read: a signed
    integer's bits read as unsigned put every negative value above every non-negative one."""
    kind = dt.kind(values._dtype)
    unsigned = dtype_view(values, f"uint{values._dtype.itemsize * 8}") if kind == "int" else values
    high = int(max_(unsigned))
    if kind == "int" and high >= 1 << (values._dtype.itemsize * 8 - 1):
        raise ValueError("'list' argument must have no negative elements")
    return high


SMALL_VALUES = bin_count.LOCAL_BINS // 2  # bincount's first guess: values below this, counted in 2 copies


def _count_small_values(values: Array, minlength: int) -> Array | None:
    """bincount of values all below SMALL_VALUES - 1, from one counting pass and one read of its
    summary (no pass for the largest value first); None where a value is not (or is negative):
    the caller counts again, knowing the largest."""
    made = bin_count.count_small_values(values._data(), SMALL_VALUES, _INTP) if values.size else None
    if made is None:
        return None
    counts, summary = made
    used, past = np.asarray(Array._wrap(summary)).tolist()
    if past:
        return None
    return Array._wrap(counts)[:builtins.max(used, minlength)]


def bincount(x, weights=None, minlength=0) -> Array:
    """How often each value 0..max(x) occurs (one counting pass: _engines/bin_count.py), or the sum of
    its weights, added in x's order as NumPy does (a stable sort groups the values, an ordered
    reduceat sums each group)."""
    values = _integers(x, "bincount")
    if values.ndim != 1:
        raise ValueError("object too deep for desired array" if values.ndim > 1 else "object of too small depth for desired array")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    if weights is None and minlength < SMALL_VALUES and (found := _count_small_values(values, minlength)) is not None:
        return found
    high = _largest_if_non_negative(values) if values.size else -1
    length = builtins.max(high + 1, minlength)
    device = values.device
    if weights is None and (counts := count_bins(values._data(), length, dtype=_INTP)) is not None:
        return Array._wrap(counts)
    values = astype(values, _INTP, copy=False)
    starts = searchsorted(sort(values), arange(length + 1, dtype=_INTP, device=device), side="left")
    counts = starts[1:] - starts[:-1]
    if weights is None:
        return counts
    w = as_array(weights, "bincount", device)
    if dt.kind(w._dtype) == "complex":  # NumPy's 'safe' cast to float64 refuses complex weights
        raise TypeError(f"Cannot cast array data from dtype('{w._dtype}') to dtype('float64') according to the "
                        "rule 'safe'")
    w = astype(w, dt.as_dtype("float64"))
    if w.shape != values.shape:
        raise ValueError("The weights and list don't have the same length.")
    if length == 0:
        return full((0,), 0.0, dtype=w.dtype, device=device)
    grouped = concat([take(w, argsort(values, stable=True)), full((1,), 0.0, dtype=w.dtype, device=device)])
    sums = UFUNCS["add"].reduceat(grouped, starts[:-1])
    return ELEMENTWISE["where"](counts > 0, sums, 0.0) + 0.0  # + 0.0: NumPy's sums start from +0.0


def lexsort(keys, axis=-1) -> Array:
    """The indices that sort by the last key, ties broken by the one before, and so on (stable sorts
    from the first key to the last)."""
    keys = as_array(keys, "lexsort") if not isinstance(keys, (list, tuple)) else keys
    if isinstance(keys, Array):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    keys = [as_array(k, "lexsort") for k in keys]
    if any(k.shape != keys[0].shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    order = argsort(keys[0], axis=axis, stable=True)
    for key in keys[1:]:
        ranked = take_along_axis(key, order, axis=axis)
        order = take_along_axis(order, argsort(ranked, axis=axis, stable=True), axis=axis)
    return order


def _flat_unique(a, name: str) -> Array:
    """NumPy's unique of the flattened a: NaNs merged into one (equal_nan), unlike unique_values."""
    return unique(reshape(as_array(a, name), (-1,)))


def union1d(ar1, ar2) -> Array:
    """The sorted values present in either."""
    return unique(concat([reshape(as_array(ar1, "union1d"), (-1,)), reshape(as_array(ar2, "union1d"), (-1,))]))


def setdiff1d(ar1, ar2, assume_unique=False) -> Array:
    """The sorted unique values of ar1 that are not in ar2."""
    a = reshape(as_array(ar1, "setdiff1d"), (-1,)) if assume_unique else _flat_unique(ar1, "setdiff1d")
    return a[isin(a, ar2, invert=True)]


FUNCTIONS = {f.__name__: f for f in (argwhere, flatnonzero, unravel_index, ravel_multi_index, triu_indices,
                                     tril_indices, digitize, bincount, lexsort, union1d, setdiff1d)}
