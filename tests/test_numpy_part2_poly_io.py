"""Polynomials (wgarray/polynomial: poly1d and friends, Polynomial) and file I/O (wgarray/_numpy/io.py)
against NumPy."""

import numpy as np
import pytest

import wgarray as wg


def check(expected, got, rtol=1e-12):
    got = np.asarray(got)
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol)


@pytest.mark.parametrize("p", [[1.0, -6, 11, -6], [1, 0, 1], [0, 1, 2, 0, 0], [2.0], [0, 0], [1 + 1j, 2, 3]])
def test_roots(p):
    expected = np.roots(p)
    got = wg.roots(wg.asarray(p))
    check(np.sort_complex(expected) if expected.dtype.kind == "c" else np.sort(expected),
          np.sort_complex(np.asarray(got)) if expected.dtype.kind == "c" else np.sort(np.asarray(got)))


def test_polyfit():
    x = np.linspace(0, 1, 20)
    y = 3 * x ** 2 - x + 0.5 + np.sin(7 * x) * 0.01
    check(np.polyfit(x, y, 2), wg.polyfit(wg.asarray(x), wg.asarray(y), 2), rtol=1e-10)
    c1, v1 = np.polyfit(x, y, 2, cov=True)
    c2, v2 = wg.polyfit(wg.asarray(x), wg.asarray(y), 2, cov=True)
    check(v1, v2, rtol=1e-8)
    check(np.polyfit(x, y, 1, w=x + 1), wg.polyfit(wg.asarray(x), wg.asarray(y), 1, w=wg.asarray(x + 1)), rtol=1e-10)
    with pytest.raises(ValueError):
        wg.polyfit(wg.asarray(x), wg.asarray(y), -1)
    with pytest.raises(TypeError):
        wg.polyfit(wg.asarray(x), wg.asarray(y[:-1]), 2)


@pytest.mark.parametrize("a, b", [([1, 2], [1, 2, 3]), ([1.5, -2.0, 0.5], [2.0]), ([3, 5, 2], [2, 1])])
def test_coefficient_arithmetic(a, b):
    for name in ("polyadd", "polysub", "polymul"):
        check(getattr(np, name)(a, b), getattr(wg, name)(wg.asarray(a), wg.asarray(b)))
    for e, g in zip(np.polydiv(a, b), wg.polydiv(wg.asarray(a), wg.asarray(b))):
        check(e, g)
    check(np.polyder(a, 1), wg.polyder(wg.asarray(a), 1))
    check(np.polyint(a, 2, [1, 2]), wg.polyint(wg.asarray(a), 2, [1, 2]))


def test_poly1d():
    n, p = np.poly1d([1, 2, 3]), wg.poly1d([1, 2, 3])
    assert int(p(2)) == n(2) and p.order == n.order and int(p[0]) == n[0]
    for e, g in [((n * n).coeffs, (p * p).coeffs), ((n + 1).coeffs, (p + 1).coeffs), (n.deriv().coeffs, p.deriv().coeffs),
                 (n.integ().coeffs, p.integ().coeffs), ((n - n).coeffs, (p - p).coeffs), ((n ** 2).coeffs, (p ** 2).coeffs),
                 (np.poly1d([1, 2], True).coeffs, wg.poly1d([1, 2], True).coeffs), (n(n).coeffs, p(p).coeffs)]:
        check(e, g)
    assert p == wg.poly1d([0, 1, 2, 3])


def test_polynomial_series():
    n, p = np.polynomial.Polynomial([1, 2, 3]), wg.polynomial.Polynomial([1, 2, 3])
    assert float(p(2.0)) == n(2.0)
    check(n.deriv().coef, p.deriv().coef)
    check(n.integ(k=1).coef, p.integ(k=1).coef)
    check((n * n).coef, (p * p).coef)
    check((n - 1).coef, (p - 1).coef)
    check(np.sort_complex(n.roots()), p.roots())
    x = np.linspace(0, 3, 25)
    y = np.cos(x)
    nf, pf = np.polynomial.Polynomial.fit(x, y, 3), wg.polynomial.Polynomial.fit(wg.asarray(x), wg.asarray(y), 3)
    check(nf.coef, pf.coef, rtol=1e-9)
    assert np.array_equal(nf.domain, pf.domain)
    check(nf(x), pf(wg.asarray(x)), rtol=1e-9)
    m, q = np.polynomial.Polynomial([1, 2], domain=[0, 4]), wg.polynomial.Polynomial([1, 2], domain=[0, 4])
    check(m(np.array([1.0, 3.0])), q(wg.asarray([1.0, 3.0])))
    check(m.deriv().coef, q.deriv().coef)


def test_io_roundtrips(tmp_path):
    a = wg.asarray(np.arange(6.0).reshape(2, 3))
    wg.save(tmp_path / "a.npy", a)
    loaded = wg.load(tmp_path / "a.npy")
    assert isinstance(loaded, wg.ndarray)
    check(np.load(tmp_path / "a.npy"), loaded, rtol=0)
    wg.savez(tmp_path / "z.npz", a, y=wg.arange(3))
    with wg.load(tmp_path / "z.npz") as archive:
        assert sorted(archive.files) == ["arr_0", "y"]
        check(np.arange(3), archive["y"], rtol=0)
    wg.savez_compressed(tmp_path / "c.npz", q=a)
    check(np.asarray(a), wg.load(tmp_path / "c.npz")["q"], rtol=0)
    wg.savetxt(tmp_path / "t.txt", a)
    check(np.loadtxt(tmp_path / "t.txt"), wg.loadtxt(tmp_path / "t.txt"), rtol=0)
    check(np.genfromtxt(tmp_path / "t.txt"), wg.genfromtxt(tmp_path / "t.txt"), rtol=0)
    a[:, ::2].tofile(tmp_path / "r.bin")
    check(np.asarray(a)[:, ::2].ravel(), wg.fromfile(tmp_path / "r.bin"), rtol=0)
    np.save(tmp_path / "s.npy", np.array(["a", "b"]))
    with pytest.raises(TypeError, match="NumPy"):
        wg.load(tmp_path / "s.npy")
    with pytest.raises(ValueError):
        wg.load(tmp_path / "a.npy", mmap_mode="r")
