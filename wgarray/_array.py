"""The Array: data in a GPU buffer, described by a TensorView, a dtype and a device.

This module holds the data and its host conversions only. Operators, indexing and the
NumPy-style methods are installed from above (wgarray/_api/array_methods.py), so the Array
depends on nothing but the core and the engines. Engines read an array's buffer through
one accessor, `_data()`.
"""

from __future__ import annotations

import math
import operator

import numpy as np

from ._core import dtypes as dt
from ._core.device import Device, device_for_key, device_key, get_device
from ._core.memory import pool_for
from ._core.operands import BufferOperand, ScalarOperand
from ._core.stream import stream_for
from ._core.view import TensorView
from ._engines.map import MapOp, launch_map


MAX_DIMS = 64  # as NumPy


def copy_op(dtype) -> MapOp:
    return MapOp("copy", "a0", (dtype,), dtype)


class Array:
    """An n-dimensional array in a WebGPU buffer (wgarray's ndarray). Slicing and transposes are views.

    Users make arrays with the creation functions (:func:`wgarray.asarray`, :func:`wgarray.zeros`,
    :func:`wgarray.arange`, ...) and operations, not with this constructor. An array has NumPy's
    attributes (``shape``, ``dtype``, ``ndim``, ``size``, ``strides`` in bytes, ``T``, ``mT``, ...),
    operators and methods (most forward to the namespace function of their name), and converts to
    NumPy with ``numpy.asarray(x)`` (a download).

    Parameters
    ----------
    storage : Storage
        The pooled GPU memory holding the data (shared by views).
    view : TensorView
        Shape, strides and offset, in elements, over ``storage``.
    dtype : numpy.dtype
        The element type.
    device : Device
        The device that holds ``storage``.
    writeable : bool, optional
        False for read-only views (broadcast results), as NumPy's ``flags.writeable``.
    base : Array, optional
        The array that owns the storage, for a view (NumPy's ``base``).

    Raises
    ------
    ValueError
        If the view has more than 64 dimensions (NumPy's limit).

    See Also
    --------
    wgarray.asarray, wgarray.ndarray

    Notes
    -----
    Dtypes: bool, int8..int64, uint8..uint64, float16, float32, float64, complex64, complex128,
    stored in NumPy's little-endian layout (bool and 8/16-bit types packed in 32-bit words).
    float64 and the 64-bit integers need an adapter that has them.

    GPU: the data stays on the device; operations record kernels on a lazy stream and return at
    once. Data comes to the host only when asked for: printing, ``numpy.asarray``, ``float()``,
    ``tolist()``, ``item()`` and functions whose output shape depends on the data (each a host
    sync). ``wgarray.ndarray`` is this class.

    Examples
    --------
    >>> x = wg.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> x.shape, x.dtype
    ((2, 2), dtype('float64'))
    >>> x.T[0]
    array([1., 3.])
    """

    __slots__ = ("_storage", "_view", "_dtype", "_device", "_writeable", "_base", "_explicit", "__weakref__")
    __array_priority__ = 100  # NumPy defers mixed operators to us

    def __init__(self, storage, view: TensorView, dtype, device: Device, writeable: bool = True, base=None):
        if len(view.shape) > MAX_DIMS:  # views (reshape, expand_dims, indexing) may add dims too
            raise ValueError(f"maximum supported dimension for an ndarray is {MAX_DIMS}, found {len(view.shape)}")
        self._storage = storage
        self._view = view
        self._dtype = dtype
        self._device = device
        self._writeable = writeable
        self._base = base  # the array that owns the storage, for views made by _with_view (NumPy's base)
        # Made by a creation function: a 0-d one is NumPy's 0-d ndarray, which in-place operators
        # write into. Other 0-d arrays (results, integer indexing) stand in for NumPy's immutable
        # scalars: `s += 1` rebinds s (api/array_methods.py).
        self._explicit = False

    # -- construction and transfer ------------------------------------------------
    @classmethod
    def _empty(cls, shape, dtype, device: Device | None = None) -> "Array":
        device = device or get_device()
        dtype = dt.as_dtype(dtype)
        dt.check_supported(dtype, device)
        shape = tuple(operator.index(n) for n in shape)
        if len(shape) > MAX_DIMS:
            raise ValueError(f"maximum supported dimension for an ndarray is {MAX_DIMS}, found {len(shape)}")
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
        launch_map(self._device, copy_op(self._dtype), out._storage, out._view, dtype, [self._data()], fresh=True)
        return out

    def _data(self) -> BufferOperand:
        """The array's buffer, view and dtype: the one way to read its data (engines take this)."""
        return BufferOperand(self._storage, self._view, self._dtype)

    def _operand(self, shape=None) -> BufferOperand:
        """_data() broadcast to shape."""
        data = self._data()
        return data if shape is None else data.broadcast_to(shape)

    @classmethod
    def _wrap(cls, operand: BufferOperand, writeable: bool = True) -> "Array":
        """An Array holding an engine's result."""
        return cls(operand.storage, operand.view, operand.dtype, operand.device, writeable)

    def _with_view(self, view: TensorView, writeable: bool | None = None) -> "Array":
        out = Array(self._storage, view, self._dtype, self._device,
                    self._writeable if writeable is None else writeable,
                    self if self._base is None else self._base)
        out._explicit = self._explicit and self._view.ndim == 0  # a view of a 0-d ndarray is one too
        return out

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
    def mT(self) -> "Array":
        if self.ndim < 2:
            raise ValueError(f"x.mT requires at least 2 dimensions; this array has {self.ndim}")
        axes = (*range(self.ndim - 2), self.ndim - 1, self.ndim - 2)
        return self._with_view(self._view.permute(axes))

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
        if dt.kind(self._dtype) not in ("int", "uint") or self.ndim:
            raise TypeError(f"only integer scalar arrays can be converted to a scalar index, "
                            f"not an array of {self._dtype} and shape {self.shape}")
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
        """Return the array as a nested list of Python scalars (a 0-d array as one scalar).

        Returns
        -------
        object
            Nested lists of Python ``bool``, ``int``, ``float`` or ``complex``, as NumPy's
            ``tolist``.

        Notes
        -----
        Dtypes: every dtype.

        GPU: one download of the array (a host sync; a non-contiguous view is first copied by one
        copy kernel).

        Examples
        --------
        >>> wg.asarray([[1, 2], [3, 4]]).tolist()
        [[1, 2], [3, 4]]
        """
        return self._to_numpy().tolist()

    def item(self, *args):
        return self._to_numpy().item(*args)

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
        """Copy the array to another device (the array API's ``to_device``).

        Parameters
        ----------
        device : Device
            The target device (from :func:`wgarray.all_devices`).
        stream : None, optional
            Must be None: wgarray has no streams to pass.

        Returns
        -------
        Array
            The array itself when ``device`` is its own, else a copy on ``device``.

        Raises
        ------
        ValueError
            If ``device`` is 'cpu' (use ``numpy.asarray(x)`` for host memory) or not a wgarray
            Device, or ``stream`` is given.

        Notes
        -----
        Dtypes: every dtype the target device offers.

        GPU: a download from this device (a host sync) and an upload to the other; WebGPU has no
        copies between devices. No kernel runs unless the array is a non-contiguous view (one copy
        kernel first).
        """
        if stream is not None:
            raise ValueError("wgarray has no streams to pass to to_device")
        if device == "cpu":
            raise ValueError("wgarray arrays live on WebGPU devices; use numpy.asarray(x) to get host memory")
        if not isinstance(device, Device):
            raise ValueError(f"unknown device {device!r}")
        if device is self._device:
            return self
        return Array._from_numpy(self._to_numpy(), device)

    # -- pickling and Dask -------------------------------------------------------------------
    def __reduce__(self):
        # Host bytes (a view pickles as its contents, as CuPy's do) and the device's key: unpickled
        # onto this process's device of that key, else its default device (a Dask worker's).
        return _unpickle, (self._to_numpy(), device_key(self._device))

    def __dask_tokenize__(self):
        # Dask names graph keys by this: the buffer's identity, never a read of its data.
        return ("wgarray.Array", id(self._device), self._dtype.str, self.shape, self._view.strides,
                self._view.offset, id(self._storage))

    # -- copies and writes --------------------------------------------------------------------
    def copy(self) -> "Array":
        return self._contiguous()

    def _assign(self, value) -> None:
        """Write value (scalar or array, broadcast to this view's shape) into this view."""
        if isinstance(value, Array):
            if value._device is not self._device:
                raise ValueError(f"cannot assign an array on {value._device} into one on {self._device}")
            if value._storage is self._storage:
                value = value._contiguous()  # the kernel cannot read and write one buffer
            extra = value.ndim - self.ndim
            if extra > 0 and all(n == 1 for n in value.shape[:extra]):  # NumPy drops leading unit dims
                view = value._view
                value = value._with_view(TensorView(view.shape[extra:], view.strides[extra:], view.offset))
            try:
                operand = value._operand(self.shape)
            except ValueError:
                raise ValueError(f"could not broadcast input array from shape {value.shape} into shape {self.shape}") from None
            if value.ndim > self.ndim and any(n != 1 for n in value.shape[:value.ndim - self.ndim]):
                raise ValueError(f"could not broadcast input array from shape {value.shape} into shape {self.shape}")
        else:
            value = dt.coerce_scalar(value, self._dtype)
            operand = ScalarOperand(value, self._dtype)
        if self.size == 0:
            return
        launch_map(self._device, copy_op(operand.dtype), self._storage, self._view, self._dtype, [operand], fresh=False)


def _unpickle(host: np.ndarray, key: tuple) -> Array:
    return Array._from_numpy(host, device_for_key(key))
