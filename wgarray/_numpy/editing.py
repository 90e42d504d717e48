"""NumPy's insert, delete and block: arrays assembled from pieces of others by GPU copies.

insert and delete take obj as NumPy does: an int, a slice, a sequence of ints or a boolean mask
(and an Array of either). Index arrays stay on the GPU (the insertion points are sorted there, the
mask of kept elements is scattered there); the host reads only sizes and, as NumPy does before it
writes, whether an index is out of bounds.
"""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import manipulation_functions as manip
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import arange, asarray, empty, ones
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.sorting_functions import argsort
from .._api.statistical_functions import max as max_, min as min_
from .functions import check_bounds
from .indices import flatnonzero

_INTP = dt.as_dtype("int64")


def _along(axis: int, index) -> tuple:
    """The key that applies index to axis and takes every element of the axes before it."""
    return (slice(None),) * axis + (index,)


def _flat_and_axis(arr, axis, name: str) -> tuple:
    """arr as an Array, raveled when axis is None (then axis 0), and the normalised axis."""
    x = as_array(arr, name)
    if axis is None:
        return (x if x.ndim == 1 else manip.reshape(x, (-1,))), 0
    return x, normalize_axis(axis, x.ndim)


def _single_index(obj):
    """obj as a Python int when NumPy treats it as one index, else None."""
    if isinstance(obj, (int, np.integer)) and not isinstance(obj, (bool, np.bool_)):
        return operator.index(obj)
    return None


def _index_array(obj, x: Array, name: str) -> Array:
    """obj (not a slice or a single int) as an Array of indices or a boolean mask; an empty
    sequence that is not an array is an empty index array (NumPy's rule)."""
    index = obj if isinstance(obj, Array) else as_array(obj, name, x.device)
    if index.size == 0 and not isinstance(obj, (Array, np.ndarray)):
        index = astype(index, _INTP)
    return index


def _require_integers(index: Array) -> None:
    if dt.kind(index._dtype) not in ("int", "uint"):
        raise IndexError("arrays used as indices must be of integer (or boolean) type")


# -- delete -----------------------------------------------------------------------------------------
def delete(arr, obj, axis=None) -> Array:
    """Return a new array with the sub-arrays along an axis deleted.

    Parameters
    ----------
    arr : array_like
        The input array.
    obj : int, slice, sequence of int, or array_like of bool
        What to delete along ``axis``: indices (negative ones count from the end; repeats
        delete once), a slice, or a boolean mask of the axis's length.
    axis : int, optional
        The axis; None (the default) deletes from the flattened array.

    Returns
    -------
    Array
        A new array (1-d when ``axis`` is None).

    Raises
    ------
    IndexError
        For an index out of bounds, or a float index array.
    ValueError
        For a boolean mask of the wrong shape.

    See Also
    --------
    insert

    Notes
    -----
    Dtypes: every dtype (of ``arr``); ``obj`` takes integer or bool arrays.

    GPU: one index gives two map copies (the pieces before and after it). Otherwise a mask of
    the kept elements is built on the device (a fill and a scatter kernel, or ``logical_not``
    for a boolean ``obj``) and applied by the compaction engine, whose count is read back (a
    host synchronisation); index arrays are bounds-checked on the host first, as NumPy does.

    Examples
    --------
    >>> wg.delete(wg.arange(6), [1, 3])
    array([0, 2, 4, 5])
    >>> wg.delete(wg.reshape(wg.arange(6), (2, 3)), 1, axis=1)
    array([[0, 2],
           [3, 5]])
    """
    x, axis = _flat_and_axis(arr, axis, "delete")
    n = x.shape[axis]
    if isinstance(obj, slice):
        keep = ones(n, dtype=dt.bool_, device=x.device)
        keep[obj] = False
        return x[_along(axis, keep)]
    single = _single_index(obj)
    if single is None:
        index = _index_array(obj, x, "delete")
        if index.size == 1 and dt.kind(index._dtype) in ("int", "uint"):
            single = int(index.reshape(()))
    if single is not None:
        if not -n <= single < n:
            raise IndexError(f"index {single} is out of bounds for axis {axis} with size {n}")
        single %= n
        return manip.concat([x[_along(axis, slice(None, single))], x[_along(axis, slice(single + 1, None))]],
                            axis=axis)
    if index._dtype == dt.bool_:
        if index.shape != (n,):
            raise ValueError("boolean array argument obj to delete must be one dimensional and match the axis "
                             f"length of {n}")
        keep = ELEMENTWISE["logical_not"](index)
    else:
        _require_integers(index)
        check_bounds(index, n, axis)
        keep = ones(n, dtype=dt.bool_, device=x.device)
        keep[index] = False
    return x[_along(axis, keep)]


# -- insert -----------------------------------------------------------------------------------------
def _values_for(values, x: Array) -> Array:
    """values as NumPy's array(values, ndmin=x.ndim, dtype=x.dtype)."""
    v = asarray(values, dtype=x._dtype, device=x.device) if not isinstance(values, Array) else astype(values, x._dtype)
    if v.ndim < x.ndim:
        v = manip.reshape(v, (1,) * (x.ndim - v.ndim) + v.shape)
    return v


def insert(arr, obj, values, axis=None) -> Array:
    """Insert values along an axis before the given indices.

    A single index inserts ``values`` as one block; several indices insert one sub-array
    before each, in NumPy's order for repeated indices.

    Parameters
    ----------
    arr : array_like
        The input array.
    obj : int, slice, sequence of int, or array_like of bool
        The indices before which to insert (``len(arr)`` appends; negative ones count from
        the end); a boolean mask stands for its true positions.
    values : array_like
        The values, cast to ``arr``'s dtype and broadcast to the inserted shape.
    axis : int, optional
        The axis; None (the default) inserts into the flattened array.

    Returns
    -------
    Array
        A new array (1-d when ``axis`` is None).

    Raises
    ------
    IndexError
        For an index out of bounds, or an array of several float indices.
    TypeError
        For a single float index.
    ValueError
        For a multi-dimensional index array.

    See Also
    --------
    delete, append

    Notes
    -----
    Dtypes: every dtype (of ``arr``); ``values`` are cast to it, as NumPy's.

    GPU: one index: three map copies (before, values, after). Several: the bounds are read on
    the host (a min and a max fold, as NumPy checks them first), the insertion points are
    ordered by a stable radix sort and the old and new elements placed by scatter kernels.

    Examples
    --------
    >>> wg.insert(wg.asarray([1, 2, 3]), 1, 9)
    array([1, 9, 2, 3])
    >>> wg.insert(wg.asarray([1, 2, 3]), [0, 3], [7, 8])
    array([7, 1, 2, 3, 8])
    """
    x, axis = _flat_and_axis(arr, axis, "insert")
    n = x.shape[axis]
    if isinstance(obj, slice):
        index = arange(*obj.indices(n), dtype=_INTP, device=x.device)
        scalar_index = False
    else:
        index = _index_array(obj, x, "insert")
        if index._dtype == dt.bool_:
            if index.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            index = flatnonzero(index)
        elif index.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
        scalar_index = index.ndim == 0
    if index.size == 1:
        if dt.kind(index._dtype) not in ("int", "uint"):
            raise TypeError("slice indices must be integers or None or have an __index__ method")
        position = int(manip.reshape(index, ()))
        if not -n <= position <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        if position < 0:
            position += n
        v = _values_for(values, x)
        if scalar_index:  # a[:, 0:1, :] = values rather than a[:, 0, :] = values (NumPy's comment)
            v = manip.moveaxis(v, 0, axis)
        block = manip.broadcast_to(v, x.shape[:axis] + (v.shape[axis],) + x.shape[axis + 1:])
        return manip.concat([x[_along(axis, slice(None, position))], block, x[_along(axis, slice(position, None))]],
                            axis=axis)
    _require_integers(index)
    if index.size and (int(min_(index)) < -n or int(max_(index)) > n):
        raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
    index = astype(index, _INTP)
    index = ELEMENTWISE["where"](ELEMENTWISE["less"](index, 0), ELEMENTWISE["add"](index, n), index)
    count = index.size
    order = argsort(index, stable=True)
    shifted = empty(count, dtype=_INTP, device=x.device)
    shifted[order] = ELEMENTWISE["add"](index[order], arange(count, dtype=_INTP, device=x.device))
    shape = list(x.shape)
    shape[axis] += count
    old = ones(shape[axis], dtype=dt.bool_, device=x.device)
    old[shifted] = False
    new = empty(tuple(shape), dtype=x._dtype, device=x.device)
    new[_along(axis, shifted)] = values
    new[_along(axis, old)] = x
    return new


# -- block ------------------------------------------------------------------------------------------
def _depth(arrays, index=()) -> tuple:
    """(list depth, max ndim of the leaves) of a nested list of blocks, checked as NumPy does."""
    if isinstance(arrays, tuple):
        raise TypeError(f"arrays{''.join(f'[{i}]' for i in index)} is a tuple. Only lists can be used to arrange "
                        "blocks, and np.block does not allow implicit conversion from tuple to ndarray.")
    if not isinstance(arrays, list):
        return 0, np.ndim(arrays) if not isinstance(arrays, Array) else arrays.ndim
    if not arrays:
        raise ValueError(f"List at arrays{''.join(f'[{i}]' for i in index)} cannot be empty")
    found = [_depth(a, index + (i,)) for i, a in enumerate(arrays)]
    if any(depth != found[0][0] for depth, _ in found):
        raise ValueError("List depths are mismatched. First element was at depth "
                         f"{found[0][0] + len(index) + 1}, but there is an element at depth "
                         f"{next(d for d, _ in found if d != found[0][0]) + len(index) + 1}")
    return found[0][0] + 1, max(ndim for _, ndim in found)


def _assemble(arrays, depth: int, ndim: int) -> Array:
    if depth == 0:
        leaf = as_array(arrays, "block")
        return manip.reshape(leaf, (1,) * (ndim - leaf.ndim) + leaf.shape)
    return manip.concat([_assemble(a, depth - 1, ndim) for a in arrays], axis=-depth)


def block(arrays) -> Array:
    """Assemble an array from nested lists of blocks.

    The innermost lists join along the last axis, the next ones along the axis before it, and
    so on, as NumPy's ``block``.

    Parameters
    ----------
    arrays : nested list of array_like
        The blocks (arrays or scalars), in lists of equal depth; tuples are refused.

    Returns
    -------
    Array
        The assembled array, a new one (even for a single block).

    Raises
    ------
    ValueError
        For an empty list, mismatched list depths, or blocks whose shapes do not fit.
    TypeError
        For a tuple where a list is expected.

    See Also
    --------
    concatenate, stack

    Notes
    -----
    Dtypes: every dtype; the blocks' dtypes are promoted as ``concatenate`` does.

    GPU: one ``concat`` per list, each a map copy per piece (nested lists copy once per
    level).

    Examples
    --------
    >>> a = wg.ones((2, 2), dtype=wg.int64)
    >>> wg.block([[a, wg.zeros((2, 1), dtype=wg.int64)], [wg.full((1, 3), 5)]])
    array([[1, 1, 0],
           [1, 1, 0],
           [5, 5, 5]])
    """
    depth, ndim = _depth(arrays)
    result = _assemble(arrays, depth, max(depth, ndim))
    return result if depth else result[...]


FUNCTIONS = {"insert": insert, "delete": delete, "block": block}
