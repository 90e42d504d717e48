"""The one input policy of the namespace: what every function accepts and how it becomes
an Array (or, for elementwise operands, stays a weak Python scalar), and how axes are
normalised.

Accepted everywhere an array is: a wgarray Array; a Python scalar (bool, int, float,
complex); a NumPy array or scalar; a (nested) list or tuple; any object with
__array__, __array_interface__, __dlpack__ or the buffer protocol. Host data is parsed by
NumPy on the host and uploaded once; nothing is computed there.
"""

from __future__ import annotations

import operator

import numpy as np
from numpy.exceptions import AxisError

from .._array import Array
from .._core import dtypes as dt
from .._core.device import Device, get_device
from .._core.operands import ScalarOperand
from .._core.view import TensorView
from .._engines.map import MapOp, launch_map

PYTHON_SCALARS = (bool, int, float, complex)


def device_arg(device, like=None) -> Device:
    """The device argument checked: None (the default, or like's), or a wgarray Device."""
    if device is None:
        return like if like is not None else get_device()
    if isinstance(device, Device):
        return device
    raise ValueError(f"unknown device {device!r}; pass a wgarray Device (see wgarray.all_devices())")


def dtype_arg(dtype, device):
    dtype = dt.as_dtype(dtype, device)
    if dtype is not None:
        dt.check_supported(dtype, device)
    return dtype


def scalar_dtype(value, device):
    """The default dtype of a Python scalar (bool, int, float, complex)."""
    kind = dt.scalar_kind(value)
    if kind == "bool":
        return dt.bool_
    if kind == "int":
        dtype = dt.default_int(device)
        info = np.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise OverflowError(f"Python integer {value} out of bounds for the default integer dtype {dtype}")
        return dtype
    if kind == "float":
        return dt.default_float(device)
    return dt.default_complex(device)


def fill(shape, value, dtype, device) -> Array:
    """A new array of shape filled with the (already checked) scalar value, by a GPU kernel."""
    out = Array._empty(shape, dtype, device)
    launch_map(device, MapOp("fill", "a0", (dtype,), dtype), out._storage, out._view, dtype,
               [ScalarOperand(value, dtype)], fresh=True)
    return out


def fill_scalar(value, dtype):
    """value checked and converted for dtype as NumPy does (OverflowError, TypeError, ValueError)."""
    if isinstance(value, str) or not isinstance(value, (bool, int, float, complex, np.generic)):
        raise TypeError(f"fill value must be a Python or NumPy scalar, not {type(value).__name__}")
    value = dt.coerce_scalar(value, dtype)
    if dt.kind(dtype) == "complex":
        value = complex(value)
    elif dt.kind(dtype) == "float":
        value = float(value)
    return value


def host_array(obj, dtype):
    """Host data (NumPy, lists, DLPack, buffers) as a NumPy array of a supported dtype, before the upload."""
    if isinstance(obj, (np.ma.MaskedArray, np.matrix)):  # their own semantics would be lost in an upload
        kind = "masked arrays" if isinstance(obj, np.ma.MaskedArray) else "numpy.matrix"
        raise TypeError(f"wgarray does not support {kind}: use NumPy for them "
                        f"({'numpy.ma' if kind == 'masked arrays' else 'or numpy.asarray(m) for a plain 2-D array'})")
    if isinstance(obj, (np.ndarray, np.generic)):
        host = np.asarray(obj)
    elif isinstance(obj, (list, tuple, range)):
        host = np.array(obj, dtype=dtype)
        if dtype is None and host.dtype.kind in "Ouf" and _has_big_int(obj):  # NumPy's uint64/float64/object
            raise OverflowError("a Python integer in the input is out of bounds for the default integer dtype int64")
    elif hasattr(obj, "__dlpack__"):
        host = np.from_dlpack(obj)
    elif hasattr(obj, "__array__") or hasattr(obj, "__array_interface__"):
        host = np.asarray(obj)
    else:
        try:
            host = np.asarray(memoryview(obj))
        except TypeError:
            raise TypeError(f"cannot make an array from an object of type {type(obj).__name__}") from None
    if dtype is not None and host.dtype != dtype:
        host = host.astype(dtype)  # a host-side conversion of host input, before the upload
    try:
        dt.as_dtype(host.dtype.newbyteorder("="))
    except TypeError:
        raise TypeError(f"wgarray does not support the data type {host.dtype} "
                        f"(from {type(obj).__name__} input){dt.unsupported_hint(host.dtype)}") from None
    return host


def upload(host: np.ndarray, device) -> Array:
    out = Array._from_numpy(host, device)
    if out.shape != host.shape:  # _from_numpy gives 0-d input shape (1,) (np.ascontiguousarray)
        out = out._with_view(TensorView.contiguous(host.shape, out._view.offset))
    return out


def _has_big_int(obj) -> bool:
    if isinstance(obj, (list, tuple)):
        return any(_has_big_int(o) for o in obj)
    return isinstance(obj, int) and not isinstance(obj, bool) and not -2**63 <= obj < 2**63


def _python_scalars_only(obj) -> bool:
    if isinstance(obj, (list, tuple)):
        return all(_python_scalars_only(o) for o in obj)
    return isinstance(obj, (bool, int, float, complex))


def to_array(obj, dtype=None, device=None) -> Array:
    """Host data or a Python scalar as a new Array (dtype and device already checked)."""
    if isinstance(obj, PYTHON_SCALARS):
        if dtype is None:
            dtype = scalar_dtype(obj, device)
        return fill((), fill_scalar(obj, dtype), dtype, device)
    host = host_array(obj, dtype)
    if dtype is None and isinstance(obj, (list, tuple)):
        # Python numbers take the device's default dtypes (an adapter may lack 64-bit types)
        default = {"int": dt.default_int, "float": dt.default_float, "complex": dt.default_complex}.get(
            dt.kind(host.dtype), lambda _: host.dtype)(device)
        if default != host.dtype and _python_scalars_only(obj):
            host = host.astype(default)
    dt.check_supported(dt.as_dtype(host.dtype.newbyteorder("=")), device)
    return upload(host, device)


def _array_like(x) -> bool:
    return isinstance(x, (np.ndarray, np.generic, list, tuple, range, *PYTHON_SCALARS)) or any(
        hasattr(x, name) for name in ("__array__", "__array_interface__", "__dlpack__"))


def as_array(x, name: str = "this function", device=None) -> Array:
    """x as an Array: Arrays pass through, everything array-like is uploaded."""
    if isinstance(x, Array):
        return x
    if isinstance(x, str) or not _array_like(x):
        raise TypeError(f"{name} expects an array, not {type(x).__name__}")
    return to_array(x, None, device_arg(device))


def as_operand(x, device=None, name: str = "this function"):
    """An elementwise operand: an Array, or a Python scalar kept as a weak scalar (NEP 50).
    NumPy scalars are strongly typed, as in NumPy, and become 0-d arrays."""
    if isinstance(x, Array) or (isinstance(x, PYTHON_SCALARS) and not isinstance(x, np.generic)):
        return x  # (np.float64 and np.complex128 subclass float and complex, but are strong)
    return as_array(x, name, device)


def normalize_axis(axis, ndim: int) -> int:
    """axis as a non-negative int; NumPy's AxisError (a ValueError and an IndexError) when out of range."""
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError(f"axis must be an integer, not {type(axis).__name__}") from None
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis % ndim


def normalize_axes(axes, ndim: int) -> tuple:
    """None (every axis), an int or a sequence of ints, normalised; repeated axes are a ValueError."""
    if axes is None:
        return tuple(range(ndim))
    if not isinstance(axes, (tuple, list)):
        axes = (axes,)
    result = tuple(normalize_axis(a, ndim) for a in axes)
    if len(set(result)) != len(result):
        raise ValueError(f"repeated axis in {tuple(axes)}")
    return result
