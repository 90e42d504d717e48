"""eigh, eigvalsh, svd, svdvals (and pinv, matrix_rank, matrix_norm, cond, lstsq on top) of
matrices whose elements lie far outside the range the engines' arithmetic keeps (sums of
squares that underflow or overflow): LAPACK's bounds, relative to each matrix's own norm, and
NumPy's values, for huge, tiny and mixed-scale batches, on both sides of the Jacobi size (64);
the power-of-2 scaling exact; zero and non-finite matrices as before."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg
from test_linalg_spectral import DTYPES, check_eigh, check_svd, eps, hermitian, random

SIZES = [40, 80, 130]  # Jacobi, then the tridiagonal and bidiagonal engines


def scales(dtype, kind: str) -> list:
    """Each matrix's scale in a batch of this kind."""
    info = np.finfo(np.dtype(dtype))
    huge, tiny = float(info.max) ** 0.75, float(info.tiny) ** 0.75
    # near the ends of the normal range, past LAPACK's thresholds by far
    edge_low, edge_high = float(info.tiny) * 2.0 ** (info.nmant + 8), float(info.max) / 2.0 ** (info.nmant + 8)
    return {"huge": [huge, huge], "tiny": [tiny, tiny],
            "mixed": [huge, 1.0, tiny, edge_low, edge_high]}[kind]


def batch(make, shape, dtype, kind):
    """A stack of make(shape, dtype) matrices, each times its scale (a power of 2 apart from
    huge and tiny, so that the values stay of the dtype exactly)."""
    return np.stack([(make(shape, dtype) * np.asarray(s, dtype=np.dtype(dtype))).astype(dtype)
                     for s in scales(dtype, kind)])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["huge", "tiny", "mixed"])
def test_eigh_scaled(dtype, n, kind):
    a = batch(hermitian, (n, n), dtype, kind)
    w, v = map(host, xp.linalg.eigh(wg(a)))
    for i in range(len(a)):  # each matrix against its own norm
        check_eigh(a[i], w[i], v[i], dtype)
    np.testing.assert_array_equal(host(xp.linalg.eigvalsh(wg(a))), w)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(46, 40), (80, 86), (136, 130)])
@pytest.mark.parametrize("kind", ["huge", "tiny", "mixed"])
def test_svd_scaled(dtype, shape, kind):
    a = batch(random, shape, dtype, kind)
    u, s, vh = map(host, xp.linalg.svd(wg(a), full_matrices=False))
    for i in range(len(a)):
        check_svd(a[i], u[i], s[i], vh[i], dtype, False)
    np.testing.assert_array_equal(host(xp.linalg.svdvals(wg(a))), s)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["huge", "tiny"])
def test_scaling_is_exact(dtype, kind):
    """A matrix out of range is scaled by the power of 2 that brings its largest element into
    [0.5, 1): its values are those of that scaled matrix, times the power, bit for bit."""
    a = random((80, 80), dtype)
    h = hermitian((80, 80), dtype)
    scale = scales(dtype, kind)[0]
    for values, m in ((xp.linalg.svdvals, a), (xp.linalg.eigvalsh, h)):
        m = (m * np.asarray(scale, dtype=np.dtype(dtype))).astype(dtype)
        largest = max(np.abs(m.real).max(), np.abs(m.imag).max())  # as the engine measures it
        exponent = int(np.frexp(largest)[1])
        in_range = (m * np.ldexp(np.ones((), m.real.dtype), -exponent)).astype(dtype)  # exact: a power of 2
        expected = np.ldexp(host(values(wg(in_range))), exponent)
        np.testing.assert_array_equal(host(values(wg(m))), expected)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("kind", ["huge", "tiny"])
def test_functions_on_top(dtype, kind):
    a = batch(random, (90, 80), dtype, kind)
    b = batch(random, (90, 1), dtype, kind)
    tol = 1e3 * eps(dtype)
    for x in (a, np.swapaxes(a, -1, -2)):
        expected = np.linalg.pinv(x, rtol=None) if eps(dtype) > 1e-10 else np.linalg.pinv(x)
        got = host(xp.linalg.pinv(wg(x), **({"rtol": None} if eps(dtype) > 1e-10 else {})))
        np.testing.assert_allclose(got, expected, rtol=0, atol=tol * np.abs(expected).max())
    np.testing.assert_array_equal(host(xp.linalg.matrix_rank(wg(a))), np.linalg.matrix_rank(a))
    for ord in (2, -2, "nuc"):
        expected = np.linalg.norm(a, ord=ord, axis=(-2, -1))
        np.testing.assert_allclose(host(xp.linalg.matrix_norm(wg(a), ord=ord)), expected, rtol=tol)
    square = a[:, :80]
    np.testing.assert_allclose(host(xp.linalg.cond(wg(square))), np.linalg.cond(square), rtol=100 * tol)
    h = batch(hermitian, (80, 80), dtype, kind)
    s = host(xp.linalg.svd(wg(h), hermitian=True, compute_uv=False))
    np.testing.assert_allclose(s, np.linalg.svd(h, hermitian=True, compute_uv=False), rtol=0,
                               atol=tol * np.abs(s).max())
    for i in range(len(a)):  # lstsq takes one matrix at a time
        x, _, rank, sv = xp.linalg.lstsq(wg(a[i]), wg(b[i]), rcond=None)
        with np.errstate(over="ignore"):  # NumPy's residual of a huge float32 system
            ex, _, erank, es = np.linalg.lstsq(a[i], b[i], rcond=None)
        assert rank == erank
        np.testing.assert_allclose(host(x), ex, rtol=0, atol=tol * np.abs(ex).max())
        np.testing.assert_allclose(host(sv), es, rtol=0, atol=tol * es.max())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [40, 80])
def test_zero_and_non_finite_matrices(dtype, n):
    """A zero matrix and a non-finite one take no scaling (a huge one beside them still does):
    zeros with orthonormal vectors; NaN eigenpairs, and svd's LinAlgError, as before."""
    zero = np.zeros((n, n), dtype)
    huge = batch(hermitian, (n, n), dtype, "huge")[0]
    nan, inf = zero.copy(), zero.copy()
    nan[3, 1], inf[n - 1, 0] = np.nan, np.inf
    a = np.stack([zero, huge, nan, inf])
    w, v = map(host, xp.linalg.eigh(wg(a)))
    check_eigh(zero, w[0], v[0], dtype)
    check_eigh(huge, w[1], v[1], dtype)
    assert np.isnan(w[2:]).all() and np.isnan(v[2:]).all()
    for full in (True, False):
        check_svd(zero, *map(host, xp.linalg.svd(wg(zero), full_matrices=full)), dtype, full)
    for bad in (nan, inf, a):
        with pytest.raises(xp.linalg.LinAlgError, match="SVD did not converge"):
            xp.linalg.svdvals(wg(bad))


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_batch_of_equal_matrices(dtype):
    """Every matrix of a batch is reduced alone: equal matrices give equal values (a fused
    column step once overwrote the next matrix's unread GEMV partial sums)."""
    a = np.stack([random((136, 130), dtype)] * 5)
    s = host(xp.linalg.svdvals(wg(a)))
    np.testing.assert_array_equal(s, np.broadcast_to(s[0], s.shape))
    np.testing.assert_allclose(s[0], np.linalg.svd(a[0], compute_uv=False), rtol=0, atol=1e3 * eps(dtype) * s[0, 0])
    h = np.stack([hermitian((130, 130), dtype)] * 5)
    w = host(xp.linalg.eigvalsh(wg(h)))
    np.testing.assert_array_equal(w, np.broadcast_to(w[0], w.shape))
    np.testing.assert_allclose(w[0], np.linalg.eigvalsh(h[0]), rtol=0, atol=1e3 * eps(dtype) * np.abs(w[0]).max())


def test_empty_batches():
    w, v = xp.linalg.eigh(wg(np.zeros((0, 80, 80))))
    assert (w.shape, v.shape) == ((0, 80), (0, 80, 80))
    assert xp.linalg.eigvalsh(wg(np.zeros((2, 0, 80, 80), np.complex64))).shape == (2, 0, 80)
    assert xp.linalg.svdvals(wg(np.zeros((0, 80, 70), np.float32))).shape == (0, 70)
