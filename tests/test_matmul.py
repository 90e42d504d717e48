"""matmul, tensordot, vecdot and matrix_transpose, differentially against NumPy.

Integers must match exactly (wrap-around included); floats within the error bound of a
K-term dot product. Both kernels (tiled and naive) and every tiling are forced in turn, so
lavapipe checks the code that large matrices run on the GPU machine.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import wgarray as xp
from wgarray._engines import matmul as core

from conftest import ALL_DTYPES, assert_same, host, wg

NUMERIC = tuple(d for d in ALL_DTYPES if d.kind != "b")
rng = np.random.default_rng(1234)


def data(shape, dtype, full_range: bool = False) -> np.ndarray:
    """Random values of dtype; ints span the whole range with full_range (products wrap)."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = (info.min, info.max) if full_range else (max(info.min, -20), min(info.max, 20))
        return rng.integers(lo, hi, shape, dtype=dtype, endpoint=True)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def reference(a: np.ndarray, b: np.ndarray, op=np.matmul):
    """NumPy's result, and for floats a bound on the rounding error of each element."""
    exp = op(a, b)
    if exp.dtype.kind not in "fc":
        return exp, None
    wide = np.complex128 if exp.dtype.kind == "c" else np.float64
    magnitude = op(np.abs(a.astype(wide)), np.abs(b.astype(wide)))
    k = max(1, (a.size * b.size) // max(1, exp.size) if exp.size else 1)
    bound = 4 * np.sqrt(k) * 2 * np.finfo(exp.dtype).eps * np.real(magnitude) + np.finfo(exp.dtype).tiny
    return exp, bound


def check(got, a, b, op=np.matmul):
    exp, bound = reference(a, b, op)
    if bound is None:
        assert_same(got, exp)
        return
    got = host(got)
    assert got.dtype == exp.dtype and got.shape == exp.shape, (got.dtype, got.shape, exp.dtype, exp.shape)
    err = np.abs(got.astype(np.complex128) - exp)
    assert np.all(err <= bound), f"max error {err.max()} (bound {bound.min()})"



# -- every dtype, both kernels ------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dtypes_tiled_and_naive(dtype):
    a, b = data((2, 1, 33, 20), dtype, True), data((3, 20, 19), dtype, True)
    check(wg(a) @ wg(b), a, b)  # tiled: 19 x 33 matrices in a broadcast (2, 3) batch
    v = data((20,), dtype, True)
    check(xp.matmul(wg(v), wg(b)), v, b)  # naive: 1-D promotions
    check(xp.matmul(wg(a), wg(v)), a, v)
    check(xp.matmul(wg(v), wg(v)), v, v)


@pytest.mark.parametrize("pair", [("int8", "uint8"), ("int32", "float32"), ("float32", "complex128"),
                                  ("bool", "int16"), ("uint64", "int64"), ("uint16", "float64"),
                                  ("float64", "complex64")], ids=str)
def test_mixed_dtypes(pair):
    a, b = data((20, 17), pair[0], True), data((17, 18), pair[1], True)
    check(wg(a) @ wg(b), a, b)
    check(wg(b[:, 0]) @ wg(a.T), b[:, 0], a.T)


# -- sizes against every tiling ------------------------------------------------------------------------
SIZES = [(1, 1, 1), (3, 5, 2), (17, 3, 129), (129, 65, 17), (64, 64, 64), (130, 129, 131)]


TILINGS = {"BIG": core.BIG, "MID": core.MID, "TALL": core.TALL, "MID_DEEP": core.MID_DEEP, "MID32": core.MID32, "GENERIC": core.GENERIC,
           "single-buffered": dataclasses.replace(core.MID, double=False),
           "BK=4": dataclasses.replace(core.GENERIC, double=False, BK=4)}


@pytest.mark.parametrize("tiling", TILINGS)
def test_tile_edges(force, tiling):
    force(kernel="tiled", tiling=TILINGS[tiling])
    dtype = {"MID32": "int32", "GENERIC": "float64", "BK=4": "complex128"}.get(tiling, "float32")
    for m, k, n in SIZES:
        a, b = data((m, k), dtype), data((k, n), dtype)
        check(wg(a) @ wg(b), a, b)


def test_naive_chunks(force):
    force(kernel="naive", chunk=7)
    for m, k, n in SIZES[:4]:
        a, b = data((m, k), "float32"), data((k, n), "float32")
        check(wg(a) @ wg(b), a, b)
    a, b = data((2, 3, 50), "int16", True), data((50, 4), "int16", True)
    check(wg(a) @ wg(b), a, b)


def test_long_dot_splits_k():
    a, b = data((5000,), "int32", True), data((5000,), "int32", True)
    check(xp.matmul(wg(a), wg(b)), a, b)
    a, b = data((3000,), "float32"), data((3000, 2), "float32")
    check(xp.matmul(wg(a), wg(b)), a, b)


def test_default_choice_300():
    a, b = data((300, 257), "float32"), data((257, 300), "float32")
    check(wg(a) @ wg(b), a, b)


def test_big_tiles_batched(force):
    force(kernel="tiled", tiling=core.BIG)
    a, b = data((2, 150, 40), "float32"), data((40, 140), "float32")
    check(wg(a) @ wg(b), a, b)
    check(wg(b).mT @ wg(a).mT, b.T, np.swapaxes(a, -1, -2))


# -- strided inputs --------------------------------------------------------------------------------------
@pytest.mark.parametrize("kernel", ["tiled", "naive"])
def test_strided_and_transposed(force, kernel):
    force(kernel=kernel)
    a, b = data((40, 50), "float32"), data((60, 50), "float32")
    A, B = wg(a), wg(b)
    check(A @ B.mT, a, b.T)  # B k-contiguous
    check(B @ A.mT, b, a.T)
    check(A.mT @ A, a.T, a)  # A m-contiguous
    check(A[::-1, ::2] @ B[::3, ::-2].mT, a[::-1, ::2], b[::3, ::-2].T)  # negative steps, offsets
    check(A[5:, 1:].mT @ B[3:38, 7:], a[5:, 1:].T, b[3:38, 7:])


def test_batched_views(force):
    a, b = data((3, 4, 20, 18), "float32"), data((4, 18, 22), "float32")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    check(A[:, ::2] @ B[::2], a[:, ::2], b[::2])
    perm = xp.permute_dims(A, (1, 0, 3, 2))  # batch dims swapped: not coalescible
    check(perm @ A[0, 0], np.transpose(a, (1, 0, 3, 2)), a[0, 0])
    one = data((1, 18, 22), "float32")
    check(A @ wg(one), a, one)  # size-1 batch broadcasts
    force(kernel="naive")
    check(perm @ A[0, 0], np.transpose(a, (1, 0, 3, 2)), a[0, 0])


# -- empty and degenerate --------------------------------------------------------------------------------
@pytest.mark.parametrize("shapes", [((3, 0), (0, 4)), ((0,), (0,)), ((2, 0, 5), (5, 3)), ((0, 2, 3), (3, 4)),
                                    ((4, 3), (3, 0)), ((1, 2, 0), (3, 0, 6))], ids=str)
def test_empty(shapes):
    for dtype in ("float32", "int8", "complex128"):
        a, b = data(shapes[0], dtype), data(shapes[1], dtype)
        assert_same(wg(a) @ wg(b), a @ b)


def test_bool_matmul_is_numpys():
    a, b = data((20, 30), "bool"), data((30, 17), "bool")
    assert_same(wg(a) @ wg(b), a @ b)
    assert_same(xp.matmul(wg(a[0]), wg(b)), a[0] @ b)


def test_special_values():
    a = data((20, 20), "float64")
    b = data((20, 20), "float64")
    a[3, 5] = np.nan
    a[7, 2] = np.inf
    b[2, 9] = 0.0
    got = host(wg(a) @ wg(b))
    with np.errstate(invalid="ignore"):
        exp = a @ b
    assert np.array_equal(np.isnan(got), np.isnan(exp)) and np.array_equal(np.isinf(got), np.isinf(exp))
    finite = np.isfinite(exp)
    assert np.allclose(got[finite], exp[finite])


# -- errors -------------------------------------------------------------------------------------------------
def test_errors():
    with pytest.raises(ValueError, match="0-d"):
        xp.matmul(wg(np.float32(1)), wg(np.ones((2, 2), np.float32)))
    with pytest.raises(ValueError, match=r"\(2, 3\) and \(4, 5\)"):
        wg(np.ones((2, 3))) @ wg(np.ones((4, 5)))
    with pytest.raises(ValueError, match=r"\(3,\) and \(4,\)"):
        xp.matmul(wg(np.ones(3)), wg(np.ones(4)))
    with pytest.raises(ValueError, match=r"\(2, 2, 3\) and \(3, 3, 1\)"):
        xp.matmul(wg(np.ones((2, 2, 3))), wg(np.ones((3, 3, 1))))
    with pytest.raises(TypeError):
        wg(np.ones((2, 2))) @ 2.0
    with pytest.raises(TypeError):
        xp.matmul("ab", wg(np.ones((1, 1))))
    with pytest.raises(ValueError, match="0-d"):
        xp.matmul(2.0, wg(np.ones((1, 1))))
    check(xp.matmul([[1.0, 2.0]], wg(np.ones((2, 1)))), np.array([[1.0, 2.0]]), np.ones((2, 1)))


# -- operators -------------------------------------------------------------------------------------------------
def test_operators_with_numpy():
    a, b = data((5, 4), "float64"), data((4, 5), "float64")
    check(a @ wg(b), a, b)  # NumPy defers to __rmatmul__
    check(wg(a) @ b, a, b)
    x = wg(a @ b)
    x @= wg(np.eye(5))
    check(x, a @ b, np.eye(5))
    y = wg(np.ones((3, 3), np.int32))
    with pytest.raises(TypeError, match="in-place matmul"):
        y @= wg(np.ones((3, 3), np.float32))
    with pytest.raises(ValueError, match="in-place matmul"):
        y @= wg(np.ones((3, 2), np.int32))


# -- matrix_transpose ------------------------------------------------------------------------------------------
def test_matrix_transpose_is_a_view():
    a = data((2, 3, 4), "int16")
    x = wg(a)
    t = xp.matrix_transpose(x)
    assert_same(t, np.swapaxes(a, -1, -2))
    assert t._storage is x._storage
    with pytest.raises(ValueError, match="2 dimensions"):
        xp.matrix_transpose(wg(a[0, 0]))


# -- tensordot -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shapes,axes", [
    (((3, 4), (5, 2)), 0), (((3, 4, 5), (5, 6)), 1), (((3, 4, 5), (4, 5, 2)), 2),
    (((3, 4, 5), (4, 3, 2)), ([1, 0], [0, 1])), (((3, 4, 5), (5, 4, 3)), ([-1], [-3])),
    (((3, 4, 5), (4, 5, 3)), ((2, 0), (1, 2))), (((3, 4), (2,)), ([], [])), (((3, 4), (4, 3)), (1, 0)),
], ids=str)
def test_tensordot(shapes, axes):
    a, b = data(shapes[0], "float32"), data(shapes[1], "float32")
    check(xp.tensordot(wg(a), wg(b), axes=axes), a, b, lambda x, y: np.tensordot(x, y, axes=axes))


def test_tensordot_dtypes_and_views():
    a, b = data((6, 5, 4), "int8", True), data((5, 4, 3), "uint16", True)
    A, B = wg(a), wg(b)
    assert_same(xp.tensordot(A, B), np.tensordot(a, b))
    # contracted axes that are not adjacent in memory need a copy before the reshape
    assert_same(xp.tensordot(A.mT, B, axes=([2, 1], [0, 1])), np.tensordot(np.swapaxes(a, 1, 2), b, axes=([2, 1], [0, 1])))
    c = data((4, 5), "complex64")
    check(xp.tensordot(wg(c), wg(c), axes=([0, 1], [0, 1])), c, c, lambda x, y: np.tensordot(x, y, axes=2))


def test_tensordot_errors():
    a, b = wg(np.ones((3, 4))), wg(np.ones((4, 5)))
    with pytest.raises(ValueError, match="shape mismatch"):
        xp.tensordot(a, b, axes=([0], [0]))
    with pytest.raises(ValueError, match="nonnegative"):
        xp.tensordot(a, b, axes=-1)
    with pytest.raises(ValueError, match="cannot contract"):
        xp.tensordot(a, b, axes=3)
    with pytest.raises(ValueError, match="different lengths"):
        xp.tensordot(a, b, axes=([1, 0], [0]))
    with pytest.raises(ValueError, match="repeated"):
        xp.tensordot(a, b, axes=([1, 1], [0, 0]))


# -- vecdot ------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int8", "uint32", "float32", "complex64", "complex128"])
def test_vecdot(dtype):
    a, b = data((3, 1, 7), dtype, True), data((4, 7), dtype, True)
    exp = np.vecdot(a, b)
    if exp.dtype.kind in "fc":
        assert np.allclose(host(xp.vecdot(wg(a), wg(b))), exp, rtol=1e-5, atol=1e-5)
    else:
        assert_same(xp.vecdot(wg(a), wg(b)), exp)
    c = data((7, 3), dtype, True)
    got, exp = xp.vecdot(wg(c), wg(a[:, 0].T), axis=-2), np.vecdot(c, a[:, 0].T, axis=-2)
    if exp.dtype.kind in "fc":
        assert np.allclose(host(got), exp, rtol=1e-5, atol=1e-5)
    else:
        assert_same(got, exp)


def test_vecdot_conjugates_x1():
    x1, x2 = np.array([1j, 2j, 3j]), np.array([1, 2j, 3])
    assert complex(xp.vecdot(wg(x1), wg(x2))) == pytest.approx(4 - 10j)
    assert complex(xp.vecdot(wg(x2), wg(x1))) == pytest.approx(4 + 10j)


def test_vecdot_errors():
    with pytest.raises(ValueError, match="axis"):
        xp.vecdot(wg(np.ones((2, 3))), wg(np.ones((2, 4))))
    with pytest.raises(ValueError, match=r"\(2, 3\) and \(4, 3\)"):
        xp.vecdot(wg(np.ones((2, 3))), wg(np.ones((4, 3))))
    with pytest.raises(ValueError, match="at least 1 dimension"):
        xp.vecdot(wg(np.float32(1)), wg(np.ones(3, np.float32)))


# -- fuzzing: shapes, broadcasting, 1-D promotion, transposed and reversed views ------------------------------------
@st.composite
def operands(draw):
    m, k, n = (draw(st.sampled_from([1, 2, 5, 16, 17, 33])) for _ in range(3))
    batch = draw(st.lists(st.sampled_from([1, 2, 3]), max_size=2))
    b1 = [draw(st.sampled_from([1, d])) for d in batch]
    b2 = [draw(st.sampled_from([1, d])) for d in batch][draw(st.integers(0, len(batch))):]
    s1 = (k,) if draw(st.integers(0, 4)) == 0 else (*b1, m, k)
    s2 = (k,) if draw(st.integers(0, 4)) == 0 else (*b2, k, n)
    return s1, s2, draw(st.booleans()), draw(st.booleans()), draw(st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(operands(), st.sampled_from(["float32", "int32"]))
def test_fuzz(case, dtype):
    s1, s2, t1, t2, flip = case

    def make(shape, transposed):
        host_ = data(shape, dtype)
        if transposed and len(shape) >= 2:  # upload the transpose, matmul its transposed view
            x = wg(np.ascontiguousarray(np.swapaxes(host_, -1, -2))).mT
        else:
            x = wg(host_)
        if flip:  # negative strides on the last axis
            host_, x = host_[..., ::-1], x[..., ::-1]
        return host_, x

    (a, x), (b, y) = make(s1, t1), make(s2, t2)
    check(x @ y, a, b)
