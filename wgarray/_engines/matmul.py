"""The matmul family: matmul, tensordot, vecdot and matrix_transpose, on the GPU.

Everything lowers to one batched product out[b] = A[b] @ B[b] with arbitrary strides, so
transposes, broadcast batch dims and 1-D promotions are views, never copies. Two kernels:
  wgsl/matmul_tiled.wgsl  workgroup tiles staged in workgroup memory, register blocks per
                          invocation (vec4 words for 32-bit types): the fast path;
  wgsl/matmul_naive.wgsl  one invocation per output element and K-chunk: matrix-vector
                          products and dot products, where tiles would sit mostly idle.
Inputs are cast to the accumulation type as they are loaded. Narrow integers accumulate in
32 bits (wrap-around makes the final cast exact, as NumPy's own wrapping), bool in u32 with
OR-of-AND, as NumPy's bool matmul.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.wgsl import cast, load_fn
from .._core.kernels import MAX_LOOP, PARAM_WINDOW, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.segments import pieces
from .._core.view import TensorView, broadcast_shapes, coalesce
from .fold import fold
from .folds import sum_fold
from .map import MapOp, launch_map

THREADS = WORKGROUP  # invocations of a workgroup of either kernel

# The views of A and B (strides u32 two's complement), then the batch dims: a trailing array
# of (size, A stride, B stride) per dim, innermost first. Its accessor does not depend on its
# length, so one kernel serves every number of batch dims.
_VIEWS = ("batch_dims", ZERO, "a_offset", "a_m_stride", "a_k_stride", "b_offset", "b_k_stride", "b_n_stride")


@functools.lru_cache(maxsize=None)
def tiled_params(batch_dims: int) -> ParamLayout:
    """The tiled kernel's parameters: the output's tiles (n fastest, then m, then batch)."""
    return ParamLayout("M", "N", "K", "tiles_n", "tiles_m", "groups", *_VIEWS, ("batch", "u32", 3 * batch_dims))


@functools.lru_cache(maxsize=None)
def naive_params(batch_dims: int) -> ParamLayout:
    """The naive kernel's parameters: items are (batch, m, n, K-chunk), chunk fastest."""
    return ParamLayout("M", "N", "K", "chunk_len", "chunks", "items", *_VIEWS, ("batch", "u32", 3 * batch_dims))


@dataclass(frozen=True)
class Tiling:
    """A workgroup of TY x TX invocations, each with a TM x TN register block; BK-deep slices."""

    TY: int
    TX: int
    TM: int
    TN: int
    BK: int
    vec: bool  # vec4 words in workgroup memory (32-bit types; TM, TN multiples of 4)
    double: bool  # double-buffered workgroup memory
    unroll: bool = False  # unroll the k-slice in the generated code

    @property
    def BM(self) -> int:
        return self.TY * self.TM

    @property
    def BN(self) -> int:
        return self.TX * self.TN

    def strides(self) -> tuple[int, int]:
        """Words per k-row of the A and B slices, padded so that the transposing stores of a
        k-fastest fetch hit distinct banks."""
        pad = 4 if self.vec else 1
        return self.BM + pad, self.BN + pad

    def smem_bytes(self, itemsize: int) -> int:
        sa, sb = self.strides()
        return (2 if self.double else 1) * self.BK * (sa + sb) * itemsize


BIG = Tiling(16, 16, 8, 8, 8, True, True, True)  # f32: 128 x 128 tiles, 8 x 8 per invocation
MID = Tiling(16, 16, 4, 4, 8, True, True, True)  # f32: 64 x 64
MID32 = Tiling(16, 16, 4, 4, 8, True, True)  # other 32-bit types
GENERIC = Tiling(16, 16, 4, 4, 8, False, True)  # 64-bit and complex types


# -- code generation ------------------------------------------------------------------------------
def _acc_dtype(result):
    """The dtype the kernel accumulates and writes (narrow types go through 32 bits)."""
    lay = dt.layout(result)
    if lay.kind == "bool":
        return dt.uint32
    if lay.packed:
        return dt.int32 if lay.kind == "int" else dt.uint32
    return result


def _madd(acc, logical: bool) -> str:
    """WGSL for c + a * b in the accumulation type."""
    T = dt.layout(acc).register
    if logical:
        body = "c | (a & b)"
    elif dt.kind(acc) == "complex":
        body = f"c + {T}(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x)"
    else:
        body = "c + a * b"
    return f"fn madd(c: {T}, a: {T}, b: {T}) -> {T} {{ return {body}; }}"


def _common_fields(a_dtype, b_dtype, acc, conj: bool, logical: bool) -> dict:
    T = dt.layout(acc).register
    load_a = cast("load0(idx)", a_dtype, acc)
    if conj:
        load_a = f"conj_({load_a})"
    loaders = [load_fn(0, a_dtype), load_fn(1, b_dtype), _madd(acc, logical)]
    if conj:
        loaders.append(f"fn conj_(v: {T}) -> {T} {{ return {T}(v.x, -v.y); }}")
    return dict(enables="", out_storage=dt.layout(acc).storage, a_storage=dt.layout(a_dtype).storage,
                b_storage=dt.layout(b_dtype).storage, loaders="\n".join(loaders), T=T,
                load_a=load_a, load_b=cast("load1(idx)", b_dtype, acc))


def _tiled_source(cfg: Tiling, a_dtype, b_dtype, acc, a_fast: str, b_fast: str, conj: bool,
                  logical: bool) -> str:
    """a_fast, b_fast: "k" or "mn", the operand's contiguous axis (the one fetched fastest)."""
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    T = fields["T"]
    zero = f"{T}()"
    BM, BN, BK, TM, TN, TY, TX = cfg.BM, cfg.BN, cfg.BK, cfg.TM, cfg.TN, cfg.TY, cfg.TX
    SA, SB = cfg.strides()
    unit = 4 if cfg.vec else 1  # words per workgroup-memory element

    declare = []
    if cfg.vec:
        declare += [f"    var c{r}_{h} = vec4<{T}>();" for r in range(TM) for h in range(TN // 4)]
    else:
        declare += [f"    var c{r}_{c} = {zero};" for r in range(TM) for c in range(TN)]
    # Each invocation fetches units of `unit` elements that are consecutive along m (or n) at
    # one k, and stores each unit as one word of workgroup memory (vec4 words are never
    # written piecewise by several invocations). Which index runs fastest across invocations
    # follows the operand's contiguous axis, so global loads coalesce.
    fetch, stashes, vec_t = [], [], f"vec4<{T}>" if cfg.vec else T
    for x, arr, extent, fast, bound, origin, s_mn, s_k in (
            ("a", "As", BM, a_fast, "M", "m0", "sam", "sak"), ("b", "Bs", BN, b_fast, "N", "n0", "sbn", "sbk")):
        units = extent * BK // unit
        for j in range(-(-units // THREADS)):
            q = f"(lid + {j * THREADS}u)"
            kl, ql = (f"({q} % {BK}u)", f"({q} / {BK}u)") if fast == "k" else \
                (f"({q} / {extent // unit}u)", f"({q} % {extent // unit}u)")
            guard = f" && {q} < {units}u" if units % THREADS else ""
            declare += [f"    let {x}k{j} = {kl};", f"    let {x}i{j} = {x}_base + ({origin} + {unit}u * {ql}) * {s_mn}"
                        f" + {kl} * {s_k};", f"    let {x}q{j} = {ql};",
                        f"    var p{x}{j} = {vec_t}();"]
            declare += [f"    let {x}ok{j}_{i} = {origin} + {unit}u * {ql} + {i}u < {bound}{guard};" for i in range(unit)]
            loads = []
            for i in range(unit):
                lane = f"p{x}{j}.{'xyzw'[i]}" if cfg.vec else f"p{x}{j}"
                loads.append(f"if ({x}ok{j}_{i}) {{ {lane} = ld_{x}({x}i{j} + {i}u * {s_mn} + k0 * {s_k}); }}")
            fetch.append(f"        p{x}{j} = {vec_t}(); if (k0 + {x}k{j} < K) {{ {' '.join(loads)} }}")
            store = f"{arr}[BUF + {x}k{j}][{x}q{j}] = p{x}{j};"
            stashes.append(f"        if ({q} < {units}u) {{ {store} }}" if guard else f"        {store}")

    def stash(buf: str) -> list[str]:
        """Store the fetched units into buffer `buf` (a WGSL u32 expression: first k-row)."""
        return [line.replace("BUF", buf) for line in stashes]

    def compute(buf: str) -> list[str]:
        """Multiply-accumulate the k-slice in buffer `buf` (first k-row, as for stash)."""
        # The f32 kernel is unrolled here (the fast path must not depend on the driver's
        # unrolling); the others loop, which compiles faster. Workgroup arrays are 2-D so
        # that the bounds clamp on the inner index (invocation-invariant) is hoisted.
        lines = []
        steps = [f"{kk}u" for kk in range(BK)] if cfg.unroll else ["kk"]
        if not cfg.unroll:
            lines.append(f"        for (var kk = 0u; kk < {BK}u; kk++) {{")
        for kk in steps:
            row = f"{buf} + {kk}"
            lines.append("        {")
            if cfg.vec:
                lines += [f"            let a{g} = As[{row}][{g * TY}u + ty];" for g in range(TM // 4)]
                lines += [f"            let b{h} = Bs[{row}][{h * TX}u + tx];" for h in range(TN // 4)]
                comp = "xyzw"
                for r in range(TM):
                    for h in range(TN // 4):
                        op = (f"c{r}_{h} | (b{h} & vec4<{T}>(a{r // 4}.{comp[r % 4]}))" if logical
                              else f"c{r}_{h} + b{h} * a{r // 4}.{comp[r % 4]}")
                        lines.append(f"            c{r}_{h} = {op};")
            else:
                lines += [f"            let a{r} = As[{row}][{r * TY}u + ty];" for r in range(TM)]
                lines += [f"            let b{c} = Bs[{row}][{c * TX}u + tx];" for c in range(TN)]
                lines += [f"            c{r}_{c} = madd(c{r}_{c}, a{r}, b{c});" for r in range(TM) for c in range(TN)]
            lines.append("        }")
        if not cfg.unroll:
            lines.append("        }")
        return lines

    def step(t: str, cur: str, other: str) -> list[str]:
        """One k-slice: prefetch the next one, use the current one, publish the next one."""
        lines = [f"        k0 = ({t} + 1u) * {BK}u;", f"        let more = {t} + 1u < tiles_k;"]
        if cfg.double:
            lines += ["        if (more) {"] + fetch + ["        }"] + compute(cur)
            lines += ["        if (more) {"] + stash(other) + ["        }", "        workgroupBarrier();"]
        else:
            lines += compute(cur) + ["        workgroupBarrier();", "        if (more) {"] + fetch + stash(cur)
            lines += ["        }", "        workgroupBarrier();"]
        return lines

    if cfg.double and cfg.unroll:
        # Two slices per iteration, so every workgroup-memory row index is a constant.
        body = ["        {"] + step("t", "0u", f"{BK}u") + ["        }", "        if (t + 1u < tiles_k) {"]
        body += step("(t + 1u)", f"{BK}u", "0u") + ["        }"]
        t_step = "2u"
    elif cfg.double:
        body = ["        let cur = (t & 1u) * %du;" % BK] + step("t", "cur", "(%du - cur)" % BK)
        t_step = "1u"
    else:
        body, t_step = step("t", "0u", "0u"), "1u"

    store = []
    if cfg.vec:
        cols = [f"n0 + {h * TX * 4}u + tx * 4u" for h in range(TN // 4)]
        store += [f"    let col{h} = {col};" for h, col in enumerate(cols)]
        for r in range(TM):
            store.append(f"    {{ let m = m0 + {(r // 4) * TY * 4 + r % 4}u + ty * 4u; if (m < M) {{")
            store.append("        let row = o_base + m * N;")
            for h in range(TN // 4):
                for i in range(4):
                    store.append(f"        if (col{h} + {i}u < N) {{ out[row + col{h} + {i}u] = c{r}_{h}[{i}]; }}")
            store.append("    } }")
    else:
        for r in range(TM):
            store.append(f"    {{ let m = m0 + ty + {r * TY}u; if (m < M) {{")
            store.append("        let row = o_base + m * N;")
            for c in range(TN):
                store.append(f"        {{ let n = n0 + tx + {c * TX}u; if (n < N) {{ out[row + n] = c{r}_{c}; }} }}")
            store.append("    } }")

    smem = f"vec4<{T}>" if cfg.vec else T
    rows = (2 if cfg.double else 1) * BK
    return render("matmul_tiled", **fields, batch_bases=render("matmul_batch"), params=tiled_params(0).wgsl(), workgroup=THREADS,
                  BM=BM, BN=BN, BK=BK, TM=TM, TN=TN, TX=TX,
                  a_smem=f"array<array<{smem}, {SA // unit}>, {rows}>", t_step=t_step,
                  b_smem=f"array<array<{smem}, {SB // unit}>, {rows}>", declare="\n".join(declare),
                  fetch="\n".join(f[4:] for f in fetch), stash_first="\n".join(s[4:] for s in stash("0u")),
                  loop_body="\n".join(body), store="\n".join(store))


def _naive_source(a_dtype, b_dtype, acc, conj: bool, logical: bool) -> str:
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    return render("matmul_naive", **fields, batch_bases=render("matmul_batch"), params=naive_params(0).wgsl(), workgroup=THREADS, zero=f"{fields['T']}()",
                  madd="madd(acc, a, b)")


# -- planning -------------------------------------------------------------------------------------
def _choose_tiling(acc, batch: int, M: int, N: int, device) -> Tiling:
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    if acc == dt.float32:
        big_tiles = batch * -(-M // 128) * -(-N // 128)
        cfg = BIG if M >= 128 and N >= 128 and big_tiles >= 128 else MID
    elif dt.layout(acc).storage in ("i32", "u32"):
        cfg = MID32
    else:
        cfg = GENERIC
    itemsize = 4 if cfg.vec else acc.itemsize
    if cfg.smem_bytes(itemsize) > limit:
        cfg = dataclasses.replace(cfg, double=False)
    if cfg.smem_bytes(itemsize) > limit:
        cfg = dataclasses.replace(cfg, BK=cfg.BK // 2)
    return cfg


_FORCE: dict = {}  # tests force a kernel: {"kernel": "tiled" | "naive", "tiling": Tiling, "chunk": int}


# The kernels index the contracted axis in u32: 2^31 or more terms are summed in pieces.
MAX_K = 1 << 31


def _product_in_pieces(a: BufferOperand, b: BufferOperand, conj: bool, result) -> BufferOperand:
    """product() over K in pieces of fewer than MAX_K terms, their results added up (OR for bool)."""
    K = a.shape[-1]
    total = None
    for start in range(0, K, MAX_K - 1):
        stop = min(start + MAX_K - 1, K)
        av, bv = a.view, b.view
        a_part = a.with_view(TensorView((*av.shape[:-1], stop - start), av.strides, av.offset + start * av.strides[-1]))
        b_part = b.with_view(TensorView((*bv.shape[:-2], stop - start, bv.shape[-1]), bv.strides,
                                        bv.offset + start * bv.strides[-2]))
        part = product(a_part, b_part, conj=conj)
        if total is None:
            total = part
            continue
        total = _add(total, part, result)
    return total


def _product_by_segments(a: BufferOperand, b: BufferOperand, conj: bool, result, batch_shape, acc) -> BufferOperand:
    """product() where an operand or the result spans several buffers. Boxes of the index space
    (batch..., M, N, K) in which A, B and C each lie in one segment, cut along batch, M and N
    first (each block of C written once) and along K only where a row of A or column of B
    straddles segments (those partial products add up); a box whose result would not fit half a
    segment is halved along M or N."""
    *_, M, K = a.shape
    N = b.shape[-1]
    av = a.view.broadcast_to((*batch_shape, M, K))
    bv = b.view.broadcast_to((*batch_shape, K, N))
    out = allocate(a.device, (*batch_shape, M, N), result)
    space = (*batch_shape, M, N, K)
    in_space = [out.with_view(TensorView(space, (*out.view.strides, 0), out.view.offset)),
                a.with_view(TensorView(space, (*av.strides[:-1], 0, av.strides[-1]), av.offset)),
                b.with_view(TensorView(space, (*bv.strides[:-2], 0, bv.strides[-1], bv.strides[-2]), bv.offset))]
    kept = list(range(len(space) - 1))
    limit = pool_for(a.device).segment_bytes // 2
    for _, box, parts, fits in pieces(space, in_space, kept):
        for c_part, a_part, b_part in _halved(box, parts, acc.itemsize, limit):
            k_parts = [(a_part, b_part)] if fits else [
                (ap, bp) for _, _, (_, ap, bp), _ in pieces(c_part.shape, [c_part, a_part, b_part], [len(space) - 1])]
            total = None
            for ap, bp in k_parts:
                sa, sb = ap.view, bp.view
                part = product(ap.with_view(TensorView((*sa.shape[:-2], sa.shape[-1]), (*sa.strides[:-2], sa.strides[-1]),
                                                       sa.offset)),
                               bp.with_view(TensorView((*sb.shape[:-3], sb.shape[-1], sb.shape[-2]),
                                                       (*sb.strides[:-3], sb.strides[-1], sb.strides[-2]), sb.offset)),
                               conj=conj)
                total = part if total is None else _add(total, part, result)
            cv = c_part.view
            target = TensorView(cv.shape[:-1], cv.strides[:-1], cv.offset)
            launch_map(a.device, MapOp("copy", "a0", (result,), result), c_part.storage, target, result, [total],
                       fresh=False)
    return out


def _halved(box, parts, itemsize: int, limit: int):
    """Sub-boxes (along M or N, the larger) whose block of C holds at most `limit` bytes."""
    *_, M, N, _ = box
    if M * N * math.prod(box[:-3]) * itemsize <= limit or M * N == 1:
        yield parts
        return
    dim = len(box) - 3 if M >= N else len(box) - 2
    half = box[dim] // 2
    for start, count in ((0, half), (half, box[dim] - half)):
        shape = (*box[:dim], count, *box[dim + 1:])
        yield from _halved(shape, [p.with_view(TensorView(shape, p.view.strides, p.view.offset + start * p.view.strides[dim]))
                                   for p in parts], itemsize, limit)


def _add(total: BufferOperand, part: BufferOperand, result) -> BufferOperand:
    expr = "a0 || a1" if dt.kind(result) == "bool" else "a0 + a1"  # + adds complex vec2s too
    added = allocate(part.device, part.shape, result)
    launch_map(part.device, MapOp("add", expr, (result, result), result), added.storage, added.view, result,
               [total, part], fresh=True)
    return added


def product(a: BufferOperand, b: BufferOperand, *, conj: bool = False) -> BufferOperand:
    """a (..., M, K) @ b (..., K, N) with broadcast batch dims, in the promoted dtype."""
    device = a.device
    if b.device is not device:
        raise ValueError(f"matmul operands are on different devices ({device} and {b.device})")
    result = dt.promote(a.dtype, b.dtype, device)
    logical = dt.kind(result) == "bool"
    acc = _acc_dtype(result)
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
        return _product_by_segments(a, b, conj, result, batch_shape, acc)
    if K >= MAX_K:
        return _product_in_pieces(a, b, conj, result)
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
    storages = [None, a.storage, b.storage]

    kernel = _FORCE.get("kernel") or ("tiled" if M >= 16 and N >= 16 else "naive")
    if kernel == "tiled":
        cfg = _FORCE.get("tiling") or _choose_tiling(acc, batch, M, N, device)
        a_fast = "mn" if av.strides[-2] == 1 and av.strides[-1] != 1 else "k"
        b_fast = "k" if bv.strides[-2] == 1 and bv.strides[-1] != 1 else "mn"
        tiles_m, tiles_n = -(-M // cfg.BM), -(-N // cfg.BN)
        groups = batch * tiles_m * tiles_n
        out = allocate(device, out_shape, acc)
        storages[0] = out.storage
        key = ("matmul_tiled", cfg, a.dtype, b.dtype, acc, a_fast, b_fast, conj, logical)
        params = tiled_params(len(bshape)).pack(M=M, N=N, K=K, tiles_n=tiles_n, tiles_m=tiles_m, groups=groups,
                                                **views)
        launch_kernel(device, key, lambda: _tiled_source(cfg, a.dtype, b.dtype, acc, a_fast, b_fast, conj, logical),
                      storages, params, groups * THREADS)
    else:
        outputs = batch * M * N
        chunk = _FORCE.get("chunk") or min(K if outputs >= 8192 else max(64, -(-K // -(-8192 // outputs))), MAX_LOOP)
        chunks = -(-K // chunk)
        out = allocate(device, (*out_shape, chunks), acc)
        storages[0] = out.storage
        key = ("matmul_naive", a.dtype, b.dtype, acc, conj, logical)
        params = naive_params(len(bshape)).pack(M=M, N=N, K=K, chunk_len=chunk, chunks=chunks,
                                                items=outputs * chunks, **views)
        launch_kernel(device, key, lambda: _naive_source(a.dtype, b.dtype, acc, conj, logical),
                      storages, params, outputs * chunks)
        if chunks > 1:
            out = fold(sum_fold(acc), out, (len(out_shape),))
        else:
            out = out.with_view(TensorView.contiguous(out_shape))
    if acc == result:
        return out
    cast_out = allocate(device, out_shape, result)
    launch_map(device, MapOp("copy", "a0", (acc,), acc), cast_out.storage, cast_out.view, result, [out], fresh=True)
    return cast_out
