"""The matmul engine's kernels for the hard shapes, each forced in turn on small sizes so that lavapipe
checks the code that large products run on a GPU: the dot kernel (lanes striding K: matrix @ vector),
the naive kernel with K-chunks outermost (vector @ matrix), split-K slices of the tiled kernel (the last
slice shorter), the float64 and small-matrix tilings. Every dtype (complex, integer, bool), batches with
broadcast batch dims, transposed and strided operands, K = 0 and sizes that are not multiples of the tiles,
differentially against NumPy; and the planner's choices for the benchmark's shapes."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from wgarray._engines import matmul as core
from wgarray._engines.matmul_source import LANES

from conftest import ALL_DTYPES, assert_same, wg
from test_matmul import check, data



# -- the dot kernel ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dot_kernel_every_dtype(force, dtype):
    force(kernel="dot")
    a, v = data((2, 5, 300), dtype, True), data((300,), dtype, True)
    check(xp.matmul(wg(a), wg(v)), a, v)  # matrix @ vector, batched; K not a multiple of 4 * LANES
    b = data((3, 300, 4), dtype, True)
    check(xp.matmul(wg(v), wg(b)), v, b)  # vector @ matrix through the same kernel (strided B)
    force(kernel="dot", chunk=100)  # several chunks, the last shorter, summed afterwards
    check(xp.matmul(wg(a), wg(v)), a, v)


def test_dot_kernel_views_and_conjugation(force):
    force(kernel="dot")
    a, b = data((40, 200), "complex64"), data((200, 3), "complex128")
    A, B = wg(a), wg(b)
    check(A[::-3, 1:] @ B[1:, ::-1], a[::-3, 1:], b[1:, ::-1])  # negative strides, offsets
    check(A.mT[:, :5].mT @ B[:, 0], a[:5], b[:, 0])
    x1, x2 = data((4, 1, 150), "complex128"), data((3, 150), "complex128")
    got = xp.vecdot(wg(x1), wg(x2))  # conjugates x1
    assert np.allclose(np.asarray(got), np.vecdot(x1, x2), rtol=1e-12)
    y1, y2 = data((6, 130), "bool"), data((130,), "bool")
    assert_same(xp.matmul(wg(y1), wg(y2)), y1 @ y2)  # OR of ANDs across lanes


# -- the naive kernel, K-chunks outermost --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "uint64", "float32", "float64", "complex64", "bool"])
def test_naive_kernel_chunks(force, dtype):
    force(kernel="naive", chunk=37)
    v, b = data((150,), dtype, True), data((2, 150, 7), dtype, True)
    check(xp.matmul(wg(v), wg(b)), v, b)
    a = data((3, 150), dtype, True)
    check(wg(a).mT.mT @ wg(b[0]), a, b[0])


# -- split-K ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "int32", "uint8", "int64", "bool"])
def test_split_k(force, dtype):
    force(kernel="tiled", split=5)  # K = 203: slices of 41 terms, the last of 39
    a, b = data((2, 1, 20, 203), dtype, True), data((3, 203, 18), dtype, True)
    check(wg(a) @ wg(b), a, b)
    check(wg(b).mT @ wg(a).mT, np.swapaxes(b, -1, -2), np.swapaxes(a, -1, -2))  # transposed operands


def test_split_k_more_slices_than_needed(force):
    for split in (7, 12, 40):  # K = 12: slices of 2 (6 of them), of 1, and more slices asked than terms
        force(kernel="tiled", split=split)
        a, b = data((17, 12), "float32"), data((12, 33), "float32")
        check(wg(a) @ wg(b), a, b)


def test_default_split_k():
    """A 64 x 2048 @ 2048 x 64 product has one 64 x 64 tile: the planner splits K."""
    a, b = data((64, 2048), "float32"), data((2048, 64), "float32")
    assert core._k_slices(core.MID, 1, 2048, 64 * 64 * 4, xp.get_device()) == 8
    check(wg(a) @ wg(b), a, b)


# -- tilings ---------------------------------------------------------------------------------------------------------
# vec4 tilings take float32 and 32-bit integers only (the planner never gives them others)
@pytest.mark.parametrize("tiling, dtype", [
    (tiling, dtype) for tiling in ("F64_BIG", "F64_MID", "SMALL")
    for dtype in ("float64", "float32", "complex128", "int16", "bool")
    if not (getattr(core, tiling).vec and dtype in ("complex128", "int16", "bool"))])
def test_tilings_edges(force, tiling, dtype):
    cfg = getattr(core, tiling)
    force(kernel="tiled", tiling=cfg)
    for m, k, n in [(1, 1, 1), (17, 3, 129), (129, 65, 17), (33, 40, 70)]:
        a, b = data((m, k), dtype, True), data((k, n), dtype, True)
        check(wg(a) @ wg(b), a, b)
    a, b = data((3, 1, 20, 9), dtype, True), data((2, 9, 30), dtype, True)  # broadcast batch dims
    check(wg(a) @ wg(b), a, b)
    check(wg(b).mT[:, ::2] @ wg(a[0, 0]).mT[::-1], np.swapaxes(b, -1, -2)[:, ::2], a[0, 0].T[::-1])


@pytest.mark.parametrize("tiling", ["F64_WIDE", "F64_BIG", "F64_MID", "GENERIC", "SMALL"])
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_forced_tilings_fit_the_workgroup_memory(force, tiling, dtype):
    """wgpu does not check a kernel's workgroup memory against the device's limit, and a kernel
    past it hangs an NVIDIA GPU: a forced tiling is fitted as the planner's own choices are."""
    force(kernel="tiled", tiling=getattr(core, tiling))
    a, b = wg(data((40, 24), dtype)), wg(data((24, 36), dtype))
    plan = core._plan_or_run(a._data(), b._data(), False)
    limit = xp.get_device().limits["max-compute-workgroup-storage-size"]
    assert plan.kernel_key[1].smem_bytes(np.dtype(dtype).itemsize) <= limit
    check(a @ b, np.asarray(a), np.asarray(b))


def test_batches_of_small_matrices():
    for n in (4, 16, 24, 32):
        a, b = data((50, n, n), "float32"), data((50, n, n), "float32")
        check(wg(a) @ wg(b), a, b)
    a, b = data((7, 32, 32), "complex128"), data((32, 32), "complex128")
    check(wg(a) @ wg(b), a, b)


# -- K = 0 and empty through every kernel -------------------------------------------------------------------------------
@pytest.mark.parametrize("kernel", ["tiled", "naive", "dot"])
def test_k_zero(force, kernel):
    force(kernel=kernel)
    for dtype in ("float64", "int8", "complex64", "bool"):
        a, b = data((3, 20, 0), dtype), data((0, 17), dtype)
        assert_same(wg(a) @ wg(b), a @ b)
        assert_same(xp.matmul(wg(a[0, 0]), wg(b[:, :0])), a[0, 0] @ b[:, :0])


# -- the planner's choices --------------------------------------------------------------------------------------------
def _plan(sa, sb, dtype="float32"):
    """The kernel (and tiling) product() picks for operands of these shapes."""
    a, b = wg(np.zeros(sa, dtype)), wg(np.zeros(sb, dtype))
    av, bv = a._view, b._view
    if len(sb) == 1:
        bv = b[:, None]._view
    if len(sa) == 1:
        av = a[None, :]._view
    (M, K), N = av.shape[-2:], bv.shape[-1]
    if M >= 16 and N >= 16:
        batch = int(np.prod(np.broadcast_shapes(sa[:-2], sb[:-2])))
        return "tiled", core._choose_tiling(np.dtype(dtype), batch, M, N, K, xp.get_device())
    return core._skinny_kernel(M, N, K, av, bv, np.dtype(dtype), np.dtype(dtype), ()), None


def test_plans_for_the_hard_shapes():
    assert _plan((8192, 8192), (8192,))[0] == "dot"  # matrix @ vector: rows contiguous along K
    assert _plan((8192,), (8192, 8192))[0] == "gevm"  # float32 vector @ matrix: rows of B in vec4 words
    assert _plan((8192,), (8192, 8192), "float64")[0] == "naive"  # columns contiguous along N
    assert _plan((8192,), (8192, 8190))[0] == "naive"  # rows of B not in whole vec4 words
    assert _plan((4, 4 * LANES), (4 * LANES,))[0] == "dot"
    assert _plan((4, 20), (20,))[0] == "naive"  # too short for lanes
    limit = xp.get_device().limits.get("max-compute-workgroup-storage-size", 16384)
    wide = core.F64_WIDE.smem_bytes(8) <= limit  # (an H100's 48 KiB: 128 x 128; lavapipe's 32 KiB: 128 x 64)
    assert _plan((2048, 2048), (2048, 2048), "float64")[1] == (core.F64_WIDE if wide else core.F64_BIG)
    assert _plan((65536, 64), (64, 64))[1] == core.TALL  # half of each 128 x 128 tile would idle
    assert _plan((65536, 256), (256, 48))[1] == core.TALL
    assert _plan((256, 256), (256, 64))[1] == core.MID  # too few 128 x 64 tiles to fill the GPU
    assert _plan((64, 64), (64, 65536))[1] == core.MID
    assert _plan((4096, 4096), (4096, 4096))[1] == core.BIG
    assert _plan((300, 32, 32), (300, 32, 32))[1] == core.SMALL
    assert _plan((256, 65536), (65536, 256))[1] == core.BIG  # split-K: 4 tiles, K-slices of 1024 terms
    assert core._k_slices(core.BIG, 4, 65536, 256 * 256 * 4, xp.get_device()) == 64  # split-K: 256 groups
    assert _plan((256, 4096), (4096, 256))[1] == core.MID_DEEP  # too short a K to fill the GPU with 128 x 128 tiles
    assert _plan((64, 65536), (65536, 64))[1] == core.MID_DEEP  # X^T X: one tile, split-K
    assert _plan((64, 400), (400, 64))[1] == core.MID  # too short a K to split
    assert core._k_slices(core.BIG, 1024, 4096, 4096 * 4096 * 4, xp.get_device()) == 1


def test_a_tiling_of_other_than_one_workgroup_of_invocations_is_refused(force):
    # the fetches and the grid count a workgroup's invocations: a 16 x 8 tiling would leave half
    # of each tile's slices unfetched and write past its tile (wrong results on an H100)
    force(kernel="tiled", tiling=core.Tiling(16, 8, 8, 8, 8, True, True, True))
    a = data((64, 64), "float32")
    with pytest.raises(ValueError, match="workgroup"):
        wg(a) @ wg(a)
