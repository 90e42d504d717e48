"""float16 in wgarray.nn: the engines (conv, pool, attention, the row kernels) read and write
32- and 64-bit floats, so float16 inputs go in as float32 copies (widening is exact) and the
result is rounded once to float16: float32 arithmetic and accumulation, as the issue asks for
(and as NumPy's float16 loops compute)."""

from __future__ import annotations

from .._api.data_type_functions import astype
from .._array import Array
from .._core import dtypes as dt


def widened(x: Array | None) -> Array | None:
    """x, or its float32 copy where it is float16 (None stays None)."""
    return astype(x, dt.float32) if x is not None and x._dtype == dt.float16 else x


def narrowed(result: Array, dtype) -> Array:
    """An engine's float32 result of float16 inputs rounded once to float16; others unchanged."""
    return astype(result, dt.float16) if dtype == dt.float16 and result._dtype == dt.float32 else result
