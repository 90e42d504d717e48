"""LU and what is built on it (wgarray/_engines/lu.py, wgarray/linalg/_lu.py), differential
against numpy.linalg: getrf's backward error and pivots, trsm, solve, inv, det, slogdet,
matrix_power, tensorsolve, tensorinv; every float/complex dtype, integer promotion, batches,
broadcasting, views, empty and 0x0 stacks, singular matrices, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._engines import lu as lu_engine
from wgarray.linalg import LinAlgError

from conftest import host, wg

DTYPES = ("float32", "float64", "complex64", "complex128")


def random_matrices(shape, dtype, seed=0):
    """Random matrices (standard normal parts) of a float or complex dtype."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def eps(dtype) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def assert_close(got, exp, dtype, scale=1.0):
    """got (a wgarray result) within 50 * n * eps of exp, relative to exp's largest entry."""
    got = host(got)
    assert got.shape == exp.shape and got.dtype == exp.dtype, (got.shape, got.dtype, exp.shape, exp.dtype)
    if exp.size:
        n = max(exp.shape[-1], 1) if exp.ndim else 1
        bound = 50 * n * eps(dtype) * scale * max(float(np.abs(exp).max()), 1.0)
        np.testing.assert_allclose(got, exp, rtol=0, atol=bound)


@pytest.fixture
def blocked(monkeypatch):
    """Force the blocked factorisation and solves, with small panels, on small matrices."""
    monkeypatch.setattr(lu_engine, "SMALL_MAX", 0)
    monkeypatch.setattr(lu_engine, "PANEL", 8)
    monkeypatch.setattr(lu_engine, "TRSM_BLOCK", 8)


def factors(a):
    """getrf on a host array: (lu, pivots, info) on the host."""
    lu, pivots, info = lu_engine.getrf(wg(a)._data())
    return tuple(np.asarray(wgarray.Array._wrap(x)) for x in (lu, pivots, info))


def reference_pivots(a):
    """LAPACK's pivot choice, unblocked (partial pivoting on |re| + |im|, first max)."""
    a = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64).copy()
    n = a.shape[0]
    pivots = []
    for j in range(n):
        p = j + int(np.argmax(np.nan_to_num(np.abs(a[j:, j].real) + np.abs(a[j:, j].imag), nan=-1)))
        pivots.append(p)
        a[[j, p]] = a[[p, j]]
        if a[j, j] != 0:
            a[j + 1:, j] /= a[j, j]
            a[j + 1:, j + 1:] -= np.outer(a[j + 1:, j], a[j, j + 1:])
    return np.array(pivots)


def backward_error(a, lu, pivots):
    """||P A - L U|| / ||A|| for one matrix."""
    n = a.shape[0]
    permuted = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    for j, p in enumerate(pivots):
        permuted[[j, p]] = permuted[[p, j]]
    lower = np.tril(lu, -1) + np.eye(n)
    upper = np.triu(lu)
    return np.linalg.norm(permuted - lower @ upper) / max(np.linalg.norm(a), 1e-300)


# -- getrf ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 2, 3, 8, 17, 40])
def test_getrf_small(dtype, n):
    a = random_matrices((2, n, n), dtype, seed=n)
    lu, pivots, info = factors(a)
    assert lu.dtype == a.dtype and pivots.shape == (2, n) and info.shape == (2,)
    assert (info == 0).all()
    for k in range(2):
        assert (pivots[k] == reference_pivots(a[k])).all()
        assert backward_error(a[k], lu[k], pivots[k]) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [9, 30])
def test_getrf_blocked(blocked, dtype, n):
    a = random_matrices((3, n, n), dtype, seed=n)
    lu, pivots, info = factors(a)
    assert (info == 0).all()
    for k in range(3):
        assert backward_error(a[k], lu[k], pivots[k]) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_getrf_large(dtype):
    n = 200  # past SMALL_MAX: the blocked path with its default panels
    a = random_matrices((n, n), dtype, seed=5)
    lu, pivots, info = factors(a)
    assert info == 0
    assert backward_error(a, lu, pivots) <= 10 * n * eps(dtype)


@pytest.mark.parametrize("force_blocked", [False, True])
def test_getrf_singular_flag(request, force_blocked):
    if force_blocked:
        request.getfixturevalue("blocked")
    n = 12
    a = random_matrices((4, n, n), "float64")
    a[1, :, 5] = 0  # a zero column: the pivot of column 5 is exactly zero
    a[2, :, 0] = 0
    a[2, :, 9] = 0  # the first zero pivot counts
    a[3] = 0
    lu, pivots, info = factors(a)
    assert info.tolist() == [0, 6, 1, 1]
    assert np.isfinite(lu).all()  # LAPACK skips the scaling of a zero pivot's column


def test_getrf_views_and_empty():
    a = random_matrices((3, 6, 6), "float64")
    lu, pivots, _ = factors(a.transpose(0, 2, 1)[::2])  # a strided, transposed view
    for k, m in enumerate(a.transpose(0, 2, 1)[::2]):
        assert backward_error(m, lu[k], pivots[k]) <= 60 * eps("float64")
    lu, pivots, info = factors(np.zeros((0, 4, 4)))
    assert lu.shape == (0, 4, 4) and pivots.shape == (0, 4) and info.shape == (0,)
    lu, pivots, info = factors(np.zeros((2, 0, 0)))
    assert lu.shape == (2, 0, 0) and info.tolist() == [0, 0]


def test_getrf_rejects_integers():
    with pytest.raises(TypeError):
        lu_engine.getrf(wg(np.eye(2, dtype=np.int32))._data())


# -- trsm ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower, unit", [(True, True), (True, False), (False, False), (False, True)])
@pytest.mark.parametrize("m, k", [(5, 3), (21, 40)])
def test_trsm(blocked, dtype, lower, unit, m, k):
    t = random_matrices((2, m, m), dtype, seed=m) + 4 * np.eye(m, dtype=dtype)
    b = random_matrices((2, m, k), dtype, seed=k)
    tri = np.tril(t) if lower else np.triu(t)
    if unit:
        tri[..., np.arange(m), np.arange(m)] = 1  # what unit=True takes the diagonal as
    x = lu_engine.trsm(wg(t)._data(), wg(b)._data(), lower=lower, unit=unit)
    assert_close(wgarray.Array._wrap(x), np.linalg.solve(tri, b), dtype, scale=np.linalg.cond(tri).max())


def test_trsm_views():
    t = random_matrices((3, 6, 6), "float64") + 4 * np.eye(6)
    b = random_matrices((6, 4), "float64")
    upper_view = t.transpose(0, 2, 1)  # its upper triangle is t's lower one, transposed
    x = lu_engine.trsm(wg(t).mT._data(), wg(b)._data().broadcast_to((3, 6, 4)), lower=False)
    assert_close(wgarray.Array._wrap(x), np.linalg.solve(np.triu(upper_view), b), "float64")


# -- solve ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 4, 33])
def test_solve(dtype, n):
    a = random_matrices((3, 2, n, n), dtype, seed=n)
    b = random_matrices((3, 2, n, 3), dtype, seed=n + 1)
    exp = np.linalg.solve(a, b)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), exp, dtype, scale=np.linalg.cond(a).max())


@pytest.mark.parametrize("a_shape, b_shape", [
    ((4, 4), (4,)),  # one vector
    ((2, 3, 4, 4), (4,)),  # one vector for every matrix
    ((3, 4, 4), (4, 3)),  # NumPy 2 and the standard: a 2-D x2 is a matrix, not a stack of vectors
    ((2, 4, 4), (4, 2)),
    ((3, 1, 4, 4), (5, 4, 2)),  # stacks broadcast
    ((4, 4), (6, 4, 1)),  # one factorisation for many right-hand sides
    ((0, 4, 4), (4,)),
    ((0, 4, 4), (4, 3)),
    ((3, 4, 4), (3, 4, 0)),
    ((0, 0), (0,)),
    ((2, 0, 0), (0, 5)),
])
def test_solve_shapes(a_shape, b_shape):
    a = random_matrices(a_shape, "float64") + 3 * np.eye(a_shape[-1])
    b = random_matrices(b_shape, "float64", seed=1)
    exp = np.linalg.solve(a, b)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), exp, "float64", scale=10)


def test_solve_blocked(blocked):
    a = random_matrices((2, 30, 30), "complex128")
    b = random_matrices((30,), "complex128", seed=1)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "complex128", scale=np.linalg.cond(a).max())


def test_solve_large():
    n = 256
    a = random_matrices((n, n), "float64")
    b = random_matrices((n, 2), "float64", seed=1)
    x = host(wgarray.linalg.solve(wg(a), wg(b)))
    # LAPACK's bound: a backward-stable solve leaves a residual of order n eps ||A|| ||x||.
    residual = np.linalg.norm(a @ x - b) / (np.linalg.norm(a) * np.linalg.norm(x))
    assert residual <= 10 * n * eps("float64")


def test_solve_float32_vec4_updates(monkeypatch):
    """float32 trailing updates A22 -= L21 U12 read and written in vec4 words where their tiles
    are full (n = 192: 128 and 64 of the trailing orders), in element words elsewhere."""
    from wgarray._core import replay
    from wgarray._engines import matmul_update

    replay.clear()  # a recorded call would replay without launching
    accesses = []
    launch = matmul_update.launch_kernel
    monkeypatch.setattr(matmul_update, "launch_kernel",
                        lambda device, key, *args, **kw: accesses.append(key[-1]) or launch(device, key, *args, **kw))
    n = 192
    a = random_matrices((n, n), "float32")
    b = random_matrices((n, 3), "float32", seed=1)
    x = host(wgarray.linalg.solve(wg(a), wg(b))).astype(np.float64)
    residual = np.linalg.norm(a @ x - b) / (np.linalg.norm(a) * np.linalg.norm(x) + np.linalg.norm(b))
    assert residual <= 10 * n * eps("float32")
    assert any(access.exact for access in accesses) and not all(access.exact for access in accesses)


@pytest.mark.parametrize("a_dtype, b_dtype", [("int64", "int64"), ("bool", "float32"), ("float32", "float64"),
                                              ("float32", "int8"), ("float32", "complex64"),
                                              ("int16", "complex64")])
def test_solve_promotion(a_dtype, b_dtype):
    a = (np.eye(3) * 2 + np.triu(np.ones((3, 3)))).astype(a_dtype)
    b = np.array([[1, 2], [3, 4], [5, 6]]).astype(b_dtype)
    exp = np.linalg.solve(a, b)
    got = wgarray.linalg.solve(wg(a), wg(b))
    assert_close(got, exp, exp.dtype)


def test_solve_views():
    a = random_matrices((3, 5, 5), "float32") + 3 * np.eye(5, dtype="float32")
    b = random_matrices((5, 6), "float32", seed=1)
    got = wgarray.linalg.solve(wg(a)[::2].mT, wg(b)[:, ::2])
    assert_close(got, np.linalg.solve(a[::2].transpose(0, 2, 1), b[:, ::2]), "float32", scale=10)


def test_solve_singular_raises():
    a = np.stack([np.eye(3), np.ones((3, 3))])
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.solve(wg(a), wg(np.ones(3)))
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.solve(a, np.ones(3))


@pytest.mark.parametrize("a_shape, b_shape, error", [
    ((3, 3), (), ValueError),
    ((3, 3), (2,), ValueError),
    ((3, 3), (2, 3), ValueError),
    ((2, 3, 3), (4, 3, 1), ValueError),
    ((3,), (3,), LinAlgError),
    ((2, 3), (2,), LinAlgError),
])
def test_solve_bad_input(a_shape, b_shape, error):
    a, b = np.ones(a_shape), np.ones(b_shape)
    with pytest.raises(np.linalg.LinAlgError if error is LinAlgError else error):
        np.linalg.solve(a, b)
    with pytest.raises(error):
        wgarray.linalg.solve(wg(a), wg(b))


# -- inv -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 5, 5), (2, 1, 20, 20), (0, 3, 3), (0, 0), (2, 0, 0)])
def test_inv(dtype, shape):
    a = random_matrices(shape, dtype) + 2 * np.eye(shape[-1], dtype=dtype)
    exp = np.linalg.inv(a)
    scale = np.linalg.cond(a).max() if a.size else 1
    assert_close(wgarray.linalg.inv(wg(a)), exp, dtype, scale=scale)


def test_inv_blocked_and_views(blocked):
    a = random_matrices((2, 20, 20), "float64") + 5 * np.eye(20)
    got = wgarray.linalg.inv(wg(a).mT)
    assert_close(got, np.linalg.inv(a.transpose(0, 2, 1)), "float64", scale=np.linalg.cond(a).max())


def test_inv_large():
    n = 200
    a = random_matrices((n, n), "float32")
    x = host(wgarray.linalg.inv(wg(a)))
    residual = np.linalg.norm(a.astype(np.float64) @ x - np.eye(n)) / (np.linalg.norm(a) * np.linalg.norm(x))
    assert residual <= 10 * n * eps("float32")


def test_inv_integers_and_errors():
    a = np.array([[2, 1], [1, 1]])
    got = wgarray.linalg.inv(wg(a))
    assert host(got).dtype == np.float64
    np.testing.assert_allclose(host(got), np.linalg.inv(a), atol=1e-15)
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.inv(wg(np.array([[1.0, 2.0], [2.0, 4.0]])))
    with pytest.raises(LinAlgError):
        wgarray.linalg.inv(wg(np.ones((2, 3))))
    with pytest.raises(LinAlgError):
        wgarray.linalg.inv(wg(np.ones(3)))
    assert issubclass(LinAlgError, ValueError)


# -- det and slogdet -----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (3, 4, 4), (2, 1, 9, 9), (0, 3, 3), (0, 0), (3, 0, 0)])
def test_det_slogdet(dtype, shape):
    a = random_matrices(shape, dtype, seed=sum(shape))
    sign, logabsdet = wgarray.linalg.slogdet(wg(a))
    exp_sign, exp_log = np.linalg.slogdet(a)
    assert_close(sign, np.asarray(exp_sign), dtype)
    assert_close(logabsdet, np.asarray(exp_log), dtype, scale=10)
    exp = np.asarray(np.linalg.det(a))
    got = host(wgarray.linalg.det(wg(a)))
    assert got.shape == exp.shape and got.dtype == exp.dtype
    np.testing.assert_allclose(got, exp, rtol=100 * max(shape[-1], 1) * eps(dtype))


def test_slogdet_result_and_sign_parity():
    # One row interchange: the determinant of a permutation matrix is -1.
    a = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    result = wgarray.linalg.slogdet(wg(a))
    assert isinstance(result, wgarray.linalg.SlogdetResult)
    assert float(result.sign) == -1.0 and float(result.logabsdet) == 0.0
    assert float(wgarray.linalg.det(wg(a))) == -1.0


@pytest.mark.parametrize("dtype", DTYPES)
def test_det_singular(dtype):
    a = np.stack([np.ones((3, 3)), np.eye(3), np.zeros((3, 3))]).astype(dtype)
    a[1, 2] = 0
    sign, logabsdet = wgarray.linalg.slogdet(wg(a))
    exp_sign, exp_log = np.linalg.slogdet(a)
    assert (host(sign) == exp_sign).all() and host(sign).dtype == exp_sign.dtype
    assert (host(logabsdet) == exp_log).all() and host(logabsdet).dtype == exp_log.dtype
    assert (host(wgarray.linalg.det(wg(a))) == 0).all()


def test_det_blocked_and_extreme_scale(blocked):
    # det = sign * exp(sum log|u_ii|), as NumPy: no overflow in the middle of the product.
    a = np.diag([1e200, 1e200, 1e-300] + [1.0] * 9)[::-1].copy()
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(a))), np.linalg.det(a), rtol=1e-12)
    b = random_matrices((2, 20, 20), "complex64")
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(b))), np.linalg.det(b), rtol=2e-4)


def test_det_integers_and_errors():
    a = np.array([[1, 2], [3, 4]], dtype=np.int8)
    assert host(wgarray.linalg.det(wg(a))).dtype == np.linalg.det(a).dtype
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(a))), np.linalg.det(a), rtol=1e-14)
    for bad in (np.ones((2, 3)), np.ones(3)):
        with pytest.raises(LinAlgError):
            wgarray.linalg.det(wg(bad))
        with pytest.raises(LinAlgError):
            wgarray.linalg.slogdet(wg(bad))


# -- matrix_power --------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int64", "int8", "float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 13])
def test_matrix_power(dtype, n):
    a = (np.array([[1, 2, 0], [0, 1, 1], [1, 0, 1]]) * (1 + 1j if np.dtype(dtype).kind == "c" else 1)).astype(dtype)
    a = np.stack([a, a.T])
    exp = np.linalg.matrix_power(a, n)
    got = host(wgarray.linalg.matrix_power(wg(a), n))
    assert got.dtype == exp.dtype and got.shape == exp.shape
    np.testing.assert_allclose(got, exp, rtol=10 * eps(dtype) if a.dtype.kind in "fc" else 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [-1, -2, -5])
def test_matrix_power_negative(dtype, n):
    a = random_matrices((2, 4, 4), dtype) + 3 * np.eye(4, dtype=dtype)
    exp = np.linalg.matrix_power(a, n)
    assert_close(wgarray.linalg.matrix_power(wg(a), n), exp, dtype, scale=100)


def test_matrix_power_errors():
    a = np.eye(2)
    for bad in (1.5, "2", None):
        with pytest.raises(TypeError):
            np.linalg.matrix_power(a, bad)
        with pytest.raises(TypeError):
            wgarray.linalg.matrix_power(wg(a), bad)
    for shape in ((2, 3), (3,)):
        with pytest.raises(LinAlgError):
            wgarray.linalg.matrix_power(wg(np.ones(shape)), 2)
    with pytest.raises(LinAlgError, match="Singular"):
        wgarray.linalg.matrix_power(wg(np.ones((2, 2))), -1)
    assert host(wgarray.linalg.matrix_power(wg(a), np.int64(2))).tolist() == a.tolist()
    assert host(wgarray.linalg.matrix_power(wg(np.ones((0, 2, 2))), 0)).shape == (0, 2, 2)


# -- tensorsolve and tensorinv -------------------------------------------------------------------
def test_tensorsolve():
    a = random_matrices((6, 4, 2, 3, 4), "float64") + np.eye(24).reshape(6, 4, 2, 3, 4) * 5
    b = random_matrices((6, 4), "float64", seed=1)
    assert_close(wgarray.linalg.tensorsolve(wg(a), wg(b)), np.linalg.tensorsolve(a, b), "float64", scale=10)
    # axes=(0,): a's first axis moves to the end, (3, 6, 2) -> (6, 2, 3), x of shape (2, 3).
    a2 = np.moveaxis(random_matrices((6, 2, 3), "float32") + np.eye(6, dtype="float32").reshape(6, 2, 3) * 4, 2, 0)
    b2 = random_matrices((6,), "float32", seed=2)
    assert_close(wgarray.linalg.tensorsolve(wg(a2), wg(b2), axes=(0,)), np.linalg.tensorsolve(a2, b2, axes=(0,)),
                 "float32", scale=10)
    with pytest.raises(LinAlgError):
        wgarray.linalg.tensorsolve(wg(np.ones((2, 3, 4))), wg(np.ones((2,))))


@pytest.mark.parametrize("shape, ind", [((4, 6, 8, 3), 2), ((24, 8, 3), 1)])
def test_tensorinv(shape, ind):
    a = random_matrices(shape, "complex128") + np.eye(24).reshape(shape) * 5
    exp = np.linalg.tensorinv(a, ind=ind)
    assert_close(wgarray.linalg.tensorinv(wg(a), ind=ind), exp, "complex128", scale=10)
    with pytest.raises(ValueError):
        wgarray.linalg.tensorinv(wg(a), ind=0)


# -- special values and many matrices ---------------------------------------------------------------
# A NaN that reaches a pivot is left out: reference LAPACK takes it as nonzero (NaN results, as
# here), while OpenBLAS under NumPy may report the matrix singular (det 0).
@pytest.mark.parametrize("matrix", [[[np.inf, 1.0], [1.0, 1.0]], [[1.0, 2.0], [3.0, np.inf]], [[-0.0, 1.0], [1.0, 0.0]],
                                    [[1.0, 1.0], [np.nan, 1.0]]])
def test_det_special_values(matrix):
    a = np.array(matrix)
    with np.errstate(all="ignore"):
        exp, (exp_sign, exp_log) = np.linalg.det(a), np.linalg.slogdet(a)
    np.testing.assert_array_equal(host(wgarray.linalg.det(wg(a))), exp)
    sign, logabsdet = wgarray.linalg.slogdet(wg(a))
    np.testing.assert_array_equal(host(sign), exp_sign)
    np.testing.assert_array_equal(host(logabsdet), exp_log)


def test_many_small_matrices():
    # More matrices than one grid dimension holds workgroups (65535): the grid folds into 2-D.
    a = 0.1 * random_matrices((66000, 2, 2), "float32") + np.eye(2, dtype="float32")  # well conditioned
    b = random_matrices((66000, 2, 1), "float32", seed=1)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "float32", scale=10)
    assert_close(wgarray.linalg.det(wg(a)), np.linalg.det(a), "float32", scale=10)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_getrf_nan_never_chosen_as_pivot(dtype):
    a = random_matrices((2, 5, 5), dtype)
    a[0, 3, 0] = np.nan  # the pivot search passes over it, as LAPACK's i?amax
    a[1, :, 2] = np.nan  # an all-NaN column keeps its diagonal pivot and is not flagged singular
    _, pivots, info = factors(a)
    assert pivots[0, 0] == reference_pivots(a[0])[0] != 3
    assert pivots[1, 2] == 2 and info.tolist() == [0, 0]
