"""numpy.polynomial.polynomial: power series as coefficient arrays, lowest power first (NumPy's
signatures, dtypes and errors). Arithmetic is elementwise and convolution on the GPU, roots are
companion-matrix eigenvalues and fits least squares (wgarray.linalg), through the shared series
machinery in _polyutils.py, the legacy helpers in _poly1d.py and the Polynomial class."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.config import NUMPY_VERSION
from .._api.coerce import as_array
from .._api.creation_functions import arange
from .._api.manipulation_functions import atleast_1d, concat, reshape, stack
from .._api.statistical_functions import prod
from .._numpy.more_products import convolve
from . import _polyutils as pu
from ._series import SeriesBase

__all__ = [
    "polyline", "polyadd", "polysub", "polymulx",
    "polymul", "polydiv", "polypow", "polyval", "polyvalfromroots", "polyder", "polyint",
    "polyfromroots", "polyvander", "polyfit", "polytrim", "polyroots", "Polynomial", "polyval2d",
    "polyval3d", "polygrid2d", "polygrid3d", "polyvander2d", "polyvander3d", "polycompanion"]

if NUMPY_VERSION >= (2, 5):  # NumPy 2.5 added polyvalnd; the function is here either way
    __all__.append("polyvalnd")

polytrim = pu.trimcoef

_CONSTANTS = {"polydomain": ([-1.0, 1.0], dt.float64), "polyzero": ([0], dt.int64),
              "polyone": ([1], dt.int64), "polyx": ([0, 1], dt.int64)}
__all__ += list(_CONSTANTS)


__getattr__ = pu.lazy_constants(__name__, _CONSTANTS)


def polyline(off, scl) -> Array:
    """The series off + scl x (just [off] when scl is 0)."""
    off = as_array(off, "polyline")
    scl = as_array(scl, "polyline", off.device)
    return stack([off, scl]) if bool(scl != 0) else reshape(off, (1,))


def polyadd(c1, c2) -> Array:
    """c1 + c2 (the shorter padded with zeros; trailing zeros trimmed)."""
    return pu.add(c1, c2)


def polysub(c1, c2) -> Array:
    """c1 - c2 (the shorter padded with zeros; trailing zeros trimmed)."""
    return pu.sub(c1, c2)


def polymul(c1, c2) -> Array:
    """c1 * c2: the convolution of the coefficients, trailing zeros trimmed."""
    c1, c2 = pu.as_series([c1, c2])
    return pu.trimseq(convolve(c1, c2))


def polymulx(c) -> Array:
    """c * x: the coefficients shifted up one power."""
    [c] = pu.as_series([c])
    if c.shape[0] == 1 and bool(c[0] == 0):
        return c
    return concat([c[:1] * 0, c])


def polydiv(c1, c2) -> tuple:
    """(quotient, remainder) of c1 / c2 by long division, one step per quotient term (NumPy's
    order of operations, so the rounding matches)."""
    c1, c2 = pu.as_series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError("polynomial division by zero")
    n1, n2 = c1.shape[0], c2.shape[0]
    if n1 < n2:
        return c1[:1] * 0, c1
    if n2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    scale = c2[-1]
    divisor = c2[:-1] / scale
    i, j = n1 - n2, n1 - 1
    while i >= 0:
        c1[i:j] = c1[i:j] - divisor * c1[j]
        i, j = i - 1, j - 1
    return c1[j + 1:] / scale, pu.trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None) -> Array:
    """c ** pow by repeated convolution (not trimmed, as NumPy)."""
    return pu.power(convolve, c, pow, maxpower)


def evaluate(c: Array, x):
    """c[0] + x * (c[1] + x * (...)): Horner's rule."""
    value = c[-1] + x * 0
    for k in range(2, c.shape[0] + 1):
        value = c[-k] + value * x
    return value


def _operand(x):
    """x as polyval takes it: lists, tuples and arrays become Arrays, scalars stay scalars."""
    return as_array(x, "polyval") if isinstance(x, (tuple, list, np.ndarray)) else x


def polyval(x, c, tensor=True):
    """The series c at x by Horner's rule; with tensor, every column of an N-d c at every x."""
    c = pu.inexact(atleast_1d(as_array(c, "polyval")))
    x = _operand(x)
    if isinstance(x, Array) and tensor:
        c = reshape(c, c.shape + (1,) * x.ndim)
    return evaluate(c, x)


def polyvalfromroots(x, r, tensor=True):
    """The product of (x - r[i]) over the first axis of r."""
    r = pu.inexact(atleast_1d(as_array(r, "polyvalfromroots")))
    x = _operand(x)
    if isinstance(x, Array):
        if tensor:
            r = reshape(r, r.shape + (1,) * x.ndim)
        elif x.ndim >= r.ndim:
            raise ValueError("x.ndim must be < r.ndim when tensor == False")
    return prod(x - r, axis=0)


def polyval2d(x, y, c):
    return pu.valnd(polyval, c, x, y)


def polyval3d(x, y, z, c):
    return pu.valnd(polyval, c, x, y, z)


def polyvalnd(pts, c):
    """The N-D power series c at the points pts = (x1, ..., xn) (NumPy 2.5's polyvalnd)."""
    return pu.valnd(polyval, c, *pts)


def polygrid2d(x, y, c):
    return pu.gridnd(polyval, c, x, y)


def polygrid3d(x, y, z, c):
    return pu.gridnd(polyval, c, x, y, z)


def _counts(c: Array) -> Array:
    """1, 2, ..., len(c) in c's (real) type, shaped to scale c's first axis."""
    counts = arange(1, c.shape[0] + 1, dtype=dt.real_dtype(c._dtype))
    return reshape(counts, counts.shape + (1,) * (c.ndim - 1))


def polyder(c, m=1, scl=1, axis=0) -> Array:
    """The m-th derivative along axis, each step multiplied by scl."""
    return pu.differentiate(lambda c: c[1:] * _counts(c[1:]), c, m, scl, axis, "polyder")


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0) -> Array:
    """The m-th antiderivative along axis, each step multiplied by scl; after step i the value at
    lbnd is k[i] (0 where k is short)."""
    return pu.integrate(lambda c: concat([c[:1] * 0, c / _counts(c)]), polyval, c, m, k, lbnd, scl, axis, "polyint")


def polyfromroots(roots) -> Array:
    """The monic series whose roots are `roots` (NumPy's pairwise product of linear factors)."""
    return pu.fromroots(polyline, polymul, roots)


def polyvander(x, deg) -> Array:
    """The pseudo-Vandermonde matrix: [..., i] = x ** i for i up to deg (a new last axis)."""
    degree = pu.as_int(deg, "deg")
    if degree < 0:
        raise ValueError("deg must be non-negative")
    x = pu.inexact(atleast_1d(as_array(x, "polyvander")))
    powers = [x * 0 + 1]  # x * 0 + 1, not 1: nan stays nan, as NumPy
    for i in range(1, degree + 1):
        powers.append(x if i == 1 else powers[-1] * x)
    return stack(powers, axis=-1)


def polyvander2d(x, y, deg) -> Array:
    return pu.vander_nd_flat((polyvander, polyvander), (x, y), deg)


def polyvander3d(x, y, z, deg) -> Array:
    return pu.vander_nd_flat((polyvander, polyvander, polyvander), (x, y, z), deg)


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    """The least-squares series through (x, y) (deg: the degree, or a list of the powers to fit);
    with full, also [residuals, rank, singular values, rcond]."""
    return pu.fit(polyvander, x, y, deg, rcond, full, w)


def polycompanion(c) -> Array:
    """The companion matrix (its eigenvalues are the roots): ones below the diagonal, the scaled
    coefficients in the last column."""
    return pu.companion(c, lambda n: (np.zeros(n - 1), np.ones(n - 1), None, None))


def polyroots(c) -> Array:
    """The roots, sorted (real when every imaginary part is 0): the companion matrix's eigenvalues."""
    return pu.roots(polycompanion, c, rotate=False, real=True)


class Polynomial(SeriesBase):
    """A power series c[0] + c[1] x + ... over `domain` mapped onto `window` (numpy.polynomial.Polynomial)."""

    _add, _sub, _mul, _div = staticmethod(polyadd), staticmethod(polysub), staticmethod(polymul), staticmethod(polydiv)
    _pow, _val, _int, _der = staticmethod(polypow), staticmethod(polyval), staticmethod(polyint), staticmethod(polyder)
    _fit, _line, _roots = staticmethod(polyfit), staticmethod(polyline), staticmethod(polyroots)
    _fromroots, _to_power = staticmethod(polyfromroots), staticmethod(pu.trimseq)
