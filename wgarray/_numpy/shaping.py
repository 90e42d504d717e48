"""NumPy's shape functions that the array API standard lacks or has with fewer arguments: roll with
a positional axis, rot90, pad (constant and edge modes), hsplit, vsplit, dsplit, and the metadata
queries shape, ndim and size. Views where NumPy gives views; copies are GPU copies.
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._array import Array
from .._api import manipulation_functions as manip
from .._api.coerce import as_array, normalize_axes, normalize_axis
from .._api.creation_functions import full


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


def _pad_widths(pad_width, ndim: int) -> list:
    """pad_width as one (before, after) pair of ints per axis, as NumPy broadcasts it."""
    widths = np.broadcast_to(np.asarray(pad_width), (ndim, 2)) if ndim else np.zeros((0, 2))
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    if (widths < 0).any():
        raise ValueError("index can't contain negative values")
    return [(int(b), int(a)) for b, a in widths]


def pad(array, pad_width, mode="constant", **kwargs) -> Array:
    """array padded on each side of each axis: with a constant (constant_values, a scalar) or by
    repeating the edge elements (mode='edge'). Other modes raise NotImplementedError."""
    x = as_array(array, "pad")
    widths = _pad_widths(pad_width, x.ndim)
    if mode == "constant":
        value = kwargs.pop("constant_values", 0)
        if kwargs:
            raise ValueError(f"unsupported keyword arguments for mode 'constant': {set(kwargs)}")
        if not np.isscalar(value) and np.ndim(value) != 0:
            raise NotImplementedError("pad: constant_values other than one scalar are not implemented")
        shape = tuple(n + b + a for n, (b, a) in zip(x.shape, widths))
        out = full(shape, value.item() if isinstance(value, np.generic) else value, dtype=x.dtype, device=x.device)
        out[tuple(slice(b, b + n) for n, (b, _) in zip(x.shape, widths))] = x
        return out
    if mode == "edge":
        if kwargs:
            raise ValueError(f"unsupported keyword arguments for mode 'edge': {set(kwargs)}")
        for axis, (before, after) in enumerate(widths):
            if (before or after) and x.shape[axis] == 0:
                raise ValueError("can't extend empty axis using modes other than 'constant' or 'empty'")
            pieces = []
            for width, edge in ((before, slice(0, 1)), (None, None), (after, slice(-1, None))):
                if width is None:
                    pieces.append(x)
                elif width:
                    end = x[(slice(None),) * axis + (edge,)]
                    pieces.append(manip.broadcast_to(end, x.shape[:axis] + (width,) + x.shape[axis + 1:]))
            x = manip.concat(pieces, axis=axis) if len(pieces) > 1 else x
        return x if any(b or a for b, a in widths) else x[...]
    raise NotImplementedError(f"pad: mode {mode!r} is not implemented (only 'constant' and 'edge')")


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
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def size(a, axis=None) -> int:
    dims = shape(a)
    if axis is None:
        return math.prod(dims)
    return math.prod(dims[i] for i in normalize_axes(axis, len(dims)))


FUNCTIONS = {f.__name__: f for f in (roll, rot90, pad, hsplit, vsplit, dsplit, shape, ndim, size)}
