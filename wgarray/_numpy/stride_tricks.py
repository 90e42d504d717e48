"""numpy.lib.stride_tricks: as_strided, sliding_window_view, broadcast_to, broadcast_shapes and
broadcast_arrays, all views of the input's buffer (no copy). Strides are in bytes, as NumPy's; a
view must stay inside its buffer (NumPy would read whatever memory lies there; a GPU buffer has
nothing past its end)."""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core.view import TensorView
from .._api.coerce import as_array, normalize_axis
from .._api.manipulation_functions import broadcast_arrays, broadcast_shapes, broadcast_to


def _element_strides(strides, itemsize: int) -> tuple:
    steps = []
    for s in strides:
        s = operator.index(s)
        if s % itemsize:
            raise NotImplementedError(f"as_strided: stride {s} is not a multiple of the itemsize {itemsize}; "
                                      f"a GPU buffer addresses whole elements")
        steps.append(s // itemsize)
    return tuple(steps)


def as_strided(x, shape=None, strides=None, subok=False, writeable=True) -> Array:
    """A view of x's buffer with the given shape and byte strides (default: x's own)."""
    a = as_array(x, "as_strided")
    shape = a.shape if shape is None else tuple(operator.index(n) for n in shape)
    steps = a._view.strides if strides is None else _element_strides(strides, a.itemsize)
    if len(steps) != len(shape):
        raise ValueError(f"as_strided: {len(shape)} dimensions in shape but {len(steps)} strides")
    if any(n < 0 for n in shape):
        raise ValueError(f"negative dimensions are not allowed: {shape}")
    view = TensorView(shape, steps, a._view.offset)
    low, high = view.span()
    if view.size and (low < 0 or (high + 1) * a.itemsize > a._storage.nbytes):
        raise ValueError(f"as_strided: a view of shape {shape} and strides {tuple(strides or ())} reaches "
                         f"outside the array's buffer")
    return a._with_view(view, writeable=bool(writeable) and a._writeable)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False) -> Array:
    """Every window of window_shape sliding over x (along axis, or over the last dims), as a view."""
    a = as_array(x, "sliding_window_view")
    window = tuple(window_shape) if np.iterable(window_shape) else (window_shape,)
    window = tuple(operator.index(n) for n in window)
    if any(n < 0 for n in window):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        if len(window) != a.ndim:
            raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions of `x`; got "
                             f"{len(window)} window_shape elements and `x.ndim` is {a.ndim}.")
        axes = tuple(range(a.ndim))
    else:
        axes = tuple(axis) if np.iterable(axis) else (axis,)
        axes = tuple(normalize_axis(d, a.ndim) for d in axes)
        if len(window) != len(axes):
            raise ValueError(f"Must provide matching length window_shape and axis; got {len(window)} "
                             f"window_shape elements and {len(axes)} axes elements.")
    shape = list(a.shape)
    for d, n in zip(axes, window):
        if shape[d] < n:
            raise ValueError("window shape cannot be larger than input array shape")
        shape[d] -= n - 1
    strides = a._view.strides + tuple(a._view.strides[d] for d in axes)
    view = TensorView(tuple(shape) + window, strides, a._view.offset)
    return a._with_view(view, writeable=bool(writeable) and a._writeable)


FUNCTIONS = {f.__name__: f for f in (as_strided, sliding_window_view, broadcast_to, broadcast_shapes,
                                     broadcast_arrays)}
