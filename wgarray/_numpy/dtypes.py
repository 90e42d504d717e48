"""NumPy's type objects in wgarray (CuPy's approach: NumPy stays the host-side metadata).

`wgarray.float32 is numpy.float32`: the names are NumPy's scalar types, so
`wgarray.float32(1.5)`, `isinstance(v, wgarray.floating)` and `x.dtype == wgarray.float32`
work as in NumPy, and every `dtype=` argument takes them. An array's `dtype` stays a
`wgarray.DType` (it wraps a numpy.dtype and never equals None, as the array API needs).

float16 (half) is offered as NumPy offers it (outside the array API standard's dtype
lists); the long double types are not supported by wgarray, so they are not exported. The scalar types are host values: a computation on them runs in NumPy on the
host, as with NumPy scalars in CuPy; arrays are what wgarray computes on.
"""

from __future__ import annotations

import builtins

import numpy as np

from .._array import Array
from .._core import dtypes as dt

__all__ = [
    # concrete types (all that wgarray stores), NumPy's aliases of them
    "bool", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
    "half", "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "intp", "uintp", "long", "ulong",
    "longlong", "ulonglong", "single", "double", "csingle", "cdouble",
    # the abstract hierarchy
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating", "complexfloating",
    # dtype objects and helpers
    "dtype", "issubdtype", "promote_types", "min_scalar_type",
]

bool = bool_ = np.bool_  # noqa: A001 (NumPy 2 has np.bool too)
int8, int16, int32, int64 = np.int8, np.int16, np.int32, np.int64
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
float16, float32, float64, complex64, complex128 = np.float16, np.float32, np.float64, np.complex64, np.complex128
half = np.half
byte, ubyte, short, ushort, intc, uintc = np.byte, np.ubyte, np.short, np.ushort, np.intc, np.uintc
int_, uint, intp, uintp, long, ulong = np.int_, np.uint, np.intp, np.uintp, np.long, np.ulong
longlong, ulonglong = np.longlong, np.ulonglong
single, double, csingle, cdouble = np.single, np.double, np.csingle, np.cdouble

generic, number, integer, inexact = np.generic, np.number, np.integer, np.inexact
signedinteger, unsignedinteger, floating, complexfloating = (np.signedinteger, np.unsignedinteger, np.floating,
                                                             np.complexfloating)
dtype = np.dtype

def _numpy_dtype_like(value):
    """A DType unwrapped to its numpy.dtype; anything else as given (NumPy parses it)."""
    return value.dtype if type(value) is dt.DType else value


def issubdtype(arg1, arg2) -> bool:
    """Whether arg1 is lower than or equal to arg2 in NumPy's type hierarchy (types, dtypes, names)."""
    return builtins.bool(np.issubdtype(_numpy_dtype_like(arg1), _numpy_dtype_like(arg2)))


def promote_types(type1, type2) -> dt.DType:
    """The smallest dtype both cast to safely, from wgarray's promotion table (NumPy 2's)."""
    return dt.public(dt.promote(dt.as_dtype(_numpy_dtype_like(type1)), dt.as_dtype(_numpy_dtype_like(type2))))


def min_scalar_type(a) -> dt.DType:
    """The smallest wgarray dtype that holds the scalar a (an array of ndim > 0: its own dtype).

    A 0-d wgarray array is read back to the host: the answer depends on its value.
    """
    if isinstance(a, Array):
        if a.ndim > 0:
            return a.dtype
        a = a.item()
    result = np.min_scalar_type(a)
    return dt.public(dt.as_dtype(result))

