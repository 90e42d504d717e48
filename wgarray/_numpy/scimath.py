"""numpy.emath (numpy.lib.scimath): sqrt, log, log2, log10, logn, power, arccos, arcsin and arctanh
that return complex results where a real input lies outside the real function's domain. Whether one
does is read from the GPU (the result's dtype depends on the data, as in NumPy); the functions
themselves are wgarray's elementwise kernels."""

from __future__ import annotations

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.utility_functions import any as any_

_TO_COMPLEX64 = {"float32", "int8", "int16", "uint8", "uint16", "complex64"}


def _complex(x: Array) -> Array:
    """NumPy's _tocomplex: complex64 for the small types, complex128 for the rest."""
    return astype(x, dt.complex64 if str(x._dtype) in _TO_COMPLEX64 else dt.complex128)


def _real_where(x: Array, condition) -> bool:
    """Whether condition holds for a real-valued element of x (a complex x with zero imaginary part counts)."""
    if dt.kind(x._dtype) == "complex":
        return bool(any_(E["logical_and"](E["equal"](E["imag"](x), 0), condition(E["real"](x)))))
    return bool(any_(condition(x)))


def _fix_negative(x) -> Array:
    x = as_array(x, "emath")
    return _complex(x) if _real_where(x, lambda r: E["less"](r, 0)) else x


def _fix_int_negative(x) -> Array:
    x = as_array(x, "emath")
    return E["multiply"](x, 1.0) if _real_where(x, lambda r: E["less"](r, 0)) else x


def _fix_beyond_one(x) -> Array:
    x = as_array(x, "emath")
    return _complex(x) if _real_where(x, lambda r: E["greater"](E["abs"](r), 1)) else x


def sqrt(x) -> Array:
    return E["sqrt"](_fix_negative(x))


def log(x) -> Array:
    return E["log"](_fix_negative(x))


def log10(x) -> Array:
    return E["log10"](_fix_negative(x))


def log2(x) -> Array:
    return E["log2"](_fix_negative(x))


def logn(n, x) -> Array:
    """The logarithm of x to base n."""
    return E["divide"](E["log"](_fix_negative(x)), E["log"](_fix_negative(n)))


def power(x, p) -> Array:
    return E["pow"](_fix_negative(x), _fix_int_negative(p))


def arccos(x) -> Array:
    return E["acos"](_fix_beyond_one(x))


def arcsin(x) -> Array:
    return E["asin"](_fix_beyond_one(x))


def arctanh(x) -> Array:
    return E["atanh"](_fix_beyond_one(x))


FUNCTIONS = {f.__name__: f for f in (sqrt, log, log10, log2, logn, power, arccos, arcsin, arctanh)}
