"""NumPy's shape functions that the array API standard lacks or has with fewer arguments: roll with
a positional axis, rot90, pad (padding.py), hsplit, vsplit, dsplit, and the metadata
queries shape, ndim and size. Views where NumPy gives views; copies are GPU copies.
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._array import Array
from .._api import manipulation_functions as manip
from .._api.coerce import as_array, normalize_axes, normalize_axis
from .padding import pad


def roll(a, shift, axis=None) -> Array:
    """Roll array elements along the given axes: those shifted past the end come back at the start.

    Parameters
    ----------
    a : array_like
        The input array.
    shift : int or tuple of int
        The number of places to shift (negative: backwards); a tuple gives one per axis.
    axis : int or tuple of int, optional
        The axes to roll (may be given positionally, as in NumPy); None (the default) rolls the
        flattened array and restores its shape.

    Returns
    -------
    Array
        A new array of ``a``'s shape and dtype.

    Raises
    ------
    ValueError
        If ``shift`` and ``axis`` are tuples of different lengths.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one map copy per piece: each rolled axis splits the output in two, so ``2**k``
    copies for ``k`` rolled axes (two for the usual one axis). With ``axis=None`` a
    non-contiguous input is first flattened by one more copy.

    Examples
    --------
    >>> wg.roll(wg.arange(5), 2)
    array([3, 4, 0, 1, 2])
    >>> wg.roll(wg.reshape(wg.arange(6), (2, 3)), -1, 1)
    array([[1, 2, 0],
           [4, 5, 3]])
    """
    return manip.roll(a, shift, axis=axis)


def rot90(m, k=1, axes=(0, 1)) -> Array:
    """Rotate an array by 90 degrees in the plane of two axes.

    Parameters
    ----------
    m : array_like
        An array of at least 2 dimensions.
    k : int, optional
        The number of quarter turns (default 1), from the first axis towards the second;
        negative turns the other way.
    axes : sequence of 2 int, optional
        The plane of the rotation (default ``(0, 1)``); the axes must differ.

    Returns
    -------
    Array
        A view of ``m``, as NumPy's.

    Raises
    ------
    ValueError
        If ``axes`` is not two different axes.

    Notes
    -----
    Dtypes: every dtype.

    GPU: a view (reversed and permuted strides) with no kernel.

    Examples
    --------
    >>> wg.rot90(wg.asarray([[1, 2], [3, 4]]))
    array([[2, 4],
           [1, 3]])
    """
    x = as_array(m, "rot90")
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    first, second = normalize_axis(axes[0], x.ndim), normalize_axis(axes[1], x.ndim)
    if first == second:
        raise ValueError("Axes must be different.")
    k = operator.index(k) % 4
    if k == 0:
        return x[...]
    if k == 2:
        return manip.flip(x, axis=(first, second))
    order = list(range(x.ndim))
    order[first], order[second] = order[second], order[first]
    if k == 1:
        return manip.permute_dims(manip.flip(x, axis=second), order)
    return manip.flip(manip.permute_dims(x, order), axis=second)


def _split_along(name: str, axis: int, min_ndim: int):
    def split(ary, indices_or_sections) -> list:
        x = as_array(ary, name)
        if x.ndim < min_ndim:
            raise ValueError(f"{name} only works on arrays of {min_ndim} or more dimensions")
        return manip.split(x, indices_or_sections, axis=axis if x.ndim > 1 else 0)

    split.__name__ = split.__qualname__ = name
    dims = f"{min_ndim} dimension{'s' if min_ndim > 1 else ''}"
    along = f"axis {axis}" + (" (axis 0 for a 1-d array)" if min_ndim == 1 else "")
    split.__doc__ = f"""Split an array into sub-arrays along {along}.

    Parameters
    ----------
    ary : array_like
        An array of at least {dims}.
    indices_or_sections : int or sequence of int
        An int N splits into N equal parts (it must divide the axis); a sorted sequence gives
        the indices where the pieces start.

    Returns
    -------
    list of Array
        The pieces, each a view of ``ary``.

    Raises
    ------
    ValueError
        If ``ary`` has fewer than {dims}, or N does not divide the axis.

    See Also
    --------
    split, array_split

    Notes
    -----
    Dtypes: every dtype.

    GPU: views with no kernel.
    """
    return split


hsplit = _split_along("hsplit", 1, 1)
vsplit = _split_along("vsplit", 0, 2)
dsplit = _split_along("dsplit", 2, 3)


def shape(a) -> tuple:
    """Return the shape of an array.

    Parameters
    ----------
    a : array_like
        A wgarray Array, or host data (read on the host, nothing uploaded).

    Returns
    -------
    tuple of int
        The shape.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.shape(wg.ones((2, 3)))
    (2, 3)
    >>> wg.shape([[1, 2]])
    (1, 2)
    """
    return a.shape if isinstance(a, Array) else np.shape(a)


def ndim(a) -> int:
    """The number of dimensions of an array or of array-like host data.

    Parameters
    ----------
    a : array_like
        A wgarray Array, or host data (read on the host, nothing uploaded).

    Returns
    -------
    int
        The number of dimensions.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.ndim(wg.ones((2, 3)))
    2
    >>> wg.ndim([[1, 2, 3]])
    2
    """
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def size(a, axis=None) -> int:
    """The number of elements of an array, or along the given axes.

    Parameters
    ----------
    a : array_like
        A wgarray Array, or host data (read on the host, nothing uploaded).
    axis : int or tuple of int, optional
        Count only along these axes; None (the default) counts all elements.

    Returns
    -------
    int
        The number of elements.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.size(wg.ones((2, 3)))
    6
    >>> wg.size(wg.ones((2, 3)), axis=1)
    3
    """
    dims = shape(a)
    if axis is None:
        return math.prod(dims)
    return math.prod(dims[i] for i in normalize_axes(axis, len(dims)))


FUNCTIONS = {f.__name__: f for f in (roll, rot90, pad, hsplit, vsplit, dsplit, shape, ndim, size)}
