"""eigh, eigvalsh, svd, svdvals, pinv, matrix_rank and lstsq against numpy.linalg: results,
dtypes and shapes, the accuracy bounds of LAPACK (backward error and orthogonality within
10 * n * eps), batches, views, empty and special inputs, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
rng = np.random.default_rng(1234)


def random(shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def hermitian(shape, dtype):
    a = random(shape, dtype)
    return ((a + np.swapaxes(a, -1, -2).conj()) / 2).astype(dtype)


def eps(dtype):
    return np.finfo(np.dtype(dtype)).eps


def adjoint(a):
    return np.swapaxes(a, -1, -2).conj()


def assert_orthonormal_columns(q, dtype, n):
    k = q.shape[-1]
    error = np.abs(adjoint(q).astype(np.complex128) @ q - np.eye(k)).max(initial=0)
    assert error <= 10 * max(n, 1) * eps(dtype), error


def check_eigh(a, w, v, dtype):
    n = a.shape[-1]
    expected = np.linalg.eigvalsh(a)
    assert w.dtype == expected.dtype and w.shape == expected.shape
    assert v.dtype == np.dtype(dtype) and v.shape == a.shape
    scale = np.abs(a).max(initial=0) * max(n, 1)
    np.testing.assert_allclose(w, expected, rtol=0, atol=10 * n * eps(dtype) * scale + 1e-300)
    residual = np.abs(a.astype(np.complex128) @ v - v * w[..., None, :]).max(initial=0)
    assert residual <= 10 * n * eps(dtype) * scale + 1e-300, residual
    assert_orthonormal_columns(v, dtype, n)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(0, 0), (1, 1), (2, 2), (3, 3), (6, 6), (17, 17), (3, 0, 0), (2, 3, 4, 4)])
def test_eigh(dtype, shape):
    a = hermitian(shape, dtype)
    w, v = xp.linalg.eigh(wg(a))
    check_eigh(a, host(w), host(v), dtype)
    np.testing.assert_array_equal(host(xp.linalg.eigvalsh(wg(a))), host(w))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
@pytest.mark.parametrize("UPLO", ["L", "U", "u"])
def test_eigh_reads_one_triangle(dtype, UPLO):
    a = random((2, 5, 5), dtype)  # not Hermitian: only the UPLO triangle counts
    other = np.triu(np.full((5, 5), np.nan), 1) if UPLO == "L" else np.tril(np.full((5, 5), np.nan), -1)
    a_nan = np.where(np.isnan(other), np.nan, a).astype(dtype)
    expected = np.linalg.eigvalsh(a, UPLO=UPLO)
    w, v = xp.linalg.eigh(wg(a_nan), UPLO=UPLO)
    np.testing.assert_allclose(host(w), expected, atol=100 * eps(dtype) * np.abs(a).max())
    full = np.tril(a, -1) + adjoint(np.tril(a, -1)) if UPLO == "L" else np.triu(a, 1) + adjoint(np.triu(a, 1))
    full = full + np.real(np.diagonal(a, axis1=-2, axis2=-1))[..., None] * np.eye(5)
    check_eigh(full.astype(dtype), host(w), host(v), dtype)


def test_eigh_views_integers_and_structure():
    a = hermitian((6, 6), np.float64)
    base = np.zeros((3, 12, 12))
    base[1, ::2, ::2] = a
    view = wg(base)[1, ::2, ::2]
    check_eigh(a, *map(host, xp.linalg.eigh(view)), np.float64)
    check_eigh(a.T, *map(host, xp.linalg.eigh(wg(a).mT)), np.float64)
    ints = np.array([[2, 1], [1, 3]], dtype=np.int32)
    w = xp.linalg.eigvalsh(wg(ints))
    assert w.dtype == np.float64
    np.testing.assert_allclose(host(w), np.linalg.eigvalsh(ints), rtol=1e-15)
    # repeated eigenvalues, a diagonal matrix, a graded positive definite one (Jacobi keeps the
    # small eigenvalues to relative accuracy)
    for m in (np.eye(4), np.diag([3.0, -1.0, 3.0, 2.0]), np.ones((5, 5))):
        check_eigh(m, *map(host, xp.linalg.eigh(wg(m))), np.float64)
    d = np.diag(10.0 ** -np.arange(0, 12, 2))
    q = np.linalg.qr(rng.standard_normal((6, 6)))[0]
    graded = np.sqrt(d) @ (q @ np.diag([1, 2, 3, 4, 5, 6.0]) @ q.T) @ np.sqrt(d)
    np.testing.assert_allclose(host(xp.linalg.eigvalsh(wg(graded))), np.linalg.eigvalsh(graded), rtol=1e-12)


def test_eigh_large():
    a = hermitian((150, 150), np.float32)
    check_eigh(a, *map(host, xp.linalg.eigh(wg(a))), np.float32)


def test_eigh_special_and_bad_input():
    w, v = xp.linalg.eigh(wg(np.array([[[1.0, 0], [np.nan, 2]], [[1.0, 0], [0, 2]]])))
    assert np.isnan(host(w)[0]).all() and np.isnan(host(v)[0]).all()
    np.testing.assert_array_equal(host(w)[1], [1, 2])
    assert np.isnan(host(xp.linalg.eigvalsh(wg([[np.inf, 1.0], [1, 1]])))).all()
    for bad in (np.ones(3), np.ones((2, 3))):
        with pytest.raises(xp.linalg.LinAlgError):
            xp.linalg.eigh(wg(bad))
    with pytest.raises(ValueError, match="UPLO"):
        xp.linalg.eigh(wg(np.eye(2)), UPLO="X")


def check_svd(a, u, s, vh, dtype, full_matrices):
    m, n = a.shape[-2:]
    k = min(m, n)
    nu, ns, nvh = np.linalg.svd(a, full_matrices=full_matrices)
    assert (u.shape, s.shape, vh.shape) == (nu.shape, ns.shape, nvh.shape)
    assert (u.dtype, s.dtype, vh.dtype) == (nu.dtype, ns.dtype, nvh.dtype)
    scale = max(np.abs(ns).max(initial=0), 1e-300)
    bound = 10 * max(m, n, 1) * eps(dtype) * scale
    np.testing.assert_allclose(s, ns, rtol=0, atol=bound)
    assert np.all(np.diff(s, axis=-1) <= 0)
    rebuilt = (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]
    assert np.abs(rebuilt - a).max(initial=0) <= bound
    assert_orthonormal_columns(u, dtype, max(m, n))
    assert_orthonormal_columns(adjoint(vh), dtype, max(m, n))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 2), (2, 3), (7, 4), (4, 7), (2, 3, 5, 4), (0, 3), (3, 0),
                                   (2, 0, 0)])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd(dtype, shape, full_matrices):
    a = random(shape, dtype)
    u, s, vh = xp.linalg.svd(wg(a), full_matrices=full_matrices)
    check_svd(a, host(u), host(s), host(vh), dtype, full_matrices)
    values = xp.linalg.svd(wg(a), compute_uv=False)
    np.testing.assert_array_equal(host(values), host(s))
    np.testing.assert_array_equal(host(xp.linalg.svdvals(wg(a))), host(s))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_svd_rank_deficient(dtype):
    a = random((3, 6, 5), dtype)
    a[0] = 0  # all singular values zero: U is a completed basis
    a[1, :, 2] = 0  # an exactly zero column
    a[2] = random((6, 2), dtype) @ random((2, 5), dtype)  # rank 2
    for full in (True, False):
        check_svd(a, *map(host, xp.linalg.svd(wg(a), full_matrices=full)), dtype, full)
    wide = np.swapaxes(a, -1, -2).copy()
    check_svd(wide, *map(host, xp.linalg.svd(wg(wide))), dtype, True)


def test_svd_views_scaling_and_integers():
    a = random((9, 5), np.float64)
    view = wg(np.ascontiguousarray(a[::-1].T))[:, ::-1].mT  # a, through negative strides and a transpose
    check_svd(a, *map(host, xp.linalg.svd(view)), np.float64, True)
    for scale in (1e-200, 1e200):  # sums of squares would leave the range without scaling
        check_svd(a * scale, *map(host, xp.linalg.svd(wg(a * scale), full_matrices=False)), np.float64, False)
    f32 = random((4, 3), np.float32) * np.float32(1e25)
    check_svd(f32, *map(host, xp.linalg.svd(wg(f32), full_matrices=False)), np.float32, False)
    ints = np.arange(12).reshape(4, 3)
    s = xp.linalg.svdvals(wg(ints))
    assert s.dtype == np.float64
    np.testing.assert_allclose(host(s), np.linalg.svd(ints, compute_uv=False), atol=1e-13)


def test_sweeps_checked_by_reads(monkeypatch):
    """Large matrices record their sweeps a few at a time, with a read of the convergence flags."""
    from wgarray._engines import jacobi
    monkeypatch.setattr(jacobi, "UNCHECKED_DISPATCHES", 0)
    monkeypatch.setattr(jacobi, "SWEEPS_PER_CHECK", 1)
    a = hermitian((2, 12, 12), np.complex128)
    check_eigh(a, *map(host, xp.linalg.eigh(wg(a))), np.complex128)
    b = random((2, 9, 7), np.float32)
    check_svd(b, *map(host, xp.linalg.svd(wg(b))), np.float32, True)


def test_svd_large():
    a = random((160, 90), np.float32)
    check_svd(a, *map(host, xp.linalg.svd(wg(a), full_matrices=False)), np.float32, False)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_svd_hermitian(dtype):
    a = hermitian((2, 5, 5), dtype)
    u, s, vh = map(host, xp.linalg.svd(wg(a), hermitian=True))
    np.testing.assert_allclose(s, np.linalg.svd(a, hermitian=True, compute_uv=False), atol=50 * eps(dtype))
    np.testing.assert_allclose((u * s[..., None, :]) @ vh, a, atol=50 * eps(dtype))
    np.testing.assert_allclose(host(xp.linalg.svd(wg(a), hermitian=True, compute_uv=False)), s, atol=50 * eps(dtype))


def test_svd_bad_input():
    for bad in ([[np.nan, 1.0], [1, 1]], [[np.inf, 1.0], [1, 1]]):
        with pytest.raises(xp.linalg.LinAlgError, match="SVD did not converge"):
            xp.linalg.svd(wg(bad))
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.svd(wg(np.ones(3)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6), (2, 5, 4), (0, 3)])
def test_pinv(dtype, shape):
    a = random(shape, dtype)
    if shape == (4, 4):
        a[:, 1] = a[:, 0]  # rank deficient: the small singular value is cut
    tol = 1e3 * eps(dtype) * max(np.abs(a).max(initial=1), 1)
    # single precision keeps a rounding-level singular value under NumPy's default rtol of 1e-15
    kwargs = {"rtol": None} if eps(dtype) > 1e-10 else {}
    expected, got = np.linalg.pinv(a, **kwargs), xp.linalg.pinv(wg(a), **kwargs)
    assert host(got).dtype == expected.dtype and host(got).shape == expected.shape
    np.testing.assert_allclose(host(got), expected, atol=tol * max(1, np.abs(expected).max(initial=0)))


def test_pinv_keywords():
    a = np.diag([1.0, 1e-3, 1e-8])
    for kwargs in ({}, {"rcond": 1e-5}, {"rtol": 1e-2}, {"rcond": np.array(1e-5)}, {"hermitian": True}):
        np.testing.assert_allclose(host(xp.linalg.pinv(wg(a), **kwargs)), np.linalg.pinv(a, **kwargs), rtol=1e-12)
    batch = np.stack([a, 2 * a])
    np.testing.assert_allclose(host(xp.linalg.pinv(wg(batch), rcond=np.array([1e-5, 1e-2]))),
                               np.linalg.pinv(batch, rcond=np.array([1e-5, 1e-2])), rtol=1e-12)
    with pytest.raises(ValueError):
        xp.linalg.pinv(wg(a), rcond=1e-3, rtol=1e-3)
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.pinv(wg([[np.nan, 1.0], [1, 1]]))


def test_matrix_rank():
    a = random((4, 6, 5), np.float64)
    a[1, :, 3] = a[1, :, 0]
    a[2] = 0
    a[3] = random((6, 2), np.float64) @ random((2, 5), np.float64)
    for kwargs in ({}, {"tol": 1e-3}, {"rtol": 1e-3}, {"hermitian": False}):
        got = xp.linalg.matrix_rank(wg(a), **kwargs)
        assert got.dtype == np.int64
        np.testing.assert_array_equal(host(got), np.linalg.matrix_rank(a, **kwargs))
    h = hermitian((5, 5), np.complex64)
    assert int(xp.linalg.matrix_rank(wg(h), hermitian=True)) == np.linalg.matrix_rank(h, hermitian=True)
    np.testing.assert_array_equal(host(xp.linalg.matrix_rank(wg(np.ones((2, 0, 3))))), [0, 0])
    assert xp.linalg.matrix_rank(wg([0.0, 0.0])) == 0 and xp.linalg.matrix_rank(wg([0.0, 1.0])) == 1
    with pytest.raises(ValueError):
        xp.linalg.matrix_rank(wg(a), tol=1e-3, rtol=1e-3)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, rhs", [((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 6), (3, 2)), ((4, 4), (4, 0)),
                                        ((0, 2), (0,)), ((3, 0), (3,))])
def test_lstsq(dtype, shape, rhs):
    a, b = random(shape, dtype), random(rhs, dtype)
    x, residuals, rank, s = xp.linalg.lstsq(wg(a), wg(b))
    ex, er, erank, es = np.linalg.lstsq(a, b)
    tol = 1e3 * eps(dtype)
    assert host(x).dtype == ex.dtype and host(x).shape == ex.shape
    np.testing.assert_allclose(host(x), ex, atol=tol * max(1, np.abs(ex).max(initial=0)))
    assert host(residuals).dtype == er.dtype and host(residuals).shape == er.shape
    np.testing.assert_allclose(host(residuals), er, rtol=tol, atol=tol)
    assert rank == erank
    np.testing.assert_allclose(host(s), es, atol=tol * max(1, es.max(initial=0)))


def test_lstsq_rank_deficient_and_bad_input():
    a = random((6, 4), np.float64)
    a[:, 3] = a[:, 0] + a[:, 1]
    b = random((6, 2), np.float64)
    x, residuals, rank, s = xp.linalg.lstsq(wg(a), wg(b))
    ex, er, erank, _ = np.linalg.lstsq(a, b)
    np.testing.assert_allclose(host(x), ex, atol=1e-12)
    assert rank == erank == 3 and host(residuals).shape == er.shape == (0,)
    for rcond in (1e-8, 0.5):  # thresholds near eps would count rounding noise, which differs from LAPACK's
        assert xp.linalg.lstsq(wg(a), wg(b), rcond=rcond)[2] == np.linalg.lstsq(a, b, rcond=rcond)[2]
    x = xp.linalg.lstsq(wg(np.arange(6).reshape(3, 2)), wg([1, 2, 4]))[0]
    assert x.dtype == np.float64
    with pytest.raises(xp.linalg.LinAlgError, match="Incompatible"):
        xp.linalg.lstsq(wg(a), wg(np.ones(5)))
    with pytest.raises(xp.linalg.LinAlgError):
        xp.linalg.lstsq(wg(np.ones((2, 3, 3))), wg(np.ones((2, 3))))
    with pytest.raises(xp.linalg.LinAlgError, match="Linear Least Squares"):
        xp.linalg.lstsq(wg([[np.nan, 1.0], [1, 1]]), wg([1.0, 1]))
