"""Set functions: unique_all, unique_counts, unique_inverse, unique_values, NumPy's unique,
and isin, on the radix sort and set engines."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._engines import unique as set_engine
from .._engines.sort import work_spec
from .coerce import as_array, normalize_axis
from .creation_functions import arange, asarray, empty, ones
from .data_type_functions import astype
from .indexing_functions import take
from .manipulation_functions import concat, moveaxis, reshape
from .searching_functions import nonzero
from .sorting_functions import argsort
from .statistical_functions import cumulative_sum
from .utility_functions import any as any_, diff

__all__ = ["isin", "unique", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


class UniqueAllResult(NamedTuple):
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    values: Array
    inverse_indices: Array


def _flat(x: Array, work) -> Array:
    """x flattened to a contiguous (1, size) array of the working dtype."""
    if work != x._dtype:
        x = x._cast(work)
    view = x._view.reshape((1, x.size))
    if view is None or not view.is_contiguous:
        x = x._contiguous()
        view = x._view.reshape((1, x.size))
    return x._with_view(view)


def _unique(x: Array, indices: bool, inverse: bool, counts: bool, equal_nan: bool = False) -> dict:
    device = x.device
    index = dt.default_int(device)
    work, spec = work_spec(x._dtype)
    if x.size == 0:
        result = {"values": Array._empty((0,), x._dtype, device)}
        for key, wanted in (("indices", indices), ("counts", counts)):
            if wanted:
                result[key] = Array._empty((0,), index, device)
        if inverse:
            result["inverse_indices"] = Array._empty(x.shape, index, device)
        return result
    parts = set_engine.unique(_flat(x, work)._data(), spec, indices, inverse, counts, equal_nan, index)
    result = {key: Array._wrap(part) for key, part in parts.items()}
    if work != x._dtype:
        result["values"] = result["values"]._cast(x._dtype)
    if inverse:
        inv = result["inverse_indices"]
        result["inverse_indices"] = inv._with_view(inv._view.reshape(x.shape))
    return result


def unique_all(x, /) -> UniqueAllResult:
    """Distinct values of x (sorted), first indices, inverse indices and counts."""
    x = as_array(x, "unique_all")
    return UniqueAllResult(**_unique(x, True, True, True))


def unique_counts(x, /) -> UniqueCountsResult:
    """Distinct values of x (sorted) and how often each occurs."""
    x = as_array(x, "unique_counts")
    return UniqueCountsResult(**_unique(x, False, False, True))


def unique_inverse(x, /) -> UniqueInverseResult:
    """Distinct values of x (sorted) and the indices into them that rebuild x."""
    x = as_array(x, "unique_inverse")
    return UniqueInverseResult(**_unique(x, False, True, False))


def unique_values(x, /) -> Array:
    """Distinct values of x, sorted (every NaN is distinct)."""
    x = as_array(x, "unique_values")
    return _unique(x, False, False, False)["values"]


def unique(ar, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis=None, *, equal_nan: bool = True, sorted: bool = True):
    """NumPy's unique: sorted distinct values (NaNs merged unless equal_nan=False), or with axis the
    distinct sub-arrays along it in lexicographic order (every NaN distinct, as NumPy); and
    optionally first indices, inverse indices (shaped like ar; (ar.shape[axis],) with axis) and
    counts."""
    ar = as_array(ar, "unique")
    if axis is not None:
        parts = _unique_along(ar, normalize_axis(axis, ar.ndim))
    else:
        parts = _unique(ar, return_index, return_inverse, return_counts, equal_nan=bool(equal_nan))
    wanted = [("indices", return_index), ("inverse_indices", return_inverse), ("counts", return_counts)]
    extra = [parts[key] for key, flag in wanted if flag]
    return (parts["values"], *extra) if extra else parts["values"]


def _unique_along(ar: Array, axis: int) -> dict:
    """The distinct sub-arrays of ar along axis, sorted lexicographically: stable sorts by each
    column from the last to the first (as lexsort), then the first of each run of equal rows."""
    index_dtype = dt.as_dtype("int64")
    moved = moveaxis(ar, axis, 0)
    n = moved.shape[0]
    rows = reshape(moved, (n, math.prod(moved.shape[1:])))
    order = arange(n, dtype=index_dtype, device=ar.device)
    for j in reversed(range(rows.shape[1])):
        order = take(order, argsort(take(rows[:, j], order), stable=True))
    ordered = take(rows, order, axis=0)
    first = ones((n,), dtype=dt.bool_, device=ar.device)
    if n > 1:
        first[1:] = any_(ordered[1:] != ordered[:-1], axis=1)
    starts = nonzero(first)[0]
    group = cumulative_sum(astype(first, index_dtype)) - 1  # each sorted row's unique value
    inverse = empty((n,), dtype=index_dtype, device=ar.device)
    if n:
        inverse[order] = group
    values = reshape(take(ordered, starts, axis=0), (starts.shape[0], *moved.shape[1:]))
    return {"values": moveaxis(values, 0, axis), "indices": take(order, starts), "inverse_indices": inverse,
            "counts": diff(concat([starts, asarray([n], dtype=index_dtype, device=ar.device)]))}


_SCALARS = (bool, int, float, complex, np.generic)


def _weak(value, other: Array) -> Array:
    """A scalar operand of isin as a 0-d array of the dtype NEP 50 gives it next to `other`."""
    if not isinstance(value, _SCALARS):
        return value
    if isinstance(value, np.generic):
        value = value.item()
    dtype = dt.promote_scalar(other._dtype, value, other.device)
    return Array._from_numpy(np.asarray(value, dtype=dtype), other.device)


def isin(x1, x2, /, assume_unique: bool = False, invert: bool = False, *, kind=None) -> Array:
    """Whether each element of x1 equals some element of x2 (NaN never does).

    assume_unique and kind (NumPy's) are accepted and ignored: the search is always by sort.
    """
    if isinstance(x1, _SCALARS) and isinstance(x2, _SCALARS):
        raise TypeError("isin needs at least one array argument")
    x1, x2 = (x if isinstance(x, _SCALARS) else as_array(x, "isin") for x in (x1, x2))
    x1, x2 = _weak(x1, x2), _weak(x2, x1)
    if x1.device is not x2.device:
        raise ValueError(f"isin: arrays on different devices ({x1.device} and {x2.device})")
    device = x1.device
    dtype = dt.promote(x1._dtype, x2._dtype, device)
    work, spec = work_spec(dtype)
    out = Array._empty((x1.size,), dt.uint32, device)
    if x1.size:
        if x2.size == 0:
            out._assign(1 if invert else 0)
        else:
            out = Array._wrap(set_engine.isin(_flat(x1, work)._data(), _flat(x2, work)._data(), spec, invert))
    result = out._cast(dt.bool_)
    return result._with_view(result._view.reshape(x1.shape))
