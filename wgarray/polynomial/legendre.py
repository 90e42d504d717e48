"""numpy.polynomial.legendre: Legendre series P_0, P_1, ... as coefficient arrays, lowest degree
first (NumPy's signatures, dtypes and errors), and the Legendre class: the same shared machinery
as chebyshev.py, with Bonnet's recurrence (k + 1) P_(k+1) = (2k + 1) x P_k - k P_(k-1) in products,
values, derivatives, integrals and the Vandermonde matrix."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import zeros
from .._api.manipulation_functions import atleast_1d, concat, reshape, stack
from . import _polyutils as pu
from . import polynomial as power
from ._series import SeriesBase

__all__ = [
    "legline", "legadd", "legsub", "legmulx", "legmul", "legdiv", "legpow", "legval", "legder",
    "legint", "leg2poly", "poly2leg", "legfromroots", "legvander", "legfit", "legtrim", "legroots",
    "Legendre", "legval2d", "legval3d", "leggrid2d", "leggrid3d", "legvander2d", "legvander3d",
    "legcompanion"]

legtrim = pu.trimcoef
legline = power.polyline
legadd = pu.add
legsub = pu.sub

_CONSTANTS = {"legdomain": ([-1.0, 1.0], dt.float64), "legzero": ([0], dt.int64),
              "legone": ([1], dt.int64), "legx": ([0, 1], dt.int64)}
__all__ += list(_CONSTANTS)


__getattr__ = pu.lazy_constants(__name__, _CONSTANTS)


def legmulx(c) -> Array:
    """c * x: x P_i = ((i + 1) P_(i+1) + i P_(i-1)) / (2i + 1)."""
    [c] = pu.as_series([c])
    if c.shape[0] == 1 and bool(c[0] == 0):
        return c
    product = concat([c[:1] * 0, c[:1], zeros((c.shape[0] - 1,), dtype=c.dtype)])
    for i in range(1, c.shape[0]):
        j, k, s = i + 1, i - 1, 2 * i + 1
        product[j] = (c[i] * j) / s
        product[k] = product[k] + (c[i] * i) / s
    return product


def legmul(c1, c2) -> Array:
    """c1 * c2: the longer series times each basis polynomial of the shorter, by Clenshaw's
    recurrence on series (NumPy's order of operations)."""
    c1, c2 = pu.as_series([c1, c2])
    c, xs = (c2, c1) if c1.shape[0] > c2.shape[0] else (c1, c2)
    if c.shape[0] == 1:
        c0, c1 = c[0] * xs, 0
    elif c.shape[0] == 2:
        c0, c1 = c[0] * xs, c[1] * xs
    else:
        nd = c.shape[0]
        c0, c1 = c[-2] * xs, c[-1] * xs
        for i in range(3, c.shape[0] + 1):
            nd -= 1
            c0, c1 = legsub(c[-i] * xs, (c1 * (nd - 1)) / nd), legadd(c0, (legmulx(c1) * (2 * nd - 1)) / nd)
    return legadd(c0, legmulx(c1))


def legdiv(c1, c2) -> tuple:
    """(quotient, remainder) of c1 / c2 (long division by Legendre products, as NumPy)."""
    return pu.div(legmul, c1, c2)


def legpow(c, pow, maxpower=16) -> Array:
    """c ** pow by repeated products (not trimmed, as NumPy)."""
    return pu.power(legmul, c, pow, maxpower)


def legval(x, c, tensor=True):
    """The Legendre series c at x by Clenshaw's recurrence; with tensor, every column of an N-d c at
    every x."""
    c = pu.inexact(atleast_1d(as_array(c, "legval")))
    x = power._operand(x)
    if isinstance(x, Array) and tensor:
        c = reshape(c, c.shape + (1,) * x.ndim)
    if c.shape[0] == 1:
        c0, c1 = c[0], 0
    elif c.shape[0] == 2:
        c0, c1 = c[0], c[1]
    else:
        nd = c.shape[0]
        c0, c1 = c[-2], c[-1]
        for i in range(3, c.shape[0] + 1):
            nd -= 1
            c0, c1 = c[-i] - c1 * ((nd - 1) / nd), c0 + c1 * x * ((2 * nd - 1) / nd)
    return c0 + c1 * x


def legval2d(x, y, c):
    return pu.valnd(legval, c, x, y)


def legval3d(x, y, z, c):
    return pu.valnd(legval, c, x, y, z)


def leggrid2d(x, y, c):
    return pu.gridnd(legval, c, x, y)


def leggrid3d(x, y, z, c):
    return pu.gridnd(legval, c, x, y, z)


def _leg_lower(c: Array) -> Array:
    """One derivative of a Legendre series (NumPy's downward recurrence, which updates c)."""
    n = c.shape[0] - 1
    rows = [None] * n
    for j in range(n, 2, -1):
        rows[j - 1] = (2 * j - 1) * c[j]
        c[j - 2] = c[j - 2] + c[j]
    if n > 1:
        rows[1] = 3 * c[2]
    rows[0] = c[1]
    return stack(rows)


def _leg_raise(c: Array) -> Array:
    """One antiderivative of a Legendre series, its constant 0."""
    n = c.shape[0]
    raised = zeros((n + 1, *c.shape[1:]), dtype=c.dtype)
    raised[1] = c[0]
    if n > 1:
        raised[2] = c[1] / 3
    for j in range(2, n):
        t = c[j] / (2 * j + 1)
        raised[j + 1] = t
        raised[j - 1] = raised[j - 1] - t
    return raised


def legder(c, m=1, scl=1, axis=0) -> Array:
    """The m-th derivative along axis, each step multiplied by scl."""
    return pu.differentiate(_leg_lower, c, m, scl, axis, "legder")


def legint(c, m=1, k=[], lbnd=0, scl=1, axis=0) -> Array:
    """The m-th antiderivative along axis, each step multiplied by scl; after step i the value at
    lbnd is k[i] (0 where k is short)."""
    return pu.integrate(_leg_raise, legval, c, m, k, lbnd, scl, axis, "legint")


def legvander(x, deg) -> Array:
    """The pseudo-Vandermonde matrix: [..., i] = P_i(x) for i up to deg (a new last axis)."""
    degree = pu.as_int(deg, "deg")
    if degree < 0:
        raise ValueError("deg must be non-negative")
    x = pu.inexact(atleast_1d(as_array(x, "legvander")))
    columns = [x * 0 + 1]
    if degree > 0:
        columns.append(x)
        for i in range(2, degree + 1):
            columns.append((columns[-1] * x * (2 * i - 1) - columns[-2] * (i - 1)) / i)
    return stack(columns, axis=-1)


def legvander2d(x, y, deg) -> Array:
    return pu.vander_nd_flat((legvander, legvander), (x, y), deg)


def legvander3d(x, y, z, deg) -> Array:
    return pu.vander_nd_flat((legvander, legvander, legvander), (x, y, z), deg)


def legfit(x, y, deg, rcond=None, full=False, w=None):
    """The least-squares Legendre series through (x, y) (deg: the degree, or a list of the degrees
    to fit); with full, also [residuals, rank, singular values, rcond]."""
    return pu.fit(legvander, x, y, deg, rcond, full, w)


def legfromroots(roots) -> Array:
    """The Legendre series of the monic polynomial with the given roots."""
    return pu.fromroots(legline, legmul, roots)


def _leg_bands(n: int) -> tuple:
    scale = 1.0 / np.sqrt(2 * np.arange(n) + 1)
    band = np.arange(1, n) * scale[:n - 1] * scale[1:n]
    return band, band, scale / scale[-1], n / (2 * n - 1)


def legcompanion(c) -> Array:
    """The scaled companion matrix (symmetric when c is a basis polynomial): its eigenvalues are the
    roots."""
    return pu.companion(c, _leg_bands)


def legroots(c) -> Array:
    """The roots, sorted: the companion matrix's eigenvalues (real when every imaginary part is 0,
    up to NumPy 2.4; complex from NumPy 2.5 on, as the installed NumPy's)."""
    return pu.roots(legcompanion, c)


def poly2leg(pol) -> Array:
    """The Legendre series equal to the power series pol (Horner's rule in the Legendre basis)."""
    return pu.from_power(legadd, legmulx, pol)


def leg2poly(c) -> Array:
    """The power series equal to the Legendre series c (Bonnet's recurrence, downward)."""
    [c] = pu.as_series([c])
    n = c.shape[0]
    if n < 3:
        return c
    c0, c1 = c[-2:-1], c[-1:]
    for i in range(n - 1, 1, -1):
        c0, c1 = (power.polysub(c[i - 2:i - 1], (c1 * (i - 1)) / i),
                  power.polyadd(c0, (power.polymulx(c1) * (2 * i - 1)) / i))
    return power.polyadd(c0, power.polymulx(c1))


class Legendre(SeriesBase):
    """A Legendre series c[0] P_0(x) + c[1] P_1(x) + ... over `domain` mapped onto `window`
    (numpy.polynomial.Legendre)."""

    _add, _sub, _mul, _div = staticmethod(legadd), staticmethod(legsub), staticmethod(legmul), staticmethod(legdiv)
    _pow, _val, _int, _der = staticmethod(legpow), staticmethod(legval), staticmethod(legint), staticmethod(legder)
    _fit, _line, _roots = staticmethod(legfit), staticmethod(legline), staticmethod(legroots)
    _fromroots, _to_power = staticmethod(legfromroots), staticmethod(leg2poly)
