"""NumPy's bit packing (packbits, unpackbits) on the GPU, and binary_repr and base_repr, which format
one integer (a host string by nature; an array argument is read as its one integer)."""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import manipulation_functions as manip
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import asarray, zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.statistical_functions import sum as sum_

_BIG_ENDIAN_WEIGHTS = (128, 64, 32, 16, 8, 4, 2, 1)


def _bit_order(bitorder) -> bool:
    """True for 'big' (the most significant bit first)."""
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    return bitorder == "big"


def _along(x: Array, axis):
    """x and the axis to work along (None: x flattened)."""
    if axis is None:
        return manip.reshape(x, (-1,)), 0
    return x, normalize_axis(axis, x.ndim)


def packbits(a, /, axis=None, bitorder="big") -> Array:
    """Each run of 8 elements (nonzero: 1) along axis as one uint8, zeros padding the last run."""
    x = as_array(a, "packbits")
    if dt.kind(x._dtype) not in ("bool", "int", "uint"):
        raise TypeError("Expected an input array of integer or boolean data type")
    big = _bit_order(bitorder)
    x, axis = _along(x, axis)
    bits = manip.moveaxis(astype(E["not_equal"](x, 0), dt.uint8), axis, -1)
    n = bits.shape[-1]
    if n % 8:
        padding = zeros(bits.shape[:-1] + (8 - n % 8,), dtype=dt.uint8, device=x.device)
        bits = manip.concat([bits, padding], axis=-1)
    groups = manip.reshape(bits, bits.shape[:-1] + (bits.shape[-1] // 8, 8))
    weights = asarray(_BIG_ENDIAN_WEIGHTS if big else _BIG_ENDIAN_WEIGHTS[::-1], dtype=dt.uint8, device=x.device)
    packed = sum_(E["multiply"](groups, weights), axis=-1, dtype=dt.uint8)  # disjoint bits: no carries
    return manip.moveaxis(packed, -1, axis)


def unpackbits(a, /, axis=None, count=None, bitorder="big") -> Array:
    """The bits of each uint8 along axis, 8 elements per byte; count keeps that many (negative: drops
    them from the end; more than there are: pads with zeros)."""
    x = as_array(a, "unpackbits")
    if x._dtype != dt.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    big = _bit_order(bitorder)
    x, axis = _along(x, axis)
    moved = manip.moveaxis(x, axis, -1)
    shifts = asarray(tuple(range(7, -1, -1)) if big else tuple(range(8)), dtype=dt.uint8, device=x.device)
    bits = E["bitwise_and"](E["bitwise_right_shift"](manip.expand_dims(moved, axis=-1), shifts), 1)
    bits = manip.reshape(bits, moved.shape[:-1] + (moved.shape[-1] * 8,))
    if count is not None:
        count = operator.index(count)
        total = bits.shape[-1]
        keep = count if count >= 0 else total + count
        if keep < 0:
            raise ValueError("-count larger than number of elements")
        if keep <= total:
            bits = bits[..., :keep]
        else:
            bits = manip.concat([bits, zeros(bits.shape[:-1] + (keep - total,), dtype=dt.uint8, device=x.device)],
                                axis=-1)
    return manip.moveaxis(bits, -1, axis)


def _integer(num) -> int:
    if isinstance(num, Array):
        num = num._scalar("binary_repr")
    return operator.index(num)


def binary_repr(num, width=None) -> str:
    """num in binary (two's complement in `width` bits for a negative num with a width)."""
    return np.binary_repr(_integer(num), width)


def base_repr(number, base=2, padding=0) -> str:
    """number in the given base (up to 36), with `padding` zeros in front."""
    return np.base_repr(_integer(number), base, padding)


FUNCTIONS = {f.__name__: f for f in (packbits, unpackbits, binary_repr, base_repr)}
