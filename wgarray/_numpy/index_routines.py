"""NumPy's index routines and small array helpers that wgarray lacked: extract, place, putmask,
put_along_axis, diag_indices(_from), tril/triu_indices_from, mask_indices, fill_diagonal, trim_zeros,
rollaxis, unwrap, array_equiv, apply_along_axis and apply_over_axes.

Writes go through indexed assignment (the scatter engine) or strided views; positions come from the
compaction engine (nonzero). apply_along_axis and apply_over_axes call the user's function on views,
as NumPy does: a Python loop by definition.
"""

from __future__ import annotations

import itertools
import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView
from .._api import manipulation_functions as manip
from .._api.coerce import as_array, normalize_axes, normalize_axis
from .._api.creation_functions import arange, ones
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take
from .._api.searching_functions import nonzero
from .._api.statistical_functions import cumulative_sum
from .._api.utility_functions import all as all_, diff
from .functions import put
from .indices import argwhere, flatnonzero, tril_indices, triu_indices, unravel_index
from . import reductions


def _writable(a, name: str) -> Array:
    if not isinstance(a, Array):
        raise TypeError(f"{name}: argument 1 must be a wgarray array, not {type(a).__name__}")
    if not a._writeable:
        raise ValueError("assignment destination is read-only")
    return a


def _cycled(values: Array, n: int) -> Array:
    """values (flattened) repeated cyclically to length n: values[k % len(values)]."""
    flat = manip.reshape(values, (-1,))
    if flat.shape[0] == n:
        return flat
    return take(flat, E["remainder"](arange(n, dtype=dt.int64, device=values.device), flat.shape[0]), mode="clip")


def extract(condition, arr) -> Array:
    """The elements of arr (flattened) where condition (flattened) is nonzero."""
    x = manip.reshape(as_array(arr, "extract"), (-1,))
    return take(x, flatnonzero(condition))


def place(arr, mask, vals) -> None:
    """arr's elements where mask is true take vals in order, repeated cyclically (in place)."""
    a = _writable(arr, "place")
    m = as_array(mask, "place", a.device)
    if m.size != a.size:
        raise ValueError("place: mask and data must be the same size")
    positions = flatnonzero(m)
    values = as_array(vals, "place", a.device)
    if values.size == 0:
        if positions.size:
            raise ValueError("Cannot insert from an empty array!")
        return
    put(a, positions, values)


def putmask(a, mask, values) -> None:
    """a.flat[n] = values.flat[n % len(values)] wherever mask.flat[n] is true (in place)."""
    target = _writable(a, "putmask")
    m = as_array(mask, "putmask", target.device)
    if m.shape != target.shape:
        raise ValueError("putmask: mask and data must be the same size")
    v = as_array(values, "putmask", target.device)
    if v.size == 0 or target.size == 0:
        return
    spread = manip.reshape(_cycled(astype(v, target._dtype, copy=False), target.size), target.shape)
    target._assign(E["where"](astype(m, dt.bool_, copy=False), spread, target))


def _along_axis_index(shape: tuple, indices: Array, axis: int) -> tuple:
    """The fancy index that puts `indices` along axis and each other coordinate in place."""
    index = []
    for d, n in enumerate(shape):
        if d == axis:
            index.append(indices)
        else:
            dims = [1] * len(shape)
            dims[d] = n
            index.append(manip.reshape(arange(n, dtype=dt.int64, device=indices.device), tuple(dims)))
    return tuple(index)


def put_along_axis(arr, indices, values, axis) -> None:
    """arr[..., indices, ...] = values along axis, each other coordinate in place (in place)."""
    a = _writable(arr, "put_along_axis")
    idx = as_array(indices, "put_along_axis", a.device)
    if dt.kind(idx._dtype) not in ("int", "uint"):
        raise IndexError("`indices` must be an integer array")
    if axis is None:
        if idx.ndim != 1:
            raise ValueError(f"when axis=None, `indices` must have a single dimension (it has {idx.ndim})")
        flat = a._with_view(a._view.reshape((a.size,))) if a._view.is_contiguous else None
        if flat is None:
            put(a, idx, values)
        else:
            flat[idx] = values
        return
    if idx.ndim != a.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    axis = normalize_axis(axis, a.ndim)
    a[_along_axis_index(a.shape, idx, axis)] = values


def diag_indices(n, ndim=2) -> tuple:
    """The indices of the main diagonal of an (n, n, ..., n) array: ndim copies of arange(n)."""
    idx = arange(operator.index(n), dtype=dt.int64)
    return (idx,) * operator.index(ndim)


def diag_indices_from(arr) -> tuple:
    """The indices of the main diagonal of an n-d array whose dimensions are all equal.

    Parameters
    ----------
    arr : array_like
        An array of at least 2 dimensions, all of the same length. Only its shape is read.

    Returns
    -------
    tuple of Array
        One int64 index array per dimension, for ``arr[indices]``.

    Raises
    ------
    ValueError
        If ``arr`` has fewer than 2 dimensions or dimensions of different lengths.

    Notes
    -----
    Dtypes: every dtype (only the shape is read).

    GPU: one ``arange`` kernel; the data is not read.

    Examples
    --------
    >>> a = wg.reshape(wg.arange(9), (3, 3))
    >>> a[wg.diag_indices_from(a)]
    array([0, 4, 8])
    """
    a = as_array(arr, "diag_indices_from")
    if a.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(a.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(a.shape[0], a.ndim)


def _matrix(arr, name: str) -> Array:
    a = arr if isinstance(arr, Array) else np.asarray(arr)  # only the shape is read
    if a.ndim != 2:
        raise ValueError("input array must be 2-d")
    return a


def tril_indices_from(arr, k=0) -> tuple:
    """The indices of the lower triangle of the last two dimensions of an array.

    Parameters
    ----------
    arr : array_like
        A 2-d array. Only its shape is read.
    k : int, optional
        The diagonal above which to stop (default 0, the main diagonal; negative is below).

    Returns
    -------
    tuple of Array
        The int64 row and column indices, for ``arr[indices]``.

    Raises
    ------
    ValueError
        If ``arr`` is not 2-d.

    Notes
    -----
    Dtypes: every dtype (only the shape is read).

    GPU: as ``tril_indices``: one map kernel marks the triangle and the compaction engine
    lists it (its count is read back: a host synchronisation).

    Examples
    --------
    >>> a = wg.reshape(wg.arange(9), (3, 3))
    >>> a[wg.tril_indices_from(a)]
    array([0, 3, 4, 6, 7, 8])
    """
    a = _matrix(arr, "tril_indices_from")
    return tril_indices(a.shape[-2], k=k, m=a.shape[-1])


def triu_indices_from(arr, k=0) -> tuple:
    """The indices of the upper triangle of the last two dimensions of an array.

    Parameters
    ----------
    arr : array_like
        A 2-d array. Only its shape is read.
    k : int, optional
        The diagonal below which to stop (default 0, the main diagonal; positive is above).

    Returns
    -------
    tuple of Array
        The int64 row and column indices, for ``arr[indices]``.

    Raises
    ------
    ValueError
        If ``arr`` is not 2-d.

    Notes
    -----
    Dtypes: every dtype (only the shape is read).

    GPU: as ``triu_indices``: two map kernels mark the triangle and the compaction engine
    lists it (its count is read back: a host synchronisation).

    Examples
    --------
    >>> a = wg.reshape(wg.arange(9), (3, 3))
    >>> a[wg.triu_indices_from(a, k=1)]
    array([1, 2, 5])
    """
    a = _matrix(arr, "triu_indices_from")
    return triu_indices(a.shape[-2], k=k, m=a.shape[-1])


def mask_indices(n, mask_func, k=0) -> tuple:
    """The indices where mask_func(ones((n, n)), k) is nonzero (e.g. triu, tril)."""
    mask = mask_func(ones((n, n), dtype=dt.int64), k)
    return nonzero(E["not_equal"](mask, 0))


def fill_diagonal(a, val, wrap=False) -> None:
    """a's main diagonal set to val (repeated cyclically), in place; wrap continues past a tall
    matrix's square part, as NumPy's flat stepping does."""
    target = _writable(a, "fill_diagonal")
    if target.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if target.ndim == 2:
        step, end = target.shape[1] + 1, None if wrap else target.shape[1] * target.shape[1]
    else:
        if len(set(target.shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step, end = 1 + sum(itertools.accumulate(target.shape[:-1], operator.mul)), None
    count = len(range(0, target.size if end is None else min(end, target.size), step))
    values = as_array(val, "fill_diagonal", target.device)
    if count == 0 or values.size == 0:
        return
    values = _cycled(astype(values, target._dtype, copy=False), count)
    if target._view.is_contiguous:
        target._with_view(TensorView((count,), (step,), target._view.offset))[...] = values
    else:
        target[unravel_index(arange(0, count * step, step, dtype=dt.int64, device=target.device), target.shape)] = values


def trim_zeros(filt, trim="fb", axis=None):
    """filt without its leading ('f') and trailing ('b') zeros, along the given axes (the bounding
    box of the nonzero elements, read from the GPU: the shape depends on the data)."""
    x = as_array(filt, "trim_zeros")
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = normalize_axes(axis, x.ndim)
    if not axes:
        return x
    found = argwhere(x)
    if found.shape[0] == 0:
        start = stop = [0] * x.ndim
    else:
        corners = np.asarray(manip.stack([reductions.min(found, axis=0), reductions.max(found, axis=0)]))
        start = [int(s) if "f" in trim else None for s in corners[0]]
        stop = [int(s) + 1 if "b" in trim else None for s in corners[1]]
    return x[tuple(slice(start[d], stop[d]) if d in axes else slice(None) for d in range(x.ndim))]


def rollaxis(a, axis, start=0) -> Array:
    """NumPy's rollaxis: axis moved to before `start` (a view)."""
    x = as_array(a, "rollaxis")
    n = x.ndim
    axis = normalize_axis(axis, n)
    start = operator.index(start)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise np.exceptions.AxisError(f"'start' arg requires {-n} <= start < {n + 1}, but {start - n if start < 0 else start} was passed in")
    if axis < start:
        start -= 1
    if axis == start:
        return x[...]
    order = [d for d in range(n) if d != axis]
    order.insert(start, axis)
    return manip.permute_dims(x, order)


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi) -> Array:
    """p with jumps larger than discont between neighbours along axis replaced by their remainder
    modulo period (NumPy's formula, elementwise and a cumulative sum on the GPU)."""
    x = as_array(p, "unwrap")
    axis = normalize_axis(axis, x.ndim)
    dd = diff(x, axis=axis)
    if discont is None:
        discont = period / 2
    dtype = np.result_type(dd._dtype, period)  # NEP 50: a Python period is weak
    if dt.kind(dtype) in ("int", "uint"):
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high, ambiguous = period / 2, True
    low = -high
    ddmod = E["add"](E["remainder"](E["subtract"](dd, low), period), low)
    if ambiguous:
        ddmod = E["where"](E["logical_and"](E["equal"](ddmod, low), E["greater"](dd, 0)), high, ddmod)
    correction = E["subtract"](ddmod, dd)
    correction = E["where"](E["less"](E["abs"](dd), discont), 0, correction)
    up = astype(x, dtype, copy=True)
    later = (slice(None),) * axis + (slice(1, None),)
    up[later] = E["add"](x[later], cumulative_sum(correction, axis=axis))
    return up


def array_equiv(a1, a2) -> bool:
    """Whether a1 and a2 broadcast to one shape and are equal everywhere."""
    x = as_array(a1, "array_equiv")
    y = as_array(a2, "array_equiv", x.device)
    try:
        manip.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return False
    return bool(all_(E["equal"](x, y)))


def apply_along_axis(func1d, axis, arr, *args, **kwargs) -> Array:
    """func1d applied to every 1-D line of arr along axis (NumPy's loop over the lines, each a view);
    the results' dims replace that axis."""
    x = as_array(arr, "apply_along_axis")
    axis = normalize_axis(axis, x.ndim)
    lines = manip.moveaxis(x, axis, -1)
    outer = lines.shape[:-1]
    if math.prod(outer) == 0:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = [as_array(func1d(lines[index], *args, **kwargs), "apply_along_axis", x.device)
               for index in itertools.product(*map(range, outer))]
    stacked = manip.reshape(manip.stack(results), outer + results[0].shape)
    inner = results[0].ndim
    order = list(range(axis)) + list(range(len(outer), len(outer) + inner)) + list(range(axis, len(outer)))
    return manip.permute_dims(stacked, order)


def apply_over_axes(func, a, axes) -> Array:
    """func(a, axis) applied over each axis in turn, the result keeping a's number of dims."""
    x = as_array(a, "apply_over_axes")
    if isinstance(axes, (int, np.integer)):
        axes = (axes,)
    for axis in axes:
        axis = normalize_axis(axis, x.ndim)
        result = as_array(func(x, axis), "apply_over_axes", x.device)
        if result.ndim != x.ndim:
            result = manip.expand_dims(result, axis=axis)
            if result.ndim != x.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        x = result
    return x


FUNCTIONS = {f.__name__: f for f in (
    extract, place, putmask, put_along_axis, diag_indices, diag_indices_from, tril_indices_from, triu_indices_from,
    mask_indices, fill_diagonal, trim_zeros, rollaxis, unwrap, array_equiv, apply_along_axis, apply_over_axes)}
