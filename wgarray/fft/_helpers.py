"""The helpers: fftfreq and rfftfreq (built on the device from an arange), fftshift and ifftshift
(GPU rolls), and SciPy's next_fast_len (host arithmetic on a length: metadata).
"""

from __future__ import annotations

import operator

import numpy as np

from .._api.coerce import as_array, device_arg, dtype_arg, normalize_axes
from .._api.creation_functions import arange
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import roll
from .._array import Array
from .._core import dtypes as dt

__all__ = ["fftfreq", "fftshift", "ifftshift", "next_fast_len", "rfftfreq"]


def _freq_args(n, d, device, dtype, name: str) -> tuple:
    """(n, 1 / (n * d), device, output dtype, compute dtype) checked as NumPy does."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise ValueError(f"{name}: n should be an integer, not {type(n).__name__}")
    if isinstance(d, (complex, np.complexfloating)) or not isinstance(d, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: the sample spacing d must be a real number, not {type(d).__name__}")
    device = device_arg(device)
    dtype = dtype_arg(dtype, device) or dt.default_float(device)
    if dt.kind(dtype) != "float":
        raise TypeError(f"{name}: dtype must be a real floating-point dtype, not {dtype}")
    n = int(n)
    value = 1.0 / (n * float(d))  # ZeroDivisionError for n = 0 or d = 0, as NumPy
    # k * value is computed in float64 where the device has it and rounded once to dtype
    return n, value, device, dtype, dt.default_float(device)


def _scaled(k: Array, value: float, dtype) -> Array:
    freq = E["multiply"](k, value)
    return freq if freq._dtype == dtype else freq.astype(dtype)


def fftfreq(n, d=1.0, device=None, *, dtype=None) -> Array:
    """Return the sample frequencies of an ``n``-point discrete Fourier transform.

    ``[0, 1, ..., -(n // 2), ..., -1] / (n * d)``: the frequency of each term of ``fft``'s
    result, in cycles per unit of the sample spacing ``d``.

    Parameters
    ----------
    n : int
        The number of points of the transform.
    d : float, optional
        The sample spacing (default 1.0): the frequencies are in cycles per unit of ``d``.
    device : Device, optional
        The device to make the result on (default: the default device).
    dtype : dtype, optional
        A real floating dtype for the result (default: the default float dtype, float64).

    Returns
    -------
    Array
        The ``n`` frequencies.

    Raises
    ------
    ValueError
        If ``n`` is not an integer or is negative.
    TypeError
        If ``d`` is not a real number or ``dtype`` is not a real floating dtype.
    ZeroDivisionError
        If ``n`` or ``d`` is 0, as NumPy's.

    See Also
    --------
    rfftfreq, fftshift

    Notes
    -----
    GPU: an arange kernel, a roll (two copy kernels) and one map kernel (the scaling, and a
    cast to ``dtype``): the values are exact integers times ``1 / (n * d)``, computed in the
    default float dtype and rounded once to ``dtype``.

    Examples
    --------
    >>> wg.fft.fftfreq(8, d=0.5)
    array([ 0.  ,  0.25,  0.5 ,  0.75, -1.  , -0.75, -0.5 , -0.25])
    """
    n, value, device, dtype, compute = _freq_args(n, d, device, dtype, "fftfreq")
    if n < 0:
        raise ValueError(f"fftfreq: negative dimensions are not allowed (n = {n})")
    k = arange(float(-(n // 2)), float(n - n // 2), dtype=compute, device=device)  # exact integers
    return _scaled(roll(k, -(n // 2)), value, dtype)


def rfftfreq(n, d=1.0, device=None, *, dtype=None) -> Array:
    """Return the sample frequencies of an ``n``-point ``rfft``: the non-negative ones.

    ``[0, 1, ..., n // 2] / (n * d)``, in cycles per unit of the sample spacing ``d``.

    Parameters
    ----------
    n : int
        The number of points of the transform.
    d : float, optional
        The sample spacing (default 1.0): the frequencies are in cycles per unit of ``d``.
    device : Device, optional
        The device to make the result on (default: the default device).
    dtype : dtype, optional
        A real floating dtype for the result (default: the default float dtype, float64).

    Returns
    -------
    Array
        The ``n // 2 + 1`` frequencies.

    Raises
    ------
    ValueError
        If ``n`` is not an integer.
    TypeError
        If ``d`` is not a real number or ``dtype`` is not a real floating dtype.
    ZeroDivisionError
        If ``n`` or ``d`` is 0, as NumPy's.

    See Also
    --------
    fftfreq, rfft

    Notes
    -----
    GPU: an arange kernel and one map kernel (the scaling, and a cast to ``dtype``): the values
    are exact integers times ``1 / (n * d)``, computed in the default float dtype and rounded
    once to ``dtype``.

    Examples
    --------
    >>> wg.fft.rfftfreq(8)
    array([0.   , 0.125, 0.25 , 0.375, 0.5  ])
    """
    n, value, device, dtype, compute = _freq_args(n, d, device, dtype, "rfftfreq")
    return _scaled(arange(0.0, float(n // 2 + 1), dtype=compute, device=device), value, dtype)


def _shifted(x, axes, sign: int, name: str) -> Array:
    x = as_array(x, name)
    axes = normalize_axes(axes, x.ndim)
    if not axes:
        return x._contiguous()
    return roll(x, tuple(sign * (x.shape[a] // 2) for a in axes), axis=axes)


def fftshift(x, /, axes=None) -> Array:
    """Shift the zero-frequency term to the centre of the spectrum.

    ``x`` rolled by ``n // 2`` along each of ``axes``, so that the zero frequency is in the
    middle.

    Parameters
    ----------
    x : array_like
        The input array.
    axes : int or tuple of int, optional
        The axes to shift; None (the default) shifts all of them.

    Returns
    -------
    Array
        The shifted array (a new array), of ``x``'s shape and dtype.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of bounds.

    See Also
    --------
    ifftshift, fftfreq

    Notes
    -----
    Dtypes: every dtype.

    GPU: copy kernels: two per shifted axis (each combination of the pieces is one copy);
    with no axis, one copy.

    Examples
    --------
    >>> wg.fft.fftshift(wg.fft.fftfreq(5))
    array([-0.4, -0.2,  0. ,  0.2,  0.4])
    """
    return _shifted(x, axes, 1, "fftshift")


def ifftshift(x, /, axes=None) -> Array:
    """Undo ``fftshift``: move the zero-frequency term back to the start.

    ``x`` rolled by ``-(n // 2)`` along each of ``axes``; it differs from ``fftshift`` for odd
    lengths.

    Parameters
    ----------
    x : array_like
        The input array.
    axes : int or tuple of int, optional
        The axes to shift; None (the default) shifts all of them.

    Returns
    -------
    Array
        The shifted array (a new array), of ``x``'s shape and dtype.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of bounds.

    See Also
    --------
    fftshift

    Notes
    -----
    Dtypes: every dtype.

    GPU: copy kernels: two per shifted axis (each combination of the pieces is one copy);
    with no axis, one copy.

    Examples
    --------
    >>> wg.fft.ifftshift(wg.fft.fftshift(wg.arange(5)))
    array([0, 1, 2, 3, 4])
    """
    return _shifted(x, axes, -1, "ifftshift")


# -- next_fast_len ---------------------------------------------------------------------------------------
def _smallest_smooth(target: int, primes: tuple) -> int:
    """The smallest product of powers of primes (all > 2) times a power of two that is >= target."""
    best = 1 << (target - 1).bit_length()  # a power of two is always a candidate

    def search(value: int, index: int) -> None:
        nonlocal best
        if value >= best:
            return
        # complete with the smallest power of two reaching the target
        quotient = -(-target // value)
        candidate = value << (quotient - 1).bit_length()
        best = min(best, candidate)
        for i in range(index, len(primes)):
            search(value * primes[i], i)

    search(1, 0)
    return best


def next_fast_len(target, real=False) -> int:
    """Return the smallest length at least ``target`` that the transforms handle fastest.

    SciPy's ``next_fast_len``: the smallest length whose prime factors are 2, 3 and 5 (for real
    transforms, ``real=True``) or 2, 3, 5, 7 and 11 (for complex ones). Zero-padding an input
    to it can make a transform faster.

    Parameters
    ----------
    target : int
        The least length (non-negative).
    real : bool, optional
        Whether the length is for a real transform (``rfft``, ``dct``; default False).

    Returns
    -------
    int
        The length (``target`` itself for 0 and 1).

    Raises
    ------
    ValueError
        If ``target`` is negative.
    TypeError
        If ``target`` is not an integer.

    Notes
    -----
    GPU: none; this runs on the host (arithmetic on a length: metadata).

    Examples
    --------
    >>> wg.fft.next_fast_len(97)
    98
    >>> wg.fft.next_fast_len(97, real=True)
    100
    """
    target = operator.index(target)
    if target < 0:
        raise ValueError("Target length must be positive")
    if target <= 1:
        return target
    return _smallest_smooth(target, (3, 5) if real else (3, 5, 7, 11))
