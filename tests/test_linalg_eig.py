"""eig and eigvals against numpy.linalg: eigenvalues as multisets, LAPACK's residual bound
||A V - V diag(w)|| <= 10 n eps ||A||, geev's normalisation, conjugate pairs of real input,
dtypes (always complex), batches equal to single matrices exactly, views, empty and special
matrices, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
COMPLEX_OF = {np.float32: np.complex64, np.complex64: np.complex64, np.float64: np.complex128,
              np.complex128: np.complex128}
rng = np.random.default_rng(4321)


def random(shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def eps(dtype):
    return np.finfo(np.dtype(dtype)).eps


def norm2(a):
    return max(np.linalg.norm(a.astype(np.complex128), 2), np.finfo(np.float64).tiny) if a.size else 1.0


def assert_same_multiset(got, expected, tol):
    """Every expected eigenvalue matched to a distinct computed one within tol (nearest first)."""
    got = np.asarray(got, dtype=np.complex128).ravel()
    expected = np.asarray(expected, dtype=np.complex128).ravel()
    assert got.shape == expected.shape
    free = np.ones(got.size, bool)
    for e in expected[np.argsort(-np.abs(expected))]:
        distance = np.where(free, np.abs(got - e), np.inf)
        k = int(distance.argmin())
        assert distance[k] <= tol, (e, got, expected)
        free[k] = False


def check_eig(a, w, v, eigenvalue_tol=None):
    """The residual bound, geev's normalisation, and the eigenvalues against NumPy's."""
    n = a.shape[-1]
    dtype = COMPLEX_OF[a.dtype.type]
    assert w.dtype == dtype and v.dtype == dtype
    assert w.shape == a.shape[:-1] and v.shape == a.shape
    e = eps(dtype)
    for idx in np.ndindex(a.shape[:-2]):
        ai, wi, vi = a[idx].astype(np.complex128), w[idx], v[idx].astype(np.complex128)
        scale = norm2(ai)
        residual = np.linalg.norm(ai @ vi - vi * wi.astype(np.complex128)) / scale
        assert residual <= 10 * n * e, residual
        assert np.abs(np.linalg.norm(vi, axis=0) - 1).max(initial=0) <= 4 * n * e
        for k in range(n):  # an entry of largest modulus (up to rounding) is real and positive
            modulus = np.abs(vi[:, k])
            top = vi[modulus >= modulus.max() - 4 * e, k]
            assert ((np.abs(top.imag) <= 2 * e) & (top.real > 0)).any()
        tol = eigenvalue_tol if eigenvalue_tol is not None else 20 * n * e * scale * condition(ai)
        assert_same_multiset(wi, np.linalg.eigvals(ai), tol)


def condition(a):
    """The largest condition number of a's eigenvalues, ||x|| ||y|| / |y^H x| (x, y right and
    left eigenvectors), from NumPy's: how far rounding errors of size eps ||A|| move them."""
    if not a.size:
        return 1.0
    x = np.linalg.eig(a)[1]
    y_h = np.linalg.inv(x)
    return float((np.linalg.norm(x, axis=0) * np.linalg.norm(y_h, axis=1)).max())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 8, 17, 33])
def test_eig_random(dtype, n):
    a = random((n, n), dtype)
    w, v = xp.linalg.eig(wg(a))
    check_eig(a, host(w), host(v))
    values = host(xp.linalg.eigvals(wg(a)))
    assert values.dtype == COMPLEX_OF[dtype]
    assert_same_multiset(values, np.linalg.eigvals(a.astype(np.complex128)), 20 * max(n, 1) * eps(dtype) * norm2(a))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_input_conjugate_pairs(dtype):
    """LAPACK's order: a pair's eigenvalue of positive imaginary part first, exact conjugates,
    conjugate eigenvectors; real eigenvalues have real eigenvectors."""
    a = random((12, 12), dtype)
    w, v = (host(r) for r in xp.linalg.eig(wg(a)))
    k = 0
    while k < 12:
        if w[k].imag != 0:
            assert w[k].imag > 0 and w[k + 1] == np.conj(w[k])
            np.testing.assert_array_equal(v[:, k + 1], np.conj(v[:, k]))
            k += 2
        else:
            assert not v[:, k].imag.any()
            k += 1
    rotation = np.array([[0.0, -1.0], [1.0, 0.0]], dtype)
    w, v = (host(r) for r in xp.linalg.eig(wg(rotation)))
    np.testing.assert_allclose(w, [1j, -1j], atol=2 * eps(dtype))
    check_eig(rotation, w, v)


def _similar(diagonal_block, dtype):
    """A dense matrix similar to the given (triangular) matrix, by a well-conditioned S."""
    n = diagonal_block.shape[0]
    s = np.eye(n) + 0.3 * rng.standard_normal((n, n)) / np.sqrt(n)
    return (s @ diagonal_block @ np.linalg.inv(s)).astype(dtype)


SPECIAL = {
    "zero": lambda n: np.zeros((n, n)),
    "identity": lambda n: np.eye(n),
    "diagonal": lambda n: np.diag(np.arange(n) - n / 2),
    "upper triangular": lambda n: np.triu(rng.standard_normal((n, n))),
    "lower triangular": lambda n: np.tril(rng.standard_normal((n, n))),
    "symmetric": lambda n: (lambda b: b + b.T)(rng.standard_normal((n, n))),
    "repeated": lambda n: _similar(np.diag(np.repeat([1.0, -2.0], [n // 2, n - n // 2])), np.float64),
    "permutation": lambda n: np.eye(n)[np.roll(np.arange(n), 1)],
    "integers to 10": lambda n: rng.integers(1, 11, (n, n)).astype(np.float64),
    "companion": lambda n: np.diag(np.ones(n - 1), -1) + np.outer(np.eye(n)[0], rng.standard_normal(n)),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_matrices(kind, dtype):
    a = SPECIAL[kind](9).astype(dtype)
    w, v = xp.linalg.eig(wg(a))
    # repeated eigenvalues move by about sqrt(eps) under rounding (by eps^(1/k) for a k-fold root
    # that is not semisimple: a permutation's roots of unity are simple)
    tol = 30 * np.sqrt(eps(dtype)) * norm2(a) if kind in ("repeated", "integers to 10") else None
    check_eig(a, host(w), host(v), eigenvalue_tol=tol)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("size", [2, 3, 5])
def test_defective(dtype, size):
    """A Jordan block, alone (already triangular) and hidden by a similarity: the eigenvalues
    within eps^(1/size); the residual of the vectors still within the bound."""
    jordan = np.eye(size, k=1) + 2 * np.eye(size)
    for a in (jordan.astype(dtype), _similar(jordan, dtype)):
        w, v = xp.linalg.eig(wg(a))
        w, v = host(w), host(v)
        assert np.isfinite(v).all()
        tol = 10 * eps(dtype) ** (1 / size) * norm2(a)
        assert_same_multiset(w, np.full(size, 2.0), tol)
        scale = norm2(a)
        residual = np.linalg.norm(a.astype(np.complex128) @ v - v * w) / scale
        assert residual <= 10 * size * eps(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_batches_equal_single_matrices(dtype):
    """The suite's _test_stacks: a stack's results equal each matrix's alone, bit for bit."""
    a = random((2, 3, 6, 6), dtype)
    w, v = (host(r) for r in xp.linalg.eig(wg(a)))
    values = host(xp.linalg.eigvals(wg(a)))
    check_eig(a, w, v)
    for idx in np.ndindex(2, 3):
        wi, vi = (host(r) for r in xp.linalg.eig(wg(a[idx])))
        np.testing.assert_array_equal(w[idx], wi)
        np.testing.assert_array_equal(v[idx], vi)
        np.testing.assert_array_equal(values[idx], host(xp.linalg.eigvals(wg(a[idx]))))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_views(dtype):
    """Transposed and sliced inputs give the results of their contiguous copies."""
    base = random((3, 9, 9), dtype)
    x = wg(base)
    for view, expected in ((xp.matrix_transpose(x), np.swapaxes(base, -1, -2)),
                           (x[::2, 1::2, 1::2], base[::2, 1::2, 1::2])):
        w, v = xp.linalg.eig(view)
        w0, v0 = xp.linalg.eig(wg(np.ascontiguousarray(expected)))
        np.testing.assert_array_equal(host(w), host(w0))
        np.testing.assert_array_equal(host(v), host(v0))
        check_eig(expected, host(w), host(v))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.bool_])
def test_integer_input_is_float64(dtype):
    a = rng.integers(0, 2 if dtype == np.bool_ else 10, (4, 4)).astype(dtype)
    w, v = xp.linalg.eig(wg(a))
    assert host(w).dtype == np.complex128
    check_eig(a.astype(np.float64), host(w), host(v))
    assert host(xp.linalg.eigvals(wg(a))).dtype == np.complex128


def test_empty_and_batch_shapes():
    for shape in [(0, 0), (3, 0, 0), (0, 4, 4), (2, 0, 3, 3), (1, 1)]:
        a = random(shape, np.float64)
        w, v = xp.linalg.eig(wg(a))
        assert host(w).shape == shape[:-1] and host(v).shape == shape
        assert host(xp.linalg.eigvals(wg(a))).shape == shape[:-1]
    w, v = xp.linalg.eig(wg(np.array([[-3.5]])))
    np.testing.assert_array_equal(host(w), [-3.5 + 0j])
    np.testing.assert_array_equal(host(v), [[1 + 0j]])


def test_result_type_and_numpy_dispatch():
    a = random((5, 5), np.float32)
    result = xp.linalg.eig(wg(a))
    assert isinstance(result, xp.linalg.EigResult) and result._fields == ("eigenvalues", "eigenvectors")
    assert result.eigenvalues is result[0]
    through_numpy = np.linalg.eig(wg(a))  # __array_function__: wgarray's eig on wgarray input
    assert isinstance(through_numpy.eigenvalues, xp.Array)
    np.testing.assert_array_equal(host(through_numpy.eigenvalues), host(result.eigenvalues))


@pytest.mark.parametrize("func", ["eig", "eigvals"])
def test_bad_input(func):
    f = getattr(xp.linalg, func)
    with pytest.raises(xp.linalg.LinAlgError):
        f(wg(np.ones(3)))
    with pytest.raises(xp.linalg.LinAlgError):
        f(wg(np.ones((2, 3))))
    for bad in (np.nan, np.inf):
        a = np.eye(3)
        a[1, 2] = bad
        with pytest.raises(xp.linalg.LinAlgError, match="infs or NaNs"):
            f(wg(a))
        with pytest.raises(np.linalg.LinAlgError):
            getattr(np.linalg, func)(a)


def test_large_matrix():
    """One size past the small-matrix range: 200 x 200 float64."""
    a = random((200, 200), np.float64)
    w, v = xp.linalg.eig(wg(a))
    check_eig(a, host(w), host(v))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("magnitude", ["tiny", "huge"])
def test_scaled_matrices(dtype, magnitude):
    """Entries far from 1 (where sums of squares would underflow or overflow): as geev, the
    matrix is scaled first (here by a power of 2, exactly) and the eigenvalues scaled back."""
    exponent = {"tiny": -0.48, "huge": 0.48}[magnitude] * np.log2(np.finfo(dtype).max)  # past [small, big]
    a = (random((7, 7), dtype) * 2.0 ** int(exponent)).astype(dtype)
    w, v = xp.linalg.eig(wg(a))
    check_eig(a, host(w), host(v))
