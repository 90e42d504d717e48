"""solve, inv, det and slogdet of tiny matrices (n <= lu_tiny.tiny_max: one invocation per
matrix, wgarray/_engines/lu_tiny.py), differential against numpy.linalg at every tiny n and the
first n past it (the workgroup kernels), bit for bit against the workgroup kernels, on every
float/complex dtype, batches (empty, 1, many, past one row of the dispatch grid), views,
broadcasting, singular and non-finite matrices; solve's backward error."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._core import kernels
from wgarray._core.operands import BufferOperand
from wgarray._core.view import TensorView
from wgarray._engines import lu as lu_engine, lu_tiny
from wgarray.linalg import LinAlgError
from wgarray.linalg._common import raise_if_set

from conftest import host, wg

DTYPES = ("float32", "float64", "complex64", "complex128")


def random_matrices(shape, dtype, seed=0, shift=0.0):
    """Random matrices (standard normal parts) of a float or complex dtype, plus shift * I."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    if shift:
        a = a + shift * np.eye(shape[-1])
    return a.astype(dtype)


def eps(dtype) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def assert_close(got, exp, dtype, scale=1.0):
    """got (a wgarray result, or one on the host) within 50 * n * eps of exp, relative to exp's
    largest entry."""
    got = host(got) if isinstance(got, wgarray.Array) else got
    assert got.shape == exp.shape and got.dtype == exp.dtype, (got.shape, got.dtype, exp.shape, exp.dtype)
    if exp.size:
        n = max(exp.shape[-1], 1) if exp.ndim else 1
        bound = 50 * n * eps(dtype) * scale * max(float(np.abs(exp).max()), 1.0)
        np.testing.assert_allclose(got, exp, rtol=0, atol=bound)


def backward_error(a, b, x) -> float:
    """The normwise backward error of a solve, ||A x - b|| / (||A|| ||x|| + ||b||) per matrix (max)."""
    a, b, x = (v.astype(np.complex128) for v in (a, b, x))
    residual = np.linalg.norm(a @ x - b, axis=(-2, -1))
    scale = np.linalg.norm(a, axis=(-2, -1)) * np.linalg.norm(x, axis=(-2, -1)) + np.linalg.norm(b, axis=(-2, -1))
    return float(np.max(residual / scale))


@pytest.fixture
def workgroup_path(monkeypatch):
    """A function that runs f() with the tiny kernels switched off (the workgroup kernels then)."""
    def run(f):
        with monkeypatch.context() as patch:
            patch.setattr(lu_tiny, "_plan", lambda *args, **kwargs: None)
            return f()
    return run


def test_tiny_max():
    assert [lu_tiny.tiny_max(np.dtype(d)) for d in DTYPES] == [8, 8, 8, 5]


def _n_values(dtype):
    return list(range(1, lu_tiny.tiny_max(np.dtype(dtype)) + 2))


@pytest.mark.parametrize("dtype, n", [(d, n) for d in DTYPES for n in _n_values(d)])
def test_inv_solve_det_slogdet(dtype, n):
    a = random_matrices((3, n, n), dtype, seed=n, shift=2.0)
    b = random_matrices((3, n, 2), dtype, seed=n + 1)
    vector = random_matrices((n,), dtype, seed=n + 2)
    tiny = lu_tiny.solve(wg(a)._data(), None) is not None
    assert tiny == (n <= lu_tiny.tiny_max(np.dtype(dtype)))
    scale = float(np.linalg.cond(a).max())
    assert_close(wgarray.linalg.inv(wg(a)), np.linalg.inv(a), dtype, scale)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), dtype, scale)
    assert_close(wgarray.linalg.solve(wg(a), wg(vector)), np.linalg.solve(a, vector), dtype, scale)
    sign, logabsdet = wgarray.linalg.slogdet(wg(a))
    exp_sign, exp_logabsdet = np.linalg.slogdet(a)
    assert_close(sign, exp_sign, dtype)
    assert_close(logabsdet, exp_logabsdet, dtype, scale=10)
    exp_det = np.linalg.det(a)
    np.testing.assert_allclose(host(wgarray.linalg.det(wg(a))), exp_det, rtol=100 * n * eps(dtype))


def _specials(n, dtype):
    """A batch with exactly singular matrices (a zero column, equal rows, zero), non-finite entries,
    ties in the pivot search, negative zeros, tiny entries, and an ordinary matrix."""
    a = random_matrices((10, n, n), dtype, seed=n)
    a[0, :, 0] = 0  # first pivot zero: info 1
    a[1] = 0
    a[2, 0, 0] = np.nan
    a[3, -1, -1] = np.inf
    a[4, :, -1] = -np.inf
    a[5] = np.sign(a[5].real)  # ties in the pivot search: the first row of the largest key wins
    a[6] = -0.0
    a[6][np.diag_indices(n)] = 1
    if n > 1:
        a[7, 1] = a[7, 0]  # equal rows: the last pivot is exactly zero
        a[8, :, n // 2] = 0
    a[9] *= 2.0 ** -60
    return a


@pytest.mark.parametrize("dtype, n", [(d, n) for d in DTYPES for n in (1, 2, 3, 5, 8)
                                      if n <= lu_tiny.tiny_max(np.dtype(d))])
def test_same_as_workgroup_kernels(workgroup_path, dtype, n):
    """The tiny kernels do the workgroup kernels' operations in the same order: the same singular
    flags, the same matrices with non-finite results, and the same values up to the roundings of
    multiply-adds, which drivers may fuse in one kernel and not in the other (on lavapipe, which
    fuses none, the bits are equal). Arithmetic on infinities is left to drivers that may assume
    there are none (fast math): there only the non-finite results must agree."""
    specials = _specials(n, dtype)
    a = wg(specials)._data()
    b = wg(random_matrices((10, n, 3), dtype, seed=1))._data()

    def results():
        outs = (*lu_engine.gesv(a, None), *lu_engine.gesv(a, b), *lu_engine.slogdet(a))
        return [host(wgarray.Array._wrap(o)) for o in outs]

    cond = np.full(10, np.inf)
    finite_input = np.isfinite(specials).all(axis=(-2, -1))
    with np.errstate(all="ignore"):
        cond[finite_input] = np.linalg.cond(specials[finite_input].astype(np.complex128))
    for got, exp in zip(results(), workgroup_path(results)):
        assert got.dtype == exp.dtype and got.shape == exp.shape
        if got.dtype.kind == "i":  # info
            assert np.array_equal(got, exp)
            continue
        got, exp = got.reshape(10, -1), exp.reshape(10, -1)
        finite = np.isfinite(exp).all(axis=1)
        assert np.array_equal(np.isfinite(got).all(axis=1), finite)
        compared = finite & np.isfinite(cond)
        for g, e, c in zip(got[compared], exp[compared], cond[compared]):
            np.testing.assert_allclose(g, e, rtol=0, atol=8 * n * eps(dtype) * max(c, 1.0) * np.abs(e).max())


@pytest.mark.parametrize("dtype", DTYPES)
def test_singular(dtype):
    n = min(4, lu_tiny.tiny_max(np.dtype(dtype)))
    a = random_matrices((4, n, n), dtype, shift=2.0)
    a[1, :, 2] = 0  # info 3
    a[3, 3] = 2 * a[3, 0]  # info 4
    _x, info = lu_engine.gesv(wg(a)._data(), None)
    assert host(wgarray.Array._wrap(info)).tolist() == [0, 3, 0, 4]
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.inv(wg(a))
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.solve(wg(a), wg(np.ones(n, dtype)))
    assert host(wgarray.linalg.inv(wg(a[::2]))).shape == (2, n, n)  # the regular ones alone are fine
    det = host(wgarray.linalg.det(wg(a)))
    assert det[1] == 0 and det[3] == 0 and np.all(det[::2] != 0)
    sign, logabsdet = (host(r) for r in wgarray.linalg.slogdet(wg(a)))
    assert sign[1] == 0 and sign[3] == 0 and np.all(np.abs(sign[::2]) > 0.5)
    assert logabsdet[1] == -np.inf and logabsdet[3] == -np.inf and np.all(np.isfinite(logabsdet[::2]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_non_finite(dtype):
    """NaN and infinite entries give non-finite results where NumPy's are (not always the same
    entries, nor NaN for inf: LAPACK's blocked code spreads them differently, and drivers may
    assume no infinities), and NumPy's values where its results are finite."""
    a = random_matrices((4, 3, 3), dtype, shift=2.0)
    a[0, 1, 1] = np.nan
    a[1, 0, 2] = np.inf  # NumPy's inverse stays finite
    a[2, 2, 0] = -np.inf
    with np.errstate(invalid="ignore"):
        expected = np.linalg.inv(a), np.linalg.det(a), np.linalg.slogdet(a)[1]
    got = [host(r) for r in (wgarray.linalg.inv(wg(a)), wgarray.linalg.det(wg(a)), wgarray.linalg.slogdet(wg(a))[1])]
    assert np.isnan(got[0][0]).any() and np.isnan(got[1][0]) and np.isnan(got[2][0])
    for g, e in zip(got, expected):
        finite = np.isfinite(e).reshape(4, -1).all(axis=1)
        assert np.array_equal(np.isfinite(g).reshape(4, -1).all(axis=1), finite)
        assert_close(g[finite], e[finite], dtype, scale=30)


@pytest.mark.parametrize("batch", [(0,), (1,), (3,), (2, 3), (70000,)])
def test_batches(batch):
    n = 3
    a = random_matrices((*batch, n, n), "float32", shift=3.0)
    b = random_matrices((*batch, n, 1), "float32", seed=1)
    scale = float(np.linalg.cond(a).max()) if a.size else 1.0
    assert_close(wgarray.linalg.inv(wg(a)), np.linalg.inv(a), "float32", scale)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "float32", scale)
    assert_close(wgarray.linalg.det(wg(a)), np.linalg.det(a), "float32", scale)


def test_grid_of_two_dimensions(monkeypatch):
    """Past MAX_GROUPS workgroups, a dispatch folds into a 2-D grid (the last row partly idle)."""
    monkeypatch.setattr(kernels, "MAX_GROUPS", 3)
    a = random_matrices((2000, 2, 2), "float64", shift=3.0)
    b = random_matrices((2000, 2, 3), "float64", seed=1)
    assert_close(wgarray.linalg.inv(wg(a)), np.linalg.inv(a), "float64", scale=10)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "float64", scale=10)
    sign, logabsdet = wgarray.linalg.slogdet(wg(a))
    exp_sign, exp_logabsdet = np.linalg.slogdet(a)
    assert_close(sign, exp_sign, "float64")
    assert_close(logabsdet, exp_logabsdet, "float64", scale=10)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_views(dtype):
    big = random_matrices((6, 9, 9), dtype, shift=3.0)
    rhs = random_matrices((6, 5, 9), dtype, seed=1)
    x, y = wg(big), wg(rhs)
    cases = [(x[::2, :4, :4], big[::2, :4, :4]),  # a strided batch, rows of 9
             (x[1:4, ::2, 1::2][:, :4].mT, big[1:4, ::2, 1::2][:, :4].transpose(0, 2, 1)),  # transposed, strided, offset
             (x[::-1, 2:5, 2:5], big[::-1, 2:5, 2:5])]  # a reversed batch
    for got, exp in cases:
        m, n = exp.shape[0], exp.shape[-1]
        assert_close(wgarray.linalg.inv(got), np.linalg.inv(exp), dtype, scale=10)
        assert_close(wgarray.linalg.det(got), np.linalg.det(exp), dtype, scale=30)
        sign, logabsdet = wgarray.linalg.slogdet(got)
        assert_close(logabsdet, np.linalg.slogdet(exp)[1], dtype, scale=10)
        # right-hand sides transposed (column stride 9) and strided (column stride 2)
        assert_close(wgarray.linalg.solve(got, y[:m, :, :n].mT), np.linalg.solve(exp, rhs[:m, :, :n].transpose(0, 2, 1)),
                     dtype, scale=10)
        assert_close(wgarray.linalg.solve(got, y[:m, :n, ::2]), np.linalg.solve(exp, rhs[:m, :n, ::2]), dtype, scale=10)


@pytest.mark.parametrize("a_shape, b_shape", [
    ((3, 1, 4, 4), (1, 5, 4, 2)),  # two batch dims that do not merge
    ((4, 4), (6, 4, 1)),  # one matrix for many right-hand sides
    ((2, 3, 4, 4), (4,)),  # one vector for every matrix
    ((2, 1, 2, 1, 2, 1, 2, 3, 3), (1, 2, 1, 2, 1, 2, 1, 3, 2)),  # 7 batch dims: the general path
])
def test_broadcast_solve(a_shape, b_shape):
    a = random_matrices(a_shape, "float64", shift=3.0)
    b = random_matrices(b_shape, "float64", seed=1)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "float64", scale=10)


@pytest.mark.parametrize("batch, k, target", [(1, 300, lu_tiny.TARGET_ITEMS), (3, 10, 16), (3, 7, 16), (5, 1, 2)])
def test_right_hand_sides_in_chunks(monkeypatch, batch, k, target):
    """Many right-hand sides of few matrices are split into chunks of columns (last one short)."""
    monkeypatch.setattr(lu_tiny, "TARGET_ITEMS", target)
    a = random_matrices((batch, 4, 4), "complex128", shift=3.0)
    b = random_matrices((batch, 4, k), "complex128", seed=1)
    x = wgarray.linalg.solve(wg(a), wg(b))
    assert_close(x, np.linalg.solve(a, b), "complex128", scale=10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_backward_error(dtype):
    """Partial pivoting is backward stable: ||A x - b|| / (||A|| ||x|| + ||b||) within a small
    multiple of n eps, however ill-conditioned A is (Hilbert matrices, graded rows)."""
    n = lu_tiny.tiny_max(np.dtype(dtype))
    hilbert = 1 / (np.arange(n)[:, None] + np.arange(n) + 1)
    graded = random_matrices((n, n), dtype, seed=3) * np.logspace(0, 6, n)[:, None]
    a = np.stack([random_matrices((n, n), dtype), hilbert.astype(dtype), graded]).astype(dtype)
    b = random_matrices((3, n, 2), dtype, seed=1)
    x = host(wgarray.linalg.solve(wg(a), wg(b)))
    assert backward_error(a, b, x) <= 4 * n * eps(dtype)


def test_integer_input_promotes():
    a = np.array([[2, 1], [1, 3]], dtype=np.int64)
    got = wgarray.linalg.inv(wg(a))
    assert_close(got, np.linalg.inv(a), "float64")


def _flag(device) -> int:
    """The arrivals word of wgsl/lu_tiny_flag.wgsl: 0 whenever no flagged solve is running."""
    word = BufferOperand(lu_tiny._arrivals(device), TensorView.contiguous(()), np.dtype(np.uint32))
    return int(host(wgarray.Array._wrap(word)))


@pytest.mark.parametrize("batch, singular", [(1, 0), (300, 299), (300, 0), (70000, 69999), (70000, 12345)])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_singular_flag(dtype, batch, singular):
    """inv and solve of tiny matrices learn whether any is singular from one flag the solve's
    dispatch sets (the last workgroup to finish writes it): a singular matrix anywhere in the
    batch raises, and the next call on regular matrices (the same pooled flag, the same count
    of workgroups) does not."""
    n = min(4, lu_tiny.tiny_max(np.dtype(dtype)))
    regular = random_matrices((batch, n, n), dtype, shift=3.0)
    bad = regular.copy()
    bad[singular, :, 1] = 0
    b = random_matrices((batch, n, 2), dtype, seed=1)
    scale = float(np.linalg.cond(regular).max())
    assert lu_tiny.solve_flagged(wg(regular)._data(), None) is not None
    for _ in range(2):
        for a in (regular, bad):
            if a is bad:
                with pytest.raises(LinAlgError, match="Singular matrix"):
                    wgarray.linalg.inv(wg(a))
                with pytest.raises(LinAlgError, match="Singular matrix"):
                    wgarray.linalg.solve(wg(a), wg(b))
            else:
                assert_close(wgarray.linalg.inv(wg(a)), np.linalg.inv(a), dtype, scale)
                assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), dtype, scale)
            assert _flag(wgarray.get_device()) == 0


def test_singular_flag_grid_and_chunks(monkeypatch):
    """The flag over a 2-D grid of workgroups (the last row partly idle) and over right-hand
    sides split into chunks (each chunk of a singular matrix flags it)."""
    monkeypatch.setattr(kernels, "MAX_GROUPS", 3)
    a = random_matrices((2000, 3, 3), "float64", shift=3.0)
    b = random_matrices((2000, 3, 2), "float64", seed=1)
    assert_close(wgarray.linalg.solve(wg(a), wg(b)), np.linalg.solve(a, b), "float64", scale=10)
    a[1999] = 0
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.solve(wg(a), wg(b))
    monkeypatch.setattr(lu_tiny, "TARGET_ITEMS", 16)
    a, b = a[:3], random_matrices((3, 3, 10), "float64", seed=2)  # 3 matrices x 5 chunks of 2 columns
    a[1] = 0
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.solve(wg(a), wg(b))
    assert_close(wgarray.linalg.solve(wg(a[::2]), wg(b[::2])), np.linalg.solve(a[::2], b[::2]), "float64", scale=10)
    assert _flag(wgarray.get_device()) == 0


@pytest.mark.parametrize("dtype", DTYPES)
def test_det_in_one_dispatch(dtype):
    """Tiny matrices' det (one dispatch) is slogdet's sign * exp(logabsdet) as the general path
    computes it with map kernels (the same exp and multiply): the same values, zeros, signs and
    non-finite results."""
    n = min(4, lu_tiny.tiny_max(np.dtype(dtype)))
    a = wg(_specials(n, dtype))
    assert lu_tiny.det(a._data()) is not None
    sign, logabsdet = wgarray.linalg.slogdet(a)
    expected = host(sign * wgarray.exp(logabsdet))
    got = host(wgarray.linalg.det(a))
    assert got.dtype == expected.dtype and got.shape == (10,)
    # exp(logabsdet) magnifies an ulp of logabsdet |logabsdet| times, and the two paths' sums of
    # logs may round apart where a driver fuses a multiply into an add (NVIDIA's may)
    slack = np.maximum(1, np.abs(np.nan_to_num(host(logabsdet), posinf=0, neginf=0)))
    finite = np.isfinite(expected) & (expected != 0)
    assert np.all(np.abs(got[finite] - expected[finite]) <= 2 * eps(dtype) * slack[finite] * np.abs(expected[finite]))
    np.testing.assert_array_equal(got[~finite], expected[~finite])
    signed = ~np.isnan(got)  # (a NaN's sign is the driver's)
    assert np.array_equal(np.signbit(got.real[signed]), np.signbit(expected.real[signed]))


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "uint32"])
def test_raise_if_set(dtype):
    """The one read of a batch's flag: 0-d views anywhere in a buffer (packed bytes too)."""
    flags = wg(np.array([0, 0, 1, 0, 0], dtype))
    for i in (0, 1, 3, 4):
        raise_if_set(flags[i]._data(), "failed")
    with pytest.raises(LinAlgError, match="failed"):
        raise_if_set(flags[2]._data(), "failed")


def test_singular_flag_past_tiny():
    """Past the tiny kernels, inv and solve fold getrf's info into the flag they read."""
    n = lu_tiny.tiny_max(np.dtype("float64")) + 1
    a = random_matrices((3, n, n), "float64", shift=3.0)
    assert lu_tiny.solve_flagged(wg(a)._data(), None) is None
    assert_close(wgarray.linalg.inv(wg(a)), np.linalg.inv(a), "float64", scale=10)
    a[2, :, n - 1] = 0
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.inv(wg(a))
    with pytest.raises(LinAlgError, match="Singular matrix"):
        wgarray.linalg.solve(wg(a), wg(np.ones(n)))
