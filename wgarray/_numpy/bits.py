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
    """Pack the elements of a binary-valued array into bits of a uint8 array.

    Each run of 8 elements along ``axis`` (nonzero: bit 1) becomes one uint8; zeros pad the last run.

    Parameters
    ----------
    a : array_like
        An integer or bool array.
    axis : int, optional
        The axis to pack along; None (the default) packs the flattened array.
    bitorder : {'big', 'little'}, optional
        'big' (the default) puts the first element in the most significant bit, 'little' in the least.

    Returns
    -------
    Array
        uint8, of ``a``'s shape with ``ceil(n / 8)`` elements along ``axis`` (1-D for axis None).

    Raises
    ------
    TypeError
        For a floating or complex input.
    ValueError
        For a ``bitorder`` other than 'big' or 'little'.

    Notes
    -----
    Dtypes: bool and every integer dtype; floating and complex inputs raise TypeError, as NumPy's.

    GPU: map kernels (the test for nonzero, the bit weights), a copy for the zero padding when the
    length is not a multiple of 8, and one fold kernel summing each group of 8 weighted bits.

    Examples
    --------
    >>> wg.packbits(wg.asarray([1, 0, 1, 1, 0, 0, 0, 1, 1]))
    array([177, 128], dtype=uint8)
    """
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
    """Unpack the elements of a uint8 array into a binary-valued uint8 array.

    Each byte along ``axis`` becomes 8 elements, 0 or 1.

    Parameters
    ----------
    a : array_like
        A uint8 array.
    axis : int, optional
        The axis to unpack along; None (the default) unpacks the flattened array.
    count : int, optional
        The number of elements to keep along ``axis``: fewer than ``8 * n`` drops the rest, more pads
        with zeros, a negative count drops that many from the end. None (the default) keeps all.
    bitorder : {'big', 'little'}, optional
        'big' (the default) takes the most significant bit first, 'little' the least.

    Returns
    -------
    Array
        uint8 zeros and ones, of ``a``'s shape with ``8 * n`` (or ``count``) elements along ``axis``.

    Raises
    ------
    TypeError
        For an input that is not uint8.
    ValueError
        For a negative ``count`` larger than the number of bits, or a bad ``bitorder``.

    Notes
    -----
    Dtypes: uint8 only, as NumPy's.

    GPU: one map kernel (a shift and a mask per bit) over a broadcast view; slicing to ``count`` is a
    view, padding past it a copy.

    Examples
    --------
    >>> wg.unpackbits(wg.asarray([177], dtype=wg.uint8))
    array([1, 0, 1, 1, 0, 0, 0, 1], dtype=uint8)
    >>> wg.unpackbits(wg.asarray([177], dtype=wg.uint8), count=3, bitorder="little")
    array([1, 0, 0], dtype=uint8)
    """
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
    """Return the binary representation of an integer as a string.

    Parameters
    ----------
    num : int or Array
        The integer; a wgarray array must hold exactly one integer.
    width : int, optional
        The length of the string: zeros pad a non-negative ``num`` on the left, and a negative ``num``
        is written in two's complement in ``width`` bits. None (the default) gives ``-`` and the
        magnitude for a negative number.

    Returns
    -------
    str
        The binary digits.

    Notes
    -----
    Dtypes: an integer or bool value (what ``operator.index`` accepts); a float raises TypeError.

    GPU: none; this formats on the host (NumPy's binary_repr). A wgarray array argument is read
    back first (a host sync).

    Examples
    --------
    >>> wg.binary_repr(5)
    '101'
    >>> wg.binary_repr(-3, width=4)
    '1101'
    """
    return np.binary_repr(_integer(num), width)


def base_repr(number, base=2, padding=0) -> str:
    """Return a string representation of an integer in the given base.

    Parameters
    ----------
    number : int or Array
        The integer; a wgarray array must hold exactly one integer. A negative one gets a ``-``.
    base : int, optional
        The base, from 2 (the default) to 36; digits past 9 are the letters A-Z.
    padding : int, optional
        The number of zeros put in front (default 0).

    Returns
    -------
    str
        The digits.

    Raises
    ------
    ValueError
        For a base above 36 or below 2.

    Notes
    -----
    Dtypes: an integer or bool value (what ``operator.index`` accepts); a float raises TypeError.

    GPU: none; this formats on the host (NumPy's base_repr). A wgarray array argument is read back
    first (a host sync).

    Examples
    --------
    >>> wg.base_repr(255, base=16)
    'FF'
    """
    return np.base_repr(_integer(number), base, padding)


FUNCTIONS = {f.__name__: f for f in (packbits, unpackbits, binary_repr, base_repr)}
