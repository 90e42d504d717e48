"""Sorting functions: sort and argsort, by the radix sort engine (stable)."""

from __future__ import annotations

import math

from numpy.exceptions import AxisError

from .._array import Array
from .._core import dtypes as dt
from .._engines.sort import radix_sort, work_spec
from .._engines.sort_pieces import fits, sort_rows
from .coerce import as_array, normalize_axis

__all__ = ["argsort", "sort"]

def _rows(x: Array, axis: int, work) -> Array:
    """x with axis moved last, as a contiguous (rows, n) array of the working dtype."""
    axes = tuple(a for a in range(x.ndim) if a != axis) + (axis,)
    moved = x._with_view(x._view.permute(axes))
    shape = (math.prod(moved.shape[:-1]), moved.shape[-1])
    if work != x._dtype:
        moved = moved._cast(work)
    view = moved._view.reshape(shape)
    if view is None or not view.is_contiguous:
        moved = moved._contiguous()
        view = moved._view.reshape(shape)
    return moved._with_view(view)


def _unrows(result: Array, shape: tuple, axis: int) -> Array:
    """Inverse of _rows on a fresh (rows, n) result: back to shape, axis in place."""
    ndim = len(shape)
    moved_shape = tuple(n for a, n in enumerate(shape) if a != axis) + (shape[axis],)
    view = result._view.reshape(moved_shape)
    order = list(range(ndim - 1))
    order.insert(axis, ndim - 1)
    return result._with_view(view.permute(tuple(order)))


_KINDS = (None, "quicksort", "mergesort", "heapsort", "stable")


def _prepare(name: str, x, axis, kind, order):
    """Validate; returns (x, normalized axis). axis=None sorts the flattened array (NumPy)."""
    x = as_array(x, name)
    if kind not in _KINDS:
        raise ValueError(f"{name}: unknown sort kind {kind!r}; expected one of {_KINDS[1:]}")
    if order is not None:
        raise NotImplementedError(f"{name}: order= applies to structured dtypes, which wgarray does not have")
    if axis is None:
        view = x._view.reshape((x.size,))
        if view is None:
            x = x._contiguous()
            view = x._view.reshape((x.size,))
        return x._with_view(view), 0
    if x.ndim == 0:
        raise AxisError(axis, 0, f"{name}")
    return x, normalize_axis(axis, x.ndim)


def sort(x, /, axis=-1, kind=None, order=None, *, descending: bool = False, stable: bool = True) -> Array:
    """Sorted copy of x along axis (stable; NaN last, or first when descending).

    Every sort is stable (kind is accepted for NumPy code and ignored); complex values sort
    lexicographically, as in NumPy. axis=None sorts the flattened array.
    """
    x, axis = _prepare("sort", x, axis, kind, order)
    if x.size == 0 or x.shape[axis] == 1:
        return x._contiguous()
    work, spec = work_spec(x._dtype)
    rows = _rows(x, axis, work)._data()
    if rows.storage.segments is not None or not fits(rows.view.size, spec, x.device):
        values, _ = sort_rows(rows, spec, bool(descending))  # past one binding
    else:
        values, _ = radix_sort(rows, spec, bool(descending))
    values = Array._wrap(values)
    if values._dtype != x._dtype:
        values = values._cast(x._dtype)
    return _unrows(values, x.shape, axis)


def argsort(x, /, axis=-1, kind=None, order=None, *, descending: bool = False, stable: bool = True) -> Array:
    """Indices that sort x along axis (stable: equal elements keep their order)."""
    x, axis = _prepare("argsort", x, axis, kind, order)
    index = dt.default_int(x.device)
    if x.size == 0 or x.shape[axis] == 1:
        out = Array._empty(x.shape, index, x.device)
        out._assign(0)
        return out
    work, spec = work_spec(x._dtype)
    rows = _rows(x, axis, work)._data()
    if rows.storage.segments is not None or not fits(rows.view.size, spec, x.device, index.itemsize):
        _, idx = sort_rows(rows, spec, bool(descending), indices=True, index_dtype=index)  # past one binding
    else:
        _, idx = radix_sort(rows, spec, bool(descending), values=False, indices=True, index_dtype=index)
    return _unrows(Array._wrap(idx), x.shape, axis)
