"""Layer 5: the Array, a buffer plus a TensorView, a dtype and a device."""

from __future__ import annotations

import math
import operator

import numpy as np

from . import _dtypes as dt
from ._codegen import MapOp
from ._device import Device, get_device
from ._launch import BufferOperand, ScalarOperand, launch_map
from ._memory import pool_for
from ._stream import stream_for
from ._view import TensorView


def _copy_op(dtype) -> MapOp:
    return MapOp("copy", "a0", (dtype,), dtype)


class Array:
    """An n-dimensional array in a WebGPU buffer. Slicing and transposes are views."""

    __slots__ = ("_storage", "_view", "_dtype", "_device", "_writeable", "__weakref__")
    __array_priority__ = 100  # NumPy defers mixed operators to us

    def __init__(self, storage, view: TensorView, dtype, device: Device, writeable: bool = True):
        self._storage = storage
        self._view = view
        self._dtype = dtype
        self._device = device
        self._writeable = writeable

    # -- construction and transfer ------------------------------------------------
    @classmethod
    def _empty(cls, shape, dtype, device: Device | None = None) -> "Array":
        device = device or get_device()
        dtype = dt.as_dtype(dtype)
        dt.check_supported(dtype, device)
        shape = tuple(operator.index(n) for n in shape)
        if any(n < 0 for n in shape):
            raise ValueError(f"negative dimensions are not allowed: {shape}")
        nbytes = math.prod(shape) * dtype.itemsize
        storage = pool_for(device).allocate(max(nbytes, 4))
        return cls(storage, TensorView.contiguous(shape), dtype, device)

    @classmethod
    def _from_numpy(cls, host: np.ndarray, device: Device | None = None) -> "Array":
        device = device or get_device()
        host = np.asarray(host, order="C")  # ascontiguousarray would make 0-d arrays 1-d
        if host.dtype.byteorder == ">":
            host = host.astype(host.dtype.newbyteorder("<"))
        out = cls._empty(host.shape, dt.as_dtype(host.dtype), device)
        if host.size:
            stream_for(device).upload(out._storage, host.reshape(-1).view(np.uint8))
        return out

    def _to_numpy(self) -> np.ndarray:
        src = self if self._view.is_contiguous else self._contiguous()
        nbytes = src.size * self._dtype.itemsize
        data = stream_for(self._device).download(src._storage, src._view.offset * self._dtype.itemsize, nbytes)
        return np.frombuffer(data, dtype=self._dtype).reshape(self.shape).copy()

    def _contiguous(self) -> "Array":
        """A fresh contiguous copy (always a new buffer)."""
        return self._cast(self._dtype)

    def _cast(self, dtype) -> "Array":
        out = Array._empty(self.shape, dtype, self._device)
        launch_map(self._device, _copy_op(self._dtype), out._storage, out._view, dtype,
                   [BufferOperand(self._storage, self._view, self._dtype)], fresh=True)
        return out

    def _operand(self, shape=None) -> BufferOperand:
        view = self._view if shape is None or shape == self.shape else self._view.broadcast_to(shape)
        return BufferOperand(self._storage, view, self._dtype)

    def _with_view(self, view: TensorView, writeable: bool | None = None) -> "Array":
        return Array(self._storage, view, self._dtype, self._device,
                     self._writeable if writeable is None else writeable)

    # -- attributes ------------------------------------------------------------------
    @property
    def dtype(self) -> dt.DType:
        return dt.public(self._dtype)

    @property
    def device(self) -> Device:
        return self._device

    @property
    def shape(self) -> tuple:
        return self._view.shape

    @property
    def ndim(self) -> int:
        return self._view.ndim

    @property
    def size(self) -> int:
        return self._view.size

    @property
    def strides(self) -> tuple:
        """Strides in bytes, as NumPy reports them."""
        return tuple(s * self._dtype.itemsize for s in self._view.strides)

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self._dtype.itemsize

    @property
    def T(self) -> "Array":
        if self.ndim != 2:
            raise ValueError(f"x.T requires a 2-D array; this one has {self.ndim} dimensions (use permute_dims or mT)")
        return self._with_view(self._view.permute((1, 0)))

    @property
    def mT(self) -> "Array":
        if self.ndim < 2:
            raise ValueError(f"x.mT requires at least 2 dimensions; this array has {self.ndim}")
        axes = (*range(self.ndim - 2), self.ndim - 1, self.ndim - 2)
        return self._with_view(self._view.permute(axes))

    def __array_namespace__(self, api_version=None):
        if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
            raise ValueError(f"unsupported array API version {api_version!r}")
        import wgarray

        return wgarray

    # -- host conversion -------------------------------------------------------------
    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("a wgarray Array lives on the GPU; converting it to NumPy always copies")
        host = self._to_numpy()
        return host if dtype is None else host.astype(dtype, copy=False)

    def _scalar(self, what: str):
        if self.size != 1:
            raise TypeError(f"only arrays of size 1 can be converted to a Python {what}; this one has shape {self.shape}")
        return self._to_numpy().reshape(()).item()

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(f"the truth value of an array with {self.size} elements is ambiguous; use any() or all()")
        return bool(self._scalar("bool"))

    def __int__(self) -> int:
        if dt.kind(self._dtype) == "complex":
            raise TypeError("cannot convert a complex array to int")
        return int(self._scalar("int"))

    def __float__(self) -> float:
        if dt.kind(self._dtype) == "complex":
            raise TypeError("cannot convert a complex array to float; use real() or abs() first")
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        return complex(self._scalar("complex"))

    def __index__(self) -> int:
        if dt.kind(self._dtype) not in ("int", "uint"):
            raise TypeError(f"only integer arrays can be used as an index, not {self._dtype}")
        return int(self._scalar("int"))

    def __len__(self) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self.shape[0]))

    def tolist(self):
        return self._to_numpy().tolist()

    def item(self, *args):
        return self._to_numpy().item(*args)

    def __repr__(self) -> str:
        host = self._to_numpy()
        prefix = "Array("
        body = np.array2string(host, separator=", ", prefix=prefix)
        return f"{prefix}{body}, dtype={self._dtype}, device={self._device.name!r})"

    def __str__(self) -> str:
        return str(self._to_numpy())

    def __format__(self, spec) -> str:
        if self.ndim == 0:
            return format(self._to_numpy().item(), spec)
        return format(str(self), spec)

    # -- DLPack (through host memory) -------------------------------------------------
    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if copy is False:
            raise BufferError("wgarray data lives in a WebGPU buffer; DLPack export needs a copy to the CPU")
        if dl_device is not None and tuple(dl_device) != (1, 0):
            raise BufferError(f"wgarray can export DLPack only to the CPU (1, 0), not {dl_device}")
        host = self._to_numpy()
        if max_version is not None:
            return host.__dlpack__(max_version=max_version, copy=True)
        return host.__dlpack__()

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU: the export path copies to host memory

    def to_device(self, device, /, *, stream=None) -> "Array":
        if stream is not None:
            raise ValueError("wgarray has no streams to pass to to_device")
        if device == "cpu":
            raise ValueError("wgarray arrays live on WebGPU devices; use numpy.asarray(x) to get host memory")
        if not isinstance(device, Device):
            raise ValueError(f"unknown device {device!r}")
        if device is self._device:
            return self
        return Array._from_numpy(self._to_numpy(), device)

    # -- indexing ------------------------------------------------------------------------
    def __getitem__(self, key) -> "Array":
        from ._indexing import getitem

        return getitem(self, key)

    def __setitem__(self, key, value) -> None:
        from ._indexing import setitem

        setitem(self, key, value)

    def _assign(self, value) -> None:
        """Write value (scalar or array, broadcast to this view's shape) into this view."""
        if self.size == 0:
            return
        if isinstance(value, Array):
            if value._device is not self._device:
                raise ValueError(f"cannot assign an array on {value._device} into one on {self._device}")
            if value._storage is self._storage:
                value = value._contiguous()  # the kernel cannot read and write one buffer
            try:
                operand = value._operand(self.shape)
            except ValueError:
                raise ValueError(f"could not broadcast input array from shape {value.shape} into shape {self.shape}") from None
            if value.ndim > self.ndim and any(n != 1 for n in value.shape[:value.ndim - self.ndim]):
                raise ValueError(f"could not broadcast input array from shape {value.shape} into shape {self.shape}")
        else:
            value = _as_setitem_scalar(value, self._dtype)
            operand = ScalarOperand(value, self._dtype)
        launch_map(self._device, _copy_op(operand.dtype), self._storage, self._view, self._dtype, [operand], fresh=False)

    # -- methods common in NumPy code ----------------------------------------------------
    def astype(self, dtype, copy: bool = True) -> "Array":
        from ._data_types import astype

        return astype(self, dtype, copy=copy)

    def copy(self) -> "Array":
        return self._contiguous()

    def reshape(self, *shape, copy=None) -> "Array":
        from ._manipulation import reshape

        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        return reshape(self, tuple(shape), copy=copy)

    def transpose(self, *axes) -> "Array":
        if not axes:
            axes = tuple(reversed(range(self.ndim)))
        elif len(axes) == 1 and not isinstance(axes[0], int):
            axes = tuple(axes[0])
        from ._manipulation import permute_dims

        return permute_dims(self, axes)

    def flatten(self) -> "Array":
        from ._manipulation import reshape

        return reshape(self, (-1,), copy=True)

    def ravel(self) -> "Array":
        from ._manipulation import reshape

        return reshape(self, (-1,))

    def squeeze(self, axis=None) -> "Array":
        from ._manipulation import squeeze

        if axis is None:
            axis = tuple(i for i, n in enumerate(self.shape) if n == 1)
        return squeeze(self, axis)

    def fill(self, value) -> None:
        self[...] = value


def _as_setitem_scalar(value, dtype):
    """A Python or NumPy scalar checked against the destination dtype, as NumPy does."""
    if isinstance(value, np.generic):
        value = value.item()
    if not isinstance(value, (bool, int, float, complex)):
        raise TypeError(f"cannot assign a {type(value).__name__} to an array of {dtype}")
    kind = dt.kind(dtype)
    if isinstance(value, complex) and kind != "complex":
        raise TypeError(f"cannot assign a complex value to an array of {dtype}")
    if kind in ("int", "uint"):
        if isinstance(value, float):
            if math.isnan(value) or math.isinf(value):
                raise ValueError(f"cannot convert float {value} to integer")
            value = int(value)
        info = np.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise OverflowError(f"Python integer {value} out of bounds for {dtype}")
    if kind == "bool":
        return bool(value)
    return value


# -- operators: each forwards to the elementwise function of the same meaning ----------------
_BINARY_OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "pow", "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
}
_COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
                "ge": "greater_equal"}
_UNARY_OPERATORS = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}
_OPERAND_TYPES = (Array, bool, int, float, complex, np.ndarray, np.generic)


def _function(name):
    from ._elementwise import FUNCTIONS

    return FUNCTIONS[name]


def _power(x, y):
    """x ** y, with NumPy's fast paths for the scalar exponents that need no transcendentals."""
    if (isinstance(y, (int, float)) and not isinstance(y, bool) and dt.kind(x._dtype) in ("float", "complex")):
        fast = {2: "square", 1: "positive", -1: "reciprocal", 0.5: "sqrt"}.get(y)
        if fast is not None and not (fast == "sqrt" and dt.kind(x._dtype) == "complex"):
            return _function(fast)(x)
    return _function("pow")(x, y)


def _binary_operator(name):
    def forward(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _power(self, other) if name == "pow" else _function(name)(self, other)

    def reflected(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _function(name)(other, self)

    def in_place(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        result = _power(self, other) if name == "pow" else _function(name)(self, other)
        if result.shape != self.shape:
            raise ValueError(f"non-broadcastable output operand with shape {self.shape} "
                             f"doesn't match the broadcast shape {result.shape}")
        if result._dtype != self._dtype and not np.can_cast(result._dtype, self._dtype, "same_kind"):
            raise TypeError(f"cannot cast the result of in-place {name} from {result._dtype} to {self._dtype} "
                            f"under the same-kind rule")
        if not self._writeable:
            raise ValueError("assignment destination is read-only")
        self._assign(result)
        return self

    return forward, reflected, in_place


for _op, _name in _BINARY_OPERATORS.items():
    _f, _r, _i = _binary_operator(_name)
    for _prefix, _method in (("", _f), ("r", _r), ("i", _i)):
        _method.__name__ = f"__{_prefix}{_op}__"
        setattr(Array, _method.__name__, _method)

for _op, _name in _COMPARISONS.items():
    def _compare(self, other, _name=_name):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _function(_name)(self, other)

    _compare.__name__ = f"__{_op}__"
    setattr(Array, _compare.__name__, _compare)

for _op, _name in _UNARY_OPERATORS.items():
    def _unary(self, _name=_name):
        return _function(_name)(self)

    _unary.__name__ = f"__{_op}__"
    setattr(Array, _unary.__name__, _unary)


def _matmul_operands(other):
    # NumPy data joins in; Python scalars are not matrices (NumPy raises too).
    return isinstance(other, (Array, np.ndarray, np.generic))


def _matmul(self, other):
    if not _matmul_operands(other):
        return NotImplemented
    from ._linalg_core import matmul

    return matmul(self, other)


def _rmatmul(self, other):
    if not _matmul_operands(other):
        return NotImplemented
    from ._linalg_core import matmul

    return matmul(other, self)


def _imatmul(self, other):
    result = _matmul(self, other)
    if result is NotImplemented:
        return result
    if result.shape != self.shape:
        raise ValueError(f"in-place matmul: the result has shape {result.shape}, not {self.shape}")
    if result._dtype != self._dtype and not np.can_cast(result._dtype, self._dtype, "same_kind"):
        raise TypeError(f"cannot cast the result of in-place matmul from {result._dtype} to {self._dtype}")
    if not self._writeable:
        raise ValueError("assignment destination is read-only")
    self._assign(result)
    return self


Array.__matmul__, Array.__rmatmul__, Array.__imatmul__ = _matmul, _rmatmul, _imatmul
Array.__hash__ = None
