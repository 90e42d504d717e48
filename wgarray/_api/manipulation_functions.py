"""Manipulation functions: views where the strides allow, else GPU copies into views of a new array.

Nothing here reads array values on the host, except repeat() with an array of repeats, whose
output shape depends on those values.
"""

from __future__ import annotations

import math
import operator

import numpy as np
from numpy.exceptions import AxisError

from .._core import dtypes as dt
from .._array import Array
from .._core.view import TensorView, broadcast_shapes as _broadcast_shapes
from .coerce import as_array, normalize_axes, normalize_axis

__all__ = [
    # array API standard
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip", "moveaxis",
    "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile", "unstack",
    # NumPy names
    "AxisError", "concatenate", "transpose", "swapaxes", "ravel", "atleast_1d", "atleast_2d", "atleast_3d",
    "append", "vstack", "hstack", "dstack", "column_stack", "split", "array_split", "fliplr", "flipud",
]


# -- helpers ------------------------------------------------------------------------------------
def _arrays(arrays, what: str) -> list:
    if isinstance(arrays, Array):
        arrays = list(arrays)  # NumPy treats an array as a sequence of its rows
    arrays = [as_array(a) for a in arrays]
    if not arrays:
        raise ValueError(f"need at least one array to {what}")
    device = arrays[0].device
    for a in arrays[1:]:
        if a.device is not device:
            raise ValueError(f"cannot {what} arrays on different devices ({device} and {a.device})")
    return arrays


def _shape(shape) -> tuple:
    try:
        return (operator.index(shape),)
    except TypeError:
        pass
    try:
        return tuple(operator.index(n) for n in shape)
    except TypeError:
        raise TypeError(f"a shape must be an integer or a tuple of integers, not {shape!r}") from None


def _result_dtype(arrays):
    dtype = arrays[0]._dtype
    for a in arrays[1:]:
        dtype = dt.promote(dtype, a._dtype, a.device)
    return dtype


def _view(x: Array, shape, strides, offset=None, writeable=None) -> Array:
    return x._with_view(TensorView(tuple(shape), tuple(strides), x._view.offset if offset is None else offset),
                        writeable)


# -- broadcasting -------------------------------------------------------------------------------
def broadcast_shapes(*shapes) -> tuple:
    shapes = [_shape(s) for s in shapes]
    for s in shapes:
        if any(n < 0 for n in s):
            raise ValueError(f"negative dimensions are not allowed in a shape: {s}")
    return _broadcast_shapes(*shapes)


def broadcast_to(x, /, shape) -> Array:
    """A read-only view of x with the given shape (repeated elements share memory)."""
    x = as_array(x)
    shape = _shape(shape)
    if any(n < 0 for n in shape):
        raise ValueError(f"all elements of the broadcast shape must be non-negative, got {shape}")
    return x._with_view(x._view.broadcast_to(shape), writeable=False)


def broadcast_arrays(*arrays) -> tuple:
    arrays = [as_array(a) for a in arrays]
    shape = _broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else broadcast_to(a, shape) for a in arrays)


# -- views: axes --------------------------------------------------------------------------------
def permute_dims(x, /, axes) -> Array:
    x = as_array(x)
    axes = tuple(axes)
    if len(axes) != x.ndim:
        raise ValueError(f"axes don't match array: {len(axes)} axes given for an array of {x.ndim} dimensions")
    return x._with_view(x._view.permute(normalize_axes(axes, x.ndim)))


def transpose(x, axes=None) -> Array:
    x = as_array(x)
    return permute_dims(x, tuple(reversed(range(x.ndim))) if axes is None else axes)


def moveaxis(x, /, source, destination) -> Array:
    x = as_array(x)
    source, destination = normalize_axes(source, x.ndim), normalize_axes(destination, x.ndim)
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [n for n in range(x.ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return x._with_view(x._view.permute(order))


def swapaxes(x, axis1, axis2) -> Array:
    x = as_array(x)
    order = list(range(x.ndim))
    a, b = normalize_axis(axis1, x.ndim), normalize_axis(axis2, x.ndim)
    order[a], order[b] = order[b], order[a]
    return x._with_view(x._view.permute(order))


def expand_dims(x, /, axis=0) -> Array:
    x = as_array(x)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    ndim = x.ndim + len(axes)
    new = set(normalize_axes(axes, ndim))
    it = iter(zip(x.shape, x._view.strides))
    dims = [(1, 0) if i in new else next(it) for i in range(ndim)]
    return _view(x, [n for n, _ in dims], [s for _, s in dims])


def squeeze(x, /, axis=None) -> Array:
    x = as_array(x)
    if axis is None:  # NumPy's default: every size-1 axis
        axes = {i for i, n in enumerate(x.shape) if n == 1}
    else:
        axes = set(normalize_axes(axis, x.ndim))
    if any(x.shape[a] != 1 for a in axes):
        raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    keep = [i for i in range(x.ndim) if i not in axes]
    return _view(x, [x.shape[i] for i in keep], [x._view.strides[i] for i in keep])


def flip(x, /, axis=None) -> Array:
    """A view walking the flipped axes backwards (negative strides)."""
    x = as_array(x)
    v = x._view
    strides, offset = list(v.strides), v.offset
    for a in normalize_axes(axis, x.ndim):
        if v.shape[a] > 0:
            offset += (v.shape[a] - 1) * v.strides[a]
            strides[a] = -v.strides[a]
    return _view(x, v.shape, strides, offset)


def fliplr(x) -> Array:
    x = as_array(x)
    if x.ndim < 2:
        raise ValueError("fliplr needs an array of at least 2 dimensions")
    return flip(x, axis=1)


def flipud(x) -> Array:
    x = as_array(x)
    if x.ndim < 1:
        raise ValueError("flipud needs an array of at least 1 dimension")
    return flip(x, axis=0)


def unstack(x, /, *, axis=0) -> tuple:
    x = as_array(x)
    if x.ndim == 0:
        raise ValueError("unstack needs an array of at least 1 dimension")
    axis = normalize_axis(axis, x.ndim)
    lead = (slice(None),) * axis
    return tuple(x[lead + (i,)] for i in range(x.shape[axis]))


# -- reshape ------------------------------------------------------------------------------------
def _shape_text(shape: tuple) -> str:
    """`shape` as NumPy's reshape error prints it: `(4,4)`, `(4,)`, the unknown -1 as `newaxis`."""
    text = ",".join("newaxis" if n == -1 else str(n) for n in shape)
    return f"({text},)" if len(shape) == 1 else f"({text})"


def _infer_shape(size: int, shape: tuple) -> tuple:
    unknown = [i for i, n in enumerate(shape) if n == -1]
    if len(unknown) > 1:
        raise ValueError("can only specify one unknown dimension")
    if any(n < -1 for n in shape):
        raise ValueError(f"negative dimensions not allowed in shape {shape}")
    known = math.prod(n for n in shape if n != -1)
    if unknown:
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {_shape_text(shape)}")
        shape = shape[:unknown[0]] + (size // known,) + shape[unknown[0] + 1:]
    elif known != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {_shape_text(shape)}")
    return shape


def reshape(x, /, shape, *, copy=None) -> Array:
    x = as_array(x)
    shape = _infer_shape(x.size, _shape(shape))
    if copy:
        return x._contiguous()._with_view(TensorView.contiguous(shape))
    view = x._view.reshape(shape)
    if view is not None:
        return x._with_view(view)
    if copy is False:
        raise ValueError(f"cannot reshape an array of shape {x.shape} with strides {x.strides} "
                         f"into shape {shape} without copying, and copy=False was given")
    return x._contiguous()._with_view(TensorView.contiguous(shape))


def ravel(x, order="C") -> Array:
    x = as_array(x)
    if order == "F":
        return reshape(permute_dims(x, tuple(reversed(range(x.ndim)))), (-1,))
    if order != "C":
        raise NotImplementedError(f"ravel with order={order!r} is not implemented; use 'C' or 'F'")
    return reshape(x, (-1,))


# -- joining ------------------------------------------------------------------------------------
def concat(arrays, /, axis=0, *, dtype=None) -> Array:
    """One GPU copy per input, each into its slice of a new array."""
    arrays = _arrays(arrays, "concatenate")
    dtype = _result_dtype(arrays) if dtype is None else dt.as_dtype(dtype, arrays[0].device)
    device = arrays[0].device
    if axis is None:
        out = Array._empty((sum(a.size for a in arrays),), dtype, device)
        start = 0
        for a in arrays:
            # A slice of a contiguous 1-D array reshapes to a view, so no flattening copy is needed.
            out[start:start + a.size].reshape(a.shape)._assign(a)
            start += a.size
        return out
    first = arrays[0]
    if first.ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis(axis, first.ndim)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != first.ndim:
            raise ValueError("all the input arrays must have same number of dimensions, but the array at index 0 "
                             f"has {first.ndim} dimension(s) and the array at index {i} has {a.ndim} dimension(s)")
        for d in range(first.ndim):
            if d != axis and a.shape[d] != first.shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation axis must match "
                                 f"exactly, but along dimension {d}, the array at index 0 has size "
                                 f"{first.shape[d]} and the array at index {i} has size {a.shape[d]}")
    shape = list(first.shape)
    shape[axis] = sum(a.shape[axis] for a in arrays)
    out = Array._empty(shape, dtype, device)
    lead, start = (slice(None),) * axis, 0
    for a in arrays:
        out[lead + (slice(start, start + a.shape[axis]),)]._assign(a)
        start += a.shape[axis]
    return out


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind") -> Array:
    if out is not None:
        raise NotImplementedError("concatenate(out=...) is not implemented")
    return concat(arrays, axis=axis, dtype=dtype)


def append(arr, values, axis=None) -> Array:
    arr, values = as_array(arr), as_array(values)
    if axis is None:
        return concat([arr, values], axis=None)
    return concat([arr, values], axis=axis)


def stack(arrays, /, *, axis=0) -> Array:
    arrays = _arrays(arrays, "stack")
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        raise ValueError("all input arrays must have the same shape")
    axis = normalize_axis(axis, len(shape) + 1)
    out = Array._empty(shape[:axis] + (len(arrays),) + shape[axis:], _result_dtype(arrays), arrays[0].device)
    lead = (slice(None),) * axis
    for i, a in enumerate(arrays):
        out[lead + (i, Ellipsis)]._assign(a)  # a view even when 0-d
    return out


def atleast_1d(*arrays):
    out = [reshape(a, (1,)) if a.ndim == 0 else a for a in map(as_array, arrays)]
    return out[0] if len(out) == 1 else tuple(out)


def atleast_2d(*arrays):
    out = [a if a.ndim >= 2 else reshape(a, (1,) * (2 - a.ndim) + a.shape) for a in map(as_array, arrays)]
    return out[0] if len(out) == 1 else tuple(out)


def atleast_3d(*arrays):
    def up(a):
        if a.ndim == 0:
            return reshape(a, (1, 1, 1))
        if a.ndim == 1:
            return expand_dims(a, axis=(0, 2))
        return expand_dims(a, axis=2) if a.ndim == 2 else a
    out = [up(a) for a in map(as_array, arrays)]
    return out[0] if len(out) == 1 else tuple(out)


def vstack(tup, *, dtype=None) -> Array:
    return concat([atleast_2d(a) for a in _arrays(tup, "stack")], axis=0, dtype=dtype)


def hstack(tup, *, dtype=None) -> Array:
    arrays = [atleast_1d(a) for a in _arrays(tup, "stack")]
    return concat(arrays, axis=0 if arrays[0].ndim == 1 else 1, dtype=dtype)


def dstack(tup) -> Array:
    return concat([atleast_3d(a) for a in _arrays(tup, "stack")], axis=2)


def column_stack(tup) -> Array:
    return concat([reshape(a, (a.size, 1)) if a.ndim < 2 else a for a in _arrays(tup, "stack")], axis=1)


# -- splitting (views) ----------------------------------------------------------------------------
def array_split(x, indices_or_sections, axis=0) -> list:
    x = as_array(x)
    axis = normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    if isinstance(indices_or_sections, (int, np.integer)):
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0")
        each, extra = divmod(n, sections)
        bounds = [0]
        for i in range(sections):
            bounds.append(bounds[-1] + each + (i < extra))
    else:
        bounds = [0, *(operator.index(i) for i in indices_or_sections), n]
    lead = (slice(None),) * axis
    return [x[lead + (slice(a, b),)] for a, b in zip(bounds[:-1], bounds[1:])]


def split(x, indices_or_sections, axis=0) -> list:
    x = as_array(x)
    if isinstance(indices_or_sections, (int, np.integer)):
        n = x.shape[normalize_axis(axis, x.ndim)]
        if indices_or_sections <= 0 or n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
    return array_split(x, indices_or_sections, axis)


# -- copies ---------------------------------------------------------------------------------------
def tile(x, repetitions, /) -> Array:
    """One GPU copy: x as (1, s0, 1, s1, ...) broadcast into the output seen as (r0, s0, r1, s1, ...)."""
    x = as_array(x)
    reps = _shape(repetitions)
    if any(r < 0 for r in reps):
        raise ValueError(f"repetitions must be non-negative, got {reps}")
    ndim = max(x.ndim, len(reps))
    reps = (1,) * (ndim - len(reps)) + reps
    shape = (1,) * (ndim - x.ndim) + x.shape
    strides = (0,) * (ndim - x.ndim) + x._view.strides
    pairs = [n for r, s in zip(reps, shape) for n in (r, s)]
    src = _view(x, pairs, [n for s in strides for n in (0, s)], writeable=False)
    out = Array._empty(pairs, x._dtype, x.device)
    out._assign(src)
    return out._with_view(TensorView.contiguous(tuple(r * s for r, s in zip(reps, shape))))


def _repeat_counts(repeats, n: int):
    """repeats as an int, or as a host list of n counts (arrays are read back: data-dependent shape)."""
    if isinstance(repeats, (int, np.integer)) and not isinstance(repeats, bool):
        counts = int(repeats)
        if counts < 0:
            raise ValueError("repeats may not contain negative values.")
        return counts
    if isinstance(repeats, Array):
        if dt.kind(repeats._dtype) not in ("int", "uint"):
            raise TypeError(f"repeats must have an integer data type, not {repeats._dtype}")
        host = repeats._to_numpy()
    else:
        host = np.asarray(repeats)
        if host.size == 0 and host.dtype.kind == "f":  # [] parses as float64
            host = host.astype(np.int64)
        if host.dtype.kind not in "iu":
            raise TypeError(f"repeats must be integers, not {host.dtype}")
    if host.ndim > 1:
        raise ValueError(f"repeats must be 0-d or 1-d, not of shape {host.shape}")
    if host.size == 1:
        return _repeat_counts(int(host.reshape(())), n)
    if host.shape != (n,):
        raise ValueError(f"operands could not be broadcast together with shape ({n},) (repeats {host.shape})")
    if (host < 0).any():
        raise ValueError("repeats may not contain negative values.")
    return [int(c) for c in host]


def repeat(x, repeats, /, axis=None) -> Array:
    x = as_array(x)
    if axis is None:
        x, axis = reshape(x, (-1,)), 0
    axis = normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    counts = _repeat_counts(repeats, n)
    # Runs of equal counts: each is one GPU copy of x[a:b] broadcast to (b - a, count) along axis.
    runs = [(0, n, counts)] if isinstance(counts, int) else []
    if not runs:
        for i, c in enumerate(counts):
            if runs and runs[-1][2] == c:
                runs[-1] = (runs[-1][0], i + 1, c)
            else:
                runs.append((i, i + 1, c))
    shape = list(x.shape)
    shape[axis] = sum((b - a) * c for a, b, c in runs)
    out = Array._empty(shape, x._dtype, x.device)
    lead, start = (slice(None),) * axis, 0
    for a, b, c in runs:
        if c == 0 or a == b:
            continue
        src = expand_dims(x[lead + (slice(a, b),)], axis=axis + 1)
        dst = out[lead + (slice(start, start + (b - a) * c),)]
        split_shape = dst.shape[:axis] + (b - a, c) + dst.shape[axis + 1:]
        dst = dst._with_view(dst._view.reshape(split_shape))
        dst._assign(broadcast_to(src, split_shape))
        start += (b - a) * c
    return out


def roll(x, /, shift, *, axis=None) -> Array:
    """Per rolled axis the output is two pieces; each combination of pieces is one GPU copy."""
    x = as_array(x)
    if axis is None:
        return reshape(roll(reshape(x, (-1,)), shift, axis=0), x.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError(f"shift and axis must have the same length, got {len(shifts)} and {len(axes)}")
    total = [0] * x.ndim
    for s, a in zip(shifts, axes):
        total[normalize_axis(a, x.ndim)] += operator.index(s)
    out = Array._empty(x.shape, x._dtype, x.device)
    pieces = [[]]  # each entry: (source slices, destination slices) per axis
    for n, s in zip(x.shape, total):
        s = s % n if n else 0
        options = [(slice(None), slice(None))] if s == 0 else [(slice(0, n - s), slice(s, n)),
                                                               (slice(n - s, n), slice(0, s))]
        pieces = [p + [o] for p in pieces for o in options]
    for p in pieces:
        out[tuple(d for _, d in p)]._assign(x[tuple(s for s, _ in p)])
    return out
