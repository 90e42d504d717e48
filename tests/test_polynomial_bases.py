"""wgarray.polynomial.chebyshev and .legendre against NumPy's (one set of tests, through Chebyshev's
names), and the series classes (Polynomial, Chebyshev, Legendre on the shared base) against NumPy's:
dtypes, zero and trailing-zero series, N-d coefficients, domains and windows, errors."""

import numpy as np
import pytest

import wgarray as wg
from polynomial_support import both, check as shared_check, same_error, tolerance as shared_tolerance

FAMILIES = [("chebyshev", "cheb", "Chebyshev"), ("legendre", "leg", "Legendre")]


class Family:
    """A basis module seen through Chebyshev's names (chebval -> legval, Chebyshev -> Legendre)."""

    def __init__(self, module, prefix, cls):
        self.module, self.prefix, self.cls = module, prefix, cls

    def __getattr__(self, name):
        return getattr(self.module, name.replace("Chebyshev", self.cls).replace("cheb", self.prefix))


@pytest.fixture(params=FAMILIES, ids=[prefix for _, prefix, _ in FAMILIES])
def family(request):
    """(NumPy's module, wgarray's module) of one basis."""
    module, prefix, cls = request.param
    return (Family(getattr(np.polynomial, module), prefix, cls), Family(getattr(wg.polynomial, module), prefix, cls))

DTYPES = ["int64", "float32", "float64", "complex64", "complex128"]
SERIES = [[1, 2, 3], [0], [1, 0, 0], [0, 0, 5], [2], [3, -1, 0.5, 0, 2]]


def tolerance(*dtypes):
    return shared_tolerance(*dtypes, single=5e-5, double=1e-11)


def check(expected, got, rtol=1e-11):
    shared_check(expected, got, rtol)


@pytest.mark.parametrize("name", ["chebadd", "chebsub", "chebmul", "chebdiv"])
@pytest.mark.parametrize("a", SERIES)
@pytest.mark.parametrize("b", [[2.5], [0, 0, 4], [1, 0, -3, 1]])
@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("int32", "float32"), ("float32", "float32"),
                                    ("complex64", "int64")])
def test_arithmetic(family, name, a, b, dtypes):
    N, C = family
    (na, ga), (nb, gb) = both(a, dtypes[0]), both(b, dtypes[1])
    expected, got = getattr(N, name)(na, nb), getattr(C, name)(ga, gb)
    for e, g in zip(expected, got) if name == "chebdiv" else [(expected, got)]:
        check(e, g, tolerance(*dtypes))


@pytest.mark.parametrize("c", SERIES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_mulx_pow_conversions(family, c, dtype):
    N, C = family
    nc, gc = both(c, dtype)
    rtol = tolerance(dtype)
    check(N.chebmulx(nc), C.chebmulx(gc), rtol)
    for power in (0, 1, 2, 3):
        check(N.chebpow(nc, power), C.chebpow(gc, power), rtol)
    check(N.chebtrim(nc, 1.5), C.chebtrim(gc, 1.5), rtol)
    check(N.cheb2poly(nc), C.cheb2poly(gc), rtol)
    check(N.poly2cheb(nc), C.poly2cheb(gc), rtol)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("x", [0.25, [0.5, -1.0, 2.0], [[1.0, 2.0], [3.0, np.nan]]])
@pytest.mark.parametrize("c", [[1, -2, 0.5, 3], [4], [1, 2]])
def test_chebval(family, dtype, x, c):
    N, C = family
    nc, gc = both(c, dtype)
    nx, gx = (x, x) if np.isscalar(x) else both(x, "float32" if dtype in ("float32", "complex64") else "float64")
    check(N.chebval(nx, nc), C.chebval(gx, gc), tolerance(dtype))


def test_chebval_nd_and_multivariate(family):
    N, C = family
    rng = np.random.default_rng(2)
    c2, c3 = rng.standard_normal((3, 4)), rng.standard_normal((2, 3, 2))
    x, y, z = rng.standard_normal((3, 4))
    gx, gy, gz = (wg.asarray(v) for v in (x, y, z))
    check(N.chebval(x, c2), C.chebval(gx, wg.asarray(c2)))
    check(N.chebval(x, c2, tensor=False), C.chebval(gx, wg.asarray(c2), tensor=False))
    check(N.chebval2d(x, y, c2[:, :2]), C.chebval2d(gx, gy, wg.asarray(c2[:, :2])))
    check(N.chebval3d(x, y, z, c3), C.chebval3d(gx, gy, gz, wg.asarray(c3)))
    check(N.chebgrid2d(x, y[:3], c2), C.chebgrid2d(gx, gy[:3], wg.asarray(c2)))
    check(N.chebgrid3d(x[:2], y, z[:3], c3), C.chebgrid3d(gx[:2], gy, gz[:3], wg.asarray(c3)))
    check(N.chebvander2d(x, y, [2, 1]), C.chebvander2d(gx, gy, [2, 1]))
    check(N.chebvander3d(x, y, z, [1, 2, 0]), C.chebvander3d(gx, gy, gz, [1, 2, 0]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_chebder_chebint(family, dtype, m):
    N, C = family
    nc, gc = both([[1, 2], [-3, 4], [0.5, 0], [2, -1], [1, 1]], dtype)
    rtol = tolerance(dtype)
    check(N.chebder(nc, m), C.chebder(gc, m), rtol)
    check(N.chebder(nc, m, scl=2, axis=1), C.chebder(gc, m, scl=2, axis=1), rtol)
    check(N.chebint(nc, m), C.chebint(gc, m), rtol)
    constants = [1, -2, 3, 0.5, 4][:m]
    check(N.chebint(nc, m, k=constants, lbnd=0.5, scl=3), C.chebint(gc, m, k=constants, lbnd=0.5, scl=3), rtol)
    check(N.chebint(nc, m, axis=-1), C.chebint(gc, m, axis=-1), rtol)


@pytest.mark.parametrize("c", [[0], [3], [1, 2], 2.5])
def test_chebder_chebint_small(family, c):
    N, C = family
    for m in (1, 2):
        check(N.chebder(c, m), C.chebder(c, m))
        check(N.chebint(c, m, k=[1, 2][:m]), C.chebint(c, m, k=[1, 2][:m]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("deg", [0, 1, 4])
def test_chebvander(family, dtype, deg):
    N, C = family
    nx, gx = both([0.5, -1.0, 2.0, 0.0], dtype)
    check(N.chebvander(nx, deg), C.chebvander(gx, deg), tolerance(dtype))
    check(N.chebvander(3, deg), C.chebvander(3, deg))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("deg", [0, 3, [0, 2, 3]])
def test_chebfit(family, dtype, deg):
    N, C = family
    x = np.linspace(-1, 1, 17)
    y = np.cos(3 * x) + 0.5 * x
    (nx, gx), (ny, gy) = both(x, dtype), both(y, dtype)
    rtol = 1e-3 if dtype == "float32" else 1e-8
    check(N.chebfit(nx, ny, deg), C.chebfit(gx, gy, deg), rtol)
    check(N.chebfit(nx, ny, deg, w=x ** 2 + 1), C.chebfit(gx, gy, deg, w=wg.asarray(x ** 2 + 1)), rtol)
    (ec, estatus), (gc, gstatus) = N.chebfit(nx, ny, deg, full=True), C.chebfit(gx, gy, deg, full=True)
    check(ec, gc, rtol)
    assert int(estatus[1]) == int(gstatus[1])


@pytest.mark.parametrize("c", [[-6, 11, -6, 1], [1, 0, 1], [0, 0, 1], [1, 2, 0, 0], [5], [3, 2], [1 + 1j, 2, 3],
                               [0.5, -0.25, 0.1, 0.3]])
def test_chebroots_companion(family, c):
    N, C = family
    expected, got = N.chebroots(c), np.asarray(C.chebroots(c))
    if expected.dtype.kind == "c":  # sorted by real part first: ties up to rounding
        expected, got = (r[np.lexsort((r.imag, np.round(r.real, 6)))] for r in (expected, got))
    check(expected, got, 1e-7)
    if len(N.chebtrim(c)) > 1:
        check(N.chebcompanion(c), C.chebcompanion(c))


@pytest.mark.parametrize("roots", [[], [1, 2, 3], [2.5, -1, 0.5, 3, 7], [1j, -1j]])
def test_chebfromroots(family, roots):
    N, C = family
    check(N.chebfromroots(roots), C.chebfromroots(roots))


@pytest.mark.parametrize("call", [
    lambda M: M.chebadd([], [1]), lambda M: M.chebmul([[1, 2]], [1]), lambda M: M.chebdiv([1, 2], [0]),
    lambda M: M.chebpow([1, 2], -1), lambda M: M.chebpow([1, 2], 17), lambda M: M.chebpow([1, 2], 1.5),
    lambda M: M.chebder([1, 2], -1), lambda M: M.chebint([1, 2], 1, k=[1, 2]), lambda M: M.chebint([1, 2], 1, lbnd=[1]),
    lambda M: M.chebvander([1, 2], -1), lambda M: M.chebfit([1, 2], [1, 2, 3], 1), lambda M: M.chebcompanion([1]),
    lambda M: M.chebtrim([1, 2], -1), lambda M: M.chebmulx([True]),
])
def test_errors(family, call):
    N, C = family
    same_error(lambda: call(N), lambda: call(C))


def test_constants_and_names(family):
    N, C = family
    for name in ("chebdomain", "chebzero", "chebone", "chebx"):
        check(getattr(N, name), getattr(C, name))
    assert set(C.module.__all__) <= set(N.module.__all__)
    for name in C.module.__all__:
        assert hasattr(C.module, name), name
    assert C.Chebyshev is getattr(wg.polynomial, C.cls)


CLASSES = ["Polynomial", "Chebyshev", "Legendre"]


def pair(kind, coef, **kwargs):
    return getattr(np.polynomial, kind)(coef, **kwargs), getattr(wg.polynomial, kind)(coef, **kwargs)


@pytest.mark.parametrize("kind", CLASSES)
@pytest.mark.parametrize("domain", [None, [0, 4]])
def test_class_arithmetic_and_calculus(kind, domain):
    (n, p), (m, q) = pair(kind, [1, 2, 3], domain=domain), pair(kind, [0.5, -1], domain=domain)
    x = np.array([0.5, 1.5, 3.0])
    check(n(x), p(wg.asarray(x)))
    check(n(2.0), p(2.0))
    for e, g in [(n + m, p + q), (n - m, p - q), (n * m, p * q), (n // m, p // q), (n % m, p % q), (n ** 3, p ** 3),
                 (n + 1, p + 1), (2 - n, 2 - p), (n * 2, p * 2), (n / 4, p / 4), (-n, -p), (n.deriv(2), p.deriv(2)),
                 (n.integ(2, k=[1, 2], lbnd=1), p.integ(2, k=[1, 2], lbnd=1)), (n.integ(), p.integ()),
                 (n.truncate(2), p.truncate(2)), (n.cutdeg(0), p.cutdeg(0)), ((n * 0).trim(), (p * 0).trim()),
                 (n.copy(), p.copy())]:
        check(e.coef, g.coef)
        assert np.array_equal(e.domain, g.domain) and np.array_equal(e.window, g.window)
    check(np.sort_complex(n.roots()), np.sort_complex(np.asarray(p.roots())), 1e-9)
    assert p == p.copy() and p != q and len(p) == len(n) and p.degree() == n.degree()
    check(n.linspace(5)[1], p.linspace(5)[1])


@pytest.mark.parametrize("kind", CLASSES)
def test_class_constructors(kind):
    cls_n, cls_w = getattr(np.polynomial, kind), getattr(wg.polynomial, kind)
    for args in [dict(), dict(domain=[0, 3]), dict(domain=None), dict(domain=[0, 3], window=[-2, 2])]:
        e, g = cls_n.fromroots([1, 2, 2.5], **args), cls_w.fromroots([1, 2, 2.5], **args)
        check(e.coef, g.coef)
        assert np.allclose(e.domain, g.domain)
    check(cls_n.identity([0, 4]).coef, cls_w.identity([0, 4]).coef)
    check(cls_n.basis(3, [1, 2]).coef, cls_w.basis(3, [1, 2]).coef)
    x = np.linspace(0, 3, 25)
    y = np.cos(x)
    for args in [dict(), dict(domain=[]), dict(domain=[0, 4], window=[-2, 2]), dict(w=x + 1)]:
        wargs = {k: wg.asarray(v) if k == "w" else v for k, v in args.items()}
        e, g = cls_n.fit(x, y, 4, **args), cls_w.fit(wg.asarray(x), wg.asarray(y), 4, **wargs)
        check(e.coef, g.coef, 1e-8)
        assert np.allclose(e.domain, g.domain) and np.array_equal(e.window, g.window)
    (e, estatus), (g, gstatus) = cls_n.fit(x, y, [0, 2], full=True), cls_w.fit(wg.asarray(x), wg.asarray(y), [0, 2], full=True)
    check(e.coef, g.coef, 1e-8)
    assert int(estatus[1]) == int(gstatus[1])


@pytest.mark.parametrize("kind", CLASSES)
def test_class_errors(kind):
    (n, p), (m, q) = pair(kind, [1, 2]), pair(kind, [1, 2], domain=[0, 1])
    other = "Chebyshev" if kind == "Polynomial" else "Polynomial"
    (o, r) = pair(other, [1, 2])
    for call_n, call_w in [(lambda: n + m, lambda: p + q), (lambda: n + o, lambda: p + r), (lambda: n ** -1, lambda: p ** -1),
                           (lambda: n // 0, lambda: p // 0), (lambda: n / n, lambda: p / p),
                           (lambda: getattr(np.polynomial, kind)([]), lambda: getattr(wg.polynomial, kind)([])),
                           (lambda: getattr(np.polynomial, kind)([1], domain=[1, 2, 3]),
                            lambda: getattr(wg.polynomial, kind)([1], domain=[1, 2, 3]))]:
        same_error(call_n, call_w)
