"""numpy.polynomial's ABCPolyBase: a series in some basis (coefficients lowest degree first) over a
domain mapped linearly onto a window. Each basis (Polynomial in polynomial.py, Chebyshev in
chebyshev.py) binds its module's functions (_add, _val, _der, _fit, ...) and its default domain and
window; evaluation, arithmetic, calculus, roots and fits all go through them, on the GPU."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import linspace as linspace_
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.statistical_functions import max as max_, min as min_
from ._polyutils import as_series, trimcoef


def map_parameters(old, new) -> tuple:
    """(offset, scale) of the linear map taking the interval old onto new."""
    (a, b), (c, d) = old, new
    length = b - a
    return (b * c - a * d) / length, (d - c) / length


def map_domain(x, old, new):
    offset, scale = map_parameters(old, new)
    return offset + scale * x


def data_domain(x: Array) -> np.ndarray:
    """[min, max] of the points (NumPy's getdomain; complex points: a box of real and imaginary)."""
    if dt.kind(x._dtype) == "complex":
        re, im = E["real"](x), E["imag"](x)
        return np.array((complex(float(min_(re)), float(min_(im))), complex(float(max_(re)), float(max_(im)))))
    return np.array((float(min_(x)), float(max_(x))))


def _interval(values, what: str) -> np.ndarray:
    values = np.array(values, ndmin=1) + 0.0  # two host numbers: metadata
    if values.shape != (2,):
        raise ValueError(f"{what} has wrong number of elements.")
    return values


class SeriesBase:
    """A series c[0] B_0(x) + c[1] B_1(x) + ... over `domain`, evaluated after mapping x onto `window`."""

    __hash__ = None
    __array_ufunc__ = None
    maxpower = 100
    domain = window = np.array([-1.0, 1.0])

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        [self.coef] = as_series([coef], trim=False)
        self.domain = _interval(type(self).domain if domain is None else domain, "Domain")
        self.window = _interval(type(self).window if window is None else window, "Window")
        if not isinstance(symbol, str) or not symbol.isidentifier():
            raise ValueError("Symbol string must be a valid Python identifier")
        self.symbol = symbol

    def _like(self, coef) -> "SeriesBase":
        return self.__class__(coef, self.domain, self.window, self.symbol)

    def _coef_of(self, other):
        """other's coefficients for arithmetic: a series of the same kind, domain and window, or a
        scalar or array taken as coefficients."""
        if isinstance(other, SeriesBase):
            if not isinstance(other, self.__class__):
                raise TypeError("Polynomial types differ")
            if not np.array_equal(self.domain, other.domain):
                raise TypeError("Domains differ")
            if not np.array_equal(self.window, other.window):
                raise TypeError("Windows differ")
            if self.symbol != other.symbol:
                raise ValueError("Polynomial symbols differ")
            return other.coef
        return other

    def _host_text_series(self):
        """The same series as NumPy's class of that basis over host copies of the coefficients, for
        text only (repr, str, format and LaTeX follow NumPy's rules, as array printing does)."""
        host_class = next(getattr(np.polynomial, c.__name__) for c in type(self).__mro__
                          if hasattr(np.polynomial, c.__name__))
        return host_class(np.asarray(self.coef), self.domain, self.window, self.symbol)

    def __repr__(self) -> str:
        def listed(values):  # NumPy's array repr without its "array(" and ")"
            return repr(np.asarray(values))[6:-1]

        return (f"{self.__class__.__name__}({listed(self.coef)}, domain={listed(self.domain)}, "
                f"window={listed(self.window)}, symbol='{self.symbol}')")

    def __str__(self) -> str:
        return str(self._host_text_series())

    def __format__(self, format_spec: str) -> str:
        return format(self._host_text_series(), format_spec)

    def _repr_latex_(self) -> str:
        return self._host_text_series()._repr_latex_()

    def mapparms(self) -> tuple:
        return map_parameters(self.domain, self.window)

    def __call__(self, x):
        if isinstance(x, SeriesBase):
            return self._composed_with(x)
        x = x if isinstance(x, (int, float, complex)) else as_array(x, self.__class__.__name__)
        return self._val(map_domain(x, self.domain, self.window), self.coef)

    def _composed_with(self, inner: "SeriesBase") -> "SeriesBase":
        """self(inner), a series of inner's kind: Horner's rule on self's power-series coefficients in
        inner's arithmetic (NumPy's polyval order, which NumPy runs on series objects too)."""
        t = map_domain(inner, self.domain, self.window)
        power = self._to_power(self.coef)
        result = t * 0 + power[-1]
        for i in range(2, power.shape[0] + 1):
            result = result * t + power[-i]
        return result

    def convert(self, domain=None, kind=None, window=None) -> "SeriesBase":
        """This series as a `kind` series (default: its own class) over domain and window (default:
        kind's)."""
        kind = self.__class__ if kind is None else kind
        domain = kind.domain if domain is None else domain
        window = kind.window if window is None else window
        return self(kind.identity(domain, window=window, symbol=self.symbol))

    @classmethod
    def cast(cls, series, domain=None, window=None) -> "SeriesBase":
        """`series` converted to this class over domain and window (default: the class's)."""
        domain = cls.domain if domain is None else domain
        window = cls.window if window is None else window
        return series.convert(domain, cls, window)

    def __iter__(self):
        return iter(self.coef)

    def __len__(self) -> int:
        return self.coef.shape[0]

    def degree(self) -> int:
        return self.coef.shape[0] - 1

    def copy(self):
        return self._like(self.coef)

    def has_samecoef(self, other) -> bool:
        return self.coef.shape == other.coef.shape and bool(E["equal"](self.coef, other.coef).all())

    def has_sametype(self, other) -> bool:
        return isinstance(other, self.__class__)

    def has_samedomain(self, other) -> bool:
        return np.array_equal(self.domain, other.domain)

    def has_samewindow(self, other) -> bool:
        return np.array_equal(self.window, other.window)

    def __neg__(self):
        return self._like(-self.coef)

    def __pos__(self):
        return self

    def __add__(self, other):
        return self._like(self._add(self.coef, self._coef_of(other)))

    def __sub__(self, other):
        return self._like(self._sub(self.coef, self._coef_of(other)))

    def __mul__(self, other):
        return self._like(self._mul(self.coef, self._coef_of(other)))

    def __radd__(self, other):
        return self._like(self._add(other, self.coef))

    def __rsub__(self, other):
        return self._like(self._sub(other, self.coef))

    def __rmul__(self, other):
        return self._like(self._mul(other, self.coef))

    def __truediv__(self, other):
        if not isinstance(other, (int, float, complex, np.number)) or isinstance(other, bool):
            raise TypeError(f"unsupported types for true division: '{type(self)}', '{type(other)}'")
        return self._like(self.coef / other)

    def __divmod__(self, other):
        quotient, remainder = self._div(self.coef, self._coef_of(other))
        return self._like(quotient), self._like(remainder)

    def __rdivmod__(self, other):
        quotient, remainder = self._div(other, self.coef)
        return self._like(quotient), self._like(remainder)

    def __floordiv__(self, other):
        return self.__divmod__(other)[0]

    def __mod__(self, other):
        return self.__divmod__(other)[1]

    def __pow__(self, power):
        return self._like(self._pow(self.coef, power, maxpower=self.maxpower))

    def __eq__(self, other):
        return (isinstance(other, self.__class__) and self.has_samedomain(other) and self.has_samewindow(other)
                and self.symbol == other.symbol and self.has_samecoef(other))

    def __ne__(self, other):
        return not self.__eq__(other)

    def trim(self, tol=0):
        return self._like(trimcoef(self.coef, tol))

    def truncate(self, size):
        size = int(size)
        if size < 1:
            raise ValueError("size must be a positive integer")
        return self._like(self.coef[:size])

    def cutdeg(self, deg):
        return self.truncate(deg + 1)

    def deriv(self, m=1):
        """The m-th derivative (the chain rule's factor from the domain map included)."""
        return self._like(self._der(self.coef, m, self.mapparms()[1]))

    def integ(self, m=1, k=[], lbnd=None):
        """The m-th antiderivative, the value at lbnd (in the domain) being k[i] after step i."""
        offset, scale = self.mapparms()
        lbnd = 0 if lbnd is None else offset + scale * lbnd
        return self._like(self._int(self.coef, m, k, lbnd, 1.0 / scale))

    def roots(self) -> Array:
        """The roots in the domain's coordinates, sorted."""
        return map_domain(self._roots(self.coef), self.window, self.domain)

    def linspace(self, n=100, domain=None):
        """(x, self(x)) at n points evenly spaced over the domain."""
        domain = self.domain if domain is None else domain
        x = linspace_(float(domain[0]), float(domain[1]), n)
        return x, self(x)

    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None, symbol="x"):
        """The least-squares series of degree deg through (x, y), x mapped from domain (default: the
        data's range) onto window."""
        xs = as_array(x, f"{cls.__name__}.fit")
        if domain is None:
            domain = data_domain(as_series([xs], trim=False)[0])
        elif isinstance(domain, list) and not domain:
            domain = cls.domain
        window = cls.window if window is None else window
        found = cls._fit(map_domain(xs, domain, window), y, deg, w=w, rcond=rcond, full=full)
        coef = found[0] if full else found
        result = cls(coef, domain=domain, window=window, symbol=symbol)
        return (result, found[1]) if full else result

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol="x"):
        """The monic series (in x mapped onto the window) with the given roots."""
        [roots] = as_series([roots], trim=False)
        if domain is None:
            domain = data_domain(roots)
        elif isinstance(domain, list) and not domain:
            domain = cls.domain
        window = cls.window if window is None else window
        scale = map_parameters(domain, window)[1]
        coef = cls._fromroots(map_domain(roots, domain, window)) / scale ** roots.shape[0]
        return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain=None, window=None, symbol="x"):
        """The series equal to x on the domain."""
        domain = cls.domain if domain is None else domain
        window = cls.window if window is None else window
        offset, scale = map_parameters(window, domain)
        return cls(cls._line(offset, scale), domain, window, symbol)

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol="x"):
        """The series with coefficient 1 at degree deg and 0 below it."""
        deg = int(deg)
        if deg < 0:
            raise ValueError("deg must be non-negative integer")
        return cls([0] * deg + [1], domain, window, symbol)
