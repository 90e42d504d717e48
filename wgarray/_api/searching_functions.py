"""Searching functions: argmax, argmin, count_nonzero, nonzero, searchsorted (and where,
with the elementwise functions)."""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._engines import compact, search
from .._engines.folds import arg_fold, count_fold
from . import data_type_functions
from .coerce import as_array, normalize_axis
from .reductions import finish, folded, keep_dims, reduce_axes

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted"]


def _index_dtype(device):
    return dt.default_int(device)


def _arg(name: str):
    kind_of = name[3:]

    def search_(x, /, *, axis=None, keepdims: bool = False) -> Array:
        x = as_array(x, name)
        axes = tuple(range(x.ndim)) if axis is None else (normalize_axis(axis, x.ndim),)
        if math.prod(x.shape[a] for a in axes) == 0:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        source, source_axes = x, axes
        if x._storage.segments is not None and len(axes) > 1 and x._view.is_contiguous:
            # one axis, so that the runs a storage of several buffers is searched in come in order
            source, source_axes = x._with_view(x._view.reshape((x.size,))), (0,)
        result = folded(arg_fold(name, x._dtype), source, source_axes)._cast(_index_dtype(x.device))
        return keep_dims(result, x.shape, axes, keepdims)

    search_.__name__ = search_.__qualname__ = name
    search_.__doc__ = (f"Index of the first {kind_of}imum along axis (of the flattened array when axis is None); "
                       f"a NaN counts as the {kind_of}imum, as in NumPy.")
    return search_


argmax = _arg("argmax")
argmin = _arg("argmin")


def count_nonzero(x, /, axis=None, *, keepdims: bool = False) -> Array:
    """Count the nonzero elements along the given axes.

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int or tuple of int, optional
        The axes to count along; None (the default) counts over the whole array.
    keepdims : bool, optional
        Keep the counted axes as axes of size one (default False).

    Returns
    -------
    Array
        The counts, of the default integer dtype (int64; int32 on an adapter without 64-bit
        integers); 0-d when ``axis`` is None and ``keepdims`` false.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    Dtypes: every dtype. NaN counts as nonzero, -0.0 as zero; a complex element is nonzero when
    either part is.

    GPU: one fold (reduction) kernel counting in uint32 (uint64 past 2**32 elements per count),
    then one cast kernel to the index dtype.

    Examples
    --------
    >>> wg.count_nonzero(wg.asarray([[0, 1, 2], [3, 0, 0]]), axis=1)
    array([2, 1])
    """
    x = as_array(x, "count_nonzero")
    axes = reduce_axes(axis, x.ndim)
    index = _index_dtype(x.device)
    wide = math.prod(x.shape[a] for a in axes) >= 2**32 and index.itemsize == 8  # uint32 counts would wrap
    fold = count_fold(x._dtype, dt.uint64 if wide else dt.uint32)
    return finish(folded(fold, x, axes), index, x.shape, axes, keepdims)


def nonzero(x, /) -> tuple:
    """Return the indices of the nonzero elements.

    Parameters
    ----------
    x : array_like
        An array of at least one dimension.

    Returns
    -------
    tuple of Array
        One index array per dimension of ``x`` (the coordinates of the nonzero elements in
        row-major order), of the default integer dtype.

    Raises
    ------
    ValueError
        If ``x`` is 0-d (NumPy 2 deprecates it; the array API forbids it).

    See Also
    --------
    count_nonzero, wgarray.argwhere, wgarray.flatnonzero

    Notes
    -----
    Dtypes: every dtype. NaN counts as nonzero; a complex element is nonzero when either part is.

    GPU: a map kernel to bool (for a non-bool ``x``), then the compact engine: flags, a scan,
    a read of the count (one host sync: the output shape depends on the data) and a scatter
    of the coordinates; then one cast kernel. The index arrays are views of one
    ``(x.ndim, count)`` array.

    Examples
    --------
    >>> wg.nonzero(wg.asarray([[0, 1], [2, 0]]))
    (array([0, 1]), array([1, 0]))
    """
    x = as_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero of a 0-d array is not allowed; use nonzero(atleast_1d(x)) or reshape it first")
    mask = x if x._dtype == dt.bool_ else data_type_functions.astype(x, dt.bool_)
    coords = Array._wrap(compact.mask_coordinates(mask._data()))._cast(_index_dtype(x.device))
    return tuple(coords[d] for d in range(x.ndim))


def searchsorted(x1, x2, /, side: str = "left", sorter=None) -> Array:
    """Find the indices at which values would be inserted into a sorted array to keep it sorted.

    Parameters
    ----------
    x1 : array_like
        A 1-D array sorted in ascending order (NaN last, as :func:`wgarray.sort` leaves it),
        unless ``sorter`` is given. The order is not checked: an unsorted ``x1`` gives
        meaningless indices, as in NumPy.
    x2 : array_like
        The values to insert, of any shape, or a scalar (weak, NEP 50).
    side : {'left', 'right'}, optional
        'left' (the default) gives the first suitable index (before equal elements), 'right'
        the last (after them).
    sorter : array_like, optional
        Integer indices that sort ``x1`` (as from :func:`wgarray.argsort`).

    Returns
    -------
    Array
        Indices of ``x2``'s shape, of the default integer dtype.

    Raises
    ------
    ValueError
        If ``x1`` is not 1-D, ``side`` is not 'left' or 'right', or ``sorter`` has another
        shape than ``x1``.
    TypeError
        If ``sorter`` is not of an integer dtype.

    See Also
    --------
    wgarray.sort, wgarray.argsort

    Notes
    -----
    Dtypes: every dtype; ``x1`` and ``x2`` are compared in their promoted dtype. Complex values
    order lexicographically (real part, then imaginary), as NumPy's.

    GPU: a cast kernel for an operand not already of the promoted dtype (or a non-contiguous
    ``x2``), then one binary-search kernel, one invocation per value (over an ``x1`` of several
    buffers, one search per buffer and the counts summed).

    Examples
    --------
    >>> x = wg.asarray([1, 2, 2, 3])
    >>> wg.searchsorted(x, wg.asarray([2, 4]))
    array([1, 4])
    >>> wg.searchsorted(x, 2, side="right")
    array(3)
    """
    x1 = as_array(x1, "searchsorted")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be one-dimensional, not of shape {x1.shape}")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', not {side!r}")
    device = x1.device
    if isinstance(x2, (bool, int, float, complex, np.generic)):
        x2 = x2.item() if isinstance(x2, np.generic) else x2
        dtype = dt.promote_scalar(x1._dtype, x2, device)
        x2 = Array._from_numpy(np.asarray(x2, dtype=dtype), device)
    else:
        x2 = as_array(x2, "searchsorted", device)
        dtype = dt.promote(x1._dtype, x2._dtype, device)
    if sorter is not None:
        sorter = as_array(sorter, "searchsorted", device)
        if sorter.shape != x1.shape:
            raise ValueError(f"searchsorted: sorter of shape {sorter.shape} does not match x1 of shape {x1.shape}")
        if dt.kind(sorter._dtype) not in ("int", "uint"):
            raise TypeError(f"searchsorted: sorter must have an integer dtype, not {sorter._dtype}")
    if x1._dtype != dtype:
        x1 = x1._cast(dtype)
    if x2._dtype != dtype or not x2._view.is_contiguous:
        x2 = x2._cast(dtype)
    return Array._wrap(search.searchsorted(x1._data(), x2._data(), None if sorter is None else sorter._data(),
                                           side == "left", _index_dtype(device)))
