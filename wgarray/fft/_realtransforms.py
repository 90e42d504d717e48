"""SciPy's real-to-real transforms: dct, idct, dst, idst (types 1-4) and their N-D forms, with SciPy's
definitions, norm (None/"backward", "ortho", "forward") and orthogonalize (True by default with "ortho").

Each type is one engine transform between GPU pre- and post-processing passes (elementwise ops):
  DCT-I    rfft of the even extension [x, x[N-2:0:-1]] (2(N-1) points), real part
  DST-I    rfft of [0, x, 0...] (2(N+1) points), -2 Im of terms 1..N
  type II  rfft of x zero-padded to 2N, terms times a twiddle exp(i theta_k), real part
  type III x times a twiddle, then irfft of 2N points (the first N outputs)
  type IV  fft of x times a twiddle, zero-padded to 2N; terms times a twiddle, real part
The twiddles come from exact integer multiples of pi / (4N) in float64 (rounded once to complex64 for
float32 data). The norm's factor is fused into the engine's pass.
"""

from __future__ import annotations

import math

from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import arange
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import reshape
from .._array import Array
from .._core import dtypes as dt
from .._engines import fft as engine
from ._common import check_norm, fitted, nd_args, points

__all__ = ["dct", "dctn", "dst", "dstn", "idct", "idctn", "idst", "idstn"]

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}
_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}
_SQRT2 = math.sqrt(2.0)


def _logical_size(kind: str, type: int, n: int) -> int:
    """The length of the DFT each transform is defined through (what "forward" and "ortho" divide by)."""
    if type == 1 and kind == "dct":
        if n < 2:  # (SciPy's exception type)
            raise RuntimeError("zero-length FFT requested: a DCT-I needs at least 2 points")
        return 2 * (n - 1)
    return 2 * (n + 1) if type == 1 else 2 * n


def _norm_factor(norm: str, size: int) -> float:
    return {"backward": 1.0, "forward": 1.0 / size, "ortho": 1.0 / math.sqrt(size)}[norm]


def _along(vector: Array, axis: int, ndim: int) -> Array:
    """A 1-D vector shaped to broadcast along axis of an ndim array."""
    return reshape(vector, tuple(-1 if d == axis else 1 for d in range(ndim)))


def _twiddle(count: int, step: int, start: int, quarter_units: int, dtype, device) -> Array:
    """exp(i pi (start + step k) / quarter_units) for k < count, computed in float64 from exact integers
    (where the device has float64), rounded once to the complex dtype."""
    real = dt.default_float(device)
    steps = arange(float(start), float(start + step * count), float(step), dtype=real, device=device)[:count]
    angle = E["multiply"](steps, math.pi / quarter_units)
    twiddle = E["exp"](E["multiply"](angle, 1j))
    return twiddle if twiddle._dtype == dtype else twiddle.astype(dtype)


def _slice(x: Array, axis: int, start: int, stop: int) -> Array:
    return x[(slice(None),) * axis + (slice(start, stop),)]


def _set(x: Array, axis: int, index: int, value) -> None:
    x[(slice(None),) * axis + (slice(index, index + 1),)] = value


def _r2c(x: Array, axis: int, factor: float) -> Array:
    return Array._wrap(engine.real_forward(x._data(), axis, factor))


def _c2r(x: Array, axis: int, n: int, factor: float) -> Array:
    return Array._wrap(engine.real_inverse(x._data(), axis, n, factor))


def _transform(x: Array, kind: str, type: int, axis: int, factor: float, orthogonalize: bool) -> Array:
    """The unnormalised SciPy transform of real floating x along axis (its length N), times factor."""
    n = x.shape[axis]
    device, complex_dtype = x.device, dt.complex_dtype(x._dtype)
    if type == 1 and kind == "dct":  # (n >= 2: _logical_size checked it)
        extended = Array._empty(x.shape[:axis] + (2 * (n - 1),) + x.shape[axis + 1:], x._dtype, device)
        _slice(extended, axis, 0, n)._assign(x)
        _slice(extended, axis, n, None)._assign(x[(slice(None),) * axis + (slice(n - 2, 0, -1),)])
        if orthogonalize:  # x[0] and x[N-1] times sqrt(2) before, y[0] and y[N-1] divided by it after
            for index in (0, n - 1):
                _set(extended, axis, index, E["multiply"](_slice(extended, axis, index, index + 1), _SQRT2))
        y = E["real"](_r2c(extended, axis, factor))
        if orthogonalize:
            for index in (0, n - 1):
                _set(y, axis, index, E["multiply"](_slice(y, axis, index, index + 1), 1 / _SQRT2))
        return y
    if type == 1:  # DST-I
        padded = Array._empty(x.shape[:axis] + (2 * (n + 1),) + x.shape[axis + 1:], x._dtype, device)
        _set(padded, axis, 0, 0)
        _slice(padded, axis, 1, n + 1)._assign(x)
        _slice(padded, axis, n + 1, None)._assign(0)
        return E["imag"](_slice(_r2c(padded, axis, -2.0 * factor), axis, 1, n + 1))
    if type == 2:  # DCT-II: theta_k = -pi k / (2N); DST-II: pi (N - 1 - k) / (2N) on terms 1..N
        spectrum = _r2c(fitted(x, {axis: 2 * n}), axis, 2.0 * factor)
        if kind == "dct":
            terms, post = _slice(spectrum, axis, 0, n), _twiddle(n, -2, 0, 4 * n, complex_dtype, device)
        else:
            terms, post = _slice(spectrum, axis, 1, n + 1), _twiddle(n, -2, 2 * (n - 1), 4 * n, complex_dtype, device)
        if orthogonalize:  # y[0] (DCT) or y[N-1] (DST) divided by sqrt(2)
            _set(post, 0, 0 if kind == "dct" else n - 1, _slice(post, 0, *((0, 1) if kind == "dct" else (n - 1, n)))
                 * (1 / _SQRT2))
        return E["real"](E["multiply"](terms, _along(post, axis, x.ndim)))
    if type == 3:  # DCT-III: U_k = x_k exp(i pi k / (2N)); DST-III: U_m = x_(m-1) exp(i pi (m - N) / (2N))
        shifted = fitted(x, {axis: n + 1}) if kind == "dct" else _front_padded(x, axis)
        pre = _twiddle(n + 1, 2, 0 if kind == "dct" else -2 * n, 4 * n, complex_dtype, device)
        if orthogonalize:  # x[0] (DCT) or x[N-1] (DST) times sqrt(2)
            index = 0 if kind == "dct" else n
            _set(pre, 0, index, _slice(pre, 0, index, index + 1) * _SQRT2)
        y = _c2r(E["multiply"](shifted, _along(pre, axis, x.ndim)), axis, 2 * n, factor)
        return _slice(y, axis, 0, n)
    # type 4: S_k = sum_n x_n exp(-i pi n / (2N)) exp(-2 pi i n k / (2N)), y_k = 2 Re(post_k S_k)
    pre = _twiddle(n, -2, 0, 4 * n, complex_dtype, device)
    rotated = fitted(E["multiply"](x, _along(pre, axis, x.ndim)), {axis: 2 * n})
    spectrum = Array._wrap(engine.complex_transform(rotated._data(), axis, False, 2.0 * factor))
    # DCT-IV: theta_k = -pi (2k + 1) / (4N); DST-IV: pi (2N - 2k - 1) / (4N)
    post = _twiddle(n, -2, -1, 4 * n, complex_dtype, device) if kind == "dct" else \
        _twiddle(n, -2, 2 * n - 1, 4 * n, complex_dtype, device)
    return E["real"](E["multiply"](_slice(spectrum, axis, 0, n), _along(post, axis, x.ndim)))


def _front_padded(x: Array, axis: int) -> Array:
    """[0, x] along axis."""
    padded = Array._empty(x.shape[:axis] + (x.shape[axis] + 1,) + x.shape[axis + 1:], x._dtype, x.device)
    _set(padded, axis, 0, 0)
    _slice(padded, axis, 1, None)._assign(x)
    return padded


# -- arguments and dtypes --------------------------------------------------------------------------------
def _check_type(type) -> int:
    if isinstance(type, bool) or type not in (1, 2, 3, 4):
        raise ValueError(f"invalid DCT type {type!r}: must be 1, 2, 3 or 4")
    return int(type)


def _as_input(x, name: str) -> Array:
    """Real floating and complex arrays keep their dtype, but float16 computes in float32 (SciPy's
    result dtype; the engine has no float16 transform); bool and integers take the default float."""
    x = as_array(x, name)
    if x._dtype == dt.float16:
        return x.astype(dt.float32)
    return x if dt.kind(x._dtype) in ("float", "complex") else x.astype(dt.default_float(x.device))


def _along_axes(x: Array, kind: str, type: int, lengths: list, axes: list, norm, orthogonalize) -> Array:
    """The transform along each axis (fitted to its length); complex x: real and imaginary parts apart."""
    norm = check_norm(norm)
    orthogonalize = norm == "ortho" if orthogonalize is None else bool(orthogonalize)
    if dt.kind(x._dtype) == "complex":
        real = _along_axes(E["real"](x), kind, type, lengths, axes, norm, orthogonalize)
        imag = _along_axes(E["imag"](x), kind, type, lengths, axes, norm, orthogonalize)
        return E["add"](real, E["multiply"](imag, 1j))
    x = fitted(x, dict(zip(axes, lengths)))
    for axis, n in zip(axes, lengths):
        factor = _norm_factor(norm, _logical_size(kind, type, n))
        x = _transform(x, kind, type, axis, factor, orthogonalize)
    return x


def _one_d(x, kind, type, n, axis, norm, orthogonalize, name) -> Array:
    type = _check_type(type)
    x = _as_input(x, name)
    axis = normalize_axis(axis, x.ndim)
    n = points(x.shape[axis] if n is None else n)
    return _along_axes(x, kind, type, [n], [axis], norm, orthogonalize)


def _n_d(x, kind, type, s, axes, norm, orthogonalize, name) -> Array:
    type = _check_type(type)
    x = _as_input(x, name)
    s, axes = nd_args(x, s, axes, numpy_warnings=False)
    return _along_axes(x, kind, type, s, axes, norm, orthogonalize)


def _inverse(type, norm) -> tuple:
    return _INVERSE_TYPE[_check_type(type)], _SWAPPED[check_norm(norm)]


# -- the functions (overwrite_x and workers are accepted and ignored: the GPU never overwrites x) ----------
def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The discrete cosine transform of the given type along axis (x fitted to n points)."""
    return _one_d(x, "dct", type, n, axis, norm, orthogonalize, "dct")


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The inverse of dct: the DCT of the inverse type (1, 3, 2, 4 for 1, 2, 3, 4) with the norm swapped."""
    type, norm = _inverse(type, norm)
    return _one_d(x, "dct", type, n, axis, norm, orthogonalize, "idct")


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The discrete sine transform of the given type along axis (x fitted to n points)."""
    return _one_d(x, "dst", type, n, axis, norm, orthogonalize, "dst")


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The inverse of dst: the DST of the inverse type with the norm swapped."""
    type, norm = _inverse(type, norm)
    return _one_d(x, "dst", type, n, axis, norm, orthogonalize, "idst")


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None) -> Array:
    """The DCT along each of axes (all by default), each fitted to its s entry."""
    return _n_d(x, "dct", type, s, axes, norm, orthogonalize, "dctn")


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The inverse of dctn."""
    type, norm = _inverse(type, norm)
    return _n_d(x, "dct", type, s, axes, norm, orthogonalize, "idctn")


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The DST along each of axes (all by default), each fitted to its s entry."""
    return _n_d(x, "dst", type, s, axes, norm, orthogonalize, "dstn")


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None) -> Array:
    """The inverse of dstn."""
    type, norm = _inverse(type, norm)
    return _n_d(x, "dst", type, s, axes, norm, orthogonalize, "idstn")
