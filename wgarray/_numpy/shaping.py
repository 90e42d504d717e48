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
    """NumPy's roll: the axis may be given positionally."""
    return manip.roll(a, shift, axis=axis)


def rot90(m, k=1, axes=(0, 1)) -> Array:
    """m rotated by 90 degrees k times from the first axis towards the second (a view)."""
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
    split.__doc__ = f"NumPy's {name}: split along axis {axis} (axis 0 for 1-D input)."
    return split


hsplit = _split_along("hsplit", 1, 1)
vsplit = _split_along("vsplit", 0, 2)
dsplit = _split_along("dsplit", 2, 3)


def shape(a) -> tuple:
    """The shape of an array or of array-like host data (read on the host, nothing uploaded)."""
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
