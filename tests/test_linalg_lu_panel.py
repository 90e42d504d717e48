"""The blocked LU's panel by tournament pivoting (wgarray/_engines/lu_panel.py, CALU) and the
one-dispatch triangular solve (lu_trsv), differential against numpy.linalg: the factorisation's
backward error, valid pivots (LAPACK's ipiv form), info; solve/det through the tree; every
float/complex dtype, chunk remainders, trees of several levels (small chunks patched in),
batches, singular, near-singular and growth-prone matrices, NaN."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._engines import lu as lu_engine
from wgarray._engines import lu_kernels, lu_panel

from conftest import host, wg
from test_linalg_lu import DTYPES, backward_error, eps, factors, random_matrices, reference_pivots


@pytest.fixture(params=[(8, 16), (4, 12)], ids=["panel8-rows16", "panel4-rows12"])
def tree(request, monkeypatch):
    """The blocked path on small matrices, with panels and chunks small enough for a reduction
    tree of several levels (arity rows // panel: 2 and 3)."""
    panel, rows = request.param
    monkeypatch.setattr(lu_engine, "SMALL_MAX", 0)
    monkeypatch.setattr(lu_engine, "PANEL", panel)
    monkeypatch.setattr(lu_engine, "TRSM_BLOCK", panel)
    monkeypatch.setattr(lu_panel, "MAX_ROWS", rows)
    return panel, rows


def check_pivots(pivots, n):
    """LAPACK's ipiv form: pivots[i] in [i, n) (row i swapped with a row at or below it)."""
    assert ((pivots >= np.arange(n)) & (pivots < n)).all(), pivots


def test_tree_levels():
    tree = lu_panel.Tree(panel_rows=100, rows=12, width=4)
    assert tree.arity == 3 and tree.groups == [9, 3, 1]
    assert lu_panel.Tree(panel_rows=12, rows=12, width=4).groups == [1]  # one chunk: partial pivoting


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [5, 13, 37, 70])  # chunk remainders, a last panel narrower than the rest
def test_getrf_tree(tree, dtype, n):
    a = random_matrices((2, n, n), dtype, seed=n)
    lu, pivots, info = factors(a)
    assert (info == 0).all()
    for k in range(2):
        check_pivots(pivots[k], n)
        assert backward_error(a[k], lu[k], pivots[k]) <= 10 * n * eps(dtype)
        assert np.abs(np.tril(lu[k], -1)).max() <= 8  # the tournament's multipliers stay small


@pytest.fixture(params=[True, False], ids=["subgroups", "tree"])
def pick(request, monkeypatch):
    """The selection's pivot reduction: subgroup operations (f32 keys, where the adapter has
    them) or the tree in workgroup memory."""
    monkeypatch.setattr(lu_panel, "SUBGROUPS", request.param)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ties", [False, True], ids=["random", "ties"])
def test_one_chunk_is_partial_pivoting(pick, dtype, ties, monkeypatch):
    """Exactly LAPACK's pivots, ties included (small integers: equal keys, the first one wins)."""
    monkeypatch.setattr(lu_engine, "SMALL_MAX", 0)
    monkeypatch.setattr(lu_engine, "PANEL", 8)
    if ties:
        a = np.random.default_rng(3).integers(-2, 3, (40, 40)).astype(dtype)
    else:
        a = random_matrices((40, 40), dtype, seed=3)
    lu, pivots, info = factors(a)
    assert (pivots == reference_pivots(a)).all()
    assert backward_error(a, lu, pivots) <= 10 * 40 * eps(dtype)


@pytest.mark.parametrize("workgroup", [32, 512])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("ties", [False, True], ids=["random", "ties"])
def test_rows_per_invocation(pick, dtype, ties, workgroup, monkeypatch):
    """A narrow selection workgroup: each invocation owns several stack rows; a wide one (as
    GPUs' 512 invocations for 365 rows): some own none. One chunk: exactly LAPACK's pivots;
    then a tree of such chunks."""
    monkeypatch.setattr(lu_engine, "SMALL_MAX", 0)
    monkeypatch.setattr(lu_panel, "select_workgroup", lambda device: workgroup)
    # One chunk where lavapipe's 32 KiB hold 125 rows of float64 (32 invocations), 94 (512).
    n = 120 if workgroup == 32 else 90
    rng = np.random.default_rng(5)
    a = rng.integers(-2, 3, (n, n)).astype(dtype) if ties else random_matrices((n, n), dtype, seed=5)
    lu, pivots, info = factors(a)
    assert info == 0
    assert (pivots == reference_pivots(a)).all()
    assert backward_error(a, lu, pivots) <= 10 * n * eps(dtype)
    monkeypatch.setattr(lu_panel, "MAX_ROWS", 64)  # leaves of 60 rows, arity 2: [2, 1], [2, 1], [2, 1], [1]
    lu, pivots, info = factors(a)
    check_pivots(pivots, n)
    assert backward_error(a, lu, pivots) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_getrf_tree_without_subgroups(tree, dtype, monkeypatch):
    monkeypatch.setattr(lu_panel, "SUBGROUPS", False)
    a = random_matrices((2, 37, 37), dtype, seed=37)
    lu, pivots, info = factors(a)
    assert (info == 0).all()
    for k in range(2):
        check_pivots(pivots[k], 37)
        assert backward_error(a[k], lu[k], pivots[k]) <= 10 * 37 * eps(dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_solve_and_det_tree(tree, dtype):
    a = random_matrices((3, 2, 30, 30), dtype, seed=4)
    b = random_matrices((3, 2, 30, 2), dtype, seed=5)
    x = host(wgarray.linalg.solve(wg(a), wg(b)))
    residual = np.linalg.norm(a @ x - b, axis=(-2, -1)) / (np.linalg.norm(a, axis=(-2, -1)) * np.linalg.norm(x, axis=(-2, -1)))
    assert residual.max() <= 10 * 30 * eps(dtype)
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(a))), np.linalg.det(a), rtol=1000 * eps(dtype))


@pytest.mark.parametrize("kind", ["graded", "wilkinson", "near_singular"])
def test_hard_matrices(tree, kind):
    n = 24
    rng = np.random.default_rng(7)
    if kind == "graded":  # rows scaled over 30 orders of magnitude
        a = rng.standard_normal((n, n)) * np.logspace(-15, 15, n)[:, None]
    elif kind == "wilkinson":  # partial pivoting's worst growth, 2^(n-1)
        a = np.tril(-np.ones((n, n)), -1) + np.eye(n)
        a[:, -1] = 1
    else:
        a = rng.standard_normal((n, n))
        a[:, 7] = a[:, 3] + 1e-13 * rng.standard_normal(n)
    lu, pivots, info = factors(a)
    check_pivots(pivots, n)
    assert info == 0
    assert backward_error(a, lu, pivots) <= 10 * n * eps("float64") * (2.0 ** n if kind == "wilkinson" else 1)
    # det is as accurate as the condition number allows
    rtol = 10 * n * eps("float64") * np.linalg.cond(a)
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(a))), np.linalg.det(a), rtol=min(rtol, 0.1))


def test_singular_panels(tree):
    n = 30
    a = random_matrices((4, n, n), "float64")
    a[1, :, 13] = 0  # a zero column inside a panel
    a[2, :, 0] = 0
    a[2, :, 20] = 0  # the first zero pivot counts
    a[3, :, 5:9] = a[3, :, :4]  # rank deficient: repeated columns
    lu, pivots, info = factors(a)
    assert info[:3].tolist() == [0, 14, 1]
    assert info[3] != 0 or np.abs(np.diag(lu[3])).min() <= 1e-12
    assert np.isfinite(lu[:3]).all()  # no scaling by a zero pivot
    for k in range(3):
        check_pivots(pivots[k], n)
        assert backward_error(a[k], lu[k], pivots[k]) <= 10 * n * eps("float64")
    assert (host(wgarray.linalg.det(wg(a[1:3]))) == 0).all()


def test_nan_rows(tree):
    n = 20
    a = random_matrices((2, n, n), "float32")
    a[0, 11, 2] = np.nan  # one NaN: never the pivot while numbers remain
    a[1, :, 9] = np.nan  # a NaN column: it reaches the factors, not flagged singular
    lu, pivots, info = factors(a)
    assert info.tolist() == [0, 0]
    check_pivots(pivots[0], n)
    assert pivots[0, 0] != 11 and np.isnan(lu[0]).any() and np.isnan(lu[1]).any()


@pytest.mark.parametrize("panel", [None, 24], ids=["one-dispatch", "panels"])
@pytest.mark.parametrize("lower, unit", [(True, True), (False, False), (True, False), (False, True)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_trsv_many_blocks(dtype, lower, unit, panel, monkeypatch):
    """panels: lu_trsv on diagonal blocks of 24 rows (a tall triangle with few columns), the
    rows below updated by matmuls."""
    if panel:
        monkeypatch.setattr(lu_engine, "TRSV_PANEL", panel)
    m = 75  # three blocks of 32 rows, the last one short
    t = (random_matrices((2, m, m), dtype, seed=m) / m + np.eye(m)).astype(dtype)  # well conditioned
    b = random_matrices((2, m, 2), dtype, seed=1)
    tri = np.tril(t) if lower else np.triu(t)
    if unit:
        tri[..., np.arange(m), np.arange(m)] = 1
    x = host(wgarray.Array._wrap(lu_engine.trsm(wg(t)._data(), wg(b)._data(), lower=lower, unit=unit)))
    exp = np.linalg.solve(tri, b)
    np.testing.assert_allclose(x, exp, atol=100 * m * eps(dtype) * np.abs(exp).max())


@pytest.mark.parametrize("walk", [True, False], ids=["permutation", "swaps"])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_getrs_row_interchanges(walk, dtype, monkeypatch):
    """getrs applies the pivots as one permutation walked in workgroup memory (lu_permute), or
    where n exceeds what it holds, as interchanges in the buffer (lu_swap); one factorisation
    broadcast to several right-hand-side stacks (pivots of batch stride 0), a chunk remainder."""
    monkeypatch.setattr(lu_engine, "SMALL_MAX", 0)
    if not walk:
        monkeypatch.setattr(lu_engine, "permute_capacity", lambda device: 0)
    monkeypatch.setattr(lu_kernels, "PERMUTE_CHUNK", 16)
    n = 70
    a = random_matrices((n, n), dtype, seed=8)
    b = random_matrices((3, n, 2), dtype, seed=9)
    lu, pivots, info = lu_engine.getrf(wg(a)._data())
    x = lu_engine.getrs(lu.broadcast_to((3, n, n)), pivots.broadcast_to((3, n)), wg(b)._data())
    x = host(wgarray.Array._wrap(x))
    residual = np.linalg.norm(a @ x - b, axis=(-2, -1)) / (np.linalg.norm(a) * np.linalg.norm(x, axis=(-2, -1)))
    assert residual.max() <= 10 * n * eps(dtype)
