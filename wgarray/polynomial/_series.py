"""numpy.polynomial.Polynomial, the basics: a power series (coefficients lowest power first) over a
domain mapped linearly onto a window. Evaluation, arithmetic, derivatives, integrals, roots and
least-squares fits, on the GPU through the legacy helpers (_poly1d.py) and wgarray.linalg."""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange, zeros
from .._api.manipulation_functions import atleast_1d, concat, flip, stack
from .._api.statistical_functions import max as max_, min as min_
from .._api.elementwise_functions import FUNCTIONS as E
from ._poly1d import polyadd, polymul, polysub, roots as companion_roots
from ._polyutils import fit, sorted_values

_DEFAULT = (-1.0, 1.0)


def _series(coef) -> Array:
    """The coefficients as a 1-D inexact array (NumPy's as_series: integers become float64)."""
    c = atleast_1d(as_array(coef, "Polynomial"))
    if c.ndim != 1:
        raise ValueError("Coefficient array is not 1-d")
    if c.shape[0] == 0:
        raise ValueError("Coefficient array is empty")
    return c if dt.kind(c._dtype) in ("float", "complex") else c._cast(dt.float64)


def _map_parameters(old, new) -> tuple:
    """(offset, scale) of the linear map taking the interval old onto new."""
    (a, b), (c, d) = old, new
    length = b - a
    return (b * c - a * d) / length, (d - c) / length


def evaluate(c: Array, x):
    """c[0] + x * (c[1] + x * (...)): Horner's rule, lowest power first, as NumPy's polyval."""
    value = c[-1] + x * 0
    for k in range(2, c.shape[0] + 1):
        value = c[-k] + value * x
    return value


def power_vander(x: Array, degree: int) -> Array:
    """[..., i] = x ** i for i up to degree, each power the previous times x (NumPy's polyvander:
    column 0 is x * 0 + 1, so nan stays nan)."""
    powers = [x * 0 + 1]
    for i in range(1, degree + 1):
        powers.append(x if i == 1 else powers[-1] * x)
    return stack(powers, axis=-1)


class Polynomial:
    """A power series c[0] + c[1] x + ... over `domain`, evaluated after mapping x onto `window`."""

    __hash__ = None
    __array_ufunc__ = None

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        self.coef = _series(coef)
        self.domain = np.array(_DEFAULT if domain is None else domain, dtype=float)
        self.window = np.array(_DEFAULT if window is None else window, dtype=float)
        if self.domain.shape != (2,) or self.window.shape != (2,):
            raise ValueError("Domain and window must each have 2 elements.")
        self.symbol = symbol

    def _same(self, other, coef) -> "Polynomial":
        return Polynomial(coef, self.domain, self.window, self.symbol)

    def _coef_of(self, other) -> Array:
        if isinstance(other, Polynomial):
            if not (np.array_equal(self.domain, other.domain) and np.array_equal(self.window, other.window)):
                raise TypeError("Domains differ" if not np.array_equal(self.domain, other.domain) else "Windows differ")
            return other.coef
        return atleast_1d(as_array(other, "Polynomial"))

    def __repr__(self) -> str:
        return (f"Polynomial({np.asarray(self.coef).tolist()}, domain={self.domain.tolist()}, "
                f"window={self.window.tolist()}, symbol='{self.symbol}')")

    def mapparms(self) -> tuple:
        return _map_parameters(self.domain, self.window)

    def __call__(self, x):
        offset, scale = self.mapparms()
        x = x if isinstance(x, (int, float, complex)) else as_array(x, "Polynomial")
        return evaluate(self.coef, offset + scale * x)

    def degree(self) -> int:
        return self.coef.shape[0] - 1

    def __len__(self) -> int:
        return self.coef.shape[0]

    # Arithmetic: the legacy helpers work highest power first, so the series is flipped around them.
    def __add__(self, other):
        return self._same(other, flip(polyadd(flip(self.coef), flip(self._coef_of(other)))))

    __radd__ = __add__

    def __sub__(self, other):
        return self._same(other, flip(polysub(flip(self.coef), flip(self._coef_of(other)))))

    def __rsub__(self, other):
        return self._same(other, flip(polysub(flip(self._coef_of(other)), flip(self.coef))))

    def __mul__(self, other):
        return self._same(other, flip(polymul(flip(self.coef), flip(self._coef_of(other)))))

    __rmul__ = __mul__

    def __neg__(self):
        return self._same(None, -self.coef)

    def __pos__(self):
        return self

    def __eq__(self, other):
        return (isinstance(other, Polynomial) and np.array_equal(self.domain, other.domain)
                and np.array_equal(self.window, other.window) and self.coef.shape == other.coef.shape
                and bool(E["equal"](self.coef, other.coef).all()))

    def __ne__(self, other):
        return not self.__eq__(other)

    def deriv(self, m=1) -> "Polynomial":
        """The m-th derivative (the chain rule's factor from the domain map included)."""
        m = operator.index(m)
        if m < 0:
            raise ValueError("The order of derivation must be non-negative")
        scale = self.mapparms()[1]
        c = self.coef
        for _ in range(m):
            n = c.shape[0]
            c = c[1:] * arange(1, n, dtype=c.dtype) * scale if n > 1 else c[:1] * 0
        return self._same(None, c)

    def integ(self, m=1, k=(), lbnd=None) -> "Polynomial":
        """The m-th antiderivative, the value at lbnd (in the domain) being k[i] after step i."""
        m = operator.index(m)
        if m < 0:
            raise ValueError("The order of integration must be non-negative")
        constants = list(np.atleast_1d(k)) + [0] * (m - len(np.atleast_1d(k)))
        if len(constants) > m:
            raise ValueError("Too many integration constants")
        offset, scale = self.mapparms()
        lower = offset + scale * (0 if lbnd is None else lbnd)
        c = self.coef
        for step in range(m):
            raised = concat([zeros((1,), dtype=c.dtype), c / arange(1, c.shape[0] + 1, dtype=c.dtype)]) / scale
            raised[0] = raised[0] + (constants[step] - evaluate(raised, lower))
            c = raised
        return self._same(None, c)

    def roots(self) -> Array:
        """The roots in the domain's coordinates, sorted (NumPy's polyroots)."""
        found = companion_roots(flip(self.coef))
        offset, scale = self.mapparms()
        return sorted_values((found - offset) / scale)

    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None, symbol="x"):
        """The least-squares series of degree deg through (x, y), x mapped from domain (default: the
        data's range) onto window; NumPy's column scaling."""
        xs = as_array(x, "Polynomial.fit")
        xs = xs if dt.kind(xs._dtype) in ("float", "complex") else xs._cast(dt.float64)
        if domain is None or (isinstance(domain, list) and not domain):
            domain = (float(min_(xs)), float(max_(xs)))
            if domain[0] == domain[1]:
                domain = (domain[0] - 1, domain[1] + 1)
        window = _DEFAULT if window is None else window
        offset, scale = _map_parameters(np.asarray(domain, float), np.asarray(window, float))
        found = fit(power_vander, offset + scale * xs, y, deg, rcond, full, w)
        c = found[0] if full else found
        result = cls(c, domain, window, symbol)
        return (result, found[1]) if full else result
