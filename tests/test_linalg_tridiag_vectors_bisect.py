"""The tridiagonal engine's bisection (wgarray/_engines/tridiag_solve.eigenvalues): a step of
`depth` halvings counts at the 2^depth - 1 midpoints it may visit at once and then walks down
that tree, so every depth gives bisection's brackets, the same eigenvalues bit for bit (GPUs
take depth 5, CPU adapters depth 1; depth 0 is plain bisection), whether a dispatch takes all
halvings or the CPU adapters' loop limit splits them over several."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import host, wg
from test_linalg_tridiag import rng_for
from wgarray._array import Array
from wgarray._engines import tridiag_solve

N = 40


def tridiagonals(dtype):
    """de (batch, 2N) of hard tridiagonals: random, Wilkinson's (close pairs), split blocks with
    repeated eigenvalues and blocks of one row, graded, zero, and one with a NaN."""
    rng = rng_for("bisect", dtype)
    d = np.zeros((6, N))
    e = np.zeros((6, N))
    d[0], e[0, :-1] = rng.standard_normal(N), rng.standard_normal(N - 1)
    d[1], e[1, :-1] = np.abs(np.arange(N) - N // 2), 1.0
    d[2] = np.resize([1.0, 1.0, 2.0, 3.0], N)
    e[2, :-1] = np.resize([0.5, 0.0, 0.0, 1e-30, 0.25], N - 1)
    d[3], e[3, :-1] = 10.0 ** -np.linspace(0, 20, N), 10.0 ** -np.linspace(0, 20, N - 1)
    d[5], e[5, :-1] = rng.standard_normal(N), 1.0
    d[5, 7] = np.nan
    return np.concatenate([d, e], axis=1).astype(dtype)


def eigenvalues(de, depth, monkeypatch):
    monkeypatch.setattr(tridiag_solve, "BISECT_DEPTH", depth)
    monkeypatch.setattr(tridiag_solve, "CPU_BISECT_DEPTH", depth)
    w = tridiag_solve.eigenvalues.__wrapped__(wg(de)._data(), de.shape[0], N)  # (not replayed)
    return host(Array._wrap(w))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("depth", [0, 2, 5])
@pytest.mark.parametrize("dispatches", ["one", "several"])
def test_every_depth_gives_bisections_eigenvalues(monkeypatch, dtype, depth, dispatches):
    de = tridiagonals(dtype)
    expected = eigenvalues(de, 1, monkeypatch)
    if dispatches == "several":  # 3 Sturm counts a dispatch
        monkeypatch.setattr(tridiag_solve, "MAX_LOOP", 6 * N + 3 * N)
    np.testing.assert_array_equal(eigenvalues(de, depth, monkeypatch), expected)
    assert np.all(np.isnan(expected[5])) and not np.any(np.isnan(expected[:5]))
    for t_de, w in zip(de[:5].astype(np.float64), expected[:5]):  # within bisection's bound
        t = np.diag(t_de[:N]) + np.diag(t_de[N:-1], 1) + np.diag(t_de[N:-1], -1)
        norm = np.linalg.norm(t, 2)
        bound = 4 * N * np.finfo(dtype).eps * norm
        np.testing.assert_allclose(np.sort(w), np.linalg.eigvalsh(t), rtol=0, atol=bound)
