"""scipy.signal's FFT convolutions on the GPU, through wgarray.fft: fftconvolve and oaconvolve.

Real inputs go through rfftn/irfftn, complex ones through fftn/ifftn, at SciPy's fast lengths
(next_fast_len); integer inputs are converted to float64 first, as SciPy does. oaconvolve gives
the same result (the convolution, in the same modes and axes) as one FFT over the whole extent: a
GPU transforms a long axis in one go at full occupancy, so the overlap-add blocking SciPy uses to
save CPU work is not needed for the result.
"""

from __future__ import annotations

import operator

from .. import fft as wfft
from .._api.coerce import as_array
from .._api.creation_functions import empty
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._array import Array
from .._core import dtypes as dt

__all__ = ["fftconvolve", "oaconvolve", "inputs_swap_needed"]

_FORCE: dict = {}  # benchmarks compare transform lengths: {"lengths": "pow2"} (else SciPy's next_fast_len)


def _fast_length(n: int, real: bool) -> int:
    if _FORCE.get("lengths") == "pow2":
        return 1 << (n - 1).bit_length()
    return wfft.next_fast_len(n, real)


def inputs_swap_needed(mode: str, shape1, shape2, axes=None) -> bool:
    """SciPy's _inputs_swap_needed: in 'valid' mode, whether in2 is the larger input (one must be at
    least as large as the other on every axis)."""
    if mode != "valid" or not shape1:
        return False
    axes = range(len(shape1)) if axes is None else axes
    ok1 = all(shape1[i] >= shape2[i] for i in axes)
    ok2 = all(shape2[i] >= shape1[i] for i in axes)
    if not (ok1 or ok2):
        raise ValueError("For 'valid' mode, one must be at least as large as the other in every dimension")
    return not ok1


def _axes(x: Array, y: Array, mode: str, axes):
    """SciPy's _init_freq_conv_axes: the axes transformed (those where neither input has length 1)."""
    if axes is None:
        axes = list(range(x.ndim))
    else:
        axes = [axes] if not isinstance(axes, (tuple, list)) else list(axes)
        if not axes:
            raise ValueError("when provided, axes cannot be empty")
        axes = [operator.index(a) for a in axes]
        for a in axes:
            if not -x.ndim <= a < x.ndim:
                raise ValueError("axes exceeds dimensionality of input")
        axes = [a % x.ndim for a in axes]
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
    s1, s2 = x.shape, y.shape
    axes = [a for a in axes if s1[a] != 1 and s2[a] != 1]
    if not all(s1[a] == s2[a] or s1[a] == 1 or s2[a] == 1 for a in range(x.ndim) if a not in axes):
        raise ValueError(f"incompatible shapes for in1 and in2: {s1} and {s2}")
    if inputs_swap_needed(mode, s1, s2, axes=axes):
        x, y = y, x
    return x, y, axes


def _centered(a: Array, shape) -> Array:
    starts = [(n - m) // 2 for n, m in zip(a.shape, shape)]
    return a[tuple(slice(s, s + m) for s, m in zip(starts, shape))]


def _freq_domain(x: Array, y: Array, axes, shape) -> Array:
    if not axes:
        return E["multiply"](x, y)
    complex_result = dt.kind(x._dtype) == "complex" or dt.kind(y._dtype) == "complex"
    fshape = [_fast_length(shape[a], not complex_result) for a in axes]
    if dt.kind(x._dtype) in ("bool", "int", "uint"):
        x = astype(x, dt.default_float(x.device))
    if dt.kind(y._dtype) in ("bool", "int", "uint"):
        y = astype(y, dt.default_float(y.device))
    if complex_result:
        out = wfft.ifftn(E["multiply"](wfft.fftn(x, fshape, axes=axes), wfft.fftn(y, fshape, axes=axes)),
                         fshape, axes=axes)
    else:
        out = wfft.irfftn(E["multiply"](wfft.rfftn(x, fshape, axes=axes), wfft.rfftn(y, fshape, axes=axes)),
                          fshape, axes=axes)
    return out[tuple(slice(0, n) for n in shape)]


def fftconvolve(in1, in2, mode="full", axes=None) -> Array:
    """The N-D convolution of in1 and in2 through FFTs (scipy.signal.fftconvolve)."""
    x = as_array(in1, "in1")
    y = as_array(in2, "in2", x.device)
    if x.ndim == y.ndim == 0:
        return E["multiply"](x, y)
    if x.ndim != y.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if x.size == 0 or y.size == 0:
        return empty((0,), dtype=dt.default_float(x.device), device=x.device)
    if mode not in ("full", "same", "valid"):
        raise ValueError("acceptable mode flags are 'valid', 'same', or 'full'")
    x, y, axes = _axes(x, y, mode, axes)
    s1, s2 = x.shape, y.shape
    shape = [s1[i] + s2[i] - 1 if i in axes else max(s1[i], s2[i]) for i in range(x.ndim)]
    out = _freq_domain(x, y, axes, shape)
    if mode == "full":
        return out
    if mode == "same":
        return _centered(out, s1)
    return _centered(out, [s1[a] - s2[a] + 1 if a in axes else out.shape[a] for a in range(out.ndim)])


def oaconvolve(in1, in2, mode="full", axes=None) -> Array:
    """The N-D convolution of in1 and in2 (scipy.signal.oaconvolve), by one FFT over the whole extent
    (see the module docstring)."""
    return fftconvolve(in1, in2, mode, axes)
