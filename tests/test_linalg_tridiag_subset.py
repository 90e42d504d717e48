"""The tridiagonal engine's eigenpairs of an index range (wgarray/_engines/tridiag_solve.select
and eigenvectors(rows=...)), which svd uses for the n largest of the Golub-Kahan tridiagonal's
2n: against numpy.linalg.eigh of the tridiagonal, the eigenvalues of ascending index first ..
first + count - 1, their residuals and orthogonality within 10 n eps; ranges whose edge cuts a
cluster, split blocks (repeated eigenvalues across blocks, blocks of one row), batches, the
whole range bit for bit as the whole spectrum, and bad ranges."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import host, wg
from test_linalg_tridiag import rng_for
from wgarray._array import Array
from wgarray._core.device import get_device
from wgarray._engines import bidiag_solve, tridiag_solve

N = 48


def tridiagonals(kind, dtype, n=N):
    """de (1, 2n) of a tridiagonal: random; glued Wilkinson matrices (clusters of close
    eigenvalues, one member per block); split blocks repeating one matrix (equal eigenvalues
    across blocks) with blocks of one row; Wilkinson's (close pairs)."""
    rng = rng_for("subset", kind, dtype)
    d, e = np.zeros(n), np.zeros(n)
    if kind == "random":
        d, e[:-1] = rng.standard_normal(n), rng.standard_normal(n - 1)
    elif kind == "glued":  # blocks of 12 of W12+, glued by 1e-5: clusters of n / 12 members
        d = np.resize(np.abs(np.arange(12) - 5.5), n)
        e[:-1] = np.resize(np.r_[np.ones(11), 1e-5], n - 1)
    elif kind == "split":  # blocks of 4 (most alike) and of one row (all alike), in turn
        d = np.resize([2.0, 1.0, 3.0, 1.0, 0.5], n)
        e[:-1] = np.resize([1.0, 0.5, 0.25, 0.0, 0.0], n - 1)
        d[:15:7] += 0.125
    else:  # Wilkinson's W+
        d, e[:-1] = np.abs(np.arange(n) - (n - 1) / 2), 1.0
    return np.concatenate([d, e]).reshape(1, 2 * n).astype(dtype)


def as_matrix(de):
    n = de.shape[-1] // 2
    d, e = de[:n].astype(np.float64), de[n:-1].astype(np.float64)
    return np.diag(d) + np.diag(e, 1) + np.diag(e, -1)


def subset(de, first, count, dtype=None):
    """(chosen, rows, z) as host arrays for de (batch, 2n)."""
    batch, n = de.shape[0], de.shape[1] // 2
    operand = wg(de)._data()
    w = tridiag_solve.eigenvalues(operand, batch, n)
    chosen, rows = tridiag_solve.select(w, batch, n, first, count)
    z = tridiag_solve.eigenvectors(operand, chosen, batch, n, np.dtype(dtype or de.dtype), rows)
    return tuple(host(Array._wrap(x)) for x in (chosen, rows, z))


def check(de, first, count, chosen, rows, z):
    """The range's eigenvalues (each block's ascending), residuals and orthogonality within 10 n
    eps, each vector zero outside its row's split block."""
    n = de.shape[-1] // 2
    eps = np.finfo(de.dtype).eps
    t = as_matrix(de)
    norm = np.linalg.norm(t, 2)
    bound = 10 * n * eps
    expected = np.linalg.eigvalsh(t)[first:first + count]
    assert chosen.shape == (count,) and rows.shape == (count,) and z.shape == (n, count)
    np.testing.assert_allclose(np.sort(chosen), expected, rtol=0, atol=bound * norm)
    assert len(set(rows.tolist())) == count and np.all(rows < n)
    zz = z.astype(np.float64).real
    residual = np.linalg.norm(t @ zz - zz * chosen, axis=0).max()
    assert residual <= bound * norm, residual / (n * eps * norm)
    orthogonality = np.linalg.norm(zz.T @ zz - np.eye(count))
    assert orthogonality <= bound, orthogonality / (n * eps)
    split = np.abs(de[n:-1]) <= eps * np.abs(t).sum(axis=1).max()
    block = np.concatenate([[0], np.cumsum(split)])  # each row's split block
    assert np.all(zz[block[:, None] != block[rows][None, :]] == 0)
    # a block's eigenvalues ascending at consecutive places, blocks in order of their rows
    assert np.all(np.diff(rows) > 0)
    assert np.all(np.diff(chosen)[np.diff(block[rows]) == 0] >= 0)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("kind", ["random", "glued", "split", "wilkinson"])
@pytest.mark.parametrize("first, count", [(0, N // 2), (N // 2, N // 2), (5, 19), (N - 1, 1)])
def test_index_ranges(dtype, kind, first, count):
    de = tridiagonals(kind, dtype)
    chosen, rows, z = subset(de, first, count)
    check(de[0], first, count, chosen[0], rows[0], z[0])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_range_edges_cut_clusters(dtype):
    """The glued Wilkinson matrix's clusters (members ~1e-5 apart, one in each of the 4 blocks)
    and Wilkinson's close pairs, cut by both edges of the range."""
    for kind in ("glued", "wilkinson"):
        de = tridiagonals(kind, dtype)
        w = np.linalg.eigvalsh(as_matrix(de[0]))
        close = np.flatnonzero(np.diff(w) < 1e-3 * np.abs(w).max())
        first, last = int(close[0]) + 1, int(close[-1]) + 1  # each cuts a cluster (or pair) in two
        assert first < last
        chosen, rows, z = subset(de, first, last - first)
        check(de[0], first, last - first, chosen[0], rows[0], z[0])


@pytest.mark.parametrize("solves", ["one", "several"])
def test_batches_and_non_finite(monkeypatch, solves):
    """A batch of different tridiagonals, each its own range's (the same indices), in one solve
    dispatch or two matrices a dispatch; a NaN matrix gives NaN values and vectors, its rows
    still a permutation's part."""
    if solves == "several":
        monkeypatch.setattr(tridiag_solve, "_lu_matrices", lambda device, batch, n, real: min(batch, 2))
    dtype = np.float64
    de = np.concatenate([tridiagonals(kind, dtype) for kind in ("random", "glued", "split", "wilkinson")])
    de = np.concatenate([de, de[:1]])
    de[4, 3] = np.nan
    first, count = 20, 25
    chosen, rows, z = subset(de, first, count)
    for b in range(4):
        check(de[b], first, count, chosen[b], rows[b], z[b])
    assert np.all(np.isnan(chosen[4])) and np.all(np.isnan(z[4]))
    assert sorted(rows[4].tolist()) == list(range(first, first + count))  # NaN ranks by row


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_whole_range_is_the_whole_spectrum_bit_for_bit(dtype):
    real = np.finfo(dtype).dtype
    de = np.concatenate([tridiagonals(kind, real) for kind in ("glued", "split")])
    operand = wg(de)._data()
    w = tridiag_solve.eigenvalues(operand, 2, N)
    z = host(Array._wrap(tridiag_solve.eigenvectors(operand, w, 2, N, np.dtype(dtype))))
    chosen, rows, z_range = subset(de, 0, N, dtype)
    np.testing.assert_array_equal(chosen, host(Array._wrap(w)))
    np.testing.assert_array_equal(rows, np.tile(np.arange(N), (2, 1)))
    assert z_range.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(z_range, z)


@pytest.mark.skipif(not get_device().is_cpu, reason="only a CPU adapter (its loop limit) splits a cluster's members")
def test_cluster_members_over_several_dispatches(monkeypatch):
    """One member per orthogonalisation dispatch (a CPU adapter's loop limit on large clusters)
    on a range whose edges cut the clusters of 8."""
    monkeypatch.setattr(tridiag_solve, "_ortho_loops", lambda n, members: tridiag_solve.MAX_LOOP)
    de = tridiagonals("glued", np.float64, 96)
    first, count = 30, 50
    check(de[0], first, count, *(x[0] for x in subset(de, first, count)))


def test_empty_and_bad_ranges():
    de = tridiagonals("random", np.float32)
    chosen, rows, z = subset(de, 7, 0)
    assert chosen.shape == (1, 0) and rows.shape == (1, 0) and z.shape == (1, N, 0)
    chosen, rows, z = subset(np.zeros((0, 2 * N), np.float32), 0, N)
    assert chosen.shape == (0, N) and z.shape == (0, N, N)
    w = tridiag_solve.eigenvalues(wg(de)._data(), 1, N)
    for first, count in ((-1, 3), (N - 2, 3), (0, N + 1)):
        with pytest.raises(ValueError, match="out of range"):
            tridiag_solve.select(w, 1, N, first, count)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_svd_with_and_without_the_subset(monkeypatch, dtype):
    """svd asks for the n largest of the 2n eigenpairs; the switch off (all 2n) gives the same
    singular values within the bound, both within LAPACK's accuracy."""
    import wgarray as xp

    rng = rng_for("svd subset", dtype)
    a = rng.standard_normal((2, 80, 70))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(a.shape)
    a[1, :, 3] = a[1, :, 5]  # a zero singular value
    a = a.astype(dtype)
    eps = np.finfo(dtype).eps
    results = []
    for switch in (True, False):
        monkeypatch.setattr(bidiag_solve, "SUBSET", switch)
        u, s, vh = (host(x) for x in xp.linalg.svd(wg(a), full_matrices=False))
        norm = np.linalg.norm(a, 2, axis=(-2, -1)).max()
        assert np.linalg.norm(a - (u * s[..., None, :]) @ vh, axis=(-2, -1)).max() <= 10 * 80 * eps * norm
        gram = np.swapaxes(u, -1, -2).conj() @ u - np.eye(70)
        assert np.linalg.norm(gram, axis=(-2, -1)).max() <= 10 * 80 * eps
        gram = vh @ np.swapaxes(vh, -1, -2).conj() - np.eye(70)
        assert np.linalg.norm(gram, axis=(-2, -1)).max() <= 10 * 80 * eps
        results.append(s)
    np.testing.assert_allclose(results[0], results[1], rtol=0, atol=10 * 80 * eps * norm)
