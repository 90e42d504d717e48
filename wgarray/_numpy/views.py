"""Views that reinterpret an array's bytes: `x.view(dtype)`, `x.real` and `x.imag`, and the
`flags` object.

Every dtype is stored in NumPy's little-endian byte layout (bool and the 8- and 16-bit integers
packed four or two to a u32 word, complex numbers as interleaved (re, im) pairs), so a buffer
means the same bytes whatever dtype reads it: a view with another dtype only rescales the view's
offset and strides, which TensorView counts in elements. What cannot be a view: an element that
would start at a byte offset that is not a multiple of the new itemsize (NumPy allows unaligned
views; WGSL cannot address them), which raises NotImplementedError.
"""

from __future__ import annotations

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView
from .._api.coerce import fill
from .._api.manipulation_functions import _infer_shape as infer_shape


def reinterpret(x: Array, view: TensorView, dtype, writeable: bool | None = None) -> Array:
    """An Array over x's storage with another view and dtype; its base is x's owner."""
    return Array(x._storage, view, dtype, x._device, x._writeable if writeable is None else writeable,
                 x if x._base is None else x._base)


def _in_elements(byte_count: int, itemsize: int, what: str) -> int:
    if byte_count % itemsize:
        raise NotImplementedError(f"view: the {what} ({byte_count} bytes) is not a multiple of the new itemsize "
                                  f"{itemsize}; wgarray cannot address unaligned elements, so this is not a view "
                                  f"(use astype or copy first)")
    return byte_count // itemsize


def dtype_view(x: Array, dtype) -> Array:
    """x's bytes read as dtype, without copying (NumPy's rules for itemsize changes)."""
    new = dt.as_dtype(dtype, x._device)
    dt.check_supported(new, x._device)
    old = x._dtype
    shape, strides = list(x.shape), [s * old.itemsize for s in x._view.strides]
    if new.itemsize != old.itemsize:
        if x.ndim == 0:
            raise ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged")
        if shape[-1] != 1 and strides[-1] != old.itemsize:
            raise ValueError("To change to a dtype of a different size, the last axis must be contiguous")
        last_bytes = shape[-1] * old.itemsize
        if last_bytes % new.itemsize:
            if new.itemsize < old.itemsize:
                raise ValueError("When changing to a smaller dtype, its size must be a divisor of the size of "
                                 "original dtype")
            raise ValueError("When changing to a larger dtype, its size must be a divisor of the total size in "
                             "bytes of the last axis of the array.")
        shape[-1], strides[-1] = last_bytes // new.itemsize, new.itemsize
    offset = _in_elements(x._view.offset * old.itemsize, new.itemsize, "offset")
    elements = tuple(_in_elements(s, new.itemsize, "stride") if n > 1 else 0 for n, s in zip(shape, strides))
    return reinterpret(x, TensorView(tuple(shape), elements, offset), new)


def _part(x: Array, part: int) -> Array:
    """The real (0) or imaginary (1) parts of a complex array, as a strided view of the pairs."""
    view = x._view
    return reinterpret(x, TensorView(view.shape, tuple(2 * s for s in view.strides), 2 * view.offset + part),
                       dt.real_dtype(x._dtype))


def real_view(x: Array) -> Array:
    """x.real: a view of the real parts of a complex array; a real array itself."""
    return _part(x, 0) if dt.kind(x._dtype) == "complex" else x


def imag_view(x: Array) -> Array:
    """x.imag: a view of the imaginary parts; for a real array, a read-only array of zeros."""
    if dt.kind(x._dtype) == "complex":
        return _part(x, 1)
    zeros = fill(x.shape, False if x._dtype == dt.bool_ else 0, x._dtype, x._device)
    zeros._writeable = False
    return zeros


def set_part(x: Array, value, part: str) -> None:
    """x.real = value or x.imag = value, written through the view."""
    if part == "imag" and dt.kind(x._dtype) != "complex":
        raise TypeError("array does not have imaginary part to set")
    if not x._writeable:
        raise ValueError("assignment destination is read-only")
    target = real_view(x) if part == "real" else imag_view(x)
    target[...] = value


def set_shape(x: Array, shape) -> None:
    """x.shape = shape: a new view of the same elements, without copying, as NumPy allows."""
    shape = infer_shape(x.size, (shape,) if isinstance(shape, int) else tuple(shape))
    view = x._view.reshape(shape)
    if view is None:
        raise AttributeError("Incompatible shape for in-place modification. Use `.reshape()` to make a copy "
                             "with the desired shape.")
    x._view = view


def is_f_contiguous(view: TensorView) -> bool:
    return TensorView(view.shape[::-1], view.strides[::-1], view.offset).is_contiguous


class Flags:
    """NumPy's flags object: C_CONTIGUOUS, F_CONTIGUOUS, WRITEABLE, OWNDATA, ALIGNED, by attribute
    (x.flags.c_contiguous) or item (x.flags['C_CONTIGUOUS'], or the short names 'C', 'F', 'W', 'O',
    'A'). WRITEABLE can be set to False, and back to True where the owner is writeable."""

    _NAMES = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "c_contiguous",
              "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "f_contiguous",
              "WRITEABLE": "writeable", "W": "writeable", "OWNDATA": "owndata", "O": "owndata",
              "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy", "X": "writebackifcopy",
              "FNC": "fnc", "FORC": "forc", "BEHAVED": "behaved", "B": "behaved", "CARRAY": "carray",
              "CA": "carray", "FARRAY": "farray", "FA": "farray"}

    __slots__ = ("_array",)

    def __init__(self, array: Array):
        self._array = array

    @property
    def c_contiguous(self) -> bool:
        return self._array._view.is_contiguous

    @property
    def f_contiguous(self) -> bool:
        return is_f_contiguous(self._array._view)

    @property
    def writeable(self) -> bool:
        return self._array._writeable

    @writeable.setter
    def writeable(self, value) -> None:
        x = self._array
        if value and not x._writeable and x._base is not None and not x._base._writeable:
            raise ValueError("cannot set WRITEABLE flag to True of this array")
        x._writeable = bool(value)

    @property
    def owndata(self) -> bool:
        return self._array._base is None

    @property
    def aligned(self) -> bool:
        return True  # every element starts at a multiple of its itemsize (see dtype_view)

    @property
    def writebackifcopy(self) -> bool:
        return False

    @property
    def fnc(self) -> bool:
        return self.f_contiguous and not self.c_contiguous

    @property
    def forc(self) -> bool:
        return self.f_contiguous or self.c_contiguous

    @property
    def behaved(self) -> bool:
        return self.aligned and self.writeable

    @property
    def carray(self) -> bool:
        return self.behaved and self.c_contiguous

    @property
    def farray(self) -> bool:
        return self.behaved and self.f_contiguous and not self.c_contiguous

    def _attribute(self, key) -> str:
        name = self._NAMES.get(key.upper()) if isinstance(key, str) else None
        if name is None:
            raise KeyError(f"Unknown flag {key!r}")
        return name

    def __getitem__(self, key) -> bool:
        return getattr(self, self._attribute(key))

    def __setitem__(self, key, value) -> None:
        name = self._attribute(key)
        if name != "writeable":
            raise ValueError(f"flag {key!r} cannot be set on a wgarray array")
        self.writeable = value

    def __eq__(self, other):
        return isinstance(other, Flags) and all(self[k] == other[k] for k in ("C", "F", "W", "O", "A"))

    __hash__ = None

    def __repr__(self) -> str:
        keys = ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY")
        return "\n".join(f"  {k} : {self[k]}" for k in keys) + "\n"
