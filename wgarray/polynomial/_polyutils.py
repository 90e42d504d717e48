"""numpy.polynomial.polyutils' machinery, shared by every basis (power series today): coefficient
series (1-D, lowest power first, trailing zeros trimmed, NumPy's common_type), powers, N-d
evaluation and pseudo-Vandermonde matrices, least-squares fits (wgarray.linalg.lstsq) and products
of linear factors. A basis module passes its own val/vander/mul/line functions in."""

from __future__ import annotations

import functools
import operator
import warnings

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.config import NUMPY_VERSION
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import asarray, zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import atleast_1d, concat, flip, moveaxis, reshape
from .._api.statistical_functions import sum as sum_
from .._api.utility_functions import all as all_, any as any_
from .._numpy.functions import sort_complex
from .._api.sorting_functions import sort


def lazy_constants(module: str, table: dict):
    """A module __getattr__ for NumPy's module constants (polydomain, chebzero, ...): made on first
    use, as an array needs the GPU device."""
    def constant(name):
        if name in table:
            values, dtype = table[name]
            return asarray(values, dtype=dtype)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    return constant


def as_int(x, desc: str) -> int:
    """x as an int; NumPy's TypeError naming `desc` for a float or anything else."""
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


def is_inexact(c: Array) -> bool:
    return dt.kind(c._dtype) in ("float", "complex")


def inexact(c: Array) -> Array:
    """c + 0.0 as NumPy computes it: bool and integers become float64, floats keep their width."""
    return c if is_inexact(c) else astype(c, dt.float64)


def _along_first(c, m, axis, what: str, name: str):
    """(c as an inexact array with axis moved first, the order, the axis): NumPy's checks for the
    der and int functions."""
    c = inexact(atleast_1d(as_array(c, name)))
    order = as_int(m, f"the order of {what}")
    axis = as_int(axis, "the axis")
    if order < 0:
        raise ValueError(f"The order of {what} must be non-negative")
    return c, order, axis


def differentiate(lower, c, m, scl, axis, name: str) -> Array:
    """The m-th derivative along axis, each step multiplied by scl; lower(c) is one derivative of
    a series along its first axis (the basis' recurrence)."""
    c, order, axis = _along_first(c, m, axis, "derivation", name)
    axis = normalize_axis(axis, c.ndim)
    if order == 0:
        return c
    c = moveaxis(c, axis, 0)
    if order >= c.shape[0]:
        return moveaxis(c[:1] * 0, 0, axis)
    for _ in range(order):
        c = lower(astype(c * scl, c.dtype))  # a copy: a recurrence may update it in place
    return moveaxis(c, 0, axis)


def integrate(raise_, val_f, c, m, k, lbnd, scl, axis, name: str) -> Array:
    """The m-th antiderivative along axis, each step multiplied by scl, its value at lbnd k[i]
    after step i (0 where k is short); raise_(c) is one antiderivative along the first axis
    without its constant (the basis' recurrence)."""
    c, order, axis = _along_first(c, m, axis, "integration", name)
    constants = list(k) if np.iterable(k) else [k]
    if len(constants) > order:
        raise ValueError("Too many integration constants")
    if np.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if np.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    axis = normalize_axis(axis, c.ndim)
    if order == 0:
        return c
    constants += [0] * (order - len(constants))
    c = moveaxis(c, axis, 0)
    for constant in constants:
        c = astype(c * scl, c.dtype)
        if c.shape[0] == 1 and bool(all_(c[0] == 0)):
            c = astype(c + constant, c.dtype)
            continue
        raised = raise_(c)
        raised[0] = raised[0] + (constant - val_f(lbnd, raised))
        c = raised
    return moveaxis(c, 0, axis)


def trimseq(c: Array) -> Array:
    """c without its trailing exact zeros, at least one coefficient kept."""
    nonzero = np.flatnonzero(np.asarray(E["not_equal"](c, 0)))  # where the series ends: metadata
    return c[:max(int(nonzero[-1]) + 1 if nonzero.size else 1, 1)]


def as_series(alist, trim: bool = True) -> list:
    """The series as 1-D arrays of their common inexact type (NumPy's common_type: integers become
    float64); ValueError for an empty or N-d series, or for bool (no common type)."""
    arrays = [atleast_1d(as_array(a, "numpy.polynomial")) for a in alist]
    for a in arrays:
        if a.size == 0:
            raise ValueError("Coefficient array is empty")
        if a.ndim != 1:
            raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        common = np.common_type(*(np.empty(0, a.dtype) for a in arrays))  # dtypes only: metadata
    except TypeError as e:
        raise ValueError("Coefficient arrays have no common type") from e
    return [astype(a, dt.as_dtype(np.dtype(common)), copy=True) for a in arrays]


def trimcoef(c, tol=0) -> Array:
    """The series without trailing coefficients of magnitude at most tol (at least one kept)."""
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    large = np.flatnonzero(np.asarray(E["greater"](E["abs"](c), tol)))  # where the series ends: metadata
    return c[:1] * 0 if large.size == 0 else c[:int(large[-1]) + 1]


def sorted_values(r: Array) -> Array:
    """NumPy's ndarray.sort order (complex: real part, then imaginary)."""
    return sort_complex(r) if dt.kind(r._dtype) == "complex" else sort(r)


def pad_to(c: Array, n: int) -> Array:
    """c with trailing zero coefficients up to length n along its first axis."""
    if c.shape[0] >= n:
        return c
    return concat([c, zeros((n - c.shape[0], *c.shape[1:]), dtype=c.dtype)])


def add(c1, c2) -> Array:
    """c1 + c2 in any basis: the shorter padded with zeros, trailing zeros trimmed."""
    c1, c2 = as_series([c1, c2])
    n = max(c1.shape[0], c2.shape[0])
    return trimseq(pad_to(c1, n) + pad_to(c2, n))


def sub(c1, c2) -> Array:
    """c1 - c2 in any basis: the shorter padded with zeros, trailing zeros trimmed."""
    c1, c2 = as_series([c1, c2])
    n = max(c1.shape[0], c2.shape[0])
    return trimseq(pad_to(c1, n) - pad_to(c2, n))


def div(mul_f, c1, c2) -> tuple:
    """(quotient, remainder) of c1 / c2 in any basis: long division by the basis' products
    (NumPy's _div: the quotient keeps c1's type, the remainder that of the products)."""
    c1, c2 = as_series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError("polynomial division by zero")
    n1, n2 = c1.shape[0], c2.shape[0]
    if n1 < n2:
        return c1[:1] * 0, c1
    if n2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    quotient = zeros((n1 - n2 + 1,), dtype=c1.dtype)
    remainder = c1
    for i in range(n1 - n2, -1, -1):
        p = mul_f([0] * i + [1], c2)
        q = remainder[-1] / p[-1]
        remainder = remainder[:-1] - q * p[:-1]
        quotient[i] = q
    return quotient, trimseq(remainder)


def companion(c, bands) -> Array:
    """A basis' companion matrix: bands(n) gives its host constants (superdiagonal, subdiagonal,
    and the last column's scale and factor, None for none); the last column then loses
    c[:-1] / c[-1] times them (in float64 where scaled, as NumPy)."""
    [c] = as_series([c])
    if c.shape[0] < 2:
        raise ValueError("Series must have maximum degree of at least 1.")
    if c.shape[0] == 2:
        return reshape(-c[0] / c[1], (1, 1))
    upper, lower, scale, factor = bands(c.shape[0] - 1)
    matrix = asarray(np.diag(upper, 1) + np.diag(lower, -1), dtype=c.dtype)  # host constants: metadata
    column = c[:-1] / c[-1]
    if scale is not None:
        column = column * asarray(scale) * factor
    matrix[:, -1] = matrix[:, -1] - column
    return matrix


# NumPy 2.5's linalg.eigvals is complex even for a real spectrum, and the roots that are its
# eigenvalues as they come (chebroots, legroots) with it; polyroots still gives real roots real.
EIGVALS_REAL_WHEN_REAL = NUMPY_VERSION < (2, 5)


def roots(companion_f, c, rotate: bool = True, real: bool = EIGVALS_REAL_WHEN_REAL) -> Array:
    """The roots, sorted (real when every imaginary part is 0 and `real`): the eigenvalues of the
    companion matrix (rotated a half turn, which reduces the error for the scaled ones, as NumPy)."""
    [c] = as_series([c])
    if c.shape[0] < 2:
        return c[:0]
    if c.shape[0] == 2:
        return reshape(-c[0] / c[1], (1,))
    matrix = companion_f(c)
    return companion_roots(flip(flip(matrix, axis=0), axis=1) if rotate else matrix, real)


def companion_roots(matrix: Array, real: bool = True) -> Array:
    """The eigenvalues of a companion matrix, sorted (real when every imaginary part is 0 and
    `real`)."""
    from .. import linalg  # imported on first use (see wgarray/__init__.py)
    found = linalg.eigvals(matrix)
    if real and dt.kind(matrix._dtype) != "complex" and not bool(any_(E["imag"](found) != 0)):
        found = E["real"](found)
    return sorted_values(found)


def exponent(pow, maxpower) -> int:
    """pow as a non-negative int at most maxpower (NumPy's checks for the pow functions)."""
    exponent = int(pow)
    if exponent != pow or exponent < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and exponent > maxpower:
        raise ValueError("Power is too large")
    return exponent


def one_like(c: Array) -> Array:
    """The series 1 in c's type."""
    return zeros((1,), dtype=c.dtype) + 1


def power(mul_f, c, pow, maxpower) -> Array:
    """c ** pow by repeated multiplication (NumPy's _pow, which does not trim the products)."""
    [c] = as_series([c])
    n = exponent(pow, maxpower)
    if n < 2:
        return c if n == 1 else one_like(c)
    product = c
    for _ in range(2, n + 1):
        product = mul_f(product, c)
    return product


def _points(args) -> list:
    """N-d evaluation points as arrays of one shape (NumPy's 'x, y are incompatible')."""
    points = [x if isinstance(x, Array) else as_array(x, "numpy.polynomial") for x in args]
    if any(p.shape != points[0].shape for p in points[1:]):
        names = {2: "x, y", 3: "x, y, z"}
        raise ValueError(f"{names[len(points)]} are incompatible" if len(points) in names else "ordinates are incompatible")
    return points


def valnd(val_f, c, *args) -> Array:
    """The series of len(args) variables at the points (x[i], y[i], ...)."""
    points = _points(args)
    c = val_f(points[0], c)
    for x in points[1:]:
        c = val_f(x, c, tensor=False)
    return c


def gridnd(val_f, c, *args) -> Array:
    """The series of len(args) variables on the Cartesian product of the points."""
    for x in args:
        c = val_f(x, c)
    return c


def vander_nd_flat(vander_fs, points, degrees) -> Array:
    """The pseudo-Vandermonde matrix of several variables, its degree axes flattened (NumPy's order)."""
    n = len(vander_fs)
    if len(points) != n:
        raise ValueError(f"Expected {n} dimensions of sample points, got {len(points)}")
    if len(degrees) != n:
        raise ValueError(f"Expected {n} dimensions of degrees, got {len(degrees)}")
    points = [inexact(as_array(p, "numpy.polynomial")) for p in points]
    if any(p.shape != points[0].shape for p in points[1:]):  # NumPy stacks them into one array
        raise ValueError("the sample points must have one shape")
    common = functools.reduce(dt.promote, (p._dtype for p in points))
    factors = []
    for i, (vander_f, x, deg) in enumerate(zip(vander_fs, points, degrees)):
        v = vander_f(astype(x, common), deg)
        factors.append(reshape(v, v.shape[:-1] + (1,) * i + v.shape[-1:] + (1,) * (n - 1 - i)))
    v = functools.reduce(operator.mul, factors)
    return reshape(v, v.shape[:-n] + (-1,))


def fit(vander_f, x, y, deg, rcond=None, full=False, w=None):
    """The least-squares series through (x, y) of degree deg (an int, or a list of the degrees to
    use): columns of the pseudo-Vandermonde matrix scaled to unit norm, as NumPy's _fit."""
    x = inexact(as_array(x, "polyfit"))
    y = inexact(as_array(y, "polyfit", x.device))
    degrees = np.asarray(deg)
    if degrees.ndim > 1 or degrees.dtype.kind not in "iu" or degrees.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if degrees.min() < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if degrees.ndim == 0:
        highest, order = int(degrees), int(degrees) + 1
        lhs = vander_f(x, highest)
    else:
        degrees = np.sort(degrees)
        highest, order = int(degrees[-1]), degrees.size
        lhs = vander_f(x, highest)[:, degrees.tolist()]
    rhs = y
    if w is not None:
        weights = inexact(as_array(w, "polyfit", x.device))
        if weights.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if weights.shape[0] != x.shape[0]:
            raise TypeError("expected x and w to have same length")
        lhs, rhs = lhs * weights[:, None], rhs * (weights if rhs.ndim == 1 else weights[:, None])
    if rcond is None:
        rcond = x.shape[0] * np.finfo(x.dtype).eps
    squares = E["real"](lhs * E["conj"](lhs)) if dt.kind(lhs._dtype) == "complex" else lhs * lhs
    norms = E["sqrt"](sum_(squares, axis=0))
    norms = E["where"](E["equal"](norms, 0), 1, norms)
    from .. import linalg  # imported on first use (see wgarray/__init__.py)
    c, residuals, rank, s = linalg.lstsq(lhs / norms, rhs, rcond)
    c = (c.T / norms).T
    if degrees.ndim > 0:
        full_c = zeros((highest + 1, *c.shape[1:]), dtype=c.dtype)
        full_c[degrees.tolist()] = c
        c = full_c
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned", np.exceptions.RankWarning, stacklevel=3)
    return (c, [residuals, rank, s, rcond]) if full else c


def fromroots(line_f, mul_f, roots) -> Array:
    """The series whose roots are `roots`: the product of the linear factors, pairwise (NumPy's
    order, so rounding matches); 1.0 for no roots."""
    roots = as_array(roots, "fromroots")
    if roots.ndim == 0 or roots.shape[0] == 0:
        if roots.ndim == 0:
            raise TypeError("len() of unsized object")
        return astype(zeros((1,), dtype=dt.float64) + 1, dt.float64)
    [roots] = as_series([roots], trim=False)
    roots = sorted_values(roots)
    factors = [line_f(-roots[i], 1) for i in range(roots.shape[0])]
    while len(factors) > 1:
        half, odd = divmod(len(factors), 2)
        products = [mul_f(factors[i], factors[i + half]) for i in range(half)]
        if odd:
            products[0] = mul_f(products[0], factors[-1])
        factors = products
    return factors[0]


def from_power(add_f, mulx_f, pol) -> Array:
    """The series of a basis equal to the power series pol: Horner's rule in that basis (add_f and
    mulx_f its addition and multiplication by x), as NumPy's poly2cheb and poly2leg."""
    [pol] = as_series([pol])
    result = zeros((1,), dtype=dt.float64)  # NumPy starts from the Python 0: float64
    for i in range(pol.shape[0] - 1, -1, -1):
        result = add_f(mulx_f(result), pol[i:i + 1])
    return result
