"""The matmul family: matmul, tensordot, vecdot and matrix_transpose lower to one batched product,
out[b] = A[b] @ B[b] with arbitrary strides, so transposes, broadcast batch dims and 1-D promotions are
views, never copies. product() plans it: which kernel (matmul_source.py), which tiling, how many
K-slices or K-chunks fill the GPU; matmul_pieces.py handles what exceeds the kernels' limits.

  big products (M, N >= 16)       tiled kernel; f32 128 x 128 tiles where they fill the GPU and waste
                                  little, 128 x 64 for tall results of at most 64 columns, else 64 x 64
                                  (16-deep slices where split-K); float64 its own scalar unrolled
                                  tilings; 32 x 32 tiles for small matrices; few tiles and a long K
                                  split into K-slices (split-K);
                                  full tiles of float64, and of float32 operands contiguous along the
                                  fetched axis (read in vec4 words), without bounds checks (_product_access)
  skinny, operand K-contiguous    dot kernel: a group of lanes per output (matrix @ vector, dot)
  skinny, operand M/N-contiguous  naive kernel: consecutive invocations on consecutive outputs
                                  (vector @ matrix), a long K cut into chunks; for float32 with B
                                  in rows of vec4 words, the gevm kernel (one pass)
The plan depends on the operands' dtypes and views only, and is cached: a loop of products of one
shape spends its host time on the dispatch, not on planning it again.
"""

from __future__ import annotations

import dataclasses
import functools
import math

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, PARAM_WINDOW
from .._core.device import per_device
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.view import TensorView, broadcast_shapes, coalesce
from .fold import fold
from .folds import sum_fold
from .map import MapOp, launch_map
from .matmul_pieces import MAX_K, product_by_segments, product_in_pieces
from .matmul_source import (ANY, BIG, F64_BIG, F64_MID, F64_WIDE, GENERIC, GEVM_QUADS, GEVM_SLICES, LANES, MID, MID32, SMALL,
                            MID_DEEP, TALL, THREADS, Access, Tiling, acc_dtype, dot_source, gevm_source, naive_source, skinny_params, tiled_params, tiled_source)

__all__ = ["product", "Tiling", "BIG", "MID", "MID_DEEP", "TALL", "MID32", "GENERIC", "F64_WIDE", "F64_BIG", "F64_MID", "SMALL", "MAX_K"]

_FORCE: dict = {}  # tests force a plan: {"kernel": "tiled" | "naive" | "dot" | "gevm", "tiling": Tiling, "chunk": int,
#                                         "split": int (K-slices of the tiled kernel), "access": Access}

# How much parallel work fills a large GPU (an H100 holds 132 x 2048 invocations): the skinny
# kernels cut K into chunks until they have TARGET_ITEMS invocations, the tiled kernel into slices
# until it has TARGET_GROUPS workgroups. Each chunk or slice keeps at least MIN_K terms.
TARGET_ITEMS = 1 << 17
TARGET_GROUPS = 256
MIN_K = 256
GEVM_MIN_CHUNK = 1024
BIG_SLICE = 1024  # K-slices of large tiles keep at least this many terms


def _padded(cfg: Tiling, M: int, N: int) -> int:
    return -(-M // cfg.BM) * cfg.BM * -(-N // cfg.BN) * cfg.BN


def _worth_big(cfg: Tiling, batch: int, M: int, N: int, K: int) -> bool:
    """Large tiles pay where there are enough of them to fill the GPU and they waste little more
    than 64 x 64 tiles at the edges (a 65536 x 64 result would leave half of 128 x 128 tiles idle).
    A long K counts as more tiles: split-K cuts it into slices (256 x 256 @ K = 65536 took 0.30 ms
    on an H100 in 128 x 128 tiles and 64 slices, 0.48 ms in 64 x 64 tiles and 16 slices)."""
    tiles = batch * -(-M // cfg.BM) * -(-N // cfg.BN) * max(1, K // BIG_SLICE)
    return tiles >= 128 and _padded(cfg, M, N) <= 1.1 * _padded(MID, M, N)


def _choose_tiling(acc, batch: int, M: int, N: int, K: int, device) -> Tiling:
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    if M <= 32 and N <= 32:
        cfg = SMALL
    elif acc == dt.float32:
        # Tall results of at most 64 columns (X @ W with a narrow W): 128 x 64 tiles, two rows of 4 x 4
        # blocks an invocation. H100, 65536 x K @ K x 64 (K = 64, 256, 512): 32, 78, 147 us a kernel, not 41, 127, 238.
        cfg = BIG if _worth_big(BIG, batch, M, N, K) else TALL if N <= TALL.BN and _worth_big(TALL, batch, M, N, K) else MID
        # Few 64 x 64 tiles and a long K (split-K: X^T X of a tall X) take 16-deep slices, half the
        # barriers per term. H100, X^T X of 65536 x 128, 16384 x 256: 120 -> 96, 102 -> 88 us (kernel and fold).
        if cfg == MID and batch * -(-M // MID.BM) * -(-N // MID.BN) < TARGET_GROUPS and K >= 2 * MIN_K:
            cfg = MID_DEEP
    elif acc == dt.float64:
        cfg = F64_BIG if _worth_big(F64_BIG, batch, M, N, K) else F64_MID
        if cfg == F64_BIG and F64_WIDE.smem_bytes(8) <= limit and _worth_big(F64_WIDE, batch, M, N, K):
            cfg = F64_WIDE  # only double-buffered (the fallbacks below were not measured against F64_BIG)
    elif dt.layout(acc).storage in ("i32", "u32"):
        cfg = MID32
    else:
        cfg = GENERIC
    return _fitted(cfg, acc, device)


def _fitted(cfg: Tiling, acc, device) -> Tiling:
    """cfg within the device's workgroup memory: single-buffered, then half as deep. wgpu does not
    check the limit, and a kernel past it hangs an NVIDIA GPU (lavapipe runs it)."""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    if cfg.smem_bytes(acc.itemsize) > limit:
        cfg = dataclasses.replace(cfg, double=False)
    while cfg.smem_bytes(acc.itemsize) > limit and cfg.BK > 1:
        cfg = dataclasses.replace(cfg, BK=cfg.BK // 2)
    return cfg


def _k_slices(cfg: Tiling, tiles: int, K: int, out_bytes: int, device) -> int:
    """How many slices the tiled kernel cuts K into: enough workgroups to fill the GPU when the result
    has few tiles (split-K), and never a slice whose loop runs more than MAX_LOOP k-steps; the
    partial results must fit in half a buffer segment."""
    wanted = min(-(-TARGET_GROUPS // tiles), K // MIN_K) if tiles < TARGET_GROUPS else 1
    needed = -(-K // (MAX_LOOP * cfg.BK))
    room = max(1, pool_for(device).segment_bytes // 2 // max(1, out_bytes))
    split = max(needed, min(wanted, room), 1)
    return -(-K // -(-K // split))  # slices of equal length but the last


def _skinny_chunk(outputs: int, K: int, per_output: int, min_chunk: int, max_chunk: int) -> int:
    """K-chunk length of a skinny kernel with `per_output` invocations per output and chunk: enough
    chunks for TARGET_ITEMS invocations, chunks of at least min_chunk terms, at most max_chunk."""
    if outputs * per_output >= TARGET_ITEMS:
        return min(K, max_chunk)
    chunks = -(-TARGET_ITEMS // (outputs * per_output))
    return min(max(min_chunk, -(-K // chunks)), max_chunk)


def _skinny_kernel(M: int, N: int, K: int, av: TensorView, bv: TensorView, a_dtype, b_dtype, b_batch_strides) -> str:
    """"dot" when the operand read most (A for matrix @ vector, B for vector @ matrix) runs contiguously
    along K, so that lanes striding K coalesce; "gevm" for float32 vector @ matrix whose B is read in
    vec4 words (rows contiguous along N, every offset and stride a multiple of 4); "naive" otherwise."""
    if N > M and a_dtype == b_dtype == dt.float32 and bv.strides[-1] == 1 and \
            all(x % 4 == 0 for x in (N, bv.offset, bv.strides[-2], *b_batch_strides)):
        return "gevm"
    k_stride = av.strides[-1] if N <= M else bv.strides[-2]
    return "dot" if k_stride == 1 and K >= 4 * LANES else "naive"


def _gevm_chunk(groups: int, K: int) -> int:
    """K-chunk length of the gevm kernel: one chunk where the columns give TARGET_GROUPS workgroups,
    else enough chunks (of at least GEVM_MIN_CHUNK terms) for that many."""
    chunks = -(-TARGET_GROUPS // groups)
    return min(max(GEVM_MIN_CHUNK, -(-K // chunks)), MAX_LOOP * GEVM_SLICES)


def _quads(view: TensorView, batch_strides, fast_axis: int) -> bool:
    """Whether a matrix view (and its batch) can be read in aligned vec4 words along fast_axis (-1 or -2)."""
    other = view.strides[-1 if fast_axis == -2 else -2]
    return view.strides[fast_axis] == 1 and all(x % 4 == 0 for x in (view.offset, other, *batch_strides))


def _whole_tiles(cfg: Tiling, M: int, N: int, K: int, k_len: int) -> bool:
    """Every tile full and every K-slice (k_len terms) a whole number of k-slices."""
    return not (M % cfg.BM or N % cfg.BN or K % cfg.BK or k_len % cfg.BK)


def _access(cfg: Tiling, M: int, N: int, K: int, k_len: int, a_dtype, b_dtype, a_read, b_read) -> Access:
    """What the tiled kernel may assume: for float32 operands both contiguous along the axis the kernel
    fetches fastest (a_read, b_read: (view, batch strides, that axis)), full tiles and whole k-slices,
    vec4 reads and no bounds checks (and no branch in the loop where every K-slice, the last one too, has
    an even number of k-slices). Float32 exact tiles alone, with element reads, were slower on an
    H100 (64 x 512^2 @ 512^2: 0.75 ms, 0.59 ms checked, 0.46 ms in vec4 words)."""
    if not _whole_tiles(cfg, M, N, K, k_len) or not cfg.vec or \
            not a_dtype == b_dtype == dt.float32 or not (_quads(*a_read) and _quads(*b_read)):
        return ANY
    last = K - (-(-K // k_len) - 1) * k_len  # the last K-slice's terms (split-K: maybe fewer)
    return Access(True, True, True, even=k_len // cfg.BK % 2 == 0 and last // cfg.BK % 2 == 0)


def _product_access(cfg: Tiling, M: int, N: int, K: int, k_len: int, a_dtype, b_dtype, a_read, b_read) -> Access:
    """_access, and exact tiles with element reads for float64 operands of any views: since the exact
    prefetch has no branch they pay (H100, 2048^2: 0.90-0.92 ms, 1.04 checked; 128 x 64 tiles 1.12-1.13,
    1.24 checked). Not for the update variant, nor other types: not measured."""
    if a_dtype == b_dtype == dt.float64 and _whole_tiles(cfg, M, N, K, k_len):
        return Access(True, False, False)
    return _access(cfg, M, N, K, k_len, a_dtype, b_dtype, a_read, b_read)


@dataclasses.dataclass(frozen=True)
class Plan:
    """One product's dispatch as product() decides it from the operands' dtypes and views."""

    kernel_key: tuple
    source: object  # () -> the kernel's WGSL
    params: bytes
    invocations: int
    parts: int  # K-chunks or K-slices whose partial products are added up afterwards
    out_shape: tuple
    acc: object  # the dtype the kernel accumulates and writes
    result: object


MAX_PLANS = 1024  # cached plans per device (the cache starts over when full)
_plans = per_device(lambda device: {})


def product(a: BufferOperand, b: BufferOperand, *, conj: bool = False) -> BufferOperand:
    """a (..., M, K) @ b (..., K, N) with broadcast batch dims, in the promoted dtype."""
    device = a.device
    if b.device is not device:
        raise ValueError(f"matmul operands are on different devices ({device} and {b.device})")
    plans = _plans(device)
    key = (a.dtype, b.dtype, a.view, b.view, conj)
    plan = None if _FORCE else plans.get(key)
    if plan is None or a.storage.segments is not None or b.storage.segments is not None:
        plan = _plan_or_run(a, b, conj)
        if not isinstance(plan, Plan):
            return plan  # an empty product, K = 0, or work in pieces: done
        if not _FORCE:
            if len(plans) >= MAX_PLANS:
                plans.clear()
            plans[key] = plan
    out = allocate(device, (plan.parts, *plan.out_shape), plan.acc)
    launch_kernel(device, plan.kernel_key, plan.source, [out.storage, a.storage, b.storage], plan.params,
                  plan.invocations)
    if plan.parts > 1:
        out = fold(sum_fold(plan.acc), out, (0,))
    else:
        out = out.with_view(TensorView.contiguous(plan.out_shape))
    if plan.acc == plan.result:
        return out
    cast_out = allocate(device, plan.out_shape, plan.result)
    launch_map(device, MapOp("copy", "a0", (plan.acc,), plan.acc), cast_out.storage, cast_out.view, plan.result,
               [out], fresh=True)
    return cast_out


def _plan_or_run(a: BufferOperand, b: BufferOperand, conj: bool):
    """The product's Plan, or its result where it needs none (empty, K = 0) or runs in pieces."""
    device = a.device
    result = dt.promote(a.dtype, b.dtype, device)
    logical = dt.kind(result) == "bool"
    acc = acc_dtype(result)
    *_, M, K = a.shape
    N = b.shape[-1]
    batch_shape = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    out_shape = (*batch_shape, M, N)
    if math.prod(out_shape) == 0:
        return allocate(device, out_shape, result)
    if K == 0:
        out = allocate(device, out_shape, result)
        launch_map(device, MapOp("fill", "a0", (result,), result), out.storage, out.view, result,
                   [ScalarOperand(0, result)], fresh=True)
        return out
    if a.storage.segments is not None or b.storage.segments is not None or \
            math.prod(out_shape) * acc.itemsize > pool_for(device).segment_bytes // 2:
        return product_by_segments(product, a, b, conj, result, batch_shape, acc)
    if K >= MAX_K:
        return product_in_pieces(product, a, b, conj, result)
    av = a.view.broadcast_to((*batch_shape, M, K))
    bv = b.view.broadcast_to((*batch_shape, K, N))
    bshape, (a_bs, b_bs) = coalesce(batch_shape, av.strides[:-2], bv.strides[:-2])
    batch = math.prod(batch_shape)
    batch_words = []
    for n, sa, sb in reversed(list(zip(bshape, a_bs, b_bs))):
        batch_words += [n, sa, sb]
    if tiled_params(len(bshape)).words > PARAM_WINDOW // 4:
        raise NotImplementedError(f"matmul with {len(bshape)} non-mergeable batch dimensions")
    views = dict(batch_dims=len(bshape), a_offset=av.offset, a_m_stride=av.strides[-2], a_k_stride=av.strides[-1],
                 b_offset=bv.offset, b_k_stride=bv.strides[-2], b_n_stride=bv.strides[-1], batch=batch_words)
    plan = functools.partial(Plan, out_shape=out_shape, acc=acc, result=result)

    if M >= 16 and N >= 16:
        kernel = _FORCE.get("kernel") or "tiled"
    else:
        kernel = _FORCE.get("kernel") or _skinny_kernel(M, N, K, av, bv, a.dtype, b.dtype, b_bs)
    if kernel == "tiled":
        forced = _FORCE.get("tiling")
        cfg = _fitted(forced, acc, device) if forced else _choose_tiling(acc, batch, M, N, K, device)
        a_fast = "mn" if av.strides[-2] == 1 and av.strides[-1] != 1 else "k"
        b_fast = "k" if bv.strides[-2] == 1 and bv.strides[-1] != 1 else "mn"
        tiles_m, tiles_n = -(-M // cfg.BM), -(-N // cfg.BN)
        tiles = batch * tiles_m * tiles_n
        k_len = -(-K // (_FORCE.get("split") or _k_slices(cfg, tiles, K, batch * M * N * acc.itemsize, device)))
        parts = -(-K // k_len)
        params = tiled_params(len(bshape)).pack(M=M, N=N, K=k_len, tiles_n=tiles_n, tiles_m=tiles_m,
                                                groups=tiles * parts, k_total=K, inner_batch=batch, **views)
        access = _FORCE.get("access") or _product_access(cfg, M, N, K, k_len, a.dtype, b.dtype,
                                                              (av, a_bs, -1 if a_fast == "k" else -2),
                                                              (bv, b_bs, -2 if b_fast == "k" else -1))
        return plan(("matmul_tiled", cfg, a.dtype, b.dtype, acc, a_fast, b_fast, conj, logical, access),
                    functools.partial(tiled_source, cfg, a.dtype, b.dtype, acc, a_fast, b_fast, conj, logical,
                                      access=access), params, tiles * parts * THREADS, parts)
    outputs = batch * M * N
    if kernel == "gevm":
        groups = batch * M * -(-N // (4 * GEVM_QUADS))
        chunk = _FORCE.get("chunk") or _gevm_chunk(groups, K)
        parts = -(-K // chunk)
        params = skinny_params(len(bshape)).pack(M=M, N=N, K=K, chunk_len=chunk, batches=batch,
                                                 items=groups * parts, **views)
        return plan(("matmul_gevm", a.dtype, b.dtype, acc), functools.partial(gevm_source, a.dtype, b.dtype, acc),
                    params, groups * parts * THREADS, parts)
    per_output = LANES if kernel == "dot" else 1
    min_chunk = 32 * LANES if kernel == "dot" else 128
    chunk = _FORCE.get("chunk") or _skinny_chunk(outputs, K, per_output, min_chunk, MAX_LOOP * per_output)
    parts = -(-K // chunk)
    source = dot_source if kernel == "dot" else naive_source
    params = skinny_params(len(bshape)).pack(M=M, N=N, K=K, chunk_len=chunk, batches=batch,
                                             items=outputs * parts, **views)
    invocations = -(-outputs * parts * LANES // THREADS) * THREADS if kernel == "dot" else outputs * parts
    return plan(("matmul_" + kernel, a.dtype, b.dtype, acc, conj, logical),
                functools.partial(source, a.dtype, b.dtype, acc, conj, logical), params, invocations, parts)
