"""The N-dimensional transforms: fftn, ifftn, rfftn, irfftn and NumPy's fft2, ifft2, rfft2, irfft2.

Each is a 1-D engine pass per axis, on the input zero-padded or truncated once for all axes (padding
and truncating one axis commute with transforms along the others). The norm applies per axis, so the
product of the factors is the norm of the whole prod(s)-point transform.
"""

from __future__ import annotations

from .._array import Array
from ._common import as_complex, as_real, c2c, c2r, check_norm, fitted, nd_args, r2c, result

__all__ = ["fft2", "fftn", "ifft2", "ifftn", "irfft2", "irfftn", "rfft2", "rfftn"]


def _complex_nd(x, s, axes, norm, out, inverse: bool, name: str) -> Array:
    x = as_complex(x, name, read_real=True)
    s, axes = nd_args(x, s, axes)
    norm = check_norm(norm)
    if not axes:
        return result(as_complex(x, name), out, name)
    # The first transform (along the last of axes) zero-pads its own axis as it reads. The other
    # axes are padded here, before it: padded later, as the engine reads (+0), the zero rows'
    # transforms would not be there to give their zeros' signs, and results could differ in them.
    lengths = dict(zip(axes, s))
    lengths[axes[-1]] = min(s[-1], x.shape[axes[-1]]) or s[-1]
    x = fitted(x, lengths)
    for axis, n in zip(reversed(axes), reversed(s)):
        x = c2c(x, axis, n, norm, inverse)
    return result(x, out, name)


def fftn(x, /, s=None, axes=None, norm="backward", out=None) -> Array:
    """The N-D discrete Fourier transform over axes (all by default), each fitted to its s entry."""
    return _complex_nd(x, s, axes, norm, out, False, "fftn")


def ifftn(x, /, s=None, axes=None, norm="backward", out=None) -> Array:
    """The N-D inverse discrete Fourier transform over axes."""
    return _complex_nd(x, s, axes, norm, out, True, "ifftn")


def fft2(x, /, s=None, axes=(-2, -1), norm="backward", out=None) -> Array:
    """fftn over the last two axes (NumPy's fft2)."""
    return _complex_nd(x, s, axes, norm, out, False, "fft2")


def ifft2(x, /, s=None, axes=(-2, -1), norm="backward", out=None) -> Array:
    """ifftn over the last two axes (NumPy's ifft2)."""
    return _complex_nd(x, s, axes, norm, out, True, "ifft2")


def _no_axes(name: str):
    # NumPy fails indexing the last axis here (an IndexError)
    return IndexError(f"{name}: at least one axis must be transformed (the last one is the real transform)")


def rfftn(x, /, s=None, axes=None, norm="backward", out=None) -> Array:
    """The N-D transform of real input: rfft along the last of axes, fft along the others."""
    x = as_real(x, "rfftn")
    s, axes = nd_args(x, s, axes)
    norm = check_norm(norm)
    if not axes:
        raise _no_axes("rfftn")
    x = r2c(fitted(x, dict(zip(axes, s))), axes[-1], s[-1], norm)
    for axis, n in zip(axes[:-1], s[:-1]):
        x = c2c(x, axis, n, norm, inverse=False)
    return result(x, out, "rfftn")


def irfftn(x, /, s=None, axes=None, norm="backward", out=None) -> Array:
    """The inverse of rfftn: ifft along all but the last of axes, then irfft (s[-1] real points,
    by default 2 * (m - 1)) along the last."""
    x = as_complex(x, "irfftn")
    s, axes = nd_args(x, s, axes, inverse_real=True)
    norm = check_norm(norm)
    if not axes:
        raise _no_axes("irfftn")
    lengths = dict(zip(axes, s))
    lengths[axes[-1]] = s[-1] // 2 + 1
    x = fitted(x, lengths)
    for axis, n in zip(axes[:-1], s[:-1]):
        x = c2c(x, axis, n, norm, inverse=True)
    return result(c2r(x, axes[-1], s[-1], norm), out, "irfftn")


def rfft2(x, /, s=None, axes=(-2, -1), norm="backward", out=None) -> Array:
    """rfftn over the last two axes (NumPy's rfft2)."""
    return rfftn(x, s=s, axes=axes, norm=norm, out=out)


def irfft2(x, /, s=None, axes=(-2, -1), norm="backward", out=None) -> Array:
    """irfftn over the last two axes (NumPy's irfft2)."""
    return irfftn(x, s=s, axes=axes, norm=norm, out=out)
