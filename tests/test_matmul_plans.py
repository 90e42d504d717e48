"""The matmul engine's plans: the gevm kernel (float32 vector @ matrix in vec4 words) where the planner
picks it and where it must not, and the plan cache (keyed on dtypes and views: same shapes with other
offsets, strides or dtypes get their own plan; forced plans are never cached), differentially against
NumPy on lavapipe."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from wgarray._engines import matmul as core

from conftest import assert_same, wg
from test_matmul import check, data



def kernel_of(a, b) -> str:
    """The kernel product() planned for these operands (from its plan cache)."""
    plan = core._plans(xp.get_device()).get((a._data().dtype, b._data().dtype, a._view, b._view, False))
    assert plan is not None, "no plan cached for these operands"
    return plan.kernel_key[0]


# -- the gevm kernel ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("m, k, n", [(1, 300, 40), (1, 1000, 8), (2, 700, 12), (1, 3, 4), (5, 130, 68), (15, 257, 36)])
def test_gevm_shapes(m, k, n):
    """Columns not a multiple of a workgroup's 32, K not a multiple of its 8 x 32 k-slices."""
    a, b = data((m, k), "float32"), data((k, n), "float32")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert kernel_of(A, B) == "matmul_gevm"
    check(A[0] @ B, a[0], b)  # a true vector: 1-D promotion


def test_gevm_views_and_batches():
    a, b = data((3, 1, 2, 200), "float32"), data((4, 200, 24), "float32")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)  # broadcast batch dims
    assert kernel_of(A, B) == "matmul_gevm"
    v, m = a[0, 0, 0], b[1]
    V, Mat = A[0, 0, 0], B[1]
    for rows, cols, kernel in [(np.s_[::-1], np.s_[:], "gevm"),  # negative k stride
                               (np.s_[1:], np.s_[4:], "gevm"),  # offsets of whole vec4 words
                               (np.s_[::3], np.s_[8:], "gevm"),  # a wide k stride
                               (np.s_[:], np.s_[2:], "naive"),  # rows not in whole vec4 words
                               (np.s_[:], np.s_[::2], "naive")]:  # not contiguous along N
        x, y = V[:m[rows].shape[0]], Mat[rows][:, cols]
        check(x @ y, v[:m[rows].shape[0]], m[rows][:, cols])
        assert kernel_of(x[None], y) == "matmul_" + kernel


def test_gevm_special_values_and_chunks(force):
    a, b = data((2, 512), "float32"), data((512, 16), "float32")
    a[0, 3], b[7, 5], b[9, 2] = np.nan, np.inf, -np.inf
    for chunk in (None, 100):  # 100: several K-chunks, the last shorter, summed afterwards
        force(**({"kernel": "gevm", "chunk": chunk} if chunk else {}))
        exp = a @ b
        assert np.isnan(exp[0]).all() and np.isinf(exp[1, [2, 5]]).all()
        np.testing.assert_allclose(np.asarray(wg(a) @ wg(b)), exp, rtol=1e-4, atol=1e-4)  # nan, inf where NumPy has them


@pytest.mark.parametrize("dtype", ["float64", "int32", "complex64", "bool"])
def test_vector_at_matrix_other_dtypes(dtype):
    """Only float32 takes the gevm kernel; the others keep the naive one."""
    a, b = data((3, 200), dtype), data((200, 40), dtype)
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert kernel_of(A, B) == "matmul_naive"


# -- the plan cache ----------------------------------------------------------------------------------------------------
def test_plans_keyed_on_views_and_dtypes():
    a, b = data((40, 50), "float32"), data((50, 36), "float32")
    A, B = wg(a), wg(b)
    check(A[:30] @ B, a[:30], b)
    check(A[10:] @ B, a[10:], b)  # same shapes, another offset
    check(A[:30].mT.mT @ B[::-1], a[:30], b[::-1])  # another stride
    check(xp.astype(A[:30], xp.float64) @ B, a[:30].astype(np.float64), b)  # another dtype
    ai, bi = data((30, 50), "int16"), data((50, 36), "int16")
    assert_same(wg(ai) @ wg(bi), ai @ bi)
    check(xp.vecdot(wg(a[:, :36]), wg(b[:40, :36].copy())), a[:, :36], b[:40, :36],
          op=lambda x, y: np.vecdot(x, y))


def test_forced_plans_are_not_cached(force):
    a, b = data((20, 64), "float32"), data((64, 24), "float32")
    A, B = wg(a), wg(b)
    core._plans(xp.get_device()).clear()
    force(kernel="naive", chunk=7)
    check(A @ B, a, b)
    assert not core._plans(xp.get_device())
    force()
    check(A @ B, a, b)
    assert kernel_of(A, B) == "matmul_tiled"


def test_plan_cache_starts_over_when_full(monkeypatch):
    monkeypatch.setattr(core, "MAX_PLANS", 3)
    core._plans(xp.get_device()).clear()
    b = data((30, 20), "float32")
    B = wg(b)
    for m in range(1, 8):
        a = data((m, 30), "float32")
        check(wg(a) @ B, a, b)
        assert len(core._plans(xp.get_device())) <= 3
