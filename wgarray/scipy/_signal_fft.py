"""scipy.signal's FFT convolutions on the GPU, through wgarray.fft: fftconvolve and oaconvolve.

Real inputs go through rfftn/irfftn, complex ones through fftn/ifftn, at SciPy's fast lengths
(next_fast_len); integer inputs are converted to float64 first, as SciPy does. oaconvolve is SciPy's
overlap-add: the longer input cut into blocks of SciPy's optimal length (the Lambert W formula of
_calc_oa_lens), all blocks transformed as one batch, the overlaps added back in place.
"""

from __future__ import annotations

import math
import operator

from .. import fft as wfft
from .._api.coerce import as_array
from .._api.creation_functions import empty
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import reshape
from .._numpy.padding import pad
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
    return _convolved(x, y, axes, fshape)[tuple(slice(0, n) for n in shape)]


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
    return _apply_mode(_freq_domain(x, y, axes, shape), s1, s2, mode, axes)


def _apply_mode(out: Array, s1, s2, mode: str, axes) -> Array:
    if mode == "full":
        return out
    if mode == "same":
        return _centered(out, s1)
    return _centered(out, [s1[a] - s2[a] + 1 if a in axes else out.shape[a] for a in range(out.ndim)])


def _lambertw_lower(z: float) -> float:
    """The lower branch W_-1(z) of the Lambert W function for z in [-1/e, 0) (Halley's iteration;
    the host computes SciPy's block length from it)."""
    w = -1.0 - math.sqrt(2.0 * (1.0 + math.e * z)) if z < -0.25 else math.log(-z) - math.log(-math.log(-z))
    for _ in range(50):
        ew = math.exp(w)
        f = w * ew - z
        step = f / (ew * (w + 1) - (w + 2) * f / (2 * w + 2))
        w -= step
        if abs(step) <= 1e-15 * abs(w):
            break
    return w


def _oa_lengths(s1: int, s2: int):
    """SciPy's _calc_oa_lens: (block length, overlap, in1's step, in2's step); overlap None where one
    FFT over the whole axis is as good."""
    fallback = (s1 + s2 - 1, None, s1, s2)
    if s1 == s2 or s1 == 1 or s2 == 1:
        return fallback
    swapped = s2 > s1
    if swapped:
        s1, s2 = s2, s1
    if s2 >= s1 / 2:
        return fallback
    overlap = s2 - 1
    optimal = -overlap * _lambertw_lower(-1 / (2 * math.e * overlap))
    block = wfft.next_fast_len(math.ceil(optimal))
    if block >= s1:
        return fallback
    return (block, overlap, s2, block - s2 + 1) if swapped else (block, overlap, block - s2 + 1, s2)


def _steps(size: int, step: int, block: int, overlap, final: int):
    """(blocks, padding) of one input along an axis cut into steps."""
    if size <= step:
        return 1, 0
    count = math.ceil((size + 1) / step)
    if (block - overlap) * count < final:
        count += 1
    return count, count * step - size


def oaconvolve(in1, in2, mode="full", axes=None) -> Array:
    """The N-D convolution of in1 and in2 by overlap-add (scipy.signal.oaconvolve)."""
    x = as_array(in1, "in1")
    y = as_array(in2, "in2", x.device)
    if x.ndim == y.ndim == 0:
        return E["multiply"](x, y)
    if x.ndim != y.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if x.size == 0 or y.size == 0:
        return empty((0,), dtype=dt.default_float(x.device), device=x.device)
    if x.shape == y.shape:
        return fftconvolve(x, y, mode, axes)
    if mode not in ("full", "same", "valid"):
        raise ValueError("acceptable mode flags are 'valid', 'same', or 'full'")
    x, y, axes = _axes(x, y, mode, axes)
    axes = sorted(axes)
    s1, s2 = x.shape, y.shape
    if not axes:
        return _apply_mode(E["multiply"](x, y), s1, s2, mode, axes)
    final = [s1[i] + s2[i] - 1 if i in axes else None for i in range(x.ndim)]
    plan = [_oa_lengths(s1[i], s2[i]) if i in axes else (-1, -1, s1[i], s2[i]) for i in range(x.ndim)]
    block, overlaps, step1, step2 = (list(v) for v in zip(*plan))
    if tuple(step1) == s1 and tuple(step2) == s2:
        return fftconvolve(x, y, mode, axes)
    steps1, steps2, pad1, pad2 = [], [], [], []
    for i in range(x.ndim):
        if i not in axes:
            pad1.append((0, 0))
            pad2.append((0, 0))
            continue
        n1, p1 = _steps(s1[i], step1[i], block[i], overlaps[i], final[i])
        n2, p2 = _steps(s2[i], step2[i], block[i], overlaps[i], final[i])
        steps1.append(n1)
        steps2.append(n2)
        pad1.append((0, p1))
        pad2.append((0, p2))
    if any(p != (0, 0) for p in pad1):
        x = pad(x, pad1)
    if any(p != (0, 0) for p in pad2):
        y = pad(y, pad2)
    split_axes = [a + k for k, a in enumerate(axes)]  # each cut axis becomes (blocks, step)
    fft_axes = [a + 1 for a in split_axes]
    shape1, shape2 = list(step1), list(step2)
    for k, a in enumerate(split_axes):
        shape1.insert(a, steps1[k])
        shape2.insert(a, steps2[k])
    out = _convolved(reshape(x, tuple(shape1)), reshape(y, tuple(shape2)), fft_axes, [block[a] for a in axes])
    for a, fa, sa in zip(axes, fft_axes, split_axes):
        overlap = overlaps[a]
        if overlap is None:
            continue
        head = [slice(None)] * out.ndim
        tail = [slice(None)] * out.ndim
        head[fa], tail[fa] = slice(0, out.shape[fa] - overlap), slice(out.shape[fa] - overlap, None)
        kept, spill = out[tuple(head)], out[tuple(tail)]
        into = [slice(None)] * out.ndim
        into[fa], into[sa] = slice(0, overlap), slice(1, None)
        source = [slice(None)] * out.ndim
        source[sa] = slice(0, spill.shape[sa] - 1)
        kept[tuple(into)] = E["add"](kept[tuple(into)], spill[tuple(source)])  # each block's tail onto the next
        out = kept
    shape = [out.shape[i] * out.shape[i - 1] if i in fft_axes else out.shape[i]
             for i in range(out.ndim) if i not in split_axes]
    out = reshape(out, tuple(shape))
    out = out[tuple(slice(n) for n in final)]
    return _apply_mode(out, s1, s2, mode, axes)


def _convolved(x: Array, y: Array, axes, fshape) -> Array:
    """The circular convolution of x and y over axes at transform lengths fshape (real or complex
    transforms; integers and bool in float64 first, as SciPy)."""
    complex_result = dt.kind(x._dtype) == "complex" or dt.kind(y._dtype) == "complex"
    if dt.kind(x._dtype) in ("bool", "int", "uint"):
        x = astype(x, dt.default_float(x.device))
    if dt.kind(y._dtype) in ("bool", "int", "uint"):
        y = astype(y, dt.default_float(y.device))
    if complex_result:
        return wfft.ifftn(E["multiply"](wfft.fftn(x, fshape, axes=axes), wfft.fftn(y, fshape, axes=axes)),
                          fshape, axes=axes)
    return wfft.irfftn(E["multiply"](wfft.rfftn(x, fshape, axes=axes), wfft.rfftn(y, fshape, axes=axes)),
                       fshape, axes=axes)
