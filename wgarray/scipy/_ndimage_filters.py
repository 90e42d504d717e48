"""scipy.ndimage's linear filters on the GPU: correlate, convolve, correlate1d, convolve1d,
gaussian_filter(1d), uniform_filter(1d), sobel, prewitt and laplace.

As in SciPy, sums run in double precision (float32 on adapters without f64), adding in the order
SciPy's C loops add (NI_Correlate, NI_Correlate1D's symmetric, antisymmetric and general forms,
NI_UniformFilter1D's running sum), so float64 results are SciPy's to the bit; each result is cast
to the output dtype (the input's by default; floats truncate toward zero into integers); separable
filters are 1-D passes along each axis, each pass cast to the output dtype before the next reads it.
Complex inputs or weights go through real correlations of the parts, as SciPy's
_complex_via_real_components does. Gaussian weights are computed on the host from sigma, order and
radius (2 * radius + 1 numbers, as SciPy computes them); every filter runs in the filter engine.
"""

from __future__ import annotations

import numbers

import numpy as np

from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import expand_dims, flip
from .._array import Array
from .._core import dtypes as dt
from . import _support as S

__all__ = ["correlate", "convolve", "correlate1d", "convolve1d", "gaussian_filter", "gaussian_filter1d",
           "uniform_filter", "uniform_filter1d", "sobel", "prewitt", "laplace"]


def _invalid_origin(origin: int, size: int) -> bool:
    return origin < -(size // 2) or origin > (size - 1) // 2


def _weights(weights, device) -> Array:
    return astype(as_array(weights, "weights", device), S.float_compute(device), copy=False)


def _is_complex(values) -> bool:
    return isinstance(values, Array) and dt.kind(values._dtype) == "complex"


def _components(x: Array, w: Array, cval, real_fn, complex_dtype) -> Array:
    """SciPy's _complex_via_real_components: real_fn(x_part, w_part, cval_part) on real parts."""
    out = S.empty_like_shape(x, complex_dtype)
    x_complex, w_complex = _is_complex(x), _is_complex(w)
    if x_complex and w_complex:
        out.real[...] = E["subtract"](real_fn(x.real, w.real, np.real(cval)), real_fn(x.imag, w.imag, np.imag(cval)))
        out.imag[...] = E["add"](real_fn(x.real, w.imag, np.real(cval)), real_fn(x.imag, w.real, np.imag(cval)))
    elif x_complex:
        out.real[...] = real_fn(x.real, w, np.real(cval))
        out.imag[...] = real_fn(x.imag, w, np.imag(cval))
    else:
        if np.iscomplexobj(cval):
            raise ValueError("Cannot provide a complex-valued cval when the input is real.")
        out.real[...] = real_fn(x, w.real, cval)
        out.imag[...] = real_fn(x, w.imag, cval)
    return out


def _pass(x: Array, w, axis: int, origin: int, mode: str, cval) -> Array:
    """One 1-D correlation of the real x with the real 1-D weights w (host or Array) along axis, in the
    compute dtype, summed in SciPy's order (S.weights_form)."""
    compute = S.float_compute(x.device)
    form = S.weights_form(w)
    w = S.to_device(w, x.device) if not isinstance(w, Array) else astype(w, compute, copy=False)
    shift = -(w.shape[0] // 2) - origin
    return S.correlate1d(S.as_compute(x, compute), w, form, axis, shift, S.boundary(mode), cval)


def correlate1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0) -> Array:
    """A 1-D correlation along the given axis (scipy.ndimage.correlate1d)."""
    x = as_array(input, "input")
    w = _host_weights(weights)
    if w is None:
        w = S.weights_array(weights, x.device)
    complex_case = _is_complex(x) or _is_complex(w)
    dtype = S.output_dtype(output, x, complex_output=complex_case)
    if w.ndim != 1 or w.shape[0] < 1:
        raise RuntimeError("no filter weights given")
    axis = S.normalize_axis(axis, x.ndim)
    origin = int(origin)
    if _invalid_origin(origin, w.shape[0]):
        raise ValueError("Invalid origin; origin must satisfy -(len(weights) // 2) <= origin <= "
                         "(len(weights)-1) // 2")
    S.boundary(mode)
    if complex_case:
        if _is_complex(w):
            w = E["conj"](astype(w, dt.complex128, copy=False))
        return S.deliver(_components(x, w, cval, lambda a, b, c: _pass(a, b, axis, origin, mode, c), dtype),
                         output, dtype)
    return S.deliver(_pass(x, w if isinstance(w, np.ndarray) else _weights(w, x.device), axis, origin, mode, cval),
                     output, dtype)


def _host_weights(weights):
    """Real weights given on the host as float64 NumPy (their form is read there), else None."""
    if isinstance(weights, Array):
        return None
    host = np.asarray(weights)
    return host.astype(np.float64) if host.dtype.kind in "biuf" else None


def convolve1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0) -> Array:
    """A 1-D convolution along the given axis (scipy.ndimage.convolve1d)."""
    x = as_array(input, "input")
    w = _host_weights(weights)
    if w is None:
        w = S.weights_array(weights, x.device)
    if w.ndim != 1 or w.shape[0] < 1:
        raise RuntimeError("no filter weights given")
    origin = -int(origin) - (0 if w.shape[0] & 1 else 1)
    w = w[::-1] if isinstance(w, np.ndarray) else flip(w)
    if _is_complex(w):  # pre-conjugated against correlate1d's conjugation
        w = E["conj"](w)
    return correlate1d(x, w, axis, output, mode, cval, origin)


def _correlate_or_convolve(input, weights, output, mode, cval, origin, convolution: bool, axes) -> Array:
    x = as_array(input, "input")
    w = S.weights_array(weights, x.device)
    if dt.kind(x._dtype) == "complex" or dt.kind(w._dtype) == "complex":
        if dt.kind(w._dtype) == "complex" and not convolution:
            w = E["conj"](w)  # as np.correlate: conjugate the weights, not the input
        dtype = S.output_dtype(output, x, complex_output=True)
        result = _components(x, w, cval, lambda a, b, c: _correlate_or_convolve(a, b, None, mode, c, origin,
                                                                                convolution, axes), dtype)
        return S.deliver(result, output, dtype)
    axes = S.check_axes(axes, x.ndim)
    w = _weights(w, x.device)
    if len(axes) < x.ndim:
        if w.ndim != len(axes):
            raise RuntimeError(f"weights.ndim ({w.ndim}) must match len(axes) ({len(axes)})")
        w = expand_dims(w, axis=tuple(a for a in range(x.ndim) if a not in axes))
    origins = [0] * x.ndim
    for a, o in zip(axes, S.per_axis(origin, len(axes))):
        origins[a] = int(o)
    if sum(1 for n in w.shape if n > 0) != x.ndim:
        raise RuntimeError(f"weights.ndim ({w.ndim}) must match len(axes) ({len(axes)})")
    if convolution:  # the weights reversed (read so by the engine) about shifted origins
        origins = [-o - (0 if n & 1 else 1) for o, n in zip(origins, w.shape)]
    if any(_invalid_origin(o, n) for o, n in zip(origins, w.shape)):
        raise ValueError("Invalid origin; origin must satisfy -(weights.shape[k] // 2) <= origin[k] <= "
                         "(weights.shape[k]-1) // 2")
    dtype = S.output_dtype(output, x)
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported")
    shift = [-(n // 2) - o for n, o in zip(w.shape, origins)]
    result = S.correlate(S.as_compute(x, w._dtype), w, shift, S.boundary(mode), cval, reverse=convolution,
                         ordered=True)
    return S.deliver(result, output, dtype)


def correlate(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None) -> Array:
    """A multidimensional correlation (scipy.ndimage.correlate)."""
    return _correlate_or_convolve(input, weights, output, mode, cval, origin, False, axes)


def convolve(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None) -> Array:
    """A multidimensional convolution (scipy.ndimage.convolve)."""
    return _correlate_or_convolve(input, weights, output, mode, cval, origin, True, axes)


def _separable(x: Array, passes, output, dtype) -> Array:
    """Apply passes (each Array -> Array in any dtype) in order, casting each result to dtype."""
    if not passes:
        return S.deliver(x, output, dtype)
    for one_pass in passes:
        x = astype(one_pass(x), dtype, copy=False)
    return S.deliver(x, output, dtype)


def _gaussian_kernel1d(sigma: float, order: int, radius: int) -> np.ndarray:
    """SciPy's _gaussian_kernel1d: the (order-th derivative of the) normalised Gaussian on
    -radius..radius (host metadata: 2 * radius + 1 weights)."""
    if order < 0:
        raise ValueError("order must be non-negative")
    exponents = np.arange(order + 1)
    sigma2 = sigma * sigma
    t = np.arange(-radius, radius + 1)
    phi = np.exp(-0.5 / sigma2 * t ** 2)
    phi = phi / phi.sum()
    if order == 0:
        return phi
    q = np.zeros(order + 1)
    q[0] = 1
    q_deriv = np.diag(exponents[1:], 1) + np.diag(np.ones(order) / -sigma2, -1)
    for _ in range(order):
        q = q_deriv.dot(q)
    return (t[:, None] ** exponents).dot(q) * phi


def _gaussian_weights(sigma, order, truncate, radius) -> np.ndarray:
    sd = float(sigma)
    lw = int(truncate * sd + 0.5) if radius is None else radius
    if not isinstance(lw, numbers.Integral) or lw < 0:
        raise ValueError("Radius must be a nonnegative integer.")
    return _gaussian_kernel1d(sd, int(order), int(lw))[::-1].copy()


def gaussian_filter1d(input, sigma, axis=-1, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *,
                      radius=None) -> Array:
    """A 1-D Gaussian filter (scipy.ndimage.gaussian_filter1d)."""
    x = as_array(input, "input")
    weights = _gaussian_weights(sigma, order, truncate, radius)
    return correlate1d(x, weights, axis, output, mode, cval, 0)


def gaussian_filter(input, sigma, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *, radius=None,
                    axes=None) -> Array:
    """A multidimensional Gaussian filter as 1-D passes (scipy.ndimage.gaussian_filter)."""
    x = as_array(input, "input")
    complex_case = dt.kind(x._dtype) == "complex"
    dtype = S.output_dtype(output, x, complex_output=complex_case)
    axes = S.check_axes(axes, x.ndim)
    n = len(axes)
    plan = [(a, s, o, m, r) for a, s, o, m, r in zip(axes, S.per_axis(sigma, n), S.per_axis(order, n),
                                                      S.per_axis(mode, n), S.per_axis(radius, n)) if s > 1e-15]
    passes = [lambda y, a=a, s=s, o=o, m=m, r=r: gaussian_filter1d(y, s, a, o, dtype, m, cval, truncate, radius=r)
              for a, s, o, m, r in plan]
    return _separable(x, passes, output, dtype)


def _exact_window_sums(x: Array, size: int, mode: str, cval) -> bool:
    """Whether every partial sum of SciPy's running sum is an integer below 2**53, so exact in any order:
    integers of 32 bits or fewer, windows below 2**20, an integral constant within 2**32."""
    if dt.kind(x._dtype) not in ("bool", "int", "uint") or x._dtype.itemsize > 4 or size >= 2**20:
        return False
    return S.boundary(mode) != "constant" or (float(cval).is_integer() and abs(cval) < 2**32)


def uniform_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0) -> Array:
    """A 1-D uniform (moving average) filter (scipy.ndimage.uniform_filter1d)."""
    x = as_array(input, "input")
    axis = S.normalize_axis(axis, x.ndim)
    size = int(size)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    complex_case = dt.kind(x._dtype) == "complex"
    dtype = S.output_dtype(output, x, complex_output=complex_case)
    origin = int(origin)
    if size // 2 + origin < 0 or size // 2 + origin >= size:
        raise ValueError("invalid origin")
    shift = -(size // 2) - origin

    def average(part, part_cval):
        compute = S.float_compute(x.device)
        if _exact_window_sums(part, size, mode, part_cval):  # any order sums alike: all outputs at once
            return E["divide"](_pass(part, np.ones(size), axis, origin, mode, part_cval), size)
        return S.running_mean(S.as_compute(part, compute), size, axis, shift, S.boundary(mode), part_cval, compute)

    if complex_case:
        out = S.empty_like_shape(x, dtype)
        out.real[...] = average(x.real, np.real(cval))
        out.imag[...] = average(x.imag, np.imag(cval))
        return S.deliver(out, output, dtype)
    S.boundary(mode)
    return S.deliver(average(x, cval), output, dtype)


def uniform_filter(input, size=3, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None) -> Array:
    """A multidimensional uniform filter as 1-D passes (scipy.ndimage.uniform_filter)."""
    x = as_array(input, "input")
    dtype = S.output_dtype(output, x, complex_output=dt.kind(x._dtype) == "complex")
    axes = S.check_axes(axes, x.ndim)
    n = len(axes)
    plan = [(a, s, o, m) for a, s, o, m in zip(axes, S.per_axis(size, n), S.per_axis(origin, n),
                                                S.per_axis(mode, n)) if s > 1]
    passes = [lambda y, a=a, s=s, o=o, m=m: uniform_filter1d(y, int(s), a, dtype, m, cval, o) for a, s, o, m in plan]
    return _separable(x, passes, output, dtype)


def _derivative(input, axis, output, mode, cval, smooth: list) -> Array:
    """sobel and prewitt: [-1, 0, 1] along axis, then the smoothing weights along every other axis."""
    x = as_array(input, "input")
    axis = S.normalize_axis(axis, x.ndim)
    dtype = S.output_dtype(output, x)
    modes = S.per_axis(mode, x.ndim)
    passes = [lambda y: correlate1d(y, np.array([-1.0, 0.0, 1.0]), axis, dtype,
                                    modes[axis], cval, 0)]
    passes += [lambda y, a=a: correlate1d(y, np.array(smooth, float), a, dtype, modes[a],
                                          cval, 0) for a in range(x.ndim) if a != axis]
    return _separable(x, passes, output, dtype)


def sobel(input, axis=-1, output=None, mode="reflect", cval=0.0) -> Array:
    """A Sobel filter along axis (scipy.ndimage.sobel)."""
    return _derivative(input, axis, output, mode, cval, [1.0, 2.0, 1.0])


def prewitt(input, axis=-1, output=None, mode="reflect", cval=0.0) -> Array:
    """A Prewitt filter along axis (scipy.ndimage.prewitt)."""
    return _derivative(input, axis, output, mode, cval, [1.0, 1.0, 1.0])


def laplace(input, output=None, mode="reflect", cval=0.0, *, axes=None) -> Array:
    """The Laplace filter: the sum of second differences [1, -2, 1] along the axes (scipy.ndimage.laplace);
    each term is in the output dtype, summed in it as SciPy's output += tmp."""
    x = as_array(input, "input")
    dtype = S.output_dtype(output, x)
    axes = S.check_axes(axes, x.ndim)
    if not axes:
        return S.deliver(x, output, dtype)
    modes = S.per_axis(mode, len(axes))
    second = np.array([1.0, -2.0, 1.0])
    total = None
    for a, m in zip(axes, modes):
        term = correlate1d(x, second, a, dtype, m, cval, 0)
        total = term if total is None else astype(E["add"](total, term), dtype, copy=False)
    return S.deliver(total, output, dtype)
