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
    """The sample frequencies of an n-point transform, [0, 1, ..., -(n // 2), ..., -1] / (n * d)."""
    n, value, device, dtype, compute = _freq_args(n, d, device, dtype, "fftfreq")
    if n < 0:
        raise ValueError(f"fftfreq: negative dimensions are not allowed (n = {n})")
    k = arange(float(-(n // 2)), float(n - n // 2), dtype=compute, device=device)  # exact integers
    return _scaled(roll(k, -(n // 2)), value, dtype)


def rfftfreq(n, d=1.0, device=None, *, dtype=None) -> Array:
    """The non-negative sample frequencies of an rfft of n points, [0, 1, ..., n // 2] / (n * d)."""
    n, value, device, dtype, compute = _freq_args(n, d, device, dtype, "rfftfreq")
    return _scaled(arange(0.0, float(n // 2 + 1), dtype=compute, device=device), value, dtype)


def _shifted(x, axes, sign: int, name: str) -> Array:
    x = as_array(x, name)
    axes = normalize_axes(axes, x.ndim)
    if not axes:
        return x._contiguous()
    return roll(x, tuple(sign * (x.shape[a] // 2) for a in axes), axis=axes)


def fftshift(x, /, axes=None) -> Array:
    """x rolled so that the zero frequency is in the middle of each axis in axes (all by default)."""
    return _shifted(x, axes, 1, "fftshift")


def ifftshift(x, /, axes=None) -> Array:
    """The inverse of fftshift (they differ for odd lengths)."""
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
    """SciPy's next_fast_len: the smallest length >= target whose prime factors the transforms handle
    fastest: 2, 3, 5 for real transforms (real=True), 2, 3, 5, 7, 11 for complex ones."""
    target = operator.index(target)
    if target < 0:
        raise ValueError("Target length must be positive")
    if target <= 1:
        return target
    return _smallest_smooth(target, (3, 5) if real else (3, 5, 7, 11))
