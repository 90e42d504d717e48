"""scipy.signal's convolutions on the GPU: convolve, correlate, convolve2d, correlate2d and
choose_conv_method. The direct method is the filter engine (wgarray/_engines/filter.py) with
zero padding applied by index; the FFT method is _signal_fft.fftconvolve.

Results have SciPy's dtype, np.result_type(in1, in2). The direct method computes in that dtype, as
SciPy does (integers wrap; bool and narrow integers in 32 bits, which wraps to the same values);
complex inputs as real correlations of their parts. The FFT method rounds integer results.
"""

from __future__ import annotations

import math
import timeit


from .._api.coerce import as_array
from .._api.creation_functions import empty
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import flip
from .._api.runtime import synchronize
from .._api.statistical_functions import max as array_max
from .._array import Array
from .._core import dtypes as dt
from . import _support as S
from ._signal_fft import fftconvolve, inputs_swap_needed

__all__ = ["convolve", "correlate", "convolve2d", "correlate2d", "choose_conv_method"]

_MODES = ("full", "valid", "same")
_BOUNDARIES = {"fill": "constant", "pad": "constant", "wrap": "wrap", "circular": "wrap", "symm": "reflect",
               "symmetric": "reflect"}


def _check_mode(mode) -> str:
    if mode not in _MODES:
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    return mode


def _out_shape_and_shift(s1, s2, mode: str):
    """The output's shape and, per axis, where its first element's window starts in in1, for the
    convolution in1 * in2 written as a correlation with in2 reversed."""
    if mode == "full":
        return [n + k - 1 for n, k in zip(s1, s2)], [-(k - 1) for k in s2]
    if mode == "same":
        return list(s1), [-(k - 1) + (k - 1) // 2 for k in s2]
    return [n - k + 1 for n, k in zip(s1, s2)], [0] * len(s1)


def _real_correlate(x: Array, w: Array, shape, shift, mode: str, fill, reverse: bool) -> Array:
    compute = S.engine_dtype(x._dtype)
    return S.correlate(astype(x, compute, copy=False), astype(w, compute, copy=False), shift, mode, fill, shape,
                       reverse)


def _direct(x: Array, w: Array, shape, shift, mode: str = "skip", fill=0, reverse: bool = False) -> Array:
    """sum_t w[t] * x[c + shift + t] in result_type(x, w), w reversed along every axis for a
    convolution (reverse); positions outside x add nothing ("skip") or read the boundary map."""
    dtype = dt.promote(x._dtype, w._dtype, x.device)
    x, w = astype(x, dtype, copy=False), astype(w, dtype, copy=False)
    if math.prod(shape) == 0:
        return empty(tuple(shape), dtype=dtype, device=x.device)
    if dt.kind(dtype) != "complex":
        return astype(_real_correlate(x, w, shape, shift, mode, fill, reverse), dtype, copy=False)
    fill = complex(fill)

    def part(a, b, f):
        return _real_correlate(a, b, shape, shift, mode, f, reverse)

    out = empty(tuple(shape), dtype=dtype, device=x.device)
    out.real[...] = E["subtract"](part(x.real, w.real, fill.real), part(x.imag, w.imag, fill.imag))
    out.imag[...] = E["add"](part(x.real, w.imag, fill.real), part(x.imag, w.real, fill.imag))
    return out


def _pair(in1, in2):
    x = as_array(in1, "in1")
    return x, as_array(in2, "in2", x.device)


def _numeric(x: Array) -> bool:
    return dt.kind(x._dtype) in ("bool", "int", "uint", "float", "complex")


# The cost model of choose_conv_method, in seconds, measured on an H100 (benchmarks/scipy_signal.py
# --explore, float32): wgarray.fft's three transforms cost about 1.6 ms whatever their size, plus
# ~6e-12 s per point and log2 of the size; the direct kernels ~0.2 ms plus 4e-13 s a multiply-add
# (one-row kernels, the tiled kernel) or 1e-12 s (N-D kernels). SciPy's model, fitted to CPUs,
# picks the FFT for 2^20 x 1025, which the direct kernel ran 3.6x faster.
FFT_FIXED, FFT_PER_POINT_LOG = 1.6e-3, 6e-12
DIRECT_FIXED, DIRECT_PER_MAC_ROW, DIRECT_PER_MAC = 2e-4, 4e-13, 1e-12


def _direct_ops(x_shape, h_shape, mode: str) -> int:
    """SciPy's count of the direct method's multiply-adds (_conv_ops)."""
    if len(x_shape) == 1:
        s1, s2 = x_shape[0], h_shape[0]
        if mode == "full":
            return s1 * s2
        if mode == "valid":
            return (s2 - s1 + 1) * s1 if s2 >= s1 else (s1 - s2 + 1) * s2
        return s1 * s2 if s1 < s2 else s1 * s2 - (s2 // 2) * ((s2 + 1) // 2)
    if mode == "same":
        return math.prod(x_shape) * math.prod(h_shape)
    out_shape = [n + k - 1 if mode == "full" else abs(n - k) + 1 for n, k in zip(x_shape, h_shape)]
    return min(math.prod(x_shape), math.prod(h_shape)) * math.prod(out_shape)


def _fftconv_faster(x: Array, h: Array, mode: str) -> bool:
    """Whether the FFT method is expected faster (the cost model above)."""
    points = math.prod(n + k - 1 for n, k in zip(x.shape, h.shape))
    fft_seconds = FFT_FIXED + 3 * points * math.log2(max(points, 2)) * FFT_PER_POINT_LOG
    one_row = math.prod(h.shape[:-1]) == 1 or math.prod(x.shape[:-1]) == 1
    per_mac = DIRECT_PER_MAC_ROW if one_row else DIRECT_PER_MAC
    return fft_seconds < DIRECT_FIXED + _direct_ops(x.shape, h.shape, mode) * per_mac


def choose_conv_method(in1, in2, mode="full", measure=False):
    """'fft' or 'direct', as scipy.signal.choose_conv_method decides (integers too large for exact
    float64 FFTs and booleans go direct, as SciPy's; otherwise a cost model measured on the GPU, see
    FFT_FIXED). measure=True times both and returns (method, times)."""
    volume, kernel = _pair(in1, in2)
    if measure:
        times = {}
        for method in ("fft", "direct"):
            def run(method=method):
                convolve(volume, kernel, mode=mode, method=method)
                synchronize()
            run()
            times[method] = min(timeit.repeat(run, number=1, repeat=3))
        return ("fft" if times["fft"] < times["direct"] else "direct"), times
    if any(dt.kind(a._dtype) in ("int", "uint") for a in (volume, kernel)):
        if volume.size and kernel.size:
            largest = int(array_max(E["abs"](volume))) * int(array_max(E["abs"](kernel)))
            if largest * min(volume.size, kernel.size) > 2 ** 52 - 1:
                return "direct"
    if dt.kind(volume._dtype) == "bool" and dt.kind(kernel._dtype) == "bool":
        return "direct"
    if _numeric(volume) and _numeric(kernel) and _fftconv_faster(volume, kernel, mode):
        return "fft"
    return "direct"


def convolve(in1, in2, mode="full", method="auto") -> Array:
    """The N-D convolution of in1 and in2 (scipy.signal.convolve): method 'direct', 'fft' or 'auto'."""
    volume, kernel = _pair(in1, in2)
    if volume.ndim == kernel.ndim == 0:
        return E["multiply"](volume, kernel)
    if volume.ndim != kernel.ndim:
        raise ValueError("volume and kernel should have the same dimensionality")
    _check_mode(mode)
    return _convolve(volume, kernel, mode, method, False)


def _convolve(volume: Array, kernel: Array, mode: str, method, reversed_kernel: bool) -> Array:
    """convolve's methods; reversed_kernel: the convolution's kernel is `kernel` reversed along every
    axis (correlate's), which the direct method reads so without a reversed copy."""
    if inputs_swap_needed(mode, volume.shape, kernel.shape):
        volume, kernel = (flip(kernel), volume) if reversed_kernel else (kernel, volume)
        reversed_kernel = False
    if method == "auto":
        method = choose_conv_method(volume, kernel, mode=mode)
    if method == "fft":
        result_type = dt.promote(volume._dtype, kernel._dtype, volume.device)
        out = fftconvolve(volume, flip(kernel) if reversed_kernel else kernel, mode=mode)
        if dt.kind(result_type) in ("int", "uint"):
            out = E["round"](out)
        return astype(out, result_type, copy=False)
    if method != "direct":
        raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")
    if 0 in volume.shape or 0 in kernel.shape:
        return empty((0,), dtype=dt.promote(volume._dtype, kernel._dtype, volume.device), device=volume.device)
    if mode == "full" and kernel.size > volume.size and not reversed_kernel:  # loop over the smaller one
        volume, kernel = kernel, volume
    shape, shift = _out_shape_and_shift(volume.shape, kernel.shape, mode)
    return _direct(volume, kernel, shape, shift, reverse=not reversed_kernel)


def correlate(in1, in2, mode="full", method="auto") -> Array:
    """The N-D cross-correlation of in1 and in2 (scipy.signal.correlate): in1 convolved with in2
    reversed and conjugated."""
    x, y = _pair(in1, in2)
    if x.ndim == y.ndim == 0:
        return E["multiply"](x, _conj(y))
    if x.ndim != y.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if mode not in _MODES:
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    if method not in ("auto", "direct", "fft"):
        raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")
    return _convolve(x, _conj(y), mode, method, True)


def _two_d(in1, in2, name: str, mode: str, boundary: str):
    x, y = _pair(in1, in2)
    if not x.ndim == y.ndim == 2:
        raise ValueError(f"{name} inputs must both be 2-D arrays")
    _check_mode(mode)
    if boundary not in _BOUNDARIES:
        raise ValueError("Acceptable boundary flags are 'fill', 'circular' (or 'wrap'), and "
                         "'symmetric' (or 'symm').")
    swapped = inputs_swap_needed(mode, x.shape, y.shape)
    return (y, x, swapped) if swapped else (x, y, swapped)


def convolve2d(in1, in2, mode="full", boundary="fill", fillvalue=0) -> Array:
    """The 2-D convolution with a boundary: 'fill' (fillvalue), 'wrap' or 'symm' (scipy.signal.convolve2d)."""
    x, y, _ = _two_d(in1, in2, "convolve2d", mode, boundary)
    shape, shift = _out_shape_and_shift(x.shape, y.shape, mode)
    return _direct(x, y, shape, shift, _BOUNDARIES[boundary], fillvalue, reverse=True)


def correlate2d(in1, in2, mode="full", boundary="fill", fillvalue=0) -> Array:
    """The 2-D cross-correlation with a boundary (scipy.signal.correlate2d). Its 'same' output is
    centred on the correlation (starting k // 2 into the full output, where convolve2d's starts
    (k - 1) // 2); swapped inputs ('valid' with in2 larger) give the reversed result, as SciPy's."""
    x, y, swapped = _two_d(in1, in2, "correlate2d", mode, boundary)
    shape, shift = _out_shape_and_shift(x.shape, y.shape, mode)
    if mode == "same":
        shift = [-(k - 1) + k // 2 for k in y.shape]
    out = _direct(x, _conj(y), shape, shift, _BOUNDARIES[boundary], fillvalue)
    return flip(out) if swapped else out


def _conj(y: Array) -> Array:
    return E["conj"](y) if dt.kind(y._dtype) == "complex" else y
