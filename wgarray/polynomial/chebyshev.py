"""numpy.polynomial.chebyshev: Chebyshev series T_0, T_1, ... as coefficient arrays, lowest degree
first (NumPy's signatures, dtypes and errors), and the Chebyshev class. Products go through
z-series (a Chebyshev series as a symmetric Laurent series: products are convolutions), values
through Clenshaw's recurrence, roots through the scaled companion matrix's eigenvalues, all on the
GPU with the shared machinery in _polyutils.py."""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange, linspace, zeros
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import matmul
from .._api.manipulation_functions import atleast_1d, concat, flip, reshape, stack
from .._numpy.more_products import convolve
from . import _polyutils as pu
from . import polynomial as power
from ._series import SeriesBase, map_domain

__all__ = [
    "chebline", "chebadd", "chebsub", "chebmulx", "chebmul", "chebdiv", "chebpow", "chebval",
    "chebder", "chebint", "cheb2poly", "poly2cheb", "chebfromroots", "chebvander", "chebfit",
    "chebtrim", "chebroots", "Chebyshev", "chebval2d", "chebval3d", "chebgrid2d", "chebgrid3d",
    "chebvander2d", "chebvander3d", "chebcompanion", "chebpts1", "chebpts2", "chebinterpolate"]

chebtrim = pu.trimcoef
chebline = power.polyline
chebadd = pu.add
chebsub = pu.sub

_CONSTANTS = {"chebdomain": ([-1.0, 1.0], dt.float64), "chebzero": ([0], dt.int64),
              "chebone": ([1], dt.int64), "chebx": ([0, 1], dt.int64)}
__all__ += list(_CONSTANTS)


__getattr__ = pu.lazy_constants(__name__, _CONSTANTS)


def _to_zseries(c: Array) -> Array:
    """[c_n/2, ..., c_1/2, c_0, c_1/2, ..., c_n/2] (NumPy's _cseries_to_zseries: zs + zs[::-1])."""
    n = c.shape[0]
    half = concat([zeros((n - 1,), dtype=c.dtype), c / 2])
    return half + flip(half)


def _from_zseries(zs: Array) -> Array:
    """The Chebyshev coefficients of a symmetric z-series (its upper half, doubled past the centre)."""
    n = (zs.shape[0] + 1) // 2
    c = zs[n - 1:]
    return concat([c[:1], c[1:n] * 2])


def chebmulx(c) -> Array:
    """c * x: x T_0 = T_1, x T_k = (T_(k+1) + T_(k-1)) / 2."""
    [c] = pu.as_series([c])
    if c.shape[0] == 1 and bool(c[0] == 0):
        return c
    product = concat([c[:1] * 0, c[:1], zeros((c.shape[0] - 1,), dtype=c.dtype)])
    if c.shape[0] > 1:
        halves = c[1:] / 2
        product[2:] = product[2:] + halves
        product[:-2] = product[:-2] + halves
    return product


def chebmul(c1, c2) -> Array:
    """c1 * c2: the convolution of their z-series, trailing zeros trimmed."""
    c1, c2 = pu.as_series([c1, c2])
    return pu.trimseq(_from_zseries(convolve(_to_zseries(c1), _to_zseries(c2))))


def _zseries_div(z1: Array, z2: Array) -> tuple:
    """(quotient, remainder) of z-series, eliminating from both ends at once (NumPy's _zseries_div)."""
    n2 = z2.shape[0]
    extra = z1.shape[0] - n2
    scale = z2[0]
    z2 = z2 / scale
    quotient = zeros((extra + 1,), dtype=z1.dtype)
    i, j = 0, extra
    while i < j:
        r = z1[i]
        quotient[i] = r
        quotient[extra - i] = r
        step = r * z2
        z1[i:i + n2] = z1[i:i + n2] - step
        z1[j:j + n2] = z1[j:j + n2] - step
        i, j = i + 1, j - 1
    r = z1[i]
    quotient[i] = r
    z1[i:i + n2] = z1[i:i + n2] - r * z2
    return quotient / scale, z1[i + 1:i - 1 + n2]


def chebdiv(c1, c2) -> tuple:
    """(quotient, remainder) of c1 / c2 by z-series division."""
    c1, c2 = pu.as_series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError("polynomial division by zero")
    if c1.shape[0] < c2.shape[0]:
        return c1[:1] * 0, c1
    if c2.shape[0] == 1:
        return c1 / c2[-1], c1[:1] * 0
    quotient, remainder = _zseries_div(_to_zseries(c1), _to_zseries(c2))
    return pu.trimseq(_from_zseries(quotient)), pu.trimseq(_from_zseries(remainder))


def chebpow(c, pow, maxpower=16) -> Array:
    """c ** pow by repeated z-series convolution (not trimmed, as NumPy)."""
    [c] = pu.as_series([c])
    exponent = pu.exponent(pow, maxpower)
    if exponent < 2:
        return c if exponent == 1 else pu.one_like(c)
    zs = _to_zseries(c)
    product = zs
    for _ in range(2, exponent + 1):
        product = convolve(product, zs)
    return _from_zseries(product)


def chebval(x, c, tensor=True):
    """The Chebyshev series c at x by Clenshaw's recurrence; with tensor, every column of an N-d c at
    every x."""
    c = pu.inexact(atleast_1d(as_array(c, "chebval")))
    x = power._operand(x)
    if isinstance(x, Array) and tensor:
        c = reshape(c, c.shape + (1,) * x.ndim)
    if c.shape[0] == 1:
        c0, c1 = c[0], 0
    elif c.shape[0] == 2:
        c0, c1 = c[0], c[1]
    else:
        x2 = 2 * x
        c0, c1 = c[-2], c[-1]
        for i in range(3, c.shape[0] + 1):
            c0, c1 = c[-i] - c1, c0 + c1 * x2
    return c0 + c1 * x


def chebval2d(x, y, c):
    return pu.valnd(chebval, c, x, y)


def chebval3d(x, y, z, c):
    return pu.valnd(chebval, c, x, y, z)


def chebgrid2d(x, y, c):
    return pu.gridnd(chebval, c, x, y)


def chebgrid3d(x, y, z, c):
    return pu.gridnd(chebval, c, x, y, z)


def _cheb_lower(c: Array) -> Array:
    """One derivative of a Chebyshev series (NumPy's downward recurrence, which updates c)."""
    n = c.shape[0] - 1
    rows = [None] * n
    for j in range(n, 2, -1):
        rows[j - 1] = (2 * j) * c[j]
        c[j - 2] = c[j - 2] + (j * c[j]) / (j - 2)
    if n > 1:
        rows[1] = 4 * c[2]
    rows[0] = c[1]
    return stack(rows)


def _cheb_raise(c: Array) -> Array:
    """One antiderivative of a Chebyshev series, its constant 0."""
    n = c.shape[0]
    raised = zeros((n + 1, *c.shape[1:]), dtype=c.dtype)
    raised[1] = c[0]
    if n > 1:
        raised[2] = c[1] / 4
    for j in range(2, n):
        raised[j + 1] = c[j] / (2 * (j + 1))
        raised[j - 1] = raised[j - 1] - c[j] / (2 * (j - 1))
    return raised


def chebder(c, m=1, scl=1, axis=0) -> Array:
    """The m-th derivative along axis, each step multiplied by scl."""
    return pu.differentiate(_cheb_lower, c, m, scl, axis, "chebder")


def chebint(c, m=1, k=[], lbnd=0, scl=1, axis=0) -> Array:
    """The m-th antiderivative along axis, each step multiplied by scl; after step i the value at
    lbnd is k[i] (0 where k is short)."""
    return pu.integrate(_cheb_raise, chebval, c, m, k, lbnd, scl, axis, "chebint")


def chebvander(x, deg) -> Array:
    """The pseudo-Vandermonde matrix: [..., i] = T_i(x) for i up to deg (a new last axis)."""
    degree = pu.as_int(deg, "deg")
    if degree < 0:
        raise ValueError("deg must be non-negative")
    x = pu.inexact(atleast_1d(as_array(x, "chebvander")))
    columns = [x * 0 + 1]
    if degree > 0:
        x2 = 2 * x
        columns.append(x)
        for _ in range(2, degree + 1):
            columns.append(columns[-1] * x2 - columns[-2])
    return stack(columns, axis=-1)


def chebvander2d(x, y, deg) -> Array:
    return pu.vander_nd_flat((chebvander, chebvander), (x, y), deg)


def chebvander3d(x, y, z, deg) -> Array:
    return pu.vander_nd_flat((chebvander, chebvander, chebvander), (x, y, z), deg)


def chebfit(x, y, deg, rcond=None, full=False, w=None):
    """The least-squares Chebyshev series through (x, y) (deg: the degree, or a list of the degrees
    to fit); with full, also [residuals, rank, singular values, rcond]."""
    return pu.fit(chebvander, x, y, deg, rcond, full, w)


def chebfromroots(roots) -> Array:
    """The Chebyshev series of the monic polynomial with the given roots."""
    return pu.fromroots(chebline, chebmul, roots)


def _cheb_bands(n: int) -> tuple:
    scale = np.array([1.0] + [math.sqrt(0.5)] * (n - 1))
    band = np.full(n - 1, 0.5)
    band[0] = math.sqrt(0.5)
    return band, band, scale / scale[-1], 0.5


def chebcompanion(c) -> Array:
    """The scaled companion matrix (symmetric when c is a basis polynomial): its eigenvalues are the
    roots."""
    return pu.companion(c, _cheb_bands)


def chebroots(c) -> Array:
    """The roots, sorted: the companion matrix's eigenvalues (real when every imaginary part is 0,
    up to NumPy 2.4; complex from NumPy 2.5 on, as the installed NumPy's)."""
    return pu.roots(chebcompanion, c)


def poly2cheb(pol) -> Array:
    """The Chebyshev series equal to the power series pol (Horner's rule in the Chebyshev basis)."""
    return pu.from_power(chebadd, chebmulx, pol)


def cheb2poly(c) -> Array:
    """The power series equal to the Chebyshev series c (T_(k+1) = 2 x T_k - T_(k-1), downward)."""
    [c] = pu.as_series([c])
    n = c.shape[0]
    if n < 3:
        return c
    c0, c1 = c[-2:-1], c[-1:]
    for i in range(n - 1, 1, -1):
        c0, c1 = power.polysub(c[i - 2:i - 1], c1), power.polyadd(c0, power.polymulx(c1) * 2)
    return power.polyadd(c0, power.polymulx(c1))


def _point_count(npts, least: int) -> int:
    count = int(npts)
    if count != npts:
        raise ValueError("npts must be integer")
    if count < least:
        raise ValueError(f"npts must be >= {least}")
    return count


def chebpts1(npts) -> Array:
    """The npts Chebyshev points of the first kind, sin(pi/2 (2k - npts + 1)/npts), ascending."""
    count = _point_count(npts, 1)
    return E["sin"](0.5 * math.pi / count * arange(-count + 1, count + 1, 2, dtype=dt.float64))


def chebpts2(npts) -> Array:
    """The npts Chebyshev points of the second kind (the extrema), cos(x) for x from -pi to 0."""
    count = _point_count(npts, 2)
    return E["cos"](linspace(-math.pi, 0, count, dtype=dt.float64))


def chebinterpolate(func, deg, args=()) -> Array:
    """The Chebyshev series of degree deg interpolating ``func(x, *args)`` at the deg + 1 points of the
    first kind (a discrete cosine transform of the samples)."""
    if isinstance(deg, bool) or not isinstance(deg, (int, np.integer)):
        raise TypeError("deg must be an int")
    if deg < 0:
        raise ValueError("expected deg >= 0")
    order = int(deg) + 1
    points = chebpts1(order)
    coef = matmul(chebvander(points, deg).mT, as_array(func(points, *args), "chebinterpolate"))
    return concat([coef[:1] / order, coef[1:] / (0.5 * order)])


class Chebyshev(SeriesBase):
    """A Chebyshev series c[0] T_0(x) + c[1] T_1(x) + ... over `domain` mapped onto `window`
    (numpy.polynomial.Chebyshev)."""

    _add, _sub, _mul, _div = staticmethod(chebadd), staticmethod(chebsub), staticmethod(chebmul), staticmethod(chebdiv)
    _pow, _val, _int, _der = staticmethod(chebpow), staticmethod(chebval), staticmethod(chebint), staticmethod(chebder)
    _fit, _line, _roots = staticmethod(chebfit), staticmethod(chebline), staticmethod(chebroots)
    _fromroots, _to_power = staticmethod(chebfromroots), staticmethod(cheb2poly)

    @classmethod
    def interpolate(cls, func, deg, domain=None, args=()):
        """The Chebyshev series interpolating ``func(x, *args)`` at the Chebyshev points of the first
        kind mapped onto domain (default: [-1, 1])."""
        domain = cls.domain if domain is None else domain
        window = cls.window
        coef = chebinterpolate(lambda x: func(map_domain(x, window, domain), *args), deg)
        return cls(coef, domain=domain)
