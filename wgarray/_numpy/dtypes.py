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
    """Return whether the first argument is lower than or equal to the second in NumPy's type hierarchy.

    Parameters
    ----------
    arg1 : dtype, type or str
        A dtype (a wgarray DType, a numpy.dtype), a scalar type (``wgarray.float32``) or a
        dtype name.
    arg2 : dtype, type or str
        The same, or an abstract type of the hierarchy (``wgarray.floating``,
        ``wgarray.integer``, ``wgarray.number``, ...).

    Returns
    -------
    bool
        Whether ``arg1`` is a subtype of ``arg2``.

    See Also
    --------
    isdtype

    Notes
    -----
    Dtypes: every dtype; the answer is NumPy's (``numpy.issubdtype`` on the unwrapped dtypes).
    The array API's :func:`isdtype` asks the same by kind names.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.issubdtype(wg.float32, wg.floating)
    True
    >>> wg.issubdtype(wg.asarray([1, 2]).dtype, wg.unsignedinteger)
    False
    """
    return builtins.bool(np.issubdtype(_numpy_dtype_like(arg1), _numpy_dtype_like(arg2)))


def promote_types(type1, type2) -> dt.DType:
    """Return the smallest dtype to which both dtypes may be safely cast.

    Parameters
    ----------
    type1 : dtype, type or str
        A dtype, a scalar type or a dtype name.
    type2 : dtype, type or str
        The same.

    Returns
    -------
    dtype
        The promoted dtype (a wgarray DType).

    Raises
    ------
    TypeError
        If a dtype is not one wgarray supports (strings, datetimes, long double, ...).

    See Also
    --------
    result_type, can_cast

    Notes
    -----
    Dtypes: every wgarray dtype, by wgarray's promotion table (NumPy 2's: int64 with uint64 gives
    float64).

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.promote_types(wg.int8, wg.uint8)
    dtype('int16')
    >>> wg.promote_types("f4", wg.int64)
    dtype('float64')
    """
    return dt.public(dt.promote(dt.as_dtype(_numpy_dtype_like(type1)), dt.as_dtype(_numpy_dtype_like(type2))))


def min_scalar_type(a) -> dt.DType:
    """Return the smallest dtype that holds a scalar value (NumPy's min_scalar_type).

    Parameters
    ----------
    a : scalar or array_like
        A Python or NumPy scalar, or an array. An array of one or more dimensions gives its own
        dtype; a 0-d array is treated as its value.

    Returns
    -------
    dtype
        The smallest wgarray dtype that holds ``a`` (a non-negative integer gives an unsigned
        dtype, a float that fits gives float16, as in NumPy).

    Raises
    ------
    TypeError
        If the answer is not a wgarray dtype (a string, say).

    Notes
    -----
    Dtypes: every dtype.

    GPU: none, but a 0-d wgarray array is read back to the host (one small download and a
    host sync): the answer depends on its value.

    Examples
    --------
    >>> wg.min_scalar_type(10), wg.min_scalar_type(-1)
    (dtype('uint8'), dtype('int8'))
    """
    if isinstance(a, Array):
        if a.ndim > 0:
            return a.dtype
        a = a.item()
    result = np.min_scalar_type(a)
    return dt.public(dt.as_dtype(result))

