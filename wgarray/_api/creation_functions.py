"""Creation functions (array API standard 2025.12, with NumPy's extras).

Every value is computed on the GPU: fills, ranges, eye and triangles are map kernels.
NumPy only parses host inputs (lists, buffers, DLPack) before they are uploaded.
"""

from __future__ import annotations

import functools

import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.operands import ScalarOperand
from .._core.view import TensorView
from .._engines.map import MapOp, launch_map
from .coerce import as_array, device_arg, dtype_arg, fill, fill_scalar, scalar_dtype, to_array, upload

__all__ = ["arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like", "linspace",
           "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like"]


# -- helpers -------------------------------------------------------------------------------
def creates(function):
    """Marks a creation function: its 0-d results are arrays that in-place operators write into,
    as NumPy's 0-d ndarrays, unlike 0-d results of computations (see Array._explicit)."""
    @functools.wraps(function)
    def create(*args, **kwargs):
        result = function(*args, **kwargs)
        if isinstance(result, Array) and result._view.ndim == 0 and all(result is not a for a in args):
            result._explicit = True
        return result

    return create


def _shape(shape) -> tuple:
    if isinstance(shape, (tuple, list)):
        dims = shape
    else:
        dims = (shape,)
    try:
        return tuple(operator.index(n) for n in dims)
    except TypeError:
        raise TypeError(f"shape must be an integer or a tuple of integers, not {shape!r}") from None


def _register_zero(dtype) -> str:
    return f"{dt.layout(dtype).register}()"


# -- asarray ------------------------------------------------------------------------------
@creates
def asarray(obj, /, *, dtype=None, device=None, copy=None) -> Array:
    """Convert obj to an Array. copy=True always copies, copy=False never does (ValueError if needed)."""
    if copy not in (None, True, False):
        raise ValueError(f"copy must be None, True or False, not {copy!r}")
    if isinstance(obj, Array):
        dev = device_arg(device, obj.device)
        dtype = dtype_arg(dtype, dev)
        needs_copy = (dtype is not None and dtype != obj._dtype) or dev is not obj.device
        if needs_copy and copy is False:
            raise ValueError("asarray(copy=False) cannot convert without a copy (the dtype or device differs)")
        x = obj if dev is obj.device else obj.to_device(dev)
        if dtype is not None and dtype != x._dtype:
            return x._cast(dtype)
        return x._contiguous() if copy and x is obj else x
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev)
    if copy is False:
        raise ValueError(f"asarray(copy=False) cannot wrap a {type(obj).__name__} without copying it to the GPU")
    return to_array(obj, dtype, dev)


def from_dlpack(x, /, *, device=None, copy=None) -> Array:
    """Create an array from an object that exports DLPack (a NumPy array, a PyTorch tensor, ...).

    Parameters
    ----------
    x : object
        An object with ``__dlpack__`` and ``__dlpack_device__`` whose memory NumPy can read
        (host memory; a GPU tensor of another library must first go to the CPU), or a wgarray
        Array.
    device : Device, optional
        The device to create the array on (default: the default device).
    copy : bool, optional
        None (the default) and True copy to the GPU; False raises ``BufferError``, since wgarray
        cannot share host memory. For a wgarray Array, as in :func:`wgarray.asarray`.

    Returns
    -------
    Array
        A new array on ``device`` with ``x``'s shape and dtype.

    Raises
    ------
    BufferError
        If ``copy`` is False, or NumPy cannot import ``x`` (memory off the host, a dtype
        DLPack cannot give NumPy such as bfloat16).
    TypeError
        If ``x`` has no ``__dlpack__``, or its dtype is not a wgarray dtype.

    See Also
    --------
    wgarray.asarray, Array.__dlpack__

    Notes
    -----
    Dtypes: every wgarray dtype (float16 included); a 64-bit dtype needs an adapter that has it.

    GPU: no kernel runs: NumPy imports ``x`` zero-copy on the host (``numpy.from_dlpack``),
    then its bytes are uploaded into a new buffer. Export (``Array.__dlpack__``) goes the other
    way, through a download to host memory.

    Examples
    --------
    >>> wg.from_dlpack(np.arange(3.0))
    array([0., 1., 2.])
    """
    if isinstance(x, Array):
        return asarray(x, device=device, copy=copy)
    dev = device_arg(device)
    if copy is False:
        raise BufferError("from_dlpack(copy=False): wgarray cannot share host memory; the import copies to the GPU")
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack expects an object with __dlpack__, not {type(x).__name__}")
    host = np.from_dlpack(x)
    dt.as_dtype(host.dtype)
    return upload(host, dev)


# -- filled arrays ----------------------------------------------------------------------------
@creates
def empty(shape, *, dtype=None, device=None) -> Array:
    dev = device_arg(device)
    return Array._empty(_shape(shape), dtype_arg(dtype, dev) or dt.default_float(dev), dev)


@creates
def zeros(shape, *, dtype=None, device=None) -> Array:
    return full(shape, 0, dtype=dtype or dt.default_float(device_arg(device)), device=device)


@creates
def ones(shape, *, dtype=None, device=None) -> Array:
    return full(shape, 1, dtype=dtype or dt.default_float(device_arg(device)), device=device)


@creates
def full(shape, fill_value, *, dtype=None, device=None) -> Array:
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev)
    shape = _shape(shape)
    if isinstance(fill_value, Array):
        if fill_value.ndim != 0:
            raise ValueError(f"fill_value must be a scalar or a 0-d array, not an array of shape {fill_value.shape}")
        out = Array._empty(shape, dtype or fill_value._dtype, dev)
        out._assign(fill_value)
        return out
    if dtype is None:
        if isinstance(fill_value, np.generic):
            dtype = dt.as_dtype(fill_value.dtype)
        elif isinstance(fill_value, (bool, int, float, complex)):
            dtype = scalar_dtype(fill_value, dev)
        else:
            raise TypeError(f"fill value must be a Python or NumPy scalar, not {type(fill_value).__name__}")
    return fill(shape, fill_scalar(fill_value, dtype), dtype, dev)


def _like(x, dtype, device):
    x = as_array(x, "a *_like function")
    dev = device_arg(device, x.device)
    return x.shape, dtype_arg(dtype, dev) or x._dtype, dev


@creates
def empty_like(x, /, *, dtype=None, device=None) -> Array:
    shape, dtype, dev = _like(x, dtype, device)
    return Array._empty(shape, dtype, dev)


@creates
def zeros_like(x, /, *, dtype=None, device=None) -> Array:
    shape, dtype, dev = _like(x, dtype, device)
    return fill(shape, fill_scalar(0, dtype), dtype, dev)


@creates
def ones_like(x, /, *, dtype=None, device=None) -> Array:
    shape, dtype, dev = _like(x, dtype, device)
    return fill(shape, fill_scalar(1, dtype), dtype, dev)


@creates
def full_like(x, /, fill_value, *, dtype=None, device=None) -> Array:
    shape, dtype, dev = _like(x, dtype, device)
    return full(shape, fill_value, dtype=dtype, device=dev)


# -- ranges -----------------------------------------------------------------------------------
def _real_scalar(value, name):
    if isinstance(value, Array):
        value = value.item() if value.ndim == 0 else value
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, complex):
        raise TypeError(f"arange does not support complex {name} {value!r}")
    raise TypeError(f"arange: {name} must be a real scalar, not {type(value).__name__}")


def arange(start, /, stop=None, step=1, *, dtype=None, device=None) -> Array:
    """Evenly spaced values in [start, stop), with NumPy's length rule ceil((stop - start) / step)."""
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev)
    if stop is None:
        start, stop = 0, start
    start, stop, step = (_real_scalar(v, n) for v, n in ((start, "start"), (stop, "stop"), (step, "step")))
    if step == 0:
        raise ZeroDivisionError("arange: step must not be zero")
    if dtype is None:
        all_int = not any(isinstance(v, float) for v in (start, stop, step))
        dtype = dt.default_int(dev) if all_int else dt.default_float(dev)
    try:
        length = max(math.ceil((stop - start) / step), 0)
    except (OverflowError, ValueError):
        raise ValueError(f"arange: cannot compute the length of arange({start}, {stop}, {step})") from None
    kind = dt.kind(dtype)
    if kind == "complex":
        raise TypeError("arange does not support complex dtypes")
    if kind == "bool" and length > 2:
        raise TypeError(f"arange of {length} elements does not fit the bool dtype")
    out = Array._empty((length,), dtype, dev)
    if length == 0:
        return out
    if kind in ("float",):
        # As NumPy: out[0] = start, out[1] = start + step, then start + i * (out[1] - out[0]) in dtype.
        first, second = np.array([start, start + step], dtype=dtype)
        delta = second - first
        # a3 is a 1 the compiler cannot see: no driver fuses the product into the sum (NVIDIA's did)
        op = MapOp("arange_f", f"select(a0 + ({dt.layout(dtype).register}(i) * a1) * a3, a2, i == 1u)",
                   (dtype,) * 4, dtype)
        operands = [ScalarOperand(float(first), dtype), ScalarOperand(float(delta), dtype),
                    ScalarOperand(float(second), dtype), ScalarOperand(1.0, dtype)]
    else:
        # Integer dtypes: start + i * step with wrap-around arithmetic in 64 (or 32) bits.
        first, second = int(start), int(start + step)
        delta = second - first
        unsigned = kind == "uint" or first >= 2**63 or first + (length - 1) * delta >= 2**63
        wide = 64 if dev.has_i64 else 32
        compute = np.dtype(f"{'u' if unsigned else ''}int{wide}")
        mod = 2**wide
        if unsigned:
            first, delta = first % mod, delta % mod
        reg = dt.layout(compute).register
        op = MapOp("arange_i", f"a0 + {reg}(i) * a1", (compute,) * 2, compute)
        operands = [ScalarOperand(first, compute), ScalarOperand(delta, compute)]
    launch_map(dev, op, out._storage, out._view, dtype, operands, fresh=True)
    return out


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True) -> Array:
    """num evenly spaced values from start to stop, computed as NumPy does: start + i * step."""
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev)
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"linspace: number of samples {num} must be non-negative")
    values = []
    for v in (start, stop):
        if isinstance(v, Array):
            v = v.item()
        if isinstance(v, np.generic):
            v = v.item()
        if not isinstance(v, (bool, int, float, complex)):
            raise TypeError(f"linspace: start and stop must be scalars, not {type(v).__name__}")
        values.append(v)
    is_complex = any(isinstance(v, complex) for v in values) or (dtype is not None and dt.kind(dtype) == "complex")
    compute = dt.default_complex(dev) if is_complex else dt.default_float(dev)
    if dtype is None:
        dtype = compute
    start, stop = (complex(v) if is_complex else float(v) for v in values)
    out = Array._empty((num,), dtype, dev)
    if num == 0:
        return out
    div = num - 1 if endpoint else num
    delta = stop - start
    real = dt.real_dtype(compute)
    ireal = f"{dt.layout(real).register}(i)"
    # NumPy rounds the product and then the sum: the product is multiplied by a5, a 1 the compiler
    # cannot see, so that no driver fuses it into the add (NVIDIA's does, for float64).
    if div > 0 and (delta / div) == 0:
        expr = f"(({ireal} / a2) * a1) * a5 + a0"  # denormal steps (NumPy gh-5437)
        step = delta
    else:
        expr = f"({ireal} * a1) * a5 + a0"
        step = delta / div if div > 0 else delta
    value = f"select({expr}, a3, i == a4)"
    if dt.kind(dtype) in ("int", "uint"):
        value = f"floor({value})"
    op = MapOp("linspace", value, (compute, compute, real, compute, dt.uint32, real), compute)
    operands = [ScalarOperand(start, compute), ScalarOperand(step, compute), ScalarOperand(float(max(div, 1)), real),
                ScalarOperand(stop, compute), ScalarOperand(num - 1 if endpoint and num > 1 else 2**32 - 1, dt.uint32),
                ScalarOperand(1.0, real)]
    launch_map(dev, op, out._storage, out._view, dtype, operands, fresh=True)
    return out


# -- matrices -----------------------------------------------------------------------------------
def _clamp_k(k, rows, cols) -> int:
    k = operator.index(k)
    return max(-rows - 1, min(k, cols + 1))


def diagonal_band(n_rows, n_cols, k, dtype, device, relation: str) -> Array:
    """A new (n_rows, n_cols) array: 1 where `j - i <relation> k` holds ('==': eye, '<=': tri), else 0."""
    dev = device_arg(device)
    dtype = dtype_arg(dtype, dev) or dt.default_float(dev)
    n_rows = operator.index(n_rows)
    n_cols = n_rows if n_cols is None else operator.index(n_cols)
    out = Array._empty((n_rows, n_cols), dtype, dev)
    op = MapOp(f"band{relation}", f"i32(c1) - i32(c0) {relation} a0", (dt.int32,), dt.bool_, coords=True)
    launch_map(dev, op, out._storage, out._view, dtype, [ScalarOperand(_clamp_k(k, n_rows, n_cols), dt.int32)],
               fresh=True)
    return out


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None) -> Array:
    return diagonal_band(n_rows, n_cols, k, dtype, device, "==")


def _triangle(x, k, lower: bool) -> Array:
    name = "tril" if lower else "triu"
    x = as_array(x, name)
    if x.ndim < 2:
        raise ValueError(f"{name} needs an array of at least 2 dimensions, not {x.ndim}")
    n = x.ndim
    keep = f"i32(c{n - 1}) - i32(c{n - 2}) {'<=' if lower else '>='} a1"
    op = MapOp(name, f"select({_register_zero(x._dtype)}, a0, {keep})", (x._dtype, dt.int32), x._dtype, coords=True)
    out = Array._empty(x.shape, x._dtype, x.device)
    k = _clamp_k(k, x.shape[-2], x.shape[-1])
    launch_map(x.device, op, out._storage, out._view, x._dtype, [x._operand(), ScalarOperand(k, dt.int32)], fresh=True)
    return out


def tril(x, /, *, k=0) -> Array:
    """The lower triangle (j - i <= k) of the last two dims; zeros elsewhere."""
    return _triangle(x, k, True)


def triu(x, /, *, k=0) -> Array:
    """The upper triangle (j - i >= k) of the last two dims; zeros elsewhere."""
    return _triangle(x, k, False)


def meshgrid(*arrays, indexing="xy") -> tuple:
    """Coordinate matrices from 1-D arrays, as new contiguous arrays (a tuple, per 2025.12)."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"indexing must be 'xy' or 'ij', not {indexing!r}")
    arrays = [as_array(a, "meshgrid") for a in arrays]
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"meshgrid expects 1-D arrays, not an array of shape {a.shape}")
        if a.device is not arrays[0].device:
            raise ValueError("meshgrid: arrays are on different devices")
    shape = [a.shape[0] for a in arrays]
    axes = list(range(len(arrays)))
    if indexing == "xy" and len(arrays) > 1:
        shape[0], shape[1] = shape[1], shape[0]
        axes[0], axes[1] = 1, 0
    out = []
    for a, axis in zip(arrays, axes):
        strides = [0] * len(shape)
        strides[axis] = a._view.strides[0]
        view = TensorView(tuple(shape), tuple(strides), a._view.offset)
        out.append(a._with_view(view, writeable=False)._contiguous())
    return tuple(out)
