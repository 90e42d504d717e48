"""NumPy's legacy polynomial API (highest power first): poly1d, polyfit, polyder, polyint, polyadd,
polysub, polymul, polydiv, roots. Coefficient arithmetic is elementwise and convolution on the GPU;
roots are the eigenvalues of the companion matrix (wgarray.linalg.eigvals) and polyfit is a scaled
least-squares problem (wgarray.linalg.lstsq), as in NumPy. This package sits above linalg."""

from __future__ import annotations

import operator
import warnings

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange, asarray, ones, zeros
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import atleast_1d, concat, reshape
from .._api.sorting_functions import sort
from .._api.statistical_functions import sum as sum_
from .._api.utility_functions import all as all_, any as any_
from .._numpy.calculus import polyval
from .._numpy.creation import diag, vander
from .._numpy.logic import allclose
from .._numpy.more_products import convolve, outer
from ._poly1d_format import poly1d_text


def _coefficients(p, name: str) -> Array:
    """p's coefficients along its first axis (NumPy's functions take N-D arrays as stacks of them)."""
    if isinstance(p, poly1d):
        return p.coeffs
    return atleast_1d(as_array(p, name))


def _inexact(c: Array) -> Array:
    return c if dt.kind(c._dtype) in ("float", "complex") else astype(c, dt.default_float(c.device))


def _wrap_like(result: Array, *inputs):
    return poly1d(result) if any(isinstance(p, poly1d) for p in inputs) else result


def _padded_alike(x: Array, y: Array) -> tuple[Array, Array]:
    """x and y with the shorter padded by leading zero coefficients."""
    diff = x.shape[0] - y.shape[0]
    if diff > 0:
        y = concat([zeros((diff, *y.shape[1:]), dtype=y.dtype), y])
    elif diff < 0:
        x = concat([zeros((-diff, *x.shape[1:]), dtype=x.dtype), x])
    return x, y


def polyadd(a1, a2):
    """The sum of two polynomials (the shorter padded with leading zeros)."""
    x, y = _coefficients(a1, "polyadd"), _coefficients(a2, "polyadd")
    x, y = _padded_alike(x, y)
    return _wrap_like(x + y, a1, a2)


def polysub(a1, a2):
    """The difference of two polynomials (the shorter padded with leading zeros)."""
    x, y = _padded_alike(_coefficients(a1, "polysub"), _coefficients(a2, "polysub"))
    return _wrap_like(x - y, a1, a2)


def polymul(a1, a2):
    """The product of two polynomials (the convolution of their coefficients)."""
    return _wrap_like(convolve(_coefficients(a1, "polymul"), _coefficients(a2, "polymul")), a1, a2)


def polydiv(u, v):
    """The quotient and remainder of u / v (NumPy's long division, one step per quotient term)."""
    num, den = _coefficients(u, "polydiv") + 0.0, _coefficients(v, "polydiv") + 0.0
    dtype = result_type(num, den)
    m, n = num.shape[0] - 1, den.shape[0] - 1
    scale = 1.0 / den[0]
    quotient = zeros((max(m - n + 1, 1),), dtype=dtype)
    remainder = astype(num, dtype)
    for k in range(m - n + 1):
        d = scale * remainder[k]
        quotient[k] = d
        remainder[k:k + n + 1] = remainder[k:k + n + 1] - d * den
    while remainder.shape[-1] > 1 and allclose(remainder[0], 0, rtol=1e-14):
        remainder = remainder[1:]
    if isinstance(u, poly1d) or isinstance(v, poly1d):
        return poly1d(quotient), poly1d(remainder)
    return quotient, remainder


def polyder(p, m=1):
    """The m-th derivative."""
    m = int(m)  # NumPy truncates a float order
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    if m == 0:  # NumPy returns its input as an array (0-d stays 0-d)
        return poly1d(p.coeffs) if isinstance(p, poly1d) else as_array(p, "polyder")
    c = _coefficients(p, "polyder")
    for _ in range(m):
        n = c.shape[0] - 1
        c = c[:-1] * arange(n, 0, -1) if n > 0 else c[:0] * 0
    if c.shape[0] == 0:
        c = zeros((1,), dtype=c.dtype)
    return _wrap_like(c, p)


def polyint(p, m=1, k=None):
    """The m-th antiderivative, integration constants k (a scalar or m values, the first used first)."""
    m = int(m)  # NumPy truncates a float order
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    constants = np.zeros(m) if k is None else np.atleast_1d(np.asarray(asarray(k) if isinstance(k, Array) else k))
    if len(constants) == 1 and m > 1:
        constants = constants[0] * np.ones(m)
    if len(constants) < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    if m == 0:  # NumPy returns its input as an array (0-d stays 0-d)
        return poly1d(p.coeffs) if isinstance(p, poly1d) else as_array(p, "polyint")
    c = _coefficients(p, "polyint")
    for step in range(m):
        n = c.shape[0]
        c = concat([_inexact(c) / arange(n, 0, -1), asarray([constants[step]])])
    return _wrap_like(c, p)


def roots(p) -> Array:
    """The roots: eigenvalues of the companion matrix (real when every imaginary part is 0, as NumPy)."""
    c = atleast_1d(as_array(p.coeffs if isinstance(p, poly1d) else p, "roots"))
    if c.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    nonzero = np.flatnonzero(np.asarray(E["not_equal"](c, 0)))  # where the coefficients start and end: metadata
    if nonzero.size == 0:
        return asarray([], dtype=dt.float64)
    trailing = c.shape[0] - int(nonzero[-1]) - 1
    c = _inexact(c[int(nonzero[0]):int(nonzero[-1]) + 1])
    n = c.shape[0]
    if n > 1:
        companion = diag(ones((n - 2,), dtype=c.dtype), -1) if n > 2 else zeros((1, 1), dtype=c.dtype)
        companion[0, :] = -c[1:] / c[0]
        from .. import linalg  # imported on first use (see wgarray/__init__.py)
        found = linalg.eigvals(companion)
        if dt.kind(c.dtype) != "complex" and not bool(any_(E["imag"](found) != 0)):
            found = E["real"](found)
    else:
        found = asarray([], dtype=c.dtype)
    return concat([found, zeros((trailing,), dtype=found.dtype)])


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """The least-squares polynomial of degree deg through (x, y), NumPy's column scaling and warnings."""
    order = operator.index(deg) + 1
    xs, ys = _inexact(as_array(x, "polyfit")), _inexact(as_array(y, "polyfit"))
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if xs.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if xs.size == 0:
        raise TypeError("expected non-empty vector for x")
    if ys.ndim < 1 or ys.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if xs.shape[0] != ys.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = xs.shape[0] * np.finfo(xs.dtype).eps
    lhs, rhs = vander(xs, order), ys
    if w is not None:
        weights = _inexact(as_array(w, "polyfit"))
        if weights.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if weights.shape[0] != ys.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * weights[:, None]
        rhs = rhs * (weights if rhs.ndim == 1 else weights[:, None])
    scale = E["sqrt"](sum_(lhs * lhs, axis=0))
    lhs = lhs / scale
    from .. import linalg  # imported on first use (see wgarray/__init__.py)
    c, residuals, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", np.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, residuals, rank, s, rcond
    if cov:
        base = linalg.inv(lhs.T @ lhs) / outer(scale, scale)
        if cov == "unscaled":
            factor = 1
        else:
            if xs.shape[0] <= order:
                raise ValueError("the number of data points must exceed order to scale the covariance matrix")
            factor = residuals / (xs.shape[0] - order)
        if ys.ndim == 1:
            return c, base * factor
        return c, base[:, :, None] * factor
    return c


class poly1d:
    """A one-dimensional polynomial, coefficients highest power first (NumPy's poly1d)."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._coeffs, self._variable = c_or_r._coeffs, c_or_r._variable
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = _from_roots(c_or_r)
        c = atleast_1d(as_array(c_or_r, "poly1d"))
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        nonzero = np.flatnonzero(np.asarray(E["not_equal"](c, 0)))  # leading zeros trimmed: metadata
        c = c[int(nonzero[0]):] if nonzero.size else zeros((1,), dtype=c.dtype)
        self._coeffs = c
        self._variable = variable or "x"

    coeffs = property(lambda self: self._coeffs)
    c = coef = coefficients = coeffs
    variable = property(lambda self: self._variable)
    order = property(lambda self: self._coeffs.shape[0] - 1)
    o = order
    roots = property(lambda self: roots(self._coeffs))
    r = roots

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._coeffs, dtype=dtype)

    def __repr__(self) -> str:
        return f"poly1d({repr(self._coeffs)[6:-1]})"  # the coefficients as array() shows them

    def __str__(self) -> str:
        return poly1d_text(np.asarray(self._coeffs), self._variable)

    def __len__(self) -> int:
        return self.order

    def __call__(self, val):
        if isinstance(val, poly1d):
            return poly1d(_compose(self._coeffs, val))
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __add__(self, other):
        return polyadd(self, other if isinstance(other, poly1d) else poly1d(other))

    __radd__ = __add__

    def __sub__(self, other):
        return polysub(self, other if isinstance(other, poly1d) else poly1d(other))

    def __rsub__(self, other):
        return polysub(poly1d(other), self)

    def __mul__(self, other):
        if np.isscalar(other):
            return poly1d(self._coeffs * other)
        return polymul(self, other if isinstance(other, poly1d) else poly1d(other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        if np.isscalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, other if isinstance(other, poly1d) else poly1d(other))

    def __pow__(self, power):
        if not isinstance(power, int) or power < 0:
            raise ValueError("Power to non-negative integers only.")
        result = poly1d([1])
        for _ in range(power):
            result = result * self
        return result

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return self._coeffs.shape == other._coeffs.shape and bool(all_(self._coeffs == other._coeffs))

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __getitem__(self, power):
        if power > self.order or power < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[self.order - power]

    def __iter__(self):
        return iter(self._coeffs)

    def deriv(self, m=1):
        return poly1d(polyder(self._coeffs, m))

    def integ(self, m=1, k=0):
        return poly1d(polyint(self._coeffs, m, k))


def _from_roots(r) -> Array:
    """The monic polynomial with the given roots (NumPy's poly of a 1-D sequence)."""
    found = _inexact(atleast_1d(as_array(r, "poly1d")))
    c = ones((1,), dtype=found.dtype)
    for k in range(found.shape[0]):
        c = convolve(c, concat([ones((1,), dtype=found.dtype), -found[k:k + 1]]))
    return c


def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots (a 1-D sequence), or of
    the characteristic polynomial of a square matrix (its eigenvalues' polynomial), as NumPy's
    np.poly: real when complex roots come in conjugate pairs; 1.0 for no roots."""
    zeros_ = atleast_1d(as_array(seq_of_zeros, "poly"))
    shape = zeros_.shape
    if len(shape) == 2 and shape[0] == shape[1] and shape[0] != 0:
        from .. import linalg  # imported on first use (see wgarray/__init__.py)

        zeros_ = linalg.eigvals(zeros_)
    elif len(shape) == 1:
        zeros_ = astype(zeros_, dt.as_dtype(np.mintypecode(zeros_._dtype.char)))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if zeros_.shape[0] == 0:
        return 1.0
    c = _from_roots(zeros_)
    if dt.kind(c.dtype) == "complex":
        found = astype(zeros_, dt.complex128)
        if bool(all_(E["equal"](sort(found), sort(E["conj"](found))))):
            c = E["real"](c)
    return c


def _compose(outer: Array, inner: poly1d) -> Array:
    """The coefficients of outer(inner(x)), by Horner's rule on polynomials."""
    result = poly1d([0])
    for coefficient in outer:
        result = result * inner + poly1d(reshape(coefficient, (1,)))
    return result.coeffs


FUNCTIONS = {f.__name__: f for f in (poly, poly1d, polyfit, polyder, polyint, polyadd, polysub, polymul, polydiv, roots)}
