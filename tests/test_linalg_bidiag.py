"""svd and svdvals of matrices past the Jacobi size (min(m, n) >= 65: the bidiagonalisation
engine, wgarray/_engines/bidiag.py) against numpy.linalg: LAPACK's accuracy bounds
(||A - U S Vh|| / ||A||, ||U^H U - I||, ||V^H V - I|| within 10 max(m, n) eps, singular values
within 10 max(m, n) eps ||A||, descending), every dtype, tall and wide, full_matrices,
batches, views, the many-workgroup GEMV path, and the hard spectra: zero, identity, repeated,
clustered, rank-deficient, graded and tiny singular values, non-finite input."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg
from wgarray._core import replay
from wgarray._core.device import get_device
from wgarray._engines import bidiag, bidiag_solve, tridiag

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def rng_for(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def eps(dtype):
    return np.finfo(np.dtype(dtype)).eps


def random(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def with_singular_values(rng, m, n, values, dtype):
    """U diag(values) V^H for random U (m x k), V (n x k) with orthonormal columns."""
    k = min(m, n)
    u = np.linalg.qr(random(rng, (m, k), np.complex128 if np.dtype(dtype).kind == "c" else np.float64))[0]
    v = np.linalg.qr(random(rng, (n, k), np.complex128 if np.dtype(dtype).kind == "c" else np.float64))[0]
    return ((u * values) @ v.conj().T).astype(dtype)


def check(a, dtype, full_matrices=False, vector_slack=1):
    """svd's and svdvals' accuracy bounds, shapes and dtypes for the stack a (..., m, n);
    vector_slack: a factor on the bounds of the backward error and the orthogonality."""
    *batch, m, n = a.shape
    k = min(m, n)
    bound = 10 * max(m, n) * eps(dtype)
    a128 = a.astype(np.complex128)
    norm = max(np.linalg.norm(a128, 2, axis=(-2, -1)).max(), np.finfo(np.dtype(dtype)).tiny)
    u, s, vh = (host(r) for r in xp.linalg.svd(wg(a), full_matrices=full_matrices))
    ucols, vrows = (m, n) if full_matrices else (k, k)
    assert u.shape == (*batch, m, ucols) and vh.shape == (*batch, vrows, n) and s.shape == (*batch, k)
    assert u.dtype == vh.dtype == np.dtype(dtype) and s.dtype == np.finfo(np.dtype(dtype)).dtype
    assert np.all(np.diff(s, axis=-1) <= 0) and np.all(s >= 0)
    np.testing.assert_allclose(s, np.linalg.svd(a128, compute_uv=False), rtol=0, atol=bound * norm)
    np.testing.assert_array_equal(host(xp.linalg.svdvals(wg(a))), s)
    rebuilt = (u[..., :k] * s[..., None, :]) @ vh[..., :k, :]
    backward = np.linalg.norm(a128 - rebuilt, axis=(-2, -1)).max()
    assert backward <= vector_slack * bound * norm, backward / (max(m, n) * eps(dtype) * norm)
    for q in (u, np.swapaxes(vh, -1, -2).conj()):
        gram = np.swapaxes(q, -1, -2).conj().astype(np.complex128) @ q - np.eye(q.shape[-1])
        orthogonality = np.linalg.norm(gram, axis=(-2, -1)).max()
        assert orthogonality <= vector_slack * bound, orthogonality / (max(m, n) * eps(dtype))


def test_sizes_past_jacobi_take_the_engine():
    device = get_device()
    f32 = np.dtype(np.float32)
    assert not bidiag.suitable(device, (1, 64, 200), f32)
    assert not bidiag.suitable(device, (1, 200, 64), f32)
    assert not bidiag.suitable(device, (0, 100, 100), f32)
    assert bidiag.suitable(device, (1, 65, 65), f32)
    assert bidiag.suitable(device, (4, 300, 100), f32)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(65, 65), (97, 70), (70, 97)])
def test_svd_random(dtype, shape):
    a = random(rng_for("random", dtype, shape), shape, dtype)
    check(a, dtype, full_matrices=shape != (65, 65))


@pytest.mark.parametrize("full_matrices", [False, True])
def test_svd_very_tall_and_full(full_matrices):
    a = random(rng_for("tall"), (200, 66), np.float64)
    check(a, np.float64, full_matrices)
    check(np.ascontiguousarray(a.T), np.float64, full_matrices)


def _singular_values(kind, k, rng):
    if kind == "repeated":
        return np.resize([1.0, 1, 1, 2, 2], k)
    if kind == "cluster":
        return 1 + 1e-5 * rng.random(k)
    if kind == "graded":
        return 10.0 ** -np.linspace(0, 30, k)
    if kind == "tiny":  # one large, the others far below it and close together
        return np.concatenate([[1.0], 1e-12 * (1 + rng.random(k - 1))])
    return np.concatenate([1 + rng.random(k // 3), np.zeros(k - k // 3)])  # rank-deficient


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["repeated", "cluster", "graded", "tiny", "rank-deficient"])
def test_svd_hard_spectra(dtype, kind):
    # (complex64 "cluster": 80 singular values within 1e-5 of an unreduced Golub-Kahan tridiagonal,
    # near the bound for inverse iteration in single precision; within it since the reduction's
    # sums take 4-8 terms at a time: docs/limitations.md)
    rng = rng_for(kind, dtype)
    m, n = (90, 80) if kind in ("graded", "rank-deficient") else (80, 80)
    check(with_singular_values(rng, m, n, _singular_values(kind, 80, rng), dtype), dtype)


def test_svd_tight_cluster_single_precision():
    # docs/limitations.md: singular values crowded into a relative spread of 1e-6 in single
    # precision stay within the bound, their vectors within 16-150 max(m, n) eps (this matrix:
    # within the bound on lavapipe, 35 on an H100)
    rng = rng_for("cluster", np.complex64)
    check(with_singular_values(rng, 80, 80, 1 + 1e-6 * rng.random(80), np.complex64), np.complex64,
          vector_slack=20)


@pytest.mark.parametrize(("dtype", "seed"), [(np.float32, 0), (np.complex128, 0)])
def test_svd_singular_values_repeated_sixty_times(dtype, seed):
    # 1 and 2 sixty times each: multiple eigenvalues of the Golub-Kahan tridiagonal, whose members
    # solve above them (tridiag_vectors_setup.wgsl's member_shift; solved at them, these reached
    # 670 and 69 max(m, n) eps in orthogonality on lavapipe)
    values = np.concatenate([np.linspace(3, 4, 20)[::-1], np.full(60, 2.0), np.full(60, 1.0)])
    check(with_singular_values(np.random.default_rng(seed), 140, 140, values, dtype), dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("matrix", ["zero", "identity", "diagonal", "zero column"])
def test_svd_structured(dtype, matrix):
    n = 81
    if matrix == "zero":
        a = np.zeros((n + 9, n))
    elif matrix == "identity":
        a = np.eye(n)
    elif matrix == "diagonal":  # repeated and zero singular values, split into 1 x 1 blocks
        a = np.diag(np.resize([1.0, 0, 3, 3, 0.5], n))
    else:
        a = random(rng_for("column"), (n, n), np.float64)
        a[:, 7] = 0
    a = a.astype(dtype)
    check(a, dtype, full_matrices=True)
    if matrix == "zero":  # exact, as LAPACK's
        u, s, vh = xp.linalg.svd(wg(a))
        np.testing.assert_array_equal(host(s), np.zeros(n))


def test_svd_batches_and_views():
    rng = rng_for("batch")
    check(random(rng, (2, 3, 70, 66), np.complex64), np.complex64, full_matrices=True)
    base = random(rng, (150, 160), np.float64)
    view = wg(base)[::2, 1::2].mT  # strided and transposed: 80 x 75
    u, s, vh = xp.linalg.svd(view, full_matrices=False)
    expected = base[::2, 1::2].T
    np.testing.assert_allclose(host(s), np.linalg.svd(expected, compute_uv=False), rtol=0,
                               atol=10 * 80 * eps(np.float64) * np.linalg.norm(expected, 2))
    rebuilt = (host(u) * host(s)) @ host(vh)
    assert np.linalg.norm(expected - rebuilt, 2) <= 10 * 80 * eps(np.float64) * np.linalg.norm(expected, 2)


@pytest.mark.parametrize("fuse_area", [0, 3000])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_svd_many_workgroup_gemv(monkeypatch, dtype, fuse_area):
    """Trailing matrices past FUSE_AREA take the GEMV kernels (only those of H100-sized
    problems do by default): all of them (0), or the first columns only (3000)."""
    monkeypatch.setattr(bidiag, "FUSE_AREA", fuse_area)
    replay.clear()
    rng = rng_for("gemv", dtype, fuse_area)
    check(random(rng, (2, 100, 70), dtype), dtype)
    check(random(rng, (70, 100), dtype), dtype, full_matrices=True)
    replay.clear()


def test_svd_integers_promote():
    a = np.add.outer(np.arange(70), 3 * np.arange(72)) % 11
    check(a.astype(np.float64), np.float64)
    u, s, vh = xp.linalg.svd(wg(a))
    assert s.dtype == np.float64 and u.dtype == np.float64


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_svd_non_finite_raises(dtype):
    a = np.eye(70, dtype=dtype)
    a[40, 3] = np.nan
    with pytest.raises(xp.linalg.LinAlgError, match="SVD did not converge"):
        xp.linalg.svd(wg(a))
    with pytest.raises(xp.linalg.LinAlgError, match="SVD did not converge"):
        xp.linalg.svdvals(wg(a))


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_svd_large(dtype):
    a = random(rng_for("large", dtype), (300, 280), dtype)
    check(a, dtype)


def test_replays_match_the_first_call():
    a = wg(random(rng_for("replay"), (75, 75), np.float32))
    first = [host(r) for r in xp.linalg.svd(a)]
    again = [host(r) for r in xp.linalg.svd(a)]
    for x, y in zip(first, again):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("dtype", [np.float32, np.complex64])
def test_svd_gemv_steps_at_gpu_width(monkeypatch, dtype):
    """Every step opened by its GEMV on many workgroups (FUSE_AREA 0), whose last to arrive
    does the step, at a GPU's workgroup width (1024: 32 output rows a workgroup for A u, a
    tile of 1024 columns for A^H v): a batch (one arrival count per matrix), tall and wide;
    a replay (the counts put back to 0 by the last workgroups) gives the same results."""
    monkeypatch.setattr(bidiag, "FUSE_AREA", 0)
    monkeypatch.setattr(tridiag, "wide_workgroup", lambda device, *args: 1024)
    replay.clear()
    rng = rng_for("wide gemv", dtype)
    a = random(rng, (2, 110, 70), dtype).astype(dtype)
    check(a, dtype)
    first = [host(r) for r in xp.linalg.svd(wg(a))]
    for x, y in zip(first, (host(r) for r in xp.linalg.svd(wg(a)))):
        np.testing.assert_array_equal(x, y)
    check(random(rng, (70, 100), dtype).astype(dtype), dtype, full_matrices=True)
    replay.clear()


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("kind", ["rank-deficient", "tiny"])
def test_svd_repair_at_gpu_width(monkeypatch, dtype, kind):
    """The repair of small singular values' vectors (Gram-Schmidt against the accepted columns,
    32 invocations a row in its update; unit vectors where a part vanishes) at a GPU's
    workgroup width (1024 invocations, more than the matrix has rows)."""
    monkeypatch.setattr(bidiag_solve, "wide_workgroup", lambda device, *args: 1024)
    replay.clear()
    rng = rng_for("wide repair", dtype, kind)
    m, n = (90, 80) if kind == "rank-deficient" else (80, 80)
    check(with_singular_values(rng, m, n, _singular_values(kind, n, rng), dtype), dtype)
    replay.clear()
