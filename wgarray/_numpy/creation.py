"""NumPy's creation functions, with NumPy's signatures (a superset of the standard's).

They delegate to the array API versions (wgarray/_api/creation_functions.py) and add
NumPy's keywords: order, ndmin, copy, like. Every value is written on the GPU; NumPy only
parses given host data before its upload.

Memory order: an Array's TensorView takes any strides, so order='F' gives a real
Fortran-ordered array (a buffer holding the transposed C layout, viewed through the
permutation). 'A' and 'K' follow NumPy: 'A' is F when the source is F-contiguous and not
C-contiguous; 'K' keeps the source's order of strides.
"""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView
from .._api import creation_functions as api
from .._api.creation_functions import creates
from .._api.coerce import as_array, device_arg, dtype_arg, fill, fill_scalar
from .._api.elementwise_functions import FUNCTIONS
from .._api.manipulation_functions import reshape, stack

__all__ = ["array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
           "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like",
           "eye", "identity", "diag", "diagflat", "tri", "tril", "triu", "vander",
           "indices", "fromfunction", "fromiter", "frombuffer"]

_multiply = FUNCTIONS["multiply"]


# -- memory order ---------------------------------------------------------------------------
def _order(order, allowed="CFAK", default="K") -> str:
    if order is None:
        return default
    if not isinstance(order, str) or order.upper() not in "CFAK" or len(order) != 1:
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    order = order.upper()
    if order not in allowed:
        raise ValueError(f"only {' or '.join(repr(o) for o in allowed)} order is permitted, not {order!r}")
    return order


def _is_c(strides, shape) -> bool:
    return TensorView(tuple(shape), tuple(strides)).is_contiguous


def _is_f(strides, shape) -> bool:
    return _is_c(strides[::-1], shape[::-1])


def _axes_order(order: str, shape, strides=None) -> tuple:
    """The axes from slowest to fastest in memory for a new array of shape under order, where
    strides (in elements) describe the source for 'A' and 'K' (None: no source, C order)."""
    c_order, f_order = tuple(range(len(shape))), tuple(reversed(range(len(shape))))
    if order == "F":
        return f_order
    if order == "C" or strides is None or _is_c(strides, shape):
        return c_order
    if _is_f(strides, shape):
        return f_order
    if order == "A":
        return c_order
    # 'K': NumPy's PyArray_CreateSortedStridePerm: by |stride| descending, ties in C order
    return tuple(sorted(c_order, key=lambda a: -abs(strides[a])))


def _element_strides(host: np.ndarray) -> tuple:
    return tuple(s // host.itemsize for s in host.strides)


def _inverse(axes) -> tuple:
    return tuple(sorted(range(len(axes)), key=lambda a: axes[a]))


def _transposed(x: Array, axes) -> Array:
    return x if axes == tuple(range(x.ndim)) else x._with_view(x._view.permute(axes))


def _laid_out(make, shape, axes) -> Array:
    """make(shape in memory order) -> a fresh contiguous array, viewed back as shape."""
    base = make(tuple(shape[a] for a in axes))
    return _transposed(base, _inverse(axes))


def _copy_in_order(x: Array, dtype, axes) -> Array:
    """A fresh copy of x (cast to dtype) whose memory walks its axes in the given order."""
    return _transposed(_transposed(x, axes)._cast(dtype), _inverse(axes))


def _satisfies(x: Array, order: str) -> bool:
    strides = x._view.strides
    return order in "AK" or (_is_c if order == "C" else _is_f)(strides, x.shape)


# -- array, asarray and friends -------------------------------------------------------------------
def _holds_arrays(obj) -> bool:
    return isinstance(obj, (list, tuple)) and any(isinstance(o, Array) or _holds_arrays(o) for o in obj)


def _stack_on_gpu(obj, dtype, device) -> Array:
    """A (nested) sequence holding wgarray Arrays, stacked on the GPU (no trip through the host)."""
    parts = [_stack_on_gpu(o, None, device) if _holds_arrays(o) else
             (o if isinstance(o, Array) else api.asarray(o, device=device)) for o in obj]
    if any(p.shape != parts[0].shape for p in parts):
        raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                         f"shape: its parts have shapes {[p.shape for p in parts]}")
    if dtype is None:
        dtype = parts[0]._dtype
        for p in parts[1:]:
            dtype = dt.promote(dtype, p._dtype, device)
    return stack([p if p._dtype == dtype else p._cast(dtype) for p in parts])


def _convert(obj, dtype, copy, order, ndmin, device) -> Array:
    if copy not in (True, False, None):
        raise ValueError(f"copy must be True, False or None, not {copy!r}")
    order = _order(order)
    if isinstance(obj, Array):
        dev = device_arg(device, obj.device)
        dtype = dtype_arg(dtype, dev) or obj._dtype
        if dev is not obj.device:
            obj = obj.to_device(dev)
        if copy is True or dtype != obj._dtype or not _satisfies(obj, order):
            if copy is False:
                raise ValueError("Unable to avoid copy while creating an array as requested: "
                                 "the dtype or memory order differs (copy=False)")
            obj = _copy_in_order(obj, dtype, _axes_order(order, obj.shape, obj._view.strides))
        x = obj
    else:
        dev = device_arg(device)
        dtype = dtype_arg(dtype, dev)
        if copy is False:
            raise ValueError(f"Unable to avoid copy while creating an array as requested: a "
                             f"{type(obj).__name__} must be copied to the GPU (copy=False)")
        if _holds_arrays(obj):
            x = _stack_on_gpu(obj, dtype, dev)
        elif isinstance(obj, np.ndarray) and obj.ndim > 1:
            # NumPy lays the upload out in the requested order; the view undoes the permutation.
            axes = _axes_order(order, obj.shape, _element_strides(obj))
            x = _transposed(api.asarray(np.transpose(obj, axes), dtype=dtype, device=dev), _inverse(axes))
        else:
            x = api.asarray(obj, dtype=dtype, device=dev)
        if order == "F" and not _is_f(x._view.strides, x.shape):
            x = _copy_in_order(x, x._dtype, _axes_order("F", x.shape))
    ndmin = operator.index(ndmin)
    if x.ndim < ndmin:
        extra = ndmin - x.ndim
        view = x._view
        x = x._with_view(TensorView((1,) * extra + view.shape, (0,) * extra + view.strides, view.offset))
    return x


@creates
def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None, device=None) -> Array:
    """A new array from object (copy=None copies only when needed; copy=False never copies)."""
    return _convert(object, dtype, copy, order, ndmin, device)


@creates
def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None) -> Array:
    """a as an Array, copying only when needed (the standard's asarray, with NumPy's order)."""
    return _convert(a, dtype, copy, order, 0, device)


asanyarray = asarray  # wgarray has one array class


@creates
def ascontiguousarray(a, dtype=None, *, like=None) -> Array:
    """A C-contiguous array of at least one dimension, copied only when needed."""
    return _convert(a, dtype, None, "C", 1, None)


@creates
def asfortranarray(a, dtype=None, *, like=None) -> Array:
    """A Fortran-contiguous array of at least one dimension, copied only when needed."""
    return _convert(a, dtype, None, "F", 1, None)


@creates
def copy(a, order="K", subok=False) -> Array:
    return _convert(a, None, True, order, 0, None)


# -- filled arrays ----------------------------------------------------------------------------------
def _shape(shape) -> tuple:
    return api._shape(shape)


_UNINITIALISED = object()  # the fill value of empty()


def _filled(shape, fill_value, dtype, axes, device) -> Array:
    """A new array of shape with memory order axes, filled with fill_value on the GPU."""
    dev = device_arg(device)
    if fill_value is _UNINITIALISED:
        dtype = dtype_arg(dtype, dev) or dt.default_float(dev)
        return _laid_out(lambda s: Array._empty(s, dtype, dev), shape, axes)
    if isinstance(fill_value, (bool, int, float, complex, np.generic)) or (
            isinstance(fill_value, Array) and fill_value.ndim == 0):
        return _laid_out(lambda s: api.full(s, fill_value, dtype=dtype, device=dev), shape, axes)
    # NumPy broadcasts an array-like fill value (copyto)
    value = as_array(fill_value, "full", dev)
    out = _laid_out(lambda s: Array._empty(s, dtype_arg(dtype, dev) or value._dtype, dev), shape, axes)
    try:
        out._assign(value if value._dtype == out._dtype else value._cast(out._dtype))
    except ValueError:
        raise ValueError(f"could not broadcast the fill value of shape {value.shape} into shape {shape}") from None
    return out


def _c_or_f(order, shape) -> tuple:
    return _axes_order(_order(order, "CF", "C"), shape)


@creates
def empty(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    shape = _shape(shape)
    return _filled(shape, _UNINITIALISED, dtype, _c_or_f(order, shape), device)


@creates
def zeros(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    shape = _shape(shape)
    return _filled(shape, 0, dtype or dt.default_float(device_arg(device)), _c_or_f(order, shape), device)


@creates
def ones(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    shape = _shape(shape)
    return _filled(shape, 1, dtype or dt.default_float(device_arg(device)), _c_or_f(order, shape), device)


@creates
def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None) -> Array:
    shape = _shape(shape)
    return _filled(shape, fill_value, dtype, _c_or_f(order, shape), device)


def _like(prototype, dtype, order, shape, device):
    """(shape, dtype, memory order, device) of a new array like prototype."""
    if isinstance(prototype, np.ndarray):  # only its metadata is needed: no upload
        proto_shape, proto_dtype = prototype.shape, dt.as_dtype(prototype.dtype)
        strides = _element_strides(prototype)
        dev = device_arg(device)
    else:
        x = as_array(prototype, "a *_like function")
        proto_shape, proto_dtype, strides, dev = x.shape, x._dtype, x._view.strides, device_arg(device, x.device)
    order = _order(order)
    new_shape = proto_shape if shape is None else _shape(shape)
    axes = _axes_order(order, proto_shape, strides)  # as the prototype's memory order
    if len(new_shape) != len(proto_shape):  # NumPy: 'K' becomes 'C', 'A' is F for an F prototype
        f_like = order == "F" or (order == "A" and axes != tuple(range(len(axes))))
        axes = _axes_order("F" if f_like else "C", new_shape)
    return new_shape, dtype_arg(dtype, dev) or proto_dtype, axes, dev


@creates
def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *, device=None) -> Array:
    shape, dtype, axes, dev = _like(prototype, dtype, order, shape, device)
    return _filled(shape, _UNINITIALISED, dtype, axes, dev)


@creates
def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None) -> Array:
    shape, dtype, axes, dev = _like(a, dtype, order, shape, device)
    return _filled(shape, 0, dtype, axes, dev)


@creates
def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None) -> Array:
    shape, dtype, axes, dev = _like(a, dtype, order, shape, device)
    return _filled(shape, 1, dtype, axes, dev)


@creates
def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None) -> Array:
    shape, dtype, axes, dev = _like(a, dtype, order, shape, device)
    return _filled(shape, fill_value, dtype, axes, dev)


# -- matrices -------------------------------------------------------------------------------------------
def eye(N, M=None, k=0, dtype=None, order="C", *, device=None, like=None) -> Array:
    """Ones on the k-th diagonal. order='F' is the transpose of the C-ordered eye(M, N, -k)."""
    if _order(order, "CF", "C") == "F":
        M = N if M is None else M
        return api.diagonal_band(M, N, -operator.index(k), dtype, device, "==").T
    return api.diagonal_band(N, M, k, dtype, device, "==")


def identity(n, dtype=None, *, like=None, device=None) -> Array:
    return eye(n, dtype=dtype, device=device)


def tri(N, M=None, k=0, dtype=None, *, like=None, device=None) -> Array:
    """Ones at and below the k-th diagonal (j - i <= k), zeros above."""
    return api.diagonal_band(N, M, k, dtype, device, "<=")


def _triangle_input(m, name) -> Array:
    m = as_array(m, name)
    if m.ndim == 0:
        raise TypeError(f"{name} needs an array of at least one dimension")
    if m.ndim == 1:  # NumPy: the row is repeated into a square matrix
        m = m._with_view(m._view.broadcast_to((m.shape[0], m.shape[0])), writeable=False)
    return m


def tril(m, k=0) -> Array:
    """The lower triangle (j - i <= k) of the last two dims; a 1-D input is repeated into rows."""
    return api.tril(_triangle_input(m, "tril"), k=k)


def triu(m, k=0) -> Array:
    """The upper triangle (j - i >= k) of the last two dims; a 1-D input is repeated into rows."""
    return api.triu(_triangle_input(m, "triu"), k=k)


def _diagonal_view(x: Array, k: int) -> TensorView:
    rows, cols = x.shape
    s0, s1 = x._view.strides
    length = max(0, min(rows, cols - k) if k >= 0 else min(rows + k, cols))
    start = k * s1 if k >= 0 else -k * s0
    return TensorView((length,), (s0 + s1,), x._view.offset + (start if length else 0))


def diag(v, k=0) -> Array:
    """A 1-D v: a new square matrix with v on the k-th diagonal. A 2-D v: its k-th diagonal
    (a read-only view, as NumPy)."""
    v = as_array(v, "diag")
    k = operator.index(k)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = fill((n, n), fill_scalar(0, v._dtype), v._dtype, v.device)
        out._with_view(_diagonal_view(out, k))._assign(v)
        return out
    if v.ndim == 2:
        return v._with_view(_diagonal_view(v, k), writeable=False)
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0) -> Array:
    """A new matrix with the flattened v on the k-th diagonal."""
    return diag(reshape(as_array(v, "diagflat"), (-1,)), k)


def vander(x, N=None, increasing=False) -> Array:
    """Columns of powers of x, each the previous column times x (NumPy's multiply.accumulate
    order, so the values are NumPy's bit for bit)."""
    x = as_array(x, "vander")
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    columns = x.shape[0] if N is None else operator.index(N)
    dtype = dt.promote(x._dtype, dt.default_int(x.device), x.device)
    out = Array._empty((x.shape[0], columns), dtype, x.device)
    x = x if x._dtype == dtype else x._cast(dtype)
    power = fill(x.shape, fill_scalar(1, dtype), dtype, x.device)
    for p in range(columns):
        out[:, p if increasing else columns - 1 - p]._assign(power)
        if p + 1 < columns:
            power = x if p == 0 else _multiply(power, x)  # x itself, not 1 * x (which loses -0.0)
    return out


def indices(dimensions, dtype=int, sparse=False, *, device=None):
    """The index grid of shape dimensions: one array ``(N, *dimensions)``, or with sparse=True a
    tuple of N arrays that broadcast against each other."""
    dimensions = tuple(operator.index(n) for n in dimensions)
    unit = (1,) * len(dimensions)
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev)
    counting = dt.real_dtype(dtype)  # arange has no complex dtypes; the cast is exact
    ranges = [reshape(api.arange(n, dtype=counting, device=dev), unit[:i] + (n,) + unit[i + 1:])
              for i, n in enumerate(dimensions)]
    if sparse:
        return tuple(r if counting == dtype else r._cast(dtype) for r in ranges)
    out = Array._empty((len(dimensions),) + dimensions, dtype, dev)
    for i, r in enumerate(ranges):
        out[i, ...]._assign(r)  # a view even when 0-d
    return out


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """function called with the index grids of shape (computed on the GPU) as arguments."""
    return function(*indices(shape, dtype=dtype), **kwargs)


# -- host data ---------------------------------------------------------------------------------------------
def fromiter(iter, dtype, count=-1, *, like=None) -> Array:
    """An array from the values of a Python iterable (read on the host, then uploaded)."""
    return api.asarray(np.fromiter(iter, dtype=dt.as_dtype(dtype), count=count))


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None) -> Array:
    """An array from the bytes of an object with the buffer protocol (uploaded to the GPU)."""
    return api.asarray(np.frombuffer(buffer, dtype=dt.as_dtype(dtype), count=count, offset=offset))
