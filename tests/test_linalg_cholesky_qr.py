"""linalg.cholesky and linalg.qr, differentially against numpy.linalg.

Factors are compared by what defines them (backward error, orthogonality, triangularity,
within LAPACK's 10 * n * eps) and, where LAPACK's conventions fix them, by value: the Cholesky
factor is unique, and QR follows LAPACK's reflectors (real R diagonal of either sign), so R,
h and tau match numpy's too. Sizes past one block (64, 32 for complex128 on lavapipe) and past
one QR panel (32 columns) run the blocked algorithms with their matmul updates.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wgarray as xp
from wgarray.linalg import LinAlgError, QRResult, cholesky, qr

from conftest import host, wg

FLOATS = (np.float32, np.float64, np.complex64, np.complex128)
rng = np.random.default_rng(20251)


def eps(dtype) -> float:
    return float(np.finfo(dtype).eps)


def random(shape, dtype) -> np.ndarray:
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def hermitian_pd(shape, dtype) -> np.ndarray:
    """Well-conditioned Hermitian positive-definite matrices: B B^H / n + I."""
    n = shape[-1]
    b = random(shape, np.complex128 if np.dtype(dtype).kind == "c" else np.float64)
    a = b @ np.conj(np.swapaxes(b, -1, -2)) / max(n, 1) + np.eye(n)
    return a.astype(dtype)


def ct(x: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(x, -1, -2))


def relative(diff: np.ndarray, ref: np.ndarray) -> float:
    """Largest Frobenius norm of diff over that of ref, per matrix of the batch."""
    if diff.size == 0:
        return 0.0
    num = np.linalg.norm(diff.astype(np.complex128), axis=(-2, -1))
    den = np.linalg.norm(ref.astype(np.complex128), axis=(-2, -1))
    return float(np.max(num / np.where(den == 0, 1, den)))


# -- cholesky -------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 5, 5), (2, 2, 17, 17), (64, 64), (2, 150, 150)])
def test_cholesky_matches_numpy(shape, dtype, upper):
    a = hermitian_pd(shape, dtype)
    got = cholesky(wg(a), upper=upper)
    assert isinstance(got, xp.Array) and got.dtype == dtype and got.shape == a.shape
    g = host(got)
    n = shape[-1]
    # the factor is unique: compare by value, and by its backward error
    assert relative(g - np.linalg.cholesky(a, upper=upper), np.linalg.cholesky(a, upper=upper)) <= 10 * n * eps(dtype)
    product = ct(g) @ g if upper else g @ ct(g)
    assert relative(product - a, a) <= 10 * n * eps(dtype)
    other = np.tril(g, -1) if upper else np.triu(g, 1)
    assert not other.any(), "the other triangle must be exactly zero"
    assert np.all(np.diagonal(g, axis1=-2, axis2=-1).imag == 0) if np.iscomplexobj(g) else True


@pytest.mark.parametrize("dtype, n, upper", [(np.float64, 300, False), (np.complex64, 270, True)])
def test_cholesky_large(dtype, n, upper):
    """Many block steps: the diagonal blocks' inverses, the triangular solves as products with
    them and the trailing updates on and below the diagonal."""
    a = hermitian_pd((n, n), dtype)
    g = host(cholesky(wg(a), upper=upper))
    assert relative((ct(g) @ g if upper else g @ ct(g)) - a, a) <= 10 * n * eps(dtype)
    ref = np.linalg.cholesky(a, upper=upper)
    assert relative(g - ref, ref) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("n, quads", [(256, True), (130, False)])
def test_cholesky_float32_vec4_updates(monkeypatch, n, quads):
    """float32 trailing updates whose blocks are read and written in vec4 words (n a multiple of
    4: offsets and strides too) where their tiles are full, in element words otherwise."""
    from wgarray._core import replay
    from wgarray._engines import matmul_update

    replay.clear()  # a recorded call would replay without launching
    accesses = []
    launch = matmul_update.launch_kernel
    monkeypatch.setattr(matmul_update, "launch_kernel",
                        lambda device, key, *args, **kw: accesses.append(key[-1]) or launch(device, key, *args, **kw))
    for upper in (False, True):
        a = hermitian_pd((n, n), np.float32)
        g = host(cholesky(wg(a), upper=upper))
        assert relative((ct(g) @ g if upper else g @ ct(g)) - a, a) <= 10 * n * eps(np.float32)
        assert not (np.tril(g, -1) if upper else np.triu(g, 1)).any()
    assert accesses and any(access.exact for access in accesses) == quads


@pytest.fixture
def count_steps(monkeypatch):
    """Counts cholesky.factor_and_solve's dispatches (one a block step where a step factors and
    solves in one dispatch); recordings cleared before and after, so that calls launch."""
    from wgarray._core import replay
    from wgarray._engines import cholesky as engine

    calls = []
    step = engine.factor_and_solve
    monkeypatch.setattr(engine, "factor_and_solve", lambda *args: calls.append(args[1]) or step(*args))
    replay.clear()
    yield calls
    replay.clear()


@pytest.mark.parametrize("shape", [(65, 65), (2, 128, 128), (3, 150, 150)])
def test_cholesky_float32_steps_factor_and_solve(count_steps, shape):
    """float32 blocked: each step's factor and triangular solve in one dispatch, the diagonal
    blocks staged and copied into place (a last block of 1, of a full 64, of 22 columns)."""
    a = hermitian_pd(shape, np.float32)
    n = shape[-1]
    for upper in (False, True):
        g = host(cholesky(wg(a), upper=upper))
        ref = np.linalg.cholesky(a.astype(np.float64), upper=upper)
        assert relative(g - ref, ref) <= 10 * n * eps(np.float32)
        assert relative((ct(g) @ g if upper else g @ ct(g)) - a, a) <= 10 * n * eps(np.float32)
        assert not (np.tril(g, -1) if upper else np.triu(g, 1)).any()
    assert count_steps == [n - 64 * (k + 1) for k in range((n - 1) // 64)] * 2


@pytest.mark.parametrize("dtype, n", [(np.float64, 100), (np.complex64, 130), (np.complex128, 70)])
def test_cholesky_steps_every_dtype(monkeypatch, count_steps, dtype, n):
    """The one-dispatch steps (float32's, by default) on the other dtypes: complex conjugates,
    float64 words, complex128's blocks of 32 on small adapters; batched, upper too."""
    from wgarray._engines import cholesky as engine

    monkeypatch.setattr(engine, "COLUMN_BYTES", 1 << 10)
    a = hermitian_pd((2, n, n), dtype)
    for upper in (False, True):
        g = host(cholesky(wg(a), upper=upper))
        ref = np.linalg.cholesky(a, upper=upper)
        assert relative(g - ref, ref) <= 10 * n * eps(dtype)
        assert not (np.tril(g, -1) if upper else np.triu(g, 1)).any()
        if np.iscomplexobj(g):
            assert np.all(np.diagonal(g, axis1=-2, axis2=-1).imag == 0)
    assert count_steps


@pytest.mark.parametrize("dtype, columns", [(np.float32, 1), (np.float32, 3), (np.complex64, 2)])
def test_cholesky_step_columns(monkeypatch, count_steps, dtype, columns):
    """chol_factor_columns' barrier steps of one column, of 3 (the block of 64 ends in a partial
    step, whose columns past the block take no part) and of 2 complex ones (conjugates in the
    step's block), as the default's results (8 float32 columns a step)."""
    from wgarray._engines import chol_columns
    from wgarray._engines import cholesky as engine

    monkeypatch.setattr(chol_columns, "step_columns", lambda _: columns)
    monkeypatch.setattr(engine, "COLUMN_BYTES", 1 << 10)
    a = hermitian_pd((2, 150, 150), dtype)
    a[1, 100, 100] = -1.0  # a failing pivot in the second step's block
    with pytest.raises(LinAlgError, match="Matrix is not positive definite"):
        cholesky(wg(a))
    a = a[:1]
    g = host(cholesky(wg(a), upper=True))
    ref = np.linalg.cholesky(a.astype(np.complex128), upper=True)
    assert relative(g - ref, ref) <= 10 * 150 * eps(dtype)
    assert relative(ct(g) @ g - a, a) <= 10 * 150 * eps(dtype)
    assert not np.tril(g, -1).any()
    assert count_steps == [86, 22] * 2


def test_cholesky_float32_large_batch_by_parts(monkeypatch, count_steps):
    """A batch whose steps would take too many workgroups factors by three dispatches a step."""
    from wgarray._engines import cholesky as engine

    monkeypatch.setattr(engine, "STEP_WORKGROUPS", 20)
    a = hermitian_pd((3, 150, 150), np.float32)
    g = host(cholesky(wg(a)))
    assert relative(g - np.linalg.cholesky(a.astype(np.float64)), g) <= 1500 * eps(np.float32)
    assert not count_steps
    assert host(cholesky(wg(a[:1]))).shape == (1, 150, 150) and count_steps == [86, 22]


@pytest.mark.parametrize("pivot", [0, 70, 149])
def test_cholesky_float32_steps_not_positive_definite(count_steps, pivot):
    """A failing pivot in the first step, a later step or the last block sets the flag of its
    matrix only."""
    a = hermitian_pd((3, 150, 150), np.float32)
    a[1, pivot, pivot] = -5.0
    with pytest.raises(LinAlgError, match="Matrix is not positive definite"):
        cholesky(wg(a))
    assert count_steps
    a[1] = hermitian_pd((150, 150), np.float32)
    g = host(cholesky(wg(a)))
    assert relative(g - np.linalg.cholesky(a.astype(np.float64)), g) <= 1500 * eps(np.float32)


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("n", [6, 100])
def test_cholesky_reads_one_triangle(n, dtype, upper):
    """The other triangle is never read (NaN there changes nothing), nor the diagonal's
    imaginary part, as LAPACK's potrf."""
    a = hermitian_pd((n, n), dtype)
    garbage = a.copy()
    mask = np.tril(np.ones((n, n), bool), -1) if upper else np.triu(np.ones((n, n), bool), 1)
    garbage[mask] = np.nan
    if np.iscomplexobj(a):
        garbage[np.diag_indices(n)] += 3j
    ref = np.linalg.cholesky(garbage, upper=upper)
    got = host(cholesky(wg(garbage), upper=upper))
    assert np.isfinite(got).all()
    assert relative(got - ref, ref) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("n, pivot", [(4, 3), (90, 89), (90, 0)])
def test_cholesky_not_positive_definite(n, pivot):
    """One indefinite matrix in a batch raises (one read for the batch), small and blocked,
    whether the first block's pivot or the last fails."""
    a = hermitian_pd((3, n, n), np.float64)
    a[1, pivot, pivot] = -5.0  # this pivot goes negative
    with pytest.raises(np.linalg.LinAlgError, match="Matrix is not positive definite"):
        np.linalg.cholesky(a)
    with pytest.raises(LinAlgError, match="Matrix is not positive definite"):
        cholesky(wg(a))
    assert isinstance(LinAlgError("x"), ValueError)


@pytest.mark.parametrize("matrix", [np.zeros((3, 3)), -np.eye(2), [[1.0, 2.0], [2.0, 1.0]]])
def test_cholesky_singular_indefinite(matrix):
    matrix = np.asarray(matrix, np.float64)
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cholesky(matrix)
    with pytest.raises(LinAlgError, match="not positive definite"):
        cholesky(wg(matrix))


@pytest.mark.parametrize("matrix", [np.full((2, 2), np.nan), [[1.0, np.nan], [np.nan, 1.0]], [[4.0, 2.0], [2.0, np.inf]]])
def test_cholesky_nan_inf_as_numpy(matrix):
    """A NaN pivot does not raise (NumPy's LAPACK tests pivot <= 0 only); NaNs propagate."""
    matrix = np.asarray(matrix, np.float64)
    np.testing.assert_array_equal(host(cholesky(wg(matrix))), np.linalg.cholesky(matrix))


def test_cholesky_views():
    """Transposed and strided views are read through their strides."""
    big = hermitian_pd((2, 40, 40), np.complex128)
    view = wg(big)[:, ::2, ::2]  # every other row and column of a PD matrix is PD
    np.testing.assert_allclose(host(cholesky(view)), np.linalg.cholesky(big[:, ::2, ::2]), atol=1e-13)
    transposed = xp.matrix_transpose(wg(big))
    np.testing.assert_allclose(host(cholesky(transposed)), np.linalg.cholesky(np.swapaxes(big, -1, -2)), atol=1e-13)


@pytest.mark.parametrize("dtype, upper", [(np.float32, False), (np.complex128, True)])
def test_cholesky_blocked_views(dtype, upper):
    """Blocked sizes read through views: batch dims that do not merge into one stride, a
    transposed view, a column slice."""
    big = hermitian_pd((2, 3, 70, 70), dtype)
    tol = 10 * 70 * eps(dtype)
    for view, ref in ((wg(big)[:, ::2], big[:, ::2]), (xp.matrix_transpose(wg(big)), np.swapaxes(big, -1, -2))):
        want = np.linalg.cholesky(ref, upper=upper)
        assert relative(host(cholesky(view, upper=upper)) - want, want) <= tol
    wide = np.concatenate([big[0, 0], big[0, 1]], axis=1)  # (70, 140): its left half is PD
    want = np.linalg.cholesky(big[0, 0], upper=upper)
    assert relative(host(cholesky(wg(wide)[:, :70], upper=upper)) - want, want) <= tol


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.bool_])
def test_cholesky_integer_promotes_like_numpy(dtype):
    a = (np.eye(3) * 4 + 1).astype(dtype) if dtype is not np.bool_ else np.eye(3, dtype=bool)
    ref = np.linalg.cholesky(a)
    got = cholesky(wg(a))
    assert got.dtype == ref.dtype
    np.testing.assert_allclose(host(got), ref, atol=1e-15)


@pytest.mark.parametrize("shape", [(0, 0), (3, 0, 0), (0, 4, 4)])
def test_cholesky_empty(shape):
    got = cholesky(wg(np.zeros(shape)))
    ref = np.linalg.cholesky(np.zeros(shape))
    assert got.shape == ref.shape and got.dtype == ref.dtype


@pytest.mark.parametrize("bad", [np.ones(3), np.ones((2, 3)), np.ones((4, 2, 3))])
def test_cholesky_bad_shapes(bad):
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cholesky(bad)
    with pytest.raises(LinAlgError):
        cholesky(wg(bad))


# -- qr -----------------------------------------------------------------------------------------------
def check_qr(a: np.ndarray, q: np.ndarray, r: np.ndarray, dtype) -> None:
    """The factorisation's defining properties, within LAPACK's bounds."""
    m, n = a.shape[-2:]
    bound = 10 * max(m, n, 1) * eps(dtype)
    assert relative(q @ r - a, a) <= bound
    k = q.shape[-1]
    assert relative(ct(q) @ q - np.eye(k), np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k))) <= bound
    assert not np.tril(r, -1).any(), "R must be exactly upper triangular"
    diag = np.diagonal(r, axis1=-2, axis2=-1)
    if np.iscomplexobj(diag):
        assert not diag.imag.any(), "LAPACK's R diagonal is real"


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("shape", [(1, 1), (3, 2), (2, 3), (2, 5, 5), (2, 2, 40, 33), (33, 70), (100, 40)])
def test_qr_matches_numpy(shape, dtype, mode):
    a = random(shape, dtype)
    got = qr(wg(a), mode=mode)
    ref = np.linalg.qr(a, mode=mode)
    assert isinstance(got, QRResult) and got.Q is got[0] and got.R is got[1]
    q, r = host(got.Q), host(got.R)
    assert q.shape == ref.Q.shape and r.shape == ref.R.shape
    assert q.dtype == ref.Q.dtype and r.dtype == ref.R.dtype
    check_qr(a, q, r, dtype)
    # LAPACK's conventions fix R (and Q's first k columns): compare by value
    tol = 10 * max(shape[-2:]) * eps(dtype)
    assert relative(r - ref.R, ref.R) <= tol


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 50, 36)])
def test_qr_raw_and_r_match_numpy(shape, dtype):
    a = random(shape, dtype)
    h, tau = qr(wg(a), mode="raw")
    h_ref, tau_ref = np.linalg.qr(a, mode="raw")
    assert h.shape == h_ref.shape and tau.shape == tau_ref.shape and h.dtype == h_ref.dtype
    tol = 10 * max(shape[-2:]) * eps(dtype)
    assert relative(host(h) - h_ref, h_ref) <= tol
    assert np.max(np.abs(host(tau) - tau_ref)) <= tol
    r = qr(wg(a), mode="r")
    assert isinstance(r, xp.Array)
    r_ref = np.linalg.qr(a, mode="r")
    assert r.shape == r_ref.shape
    assert relative(host(r) - r_ref, r_ref) <= tol


@pytest.mark.parametrize("dtype, shape, mode", [(np.float32, (260, 200), "reduced"), (np.complex128, (140, 270), "complete")])
def test_qr_large(dtype, shape, mode):
    """Past an outer block (128 columns): the blocks' joined T and their matmul updates."""
    a = random(shape, dtype)
    q, r = qr(wg(a), mode=mode)
    check_qr(a, host(q), host(r), dtype)
    r_ref = np.linalg.qr(a, mode=mode).R
    assert relative(host(r) - r_ref, r_ref) <= 10 * max(shape) * eps(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_qr_rank_deficient_and_zero(dtype):
    a = random((50, 40), dtype)
    a[:, 5] = 0
    a[:, 20] = a[:, 3]  # a repeated column
    a[:, 39] = 2 * a[:, 1] - a[:, 7]
    for mode in ("reduced", "complete"):
        q, r = qr(wg(a), mode=mode)
        check_qr(a, host(q), host(r), dtype)
    zero = np.zeros((6, 4), dtype)
    q, r = qr(wg(zero), mode="complete")
    np.testing.assert_array_equal(host(q), np.eye(6))  # tau = 0: every reflector is I
    np.testing.assert_array_equal(host(r), zero)


def test_qr_ill_conditioned():
    n = 12
    hilbert = 1.0 / (np.arange(n)[:, None] + np.arange(n)[None, :] + 1)
    q, r = qr(wg(hilbert))
    check_qr(hilbert, host(q), host(r), np.float64)
    # |R|'s diagonal as LAPACK's, within the backward error (the small entries are all rounding)
    np.testing.assert_allclose(np.abs(np.diag(host(r))), np.abs(np.diag(np.linalg.qr(hilbert).R)), rtol=0,
                               atol=10 * n * eps(np.float64) * np.linalg.norm(hilbert))


def test_qr_views_and_integers():
    a = random((2, 30, 20), np.float64)
    view = wg(a)[:, ::3, 1::2]
    q, r = qr(view)
    check_qr(a[:, ::3, 1::2], host(q), host(r), np.float64)
    q, r = qr(xp.matrix_transpose(wg(a)))
    check_qr(np.swapaxes(a, -1, -2), host(q), host(r), np.float64)
    ints = np.arange(12).reshape(4, 3)
    got, ref = qr(wg(ints)), np.linalg.qr(ints)
    assert got.Q.dtype == ref.Q.dtype == np.float64
    check_qr(ints.astype(float), host(got.Q), host(got.R), np.float64)


@pytest.mark.parametrize("mode", ["reduced", "complete", "r", "raw"])
@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0), (2, 0, 3), (0, 4, 2)])
def test_qr_empty(shape, mode):
    got, ref = qr(wg(np.zeros(shape)), mode=mode), np.linalg.qr(np.zeros(shape), mode=mode)
    if mode == "r":
        got, ref = (got,), (ref,)
    for g, e in zip(got, ref):
        assert g.shape == e.shape and g.dtype == e.dtype
        np.testing.assert_array_equal(host(g), e)


def test_qr_bad_input():
    with pytest.raises(ValueError, match="Unrecognized mode"):
        qr(wg(np.eye(2)), mode="bogus")
    with pytest.raises(LinAlgError):
        qr(wg(np.ones(3)))
    with pytest.warns(DeprecationWarning):
        q, r = qr(wg(np.eye(3)), mode="full")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        a = random((5, 3), np.float64)
        np.testing.assert_allclose(host(qr(wg(a), mode="economic")), np.linalg.qr(a, mode="economic"), atol=1e-14)


def test_namespace_exports():
    assert xp.linalg.cholesky is cholesky and xp.linalg.qr is qr
    assert QRResult._fields == ("Q", "R")
