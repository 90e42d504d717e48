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
    """Find the unique elements of an array, with first indices, inverse indices and counts.

    Parameters
    ----------
    x : array_like
        The input array; it is flattened.

    Returns
    -------
    UniqueAllResult
        A namedtuple ``(values, indices, inverse_indices, counts)``: the distinct values in
        ascending order, the index of each one's first occurrence in the flattened ``x``, for
        each element of ``x`` the index of its value in ``values`` (shaped like ``x``), and
        how often each value occurs.

    See Also
    --------
    unique_counts, unique_inverse, unique_values, unique

    Notes
    -----
    Dtypes: every dtype. Values keep ``x``'s dtype; indices and counts are of the default
    integer dtype. -0.0 equals 0.0; every NaN is distinct (the array API's rule); complex values
    sort lexicographically.

    GPU: a radix sort of the flattened input (with its permutation where indices are asked
    for), a kernel flagging where runs of equal values start, an exclusive scan of the flags,
    one read of the number of distinct values (a host sync: the output shape depends on the
    data), and a compaction kernel that also writes the first indices, counts and inverse indices.

    Examples
    --------
    >>> wg.unique_all(wg.asarray([3, 1, 3]))
    UniqueAllResult(values=array([1, 3]), indices=array([1, 0]), inverse_indices=array([1, 0, 1]), counts=array([1, 2]))
    """
    x = as_array(x, "unique_all")
    return UniqueAllResult(**_unique(x, True, True, True))


def unique_counts(x, /) -> UniqueCountsResult:
    """Find the unique elements of an array and how often each occurs.

    Parameters
    ----------
    x : array_like
        The input array; it is flattened.

    Returns
    -------
    UniqueCountsResult
        A namedtuple ``(values, counts)``: the distinct values in ascending order and their
        numbers of occurrences.

    See Also
    --------
    unique_all, unique_values, unique

    Notes
    -----
    Dtypes: every dtype. Values keep ``x``'s dtype; indices and counts are of the default
    integer dtype. -0.0 equals 0.0; every NaN is distinct (the array API's rule); complex values
    sort lexicographically.

    GPU: a radix sort of the flattened input (with its permutation where indices are asked
    for), a kernel flagging where runs of equal values start, an exclusive scan of the flags,
    one read of the number of distinct values (a host sync: the output shape depends on the
    data), and a compaction kernel that also writes the counts.

    Examples
    --------
    >>> wg.unique_counts(wg.asarray([3., 1., 1.]))
    UniqueCountsResult(values=array([1., 3.]), counts=array([2, 1]))
    """
    x = as_array(x, "unique_counts")
    return UniqueCountsResult(**_unique(x, False, False, True))


def unique_inverse(x, /) -> UniqueInverseResult:
    """Find the unique elements of an array and the indices that rebuild it from them.

    Parameters
    ----------
    x : array_like
        The input array; it is flattened.

    Returns
    -------
    UniqueInverseResult
        A namedtuple ``(values, inverse_indices)``: the distinct values in ascending order and,
        for each element of ``x``, the index of its value in ``values`` (shaped like ``x``, so
        that ``values[inverse_indices]`` equals ``x``).

    See Also
    --------
    unique_all, unique_values, unique

    Notes
    -----
    Dtypes: every dtype. Values keep ``x``'s dtype; indices and counts are of the default
    integer dtype. -0.0 equals 0.0; every NaN is distinct (the array API's rule); complex values
    sort lexicographically.

    GPU: a radix sort of the flattened input (with its permutation where indices are asked
    for), a kernel flagging where runs of equal values start, an exclusive scan of the flags,
    one read of the number of distinct values (a host sync: the output shape depends on the
    data), and a compaction kernel that also scatters the inverse indices through the sort's permutation.
    """
    x = as_array(x, "unique_inverse")
    return UniqueInverseResult(**_unique(x, False, True, False))


def unique_values(x, /) -> Array:
    """Find the unique elements of an array.

    Parameters
    ----------
    x : array_like
        The input array; it is flattened.

    Returns
    -------
    Array
        The distinct values of ``x``, in ascending order, 1-D.

    See Also
    --------
    unique_all, unique_counts, unique

    Notes
    -----
    Dtypes: every dtype. Values keep ``x``'s dtype; indices and counts are of the default
    integer dtype. -0.0 equals 0.0; every NaN is distinct (the array API's rule); complex values
    sort lexicographically.

    GPU: a radix sort of the flattened input (with its permutation where indices are asked
    for), a kernel flagging where runs of equal values start, an exclusive scan of the flags,
    one read of the number of distinct values (a host sync: the output shape depends on the
    data), and a compaction kernel.

    Examples
    --------
    >>> wg.unique_values(wg.asarray([3., 1., float("nan"), 1., float("nan")]))
    array([ 1.,  3., nan, nan])
    """
    x = as_array(x, "unique_values")
    return _unique(x, False, False, False)["values"]


def unique(ar, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis=None, *, equal_nan: bool = True, sorted: bool = True):
    """Find the unique elements of an array (NumPy's unique).

    Parameters
    ----------
    ar : array_like
        The input array; flattened unless ``axis`` is given.
    return_index : bool, optional
        Also return the index of each unique value's first occurrence (default False).
    return_inverse : bool, optional
        Also return the indices into the unique values that rebuild ``ar`` (default False);
        shaped like ``ar``, or ``(ar.shape[axis],)`` with ``axis``.
    return_counts : bool, optional
        Also return how often each unique value occurs (default False).
    axis : int, optional
        The axis whose distinct sub-arrays are wanted, in lexicographic order; None (the
        default) works on the flattened array.
    equal_nan : bool, optional
        Merge every NaN into one unique value (default True, as NumPy's); False keeps each
        distinct. With ``axis``, every NaN is distinct, as in NumPy.
    sorted : bool, optional
        Accepted for NumPy 2.3's signature; the values always come sorted.

    Returns
    -------
    Array or tuple of Array
        The unique values, followed by the indices, inverse indices and counts asked for.

    Raises
    ------
    numpy.exceptions.AxisError
        If ``axis`` is out of range.

    See Also
    --------
    unique_all, unique_counts, unique_inverse, unique_values

    Notes
    -----
    Dtypes: every dtype. Values keep ``ar``'s dtype; indices and counts are int64 (the default
    integer dtype without ``axis``). -0.0 equals 0.0.

    GPU: a radix sort of the flattened input (with its permutation where indices are asked
    for), a kernel flagging where runs of equal values start, an exclusive scan of the flags,
    one read of the number of distinct values (a host sync: the output shape depends on the
    data), and a compaction kernel. With ``axis``, the rows are ordered by one stable
    radix argsort per column (as lexsort), compared by a map and a fold kernel, and picked with
    :func:`wgarray.nonzero` (a host sync), a scan and gather kernels.

    Examples
    --------
    >>> wg.unique(wg.asarray([3., 1., float("nan"), 1., float("nan")]))
    array([ 1.,  3., nan])
    >>> values, counts = wg.unique(wg.asarray([2, 1, 2]), return_counts=True)
    >>> values, counts
    (array([1, 2]), array([1, 2]))
    >>> wg.unique(wg.asarray([[1, 2], [1, 2], [0, 5]]), axis=0)
    array([[0, 5],
           [1, 2]])
    """
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
    """Test whether each element of an array is in a second array.

    Parameters
    ----------
    x1 : array_like
        The elements to test, or a scalar.
    x2 : array_like
        The values to test against (flattened), or a scalar. At least one of ``x1`` and ``x2``
        must be an array; a Python scalar is weak (NEP 50).
    assume_unique : bool, optional
        NumPy's hint; accepted and ignored (the search is the same either way).
    invert : bool, optional
        Return the opposite: whether each element is NOT in ``x2`` (default False).
    kind : {None, 'sort', 'table'}, optional
        NumPy's choice of algorithm; accepted and ignored (wgarray always sorts ``x2`` and
        searches it).

    Returns
    -------
    Array
        A bool array of ``x1``'s shape.

    Raises
    ------
    TypeError
        If both ``x1`` and ``x2`` are scalars.

    Notes
    -----
    Dtypes: every dtype; both operands are compared in their promoted dtype. NaN is never in
    ``x2``; -0.0 equals 0.0.

    GPU: a radix sort of ``x2`` and one binary-search kernel, one invocation per element of
    ``x1`` (casts to the promoted dtype before, to bool after: map kernels).

    Examples
    --------
    >>> wg.isin(wg.asarray([1, 2, 3]), wg.asarray([2, 5]))
    array([False,  True, False])
    >>> wg.isin(wg.asarray([1, 2, 3]), wg.asarray([2, 5]), invert=True)
    array([ True, False,  True])
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
