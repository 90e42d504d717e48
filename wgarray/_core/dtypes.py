"""Data types: NumPy dtype objects, their GPU storage layout, and promotion (NEP 50).

Inside the package a dtype is NumPy's dtype object. Users see each one wrapped in a DType
(see there), which behaves as NumPy's everywhere but in one comparison.
"""

from __future__ import annotations

from dataclasses import dataclass

import math

import numpy as np

bool_ = np.dtype("bool")
int8, int16, int32, int64 = (np.dtype(f"int{b}") for b in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (np.dtype(f"uint{b}") for b in (8, 16, 32, 64))
float16, float32, float64 = np.dtype("float16"), np.dtype("float32"), np.dtype("float64")
complex64, complex128 = np.dtype("complex64"), np.dtype("complex128")

# The array API standard's dtypes: what the inspection API lists (and what kernels are
# specialised for, per register type).
ALL_DTYPES = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
              float32, float64, complex64, complex128)
# NumPy's float16 is offered too, outside the standard's lists (issue 15).
STORED_DTYPES = ALL_DTYPES + (float16,)


class DType:
    """A wgarray data type (an array's ``dtype``): NumPy's dtype, except that it never equals None.

    It equals every spelling of its dtype: NumPy's scalar types (which are wgarray's type
    objects, ``wgarray.float32 is numpy.float32``), numpy dtypes, other DTypes and names.
    ``np.dtype(None)`` is float64, so NumPy's float64 compares equal to None, which the array
    API standard does not allow (numpy/numpy#20870). A DType equals, hashes and prints as the
    NumPy dtype it wraps, shows that dtype's attributes (``name``, ``kind``, ``itemsize``, ...),
    and NumPy takes it wherever it takes a dtype, through its ``dtype`` attribute.

    Parameters
    ----------
    np_dtype : numpy.dtype
        The NumPy dtype to wrap. Users get DTypes from arrays (``x.dtype``) and functions such
        as :func:`result_type` rather than making them: there is one DType per dtype.

    Notes
    -----
    Dtypes: bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32,
    float64, complex64, complex128.

    GPU: none; a DType is host metadata.

    Examples
    --------
    >>> d = wg.asarray([1.0]).dtype
    >>> d == wg.float64, d == "float64", d == None
    (True, True, False)
    """

    __slots__ = ("dtype",)

    def __init__(self, np_dtype: np.dtype):
        self.dtype = np_dtype

    def __eq__(self, other):
        if type(other) is DType:
            return self.dtype == other.dtype
        if other is None:
            return False
        try:
            return self.dtype == np.dtype(other)
        except Exception:  # not a dtype at all
            return False

    def __hash__(self):
        return hash(self.dtype)

    def __getattr__(self, name):
        if name == "dtype":  # not set yet (copy, unpickling)
            raise AttributeError(name)
        return getattr(self.dtype, name)

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(dir(self.dtype)))

    def __repr__(self):
        return repr(self.dtype)

    def __str__(self):
        return str(self.dtype)

    def __reduce__(self):
        return public, (self.dtype.str,)


_PUBLIC = {d: DType(d) for d in STORED_DTYPES}


def public(dtype) -> DType:
    """The DType users see for one of ours (or for a NumPy dtype string, when unpickling)."""
    return _PUBLIC[np.dtype(dtype)] if type(dtype) is str else _PUBLIC[dtype]


@dataclass(frozen=True)
class Layout:
    """How one dtype lives in a buffer and in a shader register."""

    storage: str  # WGSL element type of the buffer array
    register: str  # WGSL type computations use
    kind: str  # "bool", "int", "uint", "float", "complex"
    per_word: int  # elements packed per u32 word (1 when not packed)
    feature: str | None = None  # adapter feature this dtype needs

    @property
    def packed(self) -> bool:
        return self.per_word > 1


LAYOUTS = {
    bool_: Layout("u32", "bool", "bool", 4),
    int8: Layout("u32", "i32", "int", 4),
    int16: Layout("u32", "i32", "int", 2),
    int32: Layout("i32", "i32", "int", 1),
    int64: Layout("i64", "i64", "int", 1, "shader-int64"),
    uint8: Layout("u32", "u32", "uint", 4),
    uint16: Layout("u32", "u32", "uint", 2),
    uint32: Layout("u32", "u32", "uint", 1),
    uint64: Layout("u64", "u64", "uint", 1, "shader-int64"),
    # float16: two per word like int16, widened exactly to f32 registers on load and rounded
    # once (to nearest even, as NumPy) on store (wgsl/lib_half.wgsl): no adapter feature needed.
    float16: Layout("u32", "f32", "float", 2),
    float32: Layout("f32", "f32", "float", 1),
    float64: Layout("f64", "f64", "float", 1, "shader-f64"),
    complex64: Layout("vec2<f32>", "vec2<f32>", "complex", 1),
    complex128: Layout("vec2<f64>", "vec2<f64>", "complex", 1, "shader-f64"),
}


def layout(dtype) -> Layout:
    return LAYOUTS[dtype]


def supported_dtypes(device) -> tuple:
    """The standard's dtypes this device has (float16, which every device has, is not one)."""
    return tuple(d for d in ALL_DTYPES if LAYOUTS[d].feature in (None, *device.features))


def check_supported(dtype, device):
    need = LAYOUTS[dtype].feature
    if need is not None and need not in device.features:
        raise TypeError(f"dtype {dtype} needs the adapter feature {need!r}, which {device.name} lacks")


def default_float(device):
    return float64 if "shader-f64" in device.features else float32


def default_int(device):
    return int64 if "shader-int64" in device.features else int32


def default_complex(device):
    return complex128 if "shader-f64" in device.features else complex64


def default_uint(device):
    return uint64 if "shader-int64" in device.features else uint32


def as_dtype(dtype, device=None):
    """Normalize anything NumPy accepts as a dtype (np.float32, 'int8', float, ...) to ours."""
    if type(dtype) is DType:
        return dtype.dtype
    if dtype is None:
        return None
    if dtype is float and device is not None:
        return default_float(device)
    if dtype is int and device is not None:
        return default_int(device)
    if dtype is complex and device is not None:
        return default_complex(device)
    try:
        result = np.dtype(dtype)
    except TypeError as e:
        raise TypeError(f"data type {dtype!r} not understood") from e
    if result not in LAYOUTS:
        raise TypeError(f"wgarray does not support the data type {result}{unsupported_hint(result)}")
    return result


def unsupported_hint(dtype) -> str:
    """Where to go for a NumPy dtype wgarray does not offer (strings, objects, dates, records)."""
    kinds = {"U": "strings", "S": "byte strings", "O": "Python objects", "M": "datetimes", "m": "timedeltas",
             "V": "structured (record) data"}
    what = kinds.get(np.dtype(dtype).kind)
    return f": {what} stay NumPy's (use numpy for them)" if what else ""


def kind(dtype) -> str:
    return LAYOUTS[dtype].kind


def is_numeric(dtype) -> bool:
    return LAYOUTS[dtype].kind != "bool"


def real_dtype(dtype):
    """The real counterpart of a complex dtype; other dtypes unchanged."""
    return {complex64: float32, complex128: float64}.get(dtype, dtype)


def complex_dtype(dtype):
    return {float16: complex64, float32: complex64, float64: complex128}.get(dtype, dtype)


def promote(a, b, device=None):
    """Promotion of two array dtypes, as NumPy 2 (a superset of the standard's table)."""
    result = np.promote_types(a, b)
    if device is not None:
        check_supported(result, device)
    return result


_KIND_RANK = {"bool": 0, "int": 1, "uint": 1, "float": 2, "complex": 3}


def scalar_kind(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, complex):
        return "complex"
    raise TypeError(f"unsupported scalar type {type(value).__name__}")


def promote_scalar(dtype, value, device):
    """NEP 50: a Python scalar is weak and takes the array's dtype if its kind allows."""
    skind = scalar_kind(value)
    akind = kind(dtype)
    if _KIND_RANK[skind] <= _KIND_RANK[akind]:
        if skind == "int" and akind in ("int", "uint"):
            info = np.iinfo(dtype)
            if not info.min <= value <= info.max:
                raise OverflowError(f"Python integer {value} out of bounds for {dtype}")
        return dtype
    if skind == "int":  # bool array with an int scalar
        result = default_int(device)
        info = np.iinfo(result)
        if not info.min <= value <= info.max:
            raise OverflowError(f"Python integer {value} out of bounds for {result}")
        return result
    if skind == "float":  # integer or bool array
        return default_float(device)
    # complex scalar
    if akind == "float":
        return complex_dtype(dtype)
    return default_complex(device)


def coerce_scalar(value, dtype):
    """A Python or NumPy scalar checked against the destination dtype, as NumPy does."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, str):
        raise ValueError(f"could not convert string {value!r} to {dtype}: wgarray does not parse strings")
    if not isinstance(value, (bool, int, float, complex)):
        raise TypeError(f"cannot assign a {type(value).__name__} to an array of {dtype}")
    value_kind = kind(dtype)
    if isinstance(value, complex) and value_kind != "complex":
        raise TypeError(f"cannot assign a complex value to an array of {dtype}")
    if value_kind in ("int", "uint"):
        if isinstance(value, float):
            if math.isnan(value) or math.isinf(value):
                raise ValueError(f"cannot convert float {value} to integer")
            value = int(value)
        info = np.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise OverflowError(f"Python integer {value} out of bounds for {dtype}")
    if value_kind == "bool":
        return bool(value)
    return value
