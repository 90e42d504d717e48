"""The Generator's discrete distributions: integers (exact, no modulo bias), poisson and binomial
(rejection on the device), geometric (inversion of an exponential draw)."""

from __future__ import annotations

import math
import operator

import numpy as np

from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.utility_functions import any as any_
from .._array import Array
from ._common import numpy_dtype, check, draw_block, draw_element, full_operand, output_shape, parameter, scalar_result

F64, I64, U64 = np.dtype(np.float64), np.dtype(np.int64), np.dtype(np.uint64)
# NumPy's largest lam: int64's maximum less 10 standard deviations
smallest_int64 = int(np.iinfo(np.int64).min)
POISSON_LAM_MAX = float(np.iinfo(np.int64).max) - math.sqrt(np.iinfo(np.int64).max) * 10


def _integer_dtype(dtype) -> np.dtype:
    dtype = numpy_dtype(dtype)
    if dtype.kind not in "biu":
        raise TypeError(f"Unsupported dtype {dtype!r} for integers")
    return dtype


def _bounds(dtype) -> tuple[int, int]:
    return (0, 1) if dtype.kind == "b" else (int(np.iinfo(dtype).min), int(np.iinfo(dtype).max))


def _draw_dtype(dtype) -> np.dtype:
    """The dtype the kernel writes: dtype itself for 32 and 64 bits, else (int32 or uint32) cast after."""
    if dtype.kind != "b" and dtype.itemsize >= 4:
        return dtype
    return np.dtype(np.int32) if dtype.kind == "i" else np.dtype(np.uint32)


def _scalar_int(value, name: str):
    if isinstance(value, Array) and value.ndim == 0:
        value = value._to_numpy()[()]
    if isinstance(value, (Array, list, tuple, np.ndarray)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        try:
            return int(value)  # NumPy truncates float bounds
        except (TypeError, ValueError, OverflowError) as error:
            raise type(error)(f"{name}: {error}") from None


class DiscreteMixin:
    def integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False):
        """Uniform integers in [low, high) ([low, high] with endpoint), exactly: Lemire's method for
        ranges below 2^32, masked rejection past it, on the device."""
        dtype = _integer_dtype(dtype)
        if high is None:
            low, high = 0, low
        lo, hi = _scalar_int(low, "low"), _scalar_int(high, "high")
        smallest, largest = _bounds(dtype)
        if lo is None or hi is None:
            return self._integers_array(low, high, size, dtype, endpoint)
        top = hi if endpoint else hi - 1
        if lo < smallest:
            raise ValueError(f"low is out of bounds for {dtype}")
        if top > largest:
            raise ValueError(f"high is out of bounds for {dtype}")
        if lo > top:
            raise ValueError("low > high" if endpoint else "low >= high")
        shape = output_shape(size)
        result = draw_element(self._bit_generator, "integers", _draw_dtype(dtype), shape, lo, top - lo)
        return scalar_result(result if result._dtype == dtype else astype(result, dtype), shape, "numpy")

    def _integers_array(self, low, high, size, dtype, endpoint):
        """integers with array bounds: checked on the device, offsets high - low as uint64 words."""
        low, high = as_array(low, "low"), as_array(high, "high")
        signed = U64 if dtype == U64 else I64
        low, high = astype(low, signed), astype(high, signed)
        top = high if endpoint else high - 1
        smallest, largest = _bounds(dtype)
        if low.size and bool(any_(low < smallest)):
            raise ValueError(f"low is out of bounds for {dtype}")
        if high.size and not endpoint and bool(any_(high == (smallest_int64 if signed == I64 else 0))):
            raise ValueError("low >= high")
        if top.size and bool(any_(top > largest)):
            raise ValueError(f"high is out of bounds for {dtype}")
        if top.size and low.size and bool(any_(low > top)):
            raise ValueError("low > high" if endpoint else "low >= high")
        shape = output_shape(size, low, top)
        width = astype(top, U64) - astype(low, U64)
        result = draw_element(self._bit_generator, "integers", _draw_dtype(dtype), shape,
                              full_operand(astype(low, U64), shape, U64), full_operand(width, shape, U64))
        return result if result._dtype == dtype else astype(result, dtype)

    def poisson(self, lam=1.0, size=None):
        """poisson(lam=1.0, size=None)

        Poisson counts (int64): inversion below lam = 10, PTRS rejection from there, on the device."""
        lam = parameter(lam, "lam")
        check(lam, lambda v: (v < 0) | E["isnan"](v) if isinstance(v, Array) else not v >= 0, "lam < 0 or lam is NaN")
        check(lam, lambda v: v > POISSON_LAM_MAX, "lam value too large")
        shape = output_shape(size, lam)
        full = () if shape is None else shape
        return scalar_result(draw_element(self._bit_generator, "poisson", I64, shape, full_operand(lam, full)),
                             shape, "int")

    def binomial(self, n, p, size=None):
        """binomial(n, p, size=None)

        Binomial counts (int64): inversion for n p < 10, BTRS rejection past it, on the device."""
        n_int = _scalar_int(n, "n")
        n = float(n_int) if n_int is not None else astype(astype(as_array(n, "n"), I64), F64)
        p = parameter(p, "p")
        check(n, lambda v: v < 0, "n < 0")
        check(p, lambda v: (v < 0) | (v > 1) | E["isnan"](v) if isinstance(v, Array) else not 0 <= v <= 1,
              "p < 0, p > 1 or p is NaN")
        shape = output_shape(size, n, p)
        full = () if shape is None else shape
        result = draw_element(self._bit_generator, "binomial", I64, shape, full_operand(n, full),
                              full_operand(p, full))
        return scalar_result(result, shape, "int")

    def geometric(self, p, size=None):
        """geometric(p, size=None)

        Trials to the first success (int64, at least 1): ceil(E / -log(1 - p)) for a standard
        exponential E."""
        p = parameter(p, "p")
        check(p, lambda v: (v <= 0) | (v > 1) | E["isnan"](v) if isinstance(v, Array) else not 0 < v <= 1,
              "p <= 0, p > 1 or p contains NaNs")
        shape = output_shape(size, p)
        if isinstance(p, Array):
            ratio = draw_block(self._bit_generator, "exponential", F64, shape) / -E["log1p"](-p)
        else:
            ratio = draw_block(self._bit_generator, "exponential", F64, shape, 0.0, 0.0 if p == 1 else -1.0 / math.log1p(-p))
        return scalar_result(astype(E["maximum"](E["ceil"](ratio), 1.0), I64), shape, "int")
