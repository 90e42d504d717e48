"""What every fft function shares: the input policy (dtypes), the checks of n/s, axis/axes and norm
as NumPy 2 makes them, zero-padding and truncation, and the calls into the fft engine.

The engine (wgarray/_engines/fft.py) transforms one axis of any view; everything else (promotion,
padding, the norm as a scale fused into the engine's pass, axes loops) happens here.
"""

from __future__ import annotations

import math
import operator
import warnings

from .._api.coerce import as_array, normalize_axis
from .._array import Array
from .._core import dtypes as dt
from .._engines import fft as engine
from .._numpy.reductions import deliver

NORMS = ("backward", "ortho", "forward")


# -- input dtypes ----------------------------------------------------------------------------------------
def as_complex(x, name: str, read_real: bool = False) -> Array:
    """x as a complex Array: complex dtypes pass, float32 -> complex64, float64 -> complex128, bool and
    integers -> the default complex dtype (complex128), as NumPy promotes them. read_real: float32
    and float64 pass too (for c2c, whose engine reads them as complex: no complex copy)."""
    x = as_array(x, name)
    kind = dt.kind(x._dtype)
    if kind == "complex" or (read_real and x._dtype in (dt.float32, dt.float64)):
        return x
    target = dt.complex_dtype(x._dtype) if kind == "float" else dt.default_complex(x.device)
    return x.astype(target)


def as_real(x, name: str) -> Array:
    """x as a real floating Array (bool and integers -> the default float); complex input is a
    TypeError, as NumPy's rfft gives."""
    x = as_array(x, name)
    kind = dt.kind(x._dtype)
    if kind == "complex":
        raise TypeError(f"{name}: the input must be real; got an array of dtype {x._dtype} "
                        "(take the real part, or use fft for complex input)")
    if x._dtype == dt.float16:  # NumPy transforms float16 in float32 (complex64 results)
        return x.astype(dt.float32)
    return x if kind == "float" else x.astype(dt.default_float(x.device))


# -- arguments -------------------------------------------------------------------------------------------
def check_norm(norm) -> str:
    if norm is None:
        return "backward"
    if not isinstance(norm, str) or norm not in NORMS:
        raise ValueError(f'Invalid norm value {norm!r}; should be "backward", "ortho" or "forward".')
    return norm


def scale(norm: str, n: int, inverse: bool) -> float:
    """The factor a transform of n points is multiplied by: 1/n on the normalised direction
    (the inverse for "backward", the forward one for "forward"), 1/sqrt(n) both ways for "ortho"."""
    if norm == "ortho":
        return 1.0 / math.sqrt(n)
    return 1.0 / n if (norm == "backward") == inverse else 1.0


def points(n) -> int:
    """n checked as NumPy does: an integer (TypeError otherwise), at least 1 (ValueError)."""
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"the number of FFT data points must be an integer, not {type(n).__name__}") from None
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    return n


def nd_args(x: Array, s, axes, *, inverse_real: bool = False, numpy_warnings: bool = True) -> tuple:
    """(s, axes) of an N-D transform as NumPy 2's _cook_nd_args: axes default to all (or the last
    len(s), deprecated), s to the input's lengths (irfftn: 2 * (m - 1) on the last axis), -1 in s keeps
    an axis' length; axes normalised (AxisError), unique (ValueError: the standard leaves repeated axes
    unspecified; wgarray refuses them as SciPy does), lengths checked (ValueError below 1).
    numpy_warnings=False: SciPy's rules (s without axes is not deprecated there)."""
    given = s is not None
    if given:
        s = list(s) if isinstance(s, (list, tuple)) else [s]
    if axes is None:
        if given and numpy_warnings:
            warnings.warn("`axes` should not be `None` if `s` is not `None` (deprecated in NumPy 2.0 and not allowed "
                          "by the array API standard): the last len(s) axes are transformed.",
                          DeprecationWarning, stacklevel=3)
        axes = list(range(-len(s), 0)) if given else list(range(x.ndim))
    elif not isinstance(axes, (list, tuple)):
        axes = [axes]
    axes = [normalize_axis(a, x.ndim) for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(f"repeated axes in {tuple(axes)}: all axes of an fft must be unique")
    if not given:
        s = [x.shape[a] for a in axes]
        if inverse_real and axes:
            s[-1] = 2 * (x.shape[axes[-1]] - 1)
    elif len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if any(n is None for n in s):
        warnings.warn("Passing None in `s` is deprecated in NumPy 2.0: pass -1 (keep the input's length).",
                      DeprecationWarning, stacklevel=3)
        s = [(2 * (x.shape[a] - 1) if inverse_real and i == len(s) - 1 else x.shape[a]) if n is None else n
             for i, (n, a) in enumerate(zip(s, axes))]
    s = [x.shape[a] if operator.index(n) == -1 else n for n, a in zip(s, axes)]
    return [points(n) for n in s], axes


# -- padding and truncation ------------------------------------------------------------------------------
def fitted(x: Array, lengths: dict) -> Array:
    """x with each axis in lengths truncated (a view) or zero-padded (one new array) to that length."""
    if all(x.shape[d] == n for d, n in lengths.items()):
        return x  # (the common case, checked first: the general one costs microseconds per call)
    cut = tuple(slice(0, min(lengths.get(d, n), n)) for d, n in enumerate(x.shape))
    if any(lengths.get(d, n) < n for d, n in enumerate(x.shape)):
        x = x[cut]
    shape = tuple(max(lengths.get(d, n), n) for d, n in enumerate(x.shape))
    if shape == x.shape:
        return x
    padded = Array._empty(shape, x._dtype, x.device)
    for d, (old, new) in enumerate(zip(x.shape, shape)):
        if new > old:  # the zero slab of this axis (slabs of two axes may overlap; both write zeros)
            padded[(slice(None),) * d + (slice(old, None),)] = 0
    padded[tuple(slice(0, n) for n in x.shape)] = x
    return padded


# -- the engine ------------------------------------------------------------------------------------------
def c2c(x: Array, axis: int, n: int, norm: str, inverse: bool) -> Array:
    """The complex transform of x (complex, or float32/float64 read as complex) along axis, fitted
    to n points: truncated by a view, zero-padded by the engine (no padded copy)."""
    m = x.shape[axis]
    fit = min(n, m) if m else n
    if fit != m:  # (checked here: fitted's general check costs the host a microsecond per call)
        x = fitted(x, {axis: fit})
    return Array._wrap(engine.complex_transform(x._data(), axis, inverse, scale(norm, n, inverse), n))


def r2c(x: Array, axis: int, n: int, norm: str, factor: float = 1.0) -> Array:
    """rfft of x (real floating) along axis, fitted to n points: n // 2 + 1 complex outputs."""
    x = fitted(x, {axis: n})
    return Array._wrap(engine.real_forward(x._data(), axis, factor * scale(norm, n, False)))


def c2r(x: Array, axis: int, n: int, norm: str, factor: float = 1.0) -> Array:
    """irfft of x (complex) along axis: n real outputs from the first n // 2 + 1 inputs."""
    x = fitted(x, {axis: n // 2 + 1})
    return Array._wrap(engine.real_inverse(x._data(), axis, n, factor * scale(norm, n, True)))


def result(value: Array, out, name: str) -> Array:
    """value, or value written into out (NumPy 2's out=: the exact shape, a same-kind cast)."""
    return deliver(value, out, name, casting="same_kind")
