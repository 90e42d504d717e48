"""The one-dimensional transforms: fft, ifft, rfft, irfft, hfft, ihfft, with the standard's signatures
and NumPy 2's (n, axis, norm, out=; NumPy's norm=None means "backward").

Input dtypes: the standard asks for complex input to fft/ifft/irfft/hfft and real floating input to
rfft/ihfft; like NumPy, real and integer input is accepted too (float32 -> complex64, float64 ->
complex128, integers -> complex128; rfft of integers computes in float64).
"""

from __future__ import annotations

from .._api.coerce import as_array, normalize_axis
from .._api.elementwise_functions import FUNCTIONS as E
from .._array import Array
from .._core import dtypes as dt
from ._common import as_complex, as_real, c2c, c2r, check_norm, points, r2c, result

__all__ = ["fft", "hfft", "ifft", "ihfft", "irfft", "rfft"]

_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def _one_axis(x: Array, n, axis, norm, default) -> tuple:
    """(n, axis, norm) checked: axis normalised (AxisError), n = default(length along axis) when None."""
    axis = normalize_axis(axis, x.ndim)
    n = default(x.shape[axis]) if n is None else n
    return points(n), axis, check_norm(norm)


def _full(m: int) -> int:
    return m


def _hermitian(m: int) -> int:
    return 2 * (m - 1)


def fft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The discrete Fourier transform of n points along axis (zero-padded or truncated to n)."""
    x = as_complex(x, "fft", read_real=True)
    n, axis, norm = _one_axis(x, n, axis, norm, _full)
    return result(c2c(x, axis, n, norm, inverse=False), out, "fft")


def ifft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The inverse discrete Fourier transform of n points along axis."""
    x = as_complex(x, "ifft", read_real=True)
    n, axis, norm = _one_axis(x, n, axis, norm, _full)
    return result(c2c(x, axis, n, norm, inverse=True), out, "ifft")


def rfft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The transform of real input: the n // 2 + 1 non-negative frequency terms."""
    x = as_real(x, "rfft")
    n, axis, norm = _one_axis(x, n, axis, norm, _full)
    return result(r2c(x, axis, n, norm), out, "rfft")


def irfft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The inverse of rfft: n real points (default 2 * (m - 1)) from the first n // 2 + 1 terms."""
    given = as_array(x, "irfft")
    x = as_complex(given, "irfft")
    n, axis, norm = _one_axis(x, n, axis, norm, _hermitian)
    return result(_half_like(c2r(x, axis, n, norm), given), out, "irfft")


def _half_like(value: Array, given: Array) -> Array:
    """NumPy's 1-D irfft and hfft of a float16 input give float16 (computed in float32)."""
    return value.astype(dt.float16) if given._dtype == dt.float16 else value


def hfft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The transform of a Hermitian-symmetric signal given by its first half: irfft(conj(x)) with
    the opposite norm, as NumPy (n real outputs, default 2 * (m - 1))."""
    given = as_array(x, "hfft")
    x = as_complex(given, "hfft")
    n, axis, norm = _one_axis(x, n, axis, norm, _hermitian)
    if dt.kind(given._dtype) == "complex":  # (real input is its own conjugate)
        x = E["conj"](x)
    return result(_half_like(c2r(x, axis, n, _SWAPPED[norm]), given), out, "hfft")


def ihfft(x, /, n=None, axis=-1, norm="backward", out=None) -> Array:
    """The inverse of hfft: conj(rfft(x)) with the opposite norm (n // 2 + 1 complex outputs)."""
    x = as_real(x, "ihfft")
    n, axis, norm = _one_axis(x, n, axis, norm, _full)
    return result(E["conj"](r2c(x, axis, n, _SWAPPED[norm])), out, "ihfft")

