"""The tiled kernel's exact tiles (every tile full, whole k-slices: no bounds checks, vec4 result stores) and
float32 reads in vec4 words (operands contiguous along the fetched axis, 4-aligned): where the planner proves
them, where it must not (ragged sizes, odd offsets and strides, other dtypes), and each forced on lavapipe,
differentially against NumPy."""

from __future__ import annotations

import dataclasses
import types

import numpy as np
import pytest

import wgarray as xp
from wgarray._engines import matmul as core
from wgarray._engines.matmul_source import ANY, Access

from conftest import wg
from test_matmul import check, data


def access_of(a, b):
    """The Access product() planned for these operands (from its plan cache)."""
    plan = core._plans(xp.get_device()).get((a._data().dtype, b._data().dtype, a._view, b._view, False))
    assert plan is not None, "no plan cached for these operands"
    return plan.kernel_key[-1]


QUADS = Access(True, True, True)  # an odd number of k-slices: the loop's second slice behind a branch
EVEN = Access(True, True, True, even=True)  # an even number: no branch


@pytest.mark.parametrize("transpose_a, transpose_b", [(False, False), (True, False), (False, True), (True, True)])
def test_exact_quads_both_orientations(transpose_a, transpose_b):
    """A read four k (row-major) or four m (a transposed view) a word, B four n or four k."""
    a, b = data((3, 128, 192), "float32"), data((3, 192, 64), "float32")
    A = wg(np.ascontiguousarray(a.mT)).mT if transpose_a else wg(a)
    B = wg(np.ascontiguousarray(b.mT)).mT if transpose_b else wg(b)
    check(A @ B, a, b)
    assert access_of(A, B) == EVEN  # K = 192: 24 k-slices


def test_einsum_batched_product_reads_quads():
    a, b = data((4, 64, 128), "float32"), data((4, 128, 64), "float32")
    A, B = wg(a), wg(b)
    got = xp.einsum("bij,bjk->bik", A, B)
    check(got, a, b)
    assert access_of(A, B) == EVEN


@pytest.mark.parametrize("shape_a, shape_b", [((130, 64), (64, 64)),  # M not a multiple of the tile
                                              ((64, 64), (64, 80)),  # N
                                              ((64, 60), (60, 64))])  # K not a multiple of BK
def test_ragged_sizes_are_checked(shape_a, shape_b):
    a, b = data(shape_a, "float32"), data(shape_b, "float32")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert access_of(A, B) == ANY


def test_unaligned_views_read_elements():
    """Full tiles, but a stride or an offset that is not a multiple of 4: checked element reads."""
    a, b = data((65, 66), "float32"), data((66, 130), "float32")
    A, B = wg(a), wg(b)
    x, y = A[1:, 2:], B[2:, 1:129]  # A's stride 66; B's offset 261
    check(x @ y, a[1:, 2:], b[2:, 1:129])
    assert access_of(x, y) == ANY
    x2, y2 = A[1:, :64], B[2:, :64]  # A's offset 66, B's stride 130
    check(x2 @ y2, a[1:, :64], b[2:, :64])
    assert access_of(x2, y2) == ANY
    x3, y3 = wg(a[1:, :64].copy()), B[:64, :64]  # B's stride 130 only
    check(x3 @ y3, a[1:, :64], b[:64, :64])
    assert access_of(x3, y3) == ANY


def test_broadcast_batch_and_offsets():
    a, b = data((2, 1, 64, 64), "float32"), data((3, 68, 64), "float32")
    A, B = wg(a), wg(b)
    y = B[:, 4:]  # offset 256, batch stride 4352
    check(A @ y, a, b[:, 4:])
    assert access_of(A, y) == EVEN


@pytest.mark.parametrize("dtype", ["complex64", "complex128", "int32", "int64", "uint8", "bool", "float16"])
def test_exact_tiles_other_dtypes(force, dtype):
    """Other types keep checked element reads where planned; exact tiles with element reads, forced, for
    every type."""
    a, b = data((2, 64, 128), dtype), data((2, 128, 64), dtype)
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert access_of(A, B) == ANY
    force(kernel="tiled", access=Access(True, False, False))
    check(A @ B, a, b)
    check(A.mT.mT[:, :, 64:] @ B[:, 64:], a[:, :, 64:], b[:, 64:])  # K = 64 from offset views


@pytest.mark.parametrize("tiling", [core.BIG, core.MID, core.TALL, core.MID_DEEP, core.F64_BIG, core.SMALL],
                         ids=["BIG", "MID", "TALL", "MID_DEEP", "F64_BIG", "SMALL"])
@pytest.mark.parametrize("split", [None, 2])
def test_exact_forced_tilings_and_split_k(force, tiling, split):
    """Whole K-slices of split-K keep exact tiles (their partial products added up afterwards)."""
    a, b = data((128, 256), "float32"), data((256, 128), "float32")
    access = QUADS if tiling.vec else Access(True, False, False)
    force(kernel="tiled", tiling=tiling, access=access, **({"split": split} if split else {}))
    check(wg(a) @ wg(b), a, b)
    a2, b2 = data((80, 200), "float32"), data((200, 100), "float32")  # ragged: checked loads
    force(kernel="tiled", tiling=tiling, access=ANY, **({"split": split} if split else {}))
    check(wg(a2) @ wg(b2), a2, b2)


ELEMENTS = Access(True, False, False)  # exact tiles, element reads


@pytest.mark.parametrize("tiling, dtype, access", [(core.BIG, "float32", QUADS), (core.MID, "float32", QUADS),
                                                   (core.TALL, "float32", QUADS), (core.MID_DEEP, "float32", QUADS),
                                                   (core.F64_BIG, "float64", ELEMENTS),
                                                   (core.F64_MID, "float64", ELEMENTS)],
                         ids=["BIG", "MID", "TALL", "MID_DEEP", "F64_BIG", "F64_MID"])
@pytest.mark.parametrize("slices, split", [(1, None), (5, None), (6, 2), (12, 4)])
def test_exact_prefetch_of_the_last_slice(force, tiling, dtype, access, slices, split):
    """The exact double-buffered kernel prefetches without a branch, its last k-slice fetching itself again:
    one slice, an odd number (the loop's second half skipped) and K-slices of an odd number each."""
    K = slices * tiling.BK
    a, b = data((2, 128, K), dtype), data((2, K, 128), dtype)
    force(kernel="tiled", tiling=tiling, **({"split": split} if split else {}))
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    check(A[1:] @ B[:1], a[1:], b[:1])  # a batch offset: the re-fetched slice lies inside the operands
    assert core._product_access(tiling, 128, 128, K, K // (split or 1), np.dtype(dtype), np.dtype(dtype),
                                (A._view, (), -1), (B._view, (), -1)) == access


@pytest.mark.parametrize("K, split, even", [(16, None, True), (24, None, False), (64, 2, True),  # 4 and 4
                                           (48, 2, False),  # 3 and 3 k-slices
                                           (136, 9, False),  # 2 k-slices each, the last 1
                                           (528, 17, True),  # 4 each, the last 2
                                           (80, 2, False)])  # 5 k-slices each
def test_even_slice_counts_skip_the_branch(force, K, split, even):
    """Where every K-slice (the last, shorter one too) has an even number of k-slices, the loop runs its second
    slice without a branch; an odd count anywhere keeps the branch (a wrong proof computes a stale slice)."""
    a, b = data((2, 64, K), "float32"), data((2, K, 64), "float32")
    force(kernel="tiled", tiling=core.MID, **({"split": split} if split else {}))
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    k_len = -(-K // (split or 1))
    got = core._product_access(core.MID, 64, 64, K, k_len, np.dtype("float32"), np.dtype("float32"),
                               (A._view, (), -1), (B._view, (), -1))
    assert got == (EVEN if even else QUADS)


def test_a_wrong_proof_of_even_slices_would_show(force):
    """The test above can fail: forcing the branch-free loop on 3 k-slices computes a fourth, stale one."""
    a, b = data((64, 24), "float32"), data((24, 64), "float32")
    force(kernel="tiled", tiling=core.MID, access=EVEN)
    assert not np.allclose(np.asarray(wg(a) @ wg(b)), a @ b, rtol=1e-4)


def test_exact_special_values():
    a, b = data((64, 64), "float32"), data((64, 64), "float32")
    a[0, 0], a[1, 3], b[5, 2] = np.nan, np.inf, -np.inf
    check_special_values(a, b, EVEN, 1e-5, 1e-4)
    a2, b2 = data((64, 72), "float32"), data((72, 64), "float32")  # 9 k-slices: the branch
    a2[3, 70], b2[71, 1], b2[0, 63] = np.inf, np.nan, -np.inf
    check_special_values(a2, b2, QUADS, 1e-5, 1e-4)


def check_special_values(a, b, access, rtol, atol):
    """a @ b with NaN and infinities in it: NumPy's NaN and infinite places, the rest within
    tolerance, read the given way."""
    A, B = wg(a), wg(b)
    got = np.asarray(A @ B)
    with np.errstate(invalid="ignore"):
        exp = a @ b
    assert access_of(A, B) == access
    assert np.array_equal(np.isnan(got), np.isnan(exp)) and np.array_equal(np.isinf(got), np.isinf(exp))
    finite = np.isfinite(exp)
    assert np.allclose(got[finite], exp[finite], rtol=rtol, atol=atol)


# -- float64: exact tiles with element reads wherever the tiles are full ------------------------------------
def test_float64_full_tiles_are_exact():
    """Any strides and offsets (element reads): transposed, offset and broadcast views."""
    a, b = data((2, 64, 128), "float64"), data((2, 128, 64), "float64")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert access_of(A, B) == ELEMENTS
    At, Bt = wg(np.ascontiguousarray(a.mT)).mT, wg(np.ascontiguousarray(b.mT)).mT
    check(At @ Bt, a, b)
    assert access_of(At, Bt) == ELEMENTS
    x, y = A[:, :, 64:], B[:1, 64:]  # offsets 64 and 64 * 64, K = 64, B broadcast over the batch
    check(x @ y, a[:, :, 64:], b[:1, 64:])
    assert access_of(x, y) == ELEMENTS


@pytest.mark.parametrize("shape_a, shape_b, exact", [((70, 64), (64, 64), False),  # M not a multiple of the tile
                                                      ((64, 64), (64, 72), False),  # N
                                                      ((64, 60), (60, 64), False),  # K not a multiple of BK
                                                      ((64, 2048), (2048, 64), True),  # split-K, whole slices
                                                      ((64, 2056), (2056, 64), False)])  # K-slices of 257
def test_float64_ragged_tiles_and_slices_are_checked(shape_a, shape_b, exact):
    a, b = data(shape_a, "float64"), data(shape_b, "float64")
    A, B = wg(a), wg(b)
    check(A @ B, a, b)
    assert access_of(A, B) == (ELEMENTS if exact else ANY)


def test_float64_mixed_and_special_values():
    a, b = data((64, 64), "float64"), data((64, 64), "float64")
    a32 = a.astype("float32")
    check(wg(a32) @ wg(b), a32, b)  # float32 @ float64: checked (not measured)
    assert access_of(wg(a32), wg(b)) == ANY
    a[0, 0], a[1, 3], b[5, 2], b[7, 7] = np.nan, np.inf, -np.inf, -0.0
    check_special_values(a, b, ELEMENTS, 1e-12, 1e-12)


# -- float64 in 128 x 128 tiles where their double buffers fit ---------------------------------------------
def test_f64_wide_tiles_where_they_fit():
    roomy, tight = (types.SimpleNamespace(limits={"max-compute-workgroup-storage-size": n}) for n in (49152, 32768))
    assert core._choose_tiling(np.dtype("float64"), 1, 2048, 2048, 2048, roomy) == core.F64_WIDE
    assert core._choose_tiling(np.dtype("float64"), 1, 2048, 2048, 2048, tight) == core.F64_BIG  # lavapipe
    assert core._choose_tiling(np.dtype("float64"), 1, 256, 256, 256, roomy) == core.F64_MID  # too few tiles


@pytest.mark.parametrize("dtype", ["float64", "complex64"])
def test_f64_wide_tiling(force, dtype):
    """Its register blocks (8 x 8 scalars) single-buffered: the double buffers exceed lavapipe's memory."""
    force(kernel="tiled", tiling=dataclasses.replace(core.F64_WIDE, double=False))
    a, b = data((2, 200, 70), dtype), data((2, 70, 150), dtype)
    check(wg(a) @ wg(b), a, b)
    c, d = data((128, 64), dtype), data((64, 256), dtype)
    check(wg(c) @ wg(d), c, d)
