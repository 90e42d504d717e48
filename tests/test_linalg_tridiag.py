"""eigh and eigvalsh of matrices past the Jacobi size (order >= 65: the tridiagonal engine,
wgarray/_engines/tridiag.py) against numpy.linalg: LAPACK's accuracy bounds (eigenvalues,
||A V - V diag(w)|| / ||A|| and ||V^H V - I|| within 10 n eps), every dtype, UPLO, batches,
views, and the hard spectra: repeated and clustered eigenvalues, zero, rank-deficient and
graded matrices, Wilkinson's matrix, non-finite input."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg
from wgarray._core import replay
from wgarray._core.device import get_device
from wgarray._engines import tridiag

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def rng_for(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def eps(dtype):
    return np.finfo(np.dtype(dtype)).eps


def random(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a


def unitary(rng, n, dtype):
    q, _ = np.linalg.qr(random(rng, (n, n), dtype))
    return q


def with_spectrum(rng, spectrum, dtype):
    """Q diag(spectrum) Q^H for a random unitary Q: a dense matrix with those eigenvalues."""
    q = unitary(rng, len(spectrum), dtype)
    return ((q * spectrum) @ q.conj().T).astype(dtype)


def check(a, w, v, dtype):
    """numpy's eigenvalues within 10 n eps ||A||, residual and orthogonality within 10 n eps."""
    n = a.shape[-1]
    a128 = a.astype(np.complex128)
    norm = max(np.linalg.norm(a128, 2, axis=(-2, -1)).max(), np.finfo(np.dtype(dtype)).tiny)
    bound = 10 * n * eps(dtype)
    expected = np.linalg.eigvalsh(a128)
    assert w.dtype == np.finfo(np.dtype(dtype)).dtype and w.shape == a.shape[:-1]
    assert np.all(np.diff(w, axis=-1) >= 0)
    np.testing.assert_allclose(w, expected, rtol=0, atol=bound * norm)
    if v is None:
        return
    assert v.dtype == np.dtype(dtype) and v.shape == a.shape
    residual = np.linalg.norm(a128 @ v - v * w[..., None, :], axis=(-2, -1)).max()
    assert residual <= bound * norm, residual / (n * eps(dtype) * norm)
    gram = np.swapaxes(v, -1, -2).conj().astype(np.complex128) @ v - np.eye(n)
    orthogonality = np.linalg.norm(gram, axis=(-2, -1)).max()
    assert orthogonality <= bound, orthogonality / (n * eps(dtype))


def test_sizes_past_jacobi_take_the_engine():
    device = get_device()
    f64 = np.dtype(np.float64)
    assert not tridiag.suitable(device, (1, 64, 64), f64)
    assert tridiag.suitable(device, (1, 65, 65), f64)
    assert tridiag.suitable(device, (6, 300, 300), f64)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [65, 97])
def test_eigh_random(dtype, n):
    rng = rng_for("random", dtype, n)
    a = random(rng, (n, n), dtype)
    a = ((a + a.conj().T) / 2).astype(dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)
    np.testing.assert_array_equal(host(xp.linalg.eigvalsh(wg(a))), host(w))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
@pytest.mark.parametrize("UPLO", ["L", "U"])
def test_eigh_reads_one_triangle(dtype, UPLO):
    n = 70
    a = random(rng_for("uplo", dtype, UPLO), (n, n), dtype).astype(dtype)  # not Hermitian
    ignored = np.triu(np.ones((n, n), bool), 1) if UPLO == "L" else np.tril(np.ones((n, n), bool), -1)
    w, v = xp.linalg.eigh(wg(np.where(ignored, np.nan, a).astype(dtype)), UPLO=UPLO)
    kept = np.where(ignored, 0, a)
    strict = kept - np.diag(np.diagonal(kept))
    full = strict + strict.conj().T + np.diag(np.diagonal(kept).real)
    check(full.astype(dtype), host(w), host(v), dtype)
    np.testing.assert_allclose(host(w), np.linalg.eigvalsh(a, UPLO=UPLO), rtol=0,
                               atol=10 * n * eps(dtype) * np.linalg.norm(full, 2))


def _spectrum(kind, n, rng):
    if kind == "repeated":
        return np.resize([1.0, 1, 1, 2, 2], n)
    if kind == "graded":
        return 10.0 ** -np.linspace(0, 12, n)
    if kind == "cluster":
        return 1 + 1e-5 * rng.standard_normal(n)
    return np.concatenate([np.zeros(n - n // 3), 1 + rng.random(n // 3)])  # rank-deficient


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["repeated", "graded", "cluster", "rank-deficient"])
def test_eigh_hard_spectra(dtype, kind):
    rng = rng_for(kind, dtype)
    a = with_spectrum(rng, _spectrum(kind, 80, rng), dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("matrix", ["identity", "diagonal", "zero", "wilkinson"])
def test_eigh_structured(dtype, matrix):
    n = 81
    if matrix == "identity":
        a = np.eye(n)
    elif matrix == "diagonal":
        a = np.diag(np.resize([1.0, 1, 1, 2, 2], n))
    elif matrix == "zero":
        a = np.zeros((n, n))
    else:  # Wilkinson's W+: pairs of eigenvalues agreeing to many digits
        a = np.diag(np.abs(np.arange(n) - n // 2.0)) + np.eye(n, k=1) + np.eye(n, k=-1)
    a = a.astype(dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)
    if matrix != "wilkinson":  # split into 1 x 1 blocks: exact, as LAPACK's
        np.testing.assert_array_equal(host(w), np.linalg.eigvalsh(a))
    if matrix == "identity":
        np.testing.assert_array_equal(host(v), np.eye(n))


def test_eigh_batches_and_views():
    rng = rng_for("batch")
    a = random(rng, (2, 3, 66, 66), np.complex64)
    a = ((a + np.swapaxes(a, -1, -2).conj()) / 2).astype(np.complex64)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), np.complex64)
    base = random(rng, (150, 150), np.float64)
    base = base + base.T
    view = wg(base)[::2, ::2].mT  # strided and transposed
    w, v = xp.linalg.eigh(view)
    check(base[::2, ::2].T.copy(), host(w), host(v), np.float64)


@pytest.mark.parametrize("fuse_rows", [0, 40])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_eigh_many_workgroup_gemv(monkeypatch, dtype, fuse_rows):
    """Trailing matrices past FUSE_ROWS take the GEMV kernel (only those of H100-sized
    problems do by default): all of them (0), or the first columns only (40)."""
    monkeypatch.setattr(tridiag, "FUSE_ROWS", fuse_rows)
    rng = rng_for("gemv", dtype, fuse_rows)
    a = random(rng, (2, 100, 100), dtype)
    a = ((a + np.swapaxes(a, -1, -2).conj()) / 2).astype(dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


def test_eigh_empty_batch():
    w, v = xp.linalg.eigh(wg(np.zeros((0, 70, 70))))
    assert w.shape == (0, 70) and v.shape == (0, 70, 70)
    assert xp.linalg.eigvalsh(wg(np.zeros((2, 0, 70, 70), np.float32))).shape == (2, 0, 70)


def test_eigh_integers_promote():
    a = np.add.outer(np.arange(70), np.arange(70)) % 7
    w, v = xp.linalg.eigh(wg(a))
    check(a.astype(np.float64), host(w), host(v), np.float64)


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_eigh_non_finite_gives_nan(dtype):
    a = np.eye(70, dtype=dtype)
    a[40, 3] = np.inf
    w, v = xp.linalg.eigh(wg(a))
    assert np.isnan(host(w)).all() and np.isnan(host(v)).all()


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_eigh_large(dtype):
    rng = rng_for("large", dtype)
    a = random(rng, (300, 300), dtype)
    a = ((a + a.conj().T) / 2).astype(dtype)
    w, v = xp.linalg.eigh(wg(a))
    check(a, host(w), host(v), dtype)


def test_eigvalsh_large():
    rng = rng_for("eigvalsh")
    a = random(rng, (257, 257), np.float64)
    a = a @ a.T
    check(a, host(xp.linalg.eigvalsh(wg(a))), None, np.float64)


def fitting(device, invocations: int, per_invocation: int = 0, fixed: int = 0) -> int:
    """invocations, halved while their workgroup memory exceeds the device's limit (past it a
    kernel is refused: kernels.py)."""
    limit = device.limits["max-compute-workgroup-storage-size"]
    while invocations > 64 and invocations * per_invocation + fixed > limit:
        invocations //= 2
    return invocations


@pytest.mark.parametrize("invocations", [512, 1024])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_wide_column_steps(monkeypatch, invocations, dtype):
    """The one-workgroup column steps (tridiag_column, bidiag_step) at a GPU's workgroup width
    (a CPU adapter gets 256): eigh and svd keep their accuracy bounds."""
    monkeypatch.setattr(tridiag, "wide_workgroup", lambda device, *args: fitting(device, invocations, *args))
    rng = np.random.default_rng(invocations)
    n = 100
    a = rng.standard_normal((n, n)) + (1j * rng.standard_normal((n, n)) if np.dtype(dtype).kind == "c" else 0)
    h = (a + a.conj().T).astype(dtype)
    eps = np.finfo(np.dtype(dtype)).eps
    w_, v = (host(x) for x in xp.linalg.eigh(wg(h)))
    assert np.linalg.norm(h.astype(complex) @ v - v * w_) <= 10 * n * eps * np.linalg.norm(h, 2)
    g = a.astype(dtype)[:, :80]
    u, s, vh = (host(x) for x in xp.linalg.svd(wg(g), full_matrices=False))
    assert np.linalg.norm(g - (u * s) @ vh) <= 10 * n * eps * np.linalg.norm(g, 2)


@pytest.mark.parametrize("invocations, n, dtype", [(256, 270, np.float32), (256, 270, np.complex128),
                                                   (1024, 100, np.float32)])
def test_eigh_gemv_steps_tiles_and_batches(monkeypatch, invocations, n, dtype):
    """Every column step opened by the GEMV on many workgroups (FUSE_ROWS 0), whose last to
    arrive does the step: several row tiles (an order past the workgroup width) and column
    chunks, a batch (one arrival count per matrix), at a CPU adapter's width and a GPU's; a
    replay (the counts put back to 0 by the last workgroups) gives the same results."""
    monkeypatch.setattr(tridiag, "FUSE_ROWS", 0)
    monkeypatch.setattr(tridiag, "wide_workgroup", lambda device, *args: fitting(device, invocations, *args))
    replay.clear()
    rng = rng_for("gemv steps", invocations, dtype)
    a = random(rng, (2, n, n), dtype)
    a = ((a + np.swapaxes(a, -1, -2).conj()) / 2).astype(dtype)
    w, v = (host(x) for x in xp.linalg.eigh(wg(a)))
    check(a, w, v, dtype)
    again = [host(x) for x in xp.linalg.eigh(wg(a))]
    np.testing.assert_array_equal(again[0], w)
    np.testing.assert_array_equal(again[1], v)
    replay.clear()
