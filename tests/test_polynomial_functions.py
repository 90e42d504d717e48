"""wgarray.polynomial.polynomial (numpy.polynomial.polynomial's function module) against NumPy:
every function, dtypes and NumPy's promotion (integers become float64), empty, zero and
trailing-zero series, N-d coefficients, and NumPy's errors for bad input."""

import warnings

import numpy as np
import pytest

import wgarray as wg
from polynomial_support import both, check, same_error, tolerance

N = np.polynomial.polynomial
P = wg.polynomial.polynomial

DTYPES = ["int64", "int32", "float32", "float64", "complex64", "complex128"]
SERIES = [[1, 2, 3], [0], [1, 0, 0], [0, 0, 5], [2], [3, -1, 0.5, 0]]


@pytest.mark.parametrize("name", ["polyadd", "polysub", "polymul", "polydiv"])
@pytest.mark.parametrize("a", SERIES)
@pytest.mark.parametrize("b", [[2.5], [0, 0, 4], [1, 0, -3, 1]])
@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("int32", "float32"), ("float32", "float32"),
                                    ("complex64", "int64")])
def test_arithmetic(name, a, b, dtypes):
    (na, ga), (nb, gb) = both(a, dtypes[0]), both(b, dtypes[1])
    expected, got = getattr(N, name)(na, nb), getattr(P, name)(ga, gb)
    for e, g in zip(expected, got) if name == "polydiv" else [(expected, got)]:
        check(e, g, tolerance(*dtypes))


@pytest.mark.parametrize("c", SERIES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_mulx_pow_trim(c, dtype):
    nc, gc = both(c, dtype)
    rtol = tolerance(dtype)
    check(N.polymulx(nc), P.polymulx(gc), rtol)
    for power in (0, 1, 3):
        check(N.polypow(nc, power), P.polypow(gc, power), rtol)
    for tol in (0, 1.5):
        check(N.polytrim(nc, tol), P.polytrim(gc, tol), rtol)


def test_python_sequences_and_scalars():
    check(N.polyadd([1, 2], 3), P.polyadd([1, 2], 3))
    check(N.polymul((1, 2), [1.5]), P.polymul((1, 2), [1.5]))
    check(N.polyval(2, [1, 2, 3]), P.polyval(2, [1, 2, 3]))
    check(N.polyval([1, 2], (1, 2, 3)), P.polyval([1, 2], (1, 2, 3)))
    check(N.polyval(1j, [1, 2]), P.polyval(1j, [1, 2]))


@pytest.mark.parametrize("bad", [[], [[1, 2], [3, 4]], [True, False]])
@pytest.mark.parametrize("name", ["polyadd", "polysub", "polymul", "polydiv", "polymulx", "polyroots", "polytrim"])
def test_bad_series(bad, name):
    args = (bad, [1.0]) if name in ("polyadd", "polysub", "polymul", "polydiv") else (bad,)
    same_error(lambda: getattr(N, name)(*args), lambda: getattr(P, name)(*args))


def test_bad_arguments():
    same_error(lambda: N.polydiv([1, 2], [0, 0]), lambda: P.polydiv([1, 2], [0, 0]))
    for args in [([1, 2], -1), ([1, 2], 1.5), ([1, 2], 5, 4)]:
        same_error(lambda: N.polypow(*args), lambda: P.polypow(*args))
    same_error(lambda: N.polytrim([1, 2], -1), lambda: P.polytrim([1, 2], -1))
    for c in ([1], [5, 0]):
        same_error(lambda: N.polycompanion(c), lambda: P.polycompanion(c))
    same_error(lambda: N.polyvalfromroots(np.ones((2, 2)), [1, 2], tensor=False),
               lambda: P.polyvalfromroots(wg.ones((2, 2)), [1, 2], tensor=False))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("x", [2.5, [0.5, -1.0, 2.0], [[1.0, 2.0], [3.0, np.nan]], -0.0])
def test_polyval(dtype, x):
    nc, gc = both([1, -2, 0.5, 3], dtype)
    nx, gx = (x, x) if np.isscalar(x) else both(x, "float32" if dtype in ("float32", "complex64") else "float64")
    check(N.polyval(nx, nc), P.polyval(gx, gc), tolerance(dtype))
    check(N.polyvalfromroots(nx, nc), P.polyvalfromroots(gx, gc), tolerance(dtype))


@pytest.mark.parametrize("tensor", [True, False])
def test_polyval_nd_coefficients(tensor):
    nc, gc = both(np.arange(12.0).reshape(3, 4) - 5, "float64")
    nx, gx = both([0.5, 1.5, -2.0, 3.0], "float64")
    check(N.polyval(nx, nc, tensor), P.polyval(gx, gc, tensor))
    check(N.polyvalfromroots(nx, nc, tensor), P.polyvalfromroots(gx, gc, tensor))


def test_polyval_multivariate():
    rng = np.random.default_rng(1)
    c2, c3 = rng.standard_normal((3, 2)), rng.standard_normal((2, 3, 2))
    x, y, z = rng.standard_normal((3, 4))
    gx, gy, gz = (wg.asarray(v) for v in (x, y, z))
    check(N.polyval2d(x, y, c2), P.polyval2d(gx, gy, wg.asarray(c2)))
    check(N.polyval3d(x, y, z, c3), P.polyval3d(gx, gy, gz, wg.asarray(c3)))
    check(N.polygrid2d(x, y[:3], c2), P.polygrid2d(gx, gy[:3], wg.asarray(c2)))
    check(N.polygrid3d(x, y[:2], z[:3], c3), P.polygrid3d(gx, gy[:2], gz[:3], wg.asarray(c3)))
    same_error(lambda: N.polyval2d(x, y[:3], c2), lambda: P.polyval2d(gx, gy[:3], wg.asarray(c2)))
    # polyvalnd (NumPy 2.5) is polyval2d/3d for any number of variables
    check(N.polyval3d(x, y, z, c3), P.polyvalnd((gx, gy, gz), wg.asarray(c3)))
    check(N.polyval2d(x, y, c2), P.polyvalnd([gx, gy], wg.asarray(c2)))
    if hasattr(N, "polyvalnd"):
        check(N.polyvalnd((x, y, z), c3), P.polyvalnd((gx, gy, gz), wg.asarray(c3)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_polyder_polyint(dtype, m):
    nc, gc = both([[1, 2], [-3, 4], [0.5, 0], [2, -1]], dtype)
    rtol = tolerance(dtype)
    check(N.polyder(nc, m), P.polyder(gc, m), rtol)
    check(N.polyder(nc, m, scl=2, axis=1), P.polyder(gc, m, scl=2, axis=1), rtol)
    check(N.polyint(nc, m), P.polyint(gc, m), rtol)
    constants = [1, -2, 3, 0.5, 4][:m]
    check(N.polyint(nc, m, k=constants, lbnd=0.5, scl=3), P.polyint(gc, m, k=constants, lbnd=0.5, scl=3), rtol)
    check(N.polyint(nc, m, axis=-1), P.polyint(gc, m, axis=-1), rtol)


@pytest.mark.parametrize("c", [[0], [0, 0], [3], 2.5])
def test_polyder_polyint_small(c):
    for m in (1, 2):
        check(N.polyder(c, m), P.polyder(c, m))
        check(N.polyint(c, m, k=[1, 2][:m]), P.polyint(c, m, k=[1, 2][:m]))
    check(N.polyint(c, 1, k=3), P.polyint(c, 1, k=3))


@pytest.mark.parametrize("call", [
    lambda M: M.polyder([1, 2], -1), lambda M: M.polyder([1, 2], 1.5), lambda M: M.polyder([1, 2], 1, axis=1),
    lambda M: M.polyint([1, 2], -1), lambda M: M.polyint([1, 2], 1, k=[1, 2]), lambda M: M.polyint([1, 2], 1.0),
    lambda M: M.polyint([1, 2], 1, lbnd=[0, 1]), lambda M: M.polyint([1, 2], 1, scl=[1, 2]),
    lambda M: M.polyint([1, 2], 1, axis=3), lambda M: M.polyvander([1, 2], -1), lambda M: M.polyvander([1, 2], 1.5),
    lambda M: M.polyfit([1, 2], [1, 2], -1), lambda M: M.polyfit([1, 2], [1, 2], 1.5),
    lambda M: M.polyfit([[1, 2]], [1, 2], 1), lambda M: M.polyfit([], [], 1),
    lambda M: M.polyfit([1, 2], [1, 2, 3], 1), lambda M: M.polyfit([1, 2], [[[1, 2]]], 1),
    lambda M: M.polyfit([1, 2], [1, 2], 1, w=[1]), lambda M: M.polyfit([1, 2], [1, 2], [[1]]),
    lambda M: M.polyvander2d([1, 2], [1, 2, 3], [1, 1]), lambda M: M.polyvander2d([1, 2], [1, 2], [1]),
])
def test_errors(call):
    same_error(lambda: call(N), lambda: call(P))


@pytest.mark.parametrize("dtype", DTYPES + ["bool"])
@pytest.mark.parametrize("x", [[0.5, -1.0, 2.0, np.nan], [[1, 2], [3, 4]], 3, []])
@pytest.mark.parametrize("deg", [0, 1, 3])
def test_polyvander(dtype, x, deg):
    nx = np.asarray(x, dtype=float)
    nx = nx.astype(dtype) if np.dtype(dtype).kind in "fc" else np.nan_to_num(nx).astype(dtype)
    check(N.polyvander(nx, deg), P.polyvander(wg.asarray(nx), deg), tolerance(dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "complex128"])
def test_polyvander_multivariate(dtype):
    (nx, gx), (ny, gy), (nz, gz) = (both(v, dtype) for v in ([1, 2, -3], [0, 5, 2], [1, 1, 4]))
    check(N.polyvander2d(nx, ny, [2, 1]), P.polyvander2d(gx, gy, [2, 1]), tolerance(dtype))
    check(N.polyvander3d(nx, ny, nz, [1, 0, 2]), P.polyvander3d(gx, gy, gz, [1, 0, 2]), tolerance(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
@pytest.mark.parametrize("deg", [0, 2, 3, [0, 2], [3, 1, 0]])
def test_polyfit(dtype, deg):
    x = np.linspace(-1, 2, 15)
    y = 0.5 * x ** 3 - x + 2 + 0.01 * np.sin(9 * x)
    nx, gx = both(np.round(x * 4) if dtype == "int64" else x, dtype)
    ny, gy = both(y, dtype)
    rtol = 1e-3 if dtype == "float32" else 1e-8
    check(N.polyfit(nx, ny, deg), P.polyfit(gx, gy, deg), rtol)
    y2 = np.stack([y, 2 * y - 1], axis=1).astype(ny.dtype)
    check(N.polyfit(nx, y2, deg, w=np.abs(x) + 1), P.polyfit(gx, wg.asarray(y2), deg, w=wg.asarray(np.abs(x) + 1)), rtol)
    (ec, (eres, erank, es, ercond)), (gc, (gres, grank, gs, grcond)) = (
        N.polyfit(nx, ny, deg, full=True), P.polyfit(gx, gy, deg, full=True))
    check(ec, gc, rtol)
    assert int(grank) == int(erank) and float(grcond) == float(ercond)
    check(eres, gres, rtol)
    check(es, gs, rtol)


def test_polyfit_rank_warning():
    x, y = np.zeros(4), np.arange(4.0)
    with pytest.warns(np.exceptions.RankWarning):
        N.polyfit(x, y, 2)
    with pytest.warns(np.exceptions.RankWarning):
        got = P.polyfit(wg.asarray(x), wg.asarray(y), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(N.polyfit(x, y, 2), got)


@pytest.mark.parametrize("c,dtype", [(c, dtype) for c in ([-6, 11, -6, 1], [1, 0, 1], [0, 0, 1], [1, 2, 0, 0], [5],
                                                              [3, 2], [0], [1 + 1j, 2, 3], [2, -1, -2, 1])
                                     for dtype in (None, "float32", "complex64")
                                     if not (dtype == "float32" and np.iscomplexobj(c))])  # no real form of complex c
def test_polyroots_companion(c, dtype):
    nc = np.asarray(c) if dtype is None else np.asarray(c).astype(dtype)
    rtol = 1e-4 if dtype else 1e-7
    expected, got = N.polyroots(nc), np.asarray(P.polyroots(wg.asarray(nc)))
    if expected.dtype.kind == "c":  # sorted by real part first: roots whose real parts differ by rounding only
        expected, got = (r[np.lexsort((r.imag, np.round(r.real, 3)))] for r in (expected, got))
    check(expected, got, rtol)
    if np.count_nonzero(nc) and len(N.polytrim(nc)) > 1:
        check(N.polycompanion(nc), P.polycompanion(wg.asarray(nc)), rtol)


@pytest.mark.parametrize("roots,dtype", [(r, dtype) for r in ([], [1, 2, 3], [2.5, -1, 0.5, 3, 7], [1j, -1j], [0])
                                         for dtype in (None, "float32", "complex64", "int32")
                                         if not (dtype in ("float32", "int32") and np.iscomplexobj(r))])
def test_polyfromroots(roots, dtype):
    nr = np.asarray(roots) if dtype is None or not roots else np.asarray(roots).astype(dtype)
    check(N.polyfromroots(nr), P.polyfromroots(wg.asarray(nr)), tolerance(nr.dtype))


def test_polyline_and_constants():
    for off, scl in [(3, 2), (1.5, 0), (1j, 2), (np.float32(1), 1)]:
        check(N.polyline(off, scl), P.polyline(off, scl))
    for name in ("polyzero", "polyone", "polyx", "polydomain"):
        check(getattr(N, name), getattr(P, name))
    assert P.Polynomial is wg.polynomial.Polynomial
    assert set(P.__all__) == set(N.__all__)
    for name in P.__all__:
        assert hasattr(P, name), name
