"""The stages of svd after the bidiagonalisation (wgarray/_engines/bidiag_solve.py and
wgsl/bidiag_vectors.wgsl) on the paths a default run does not reach on every matrix: the
repair's flagged columns past the slots that stages 4 and 5 prepare (the one-workgroup
Gram-Schmidt against all accepted columns) mixed with prepared ones, per matrix of a batch;
and the back-transformations of a square matrix as one stack (P's phantom last reflector in a
full panel or a partial one) against the two separate ones. LAPACK's bounds as in
tests/test_linalg_bidiag.py; and
the repair on planted vectors (bidiag_solve.vectors alone)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg
from test_linalg_bidiag import _singular_values, check, random, rng_for, with_singular_values
from wgarray._array import Array
from wgarray._core import replay
from wgarray._core.view import TensorView
from wgarray._engines import bidiag_solve


@pytest.fixture
def fresh_recordings():
    replay.clear()
    yield
    replay.clear()


@pytest.mark.parametrize("width", [None, 1024])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
@pytest.mark.parametrize("kind", ["rank-deficient", "tiny"])
def test_repair_with_few_slots(monkeypatch, fresh_recordings, width, dtype, kind):
    """3 slots: the first flagged columns prepared on many workgroups, the rest repaired
    against every accepted column by the one workgroup (at a GPU's width too)."""
    monkeypatch.setattr(bidiag_solve, "SLOTS", 3)
    if width:
        monkeypatch.setattr(bidiag_solve, "wide_workgroup", lambda device, *args: width)
    rng = rng_for("few slots", dtype, kind)
    m, n = (90, 80) if kind == "rank-deficient" else (80, 80)
    check(with_singular_values(rng, m, n, _singular_values(kind, n, rng), dtype), dtype)


def test_repair_per_matrix_of_a_batch(fresh_recordings):
    """Matrices with no, few and many flagged columns in one batch: each its own list of slots."""
    rng = rng_for("batch repair")
    a = np.stack([random(rng, (70, 70), np.float64),
                  with_singular_values(rng, 70, 70, _singular_values("rank-deficient", 70, rng), np.float64),
                  with_singular_values(rng, 70, 70, _singular_values("tiny", 70, rng), np.float64),
                  np.eye(70)])
    check(a, np.float64)


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.float64])
@pytest.mark.parametrize("n", [70, 96])
def test_square_back_transformations_stacked(monkeypatch, fresh_recordings, dtype, n):
    """A square matrix's U and V back-transformed as one stack (n = 96: P's phantom reflector
    in a full panel; 70: in a partial one), as accurate as the two separate ones."""
    calls = []
    original = bidiag_solve.apply_reflectors
    monkeypatch.setattr(bidiag_solve, "apply_reflectors", lambda *args: calls.append(args[0].shape) or original(*args))
    rng = rng_for("stacked", dtype, n)
    a = random(rng, (2, n, n), dtype)
    check(a, dtype, full_matrices=True)
    assert calls and all(shape == (4, n, n) for shape in calls)
    stacked = [host(r) for r in xp.linalg.svd(wg(a))]
    monkeypatch.setattr(bidiag_solve, "_stacked", lambda *args: None)
    replay.clear()
    apart = [host(r) for r in xp.linalg.svd(wg(a))]
    np.testing.assert_array_equal(stacked[1], apart[1])
    bound = 10 * n * np.finfo(dtype).eps
    for x, y in zip(stacked[::2], apart[::2]):  # the same vectors but for the order of the products' sums
        assert np.abs(x - y).max() <= bound


def test_rectangular_and_views_take_two_back_transformations(monkeypatch, fresh_recordings):
    calls = []
    original = bidiag_solve.apply_reflectors
    monkeypatch.setattr(bidiag_solve, "apply_reflectors", lambda *args: calls.append(args[3]) or original(*args))
    rng = rng_for("rectangular")
    a = random(rng, (100, 72), np.float32)
    check(a, np.float32, full_matrices=True)
    assert calls and set(calls) == {0, 1}
    check(np.ascontiguousarray(a.T), np.float32)
    square = random(rng, (80, 80), np.complex64)
    u, s, vh = (host(r) for r in xp.linalg.svd(wg(square).mT))  # a transposed view: copied first, stacked
    check(np.ascontiguousarray(square.T), np.complex64)
    np.testing.assert_allclose((u * s) @ vh, square.T, atol=800 * np.finfo(np.float32).eps * s[0])


def _planted_vectors(n, dtype, batch=2):
    """bidiag_solve.vectors' inputs for orthonormal U0, V0 (batch, n, n) and singular values
    whose last 6 are flagged (below 4 / n of the largest): the Golub-Kahan eigenvectors of
    +-sigma interleave (v, +-u) / sqrt 2, the flagged ones' parts mixed with an unflagged
    column's (0.3 v_0, 0.2 u_1) and the flagged column before theirs (0.2 v_{k-1}); the
    reflectors none (zero vectors and T factors: Q = P = I)."""
    rng = rng_for("planted", n)
    real = np.finfo(dtype).dtype
    u0 = np.linalg.qr(rng.standard_normal((batch, n, n)))[0]
    v0 = np.linalg.qr(rng.standard_normal((batch, n, n)))[0]
    sigma = np.concatenate([np.linspace(1, 0.3, n - 6), [0.05, 0.04, 0.03, 0.02, 0.01, 0.005]])
    v, u = v0.copy(), u0.copy()
    for k in range(n - 6, n):
        v[..., k] += 0.3 * v0[..., 0] + (0.2 * v0[..., k - 1] if k > n - 6 else 0)
        u[..., k] += 0.2 * u0[..., 1]
    v /= np.linalg.norm(v, axis=-2, keepdims=True)
    u /= np.linalg.norm(u, axis=-2, keepdims=True)
    z = np.zeros((batch, 2 * n, 2 * n))
    z[:, 0::2, :n], z[:, 1::2, :n] = v, u
    z[:, 0::2, n:], z[:, 1::2, n:] = v, -u
    w = np.tile(np.concatenate([sigma, -sigma]), (batch, 1))
    ss = -(-n // 32) * 32 * 32 + n
    refl = wg(np.zeros((batch, 2 * n * n), dtype))._data()
    small = wg(np.zeros((batch, 2 * ss), dtype))._data()
    q = refl.with_view(TensorView((batch, n, n), (2 * n * n, n, 1), 0))
    p = refl.with_view(TensorView((batch, n, n), (2 * n * n, n, 1), n * n))
    tq = small.with_view(TensorView((batch, ss), (2 * ss, 1), 0))
    tp = small.with_view(TensorView((batch, ss), (2 * ss, 1), ss))
    inputs = (wg(w.astype(real))._data(), wg((z / np.sqrt(2)).astype(real))._data(), q, tq, p, tp)
    return inputs, u0, sigma, v0


@pytest.mark.parametrize("width", [None, 1024])
@pytest.mark.parametrize("slots", [64, 2])
@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_repair_takes_out_planted_components(monkeypatch, fresh_recordings, width, slots, dtype):
    """The flagged columns' parts lose their planted components along the unflagged and the
    earlier flagged columns (stages 4 and 5 for the first `slots`, the one workgroup for the
    rest); the unflagged columns stay as assembled."""
    monkeypatch.setattr(bidiag_solve, "SLOTS", slots)
    if width:
        monkeypatch.setattr(bidiag_solve, "wide_workgroup", lambda device, *args: width)
    n = 70
    inputs, u0, sigma, v0 = _planted_vectors(n, dtype)
    u, s, vh = (host(Array._wrap(r)) for r in bidiag_solve.vectors(*inputs, np.dtype(dtype), False, False))
    bound = 10 * n * np.finfo(dtype).eps
    np.testing.assert_allclose(s, np.broadcast_to(sigma, s.shape), rtol=4 * np.finfo(dtype).eps)
    assert np.abs(u - u0).max() <= bound and np.abs(vh.conj().mT - v0).max() <= bound
