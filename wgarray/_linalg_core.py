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
import math
import operator
from dataclasses import dataclass

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._codegen import cast, load_fn
from ._kernels import render
from ._launch import launch_kernel
from ._view import TensorView, broadcast_shapes, coalesce, normalize_axis

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

THREADS = 256


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
    return render("matmul_tiled", **fields, threads=THREADS, BM=BM, BN=BN, BK=BK, TM=TM, TN=TN, TX=TX,
                  a_smem=f"array<array<{smem}, {SA // unit}>, {rows}>", t_step=t_step,
                  b_smem=f"array<array<{smem}, {SB // unit}>, {rows}>", declare="\n".join(declare),
                  fetch="\n".join(f[4:] for f in fetch), stash_first="\n".join(s[4:] for s in stash("0u")),
                  loop_body="\n".join(body), store="\n".join(store))


def _naive_source(a_dtype, b_dtype, acc, conj: bool, logical: bool) -> str:
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    return render("matmul_naive", **fields, threads=THREADS, zero=f"{fields['T']}()", madd="madd(acc, a, b)")


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


def _product(a: Array, b: Array, *, conj: bool = False) -> Array:
    """a (..., M, K) @ b (..., K, N) with broadcast batch dims, in the promoted dtype."""
    device = a.device
    if b.device is not device:
        raise ValueError(f"matmul operands are on different devices ({device} and {b.device})")
    result = dt.promote(a._dtype, b._dtype, device)
    logical = dt.kind(result) == "bool"
    acc = _acc_dtype(result)
    *_, M, K = a.shape
    N = b.shape[-1]
    batch_shape = broadcast_shapes(a.shape[:-2], b.shape[:-2])
    out_shape = (*batch_shape, M, N)
    if math.prod(out_shape) == 0:
        return Array._empty(out_shape, result, device)
    if K == 0:
        from ._creation import zeros

        return zeros(out_shape, dtype=result, device=device)
    av = a._view.broadcast_to((*batch_shape, M, K))
    bv = b._view.broadcast_to((*batch_shape, K, N))
    bshape, (a_bs, b_bs) = coalesce(batch_shape, av.strides[:-2], bv.strides[:-2])
    batch = math.prod(batch_shape)
    tail = []
    for n, sa, sb in reversed(list(zip(bshape, a_bs, b_bs))):
        tail += [n, sa, sb]
    if 16 + len(tail) > 256:
        raise NotImplementedError(f"matmul with {len(bshape)} non-mergeable batch dimensions")
    head = [av.offset, av.strides[-2], av.strides[-1], bv.offset, bv.strides[-2], bv.strides[-1], 0, 0]
    storages = [None, a._storage, b._storage]

    kernel = _FORCE.get("kernel") or ("tiled" if M >= 16 and N >= 16 else "naive")
    if kernel == "tiled":
        cfg = _FORCE.get("tiling") or _choose_tiling(acc, batch, M, N, device)
        a_fast = "mn" if av.strides[-2] == 1 and av.strides[-1] != 1 else "k"
        b_fast = "k" if bv.strides[-2] == 1 and bv.strides[-1] != 1 else "mn"
        tiles_m, tiles_n = -(-M // cfg.BM), -(-N // cfg.BN)
        groups = batch * tiles_m * tiles_n
        out = Array._empty(out_shape, acc, device)
        storages[0] = out._storage
        key = ("matmul_tiled", cfg, a._dtype, b._dtype, acc, a_fast, b_fast, conj, logical)
        launch_kernel(device, key, lambda: _tiled_source(cfg, a._dtype, b._dtype, acc, a_fast, b_fast, conj, logical),
                      storages, [M, N, K, tiles_n, tiles_m, groups, len(bshape), 0, *head, *tail],
                      groups * THREADS)
    else:
        outputs = batch * M * N
        chunk = _FORCE.get("chunk") or (K if outputs >= 8192 else max(64, -(-K // -(-8192 // outputs))))
        chunks = -(-K // chunk)
        out = Array._empty((*out_shape, chunks), acc, device)
        storages[0] = out._storage
        head[6] = chunks
        key = ("matmul_naive", a._dtype, b._dtype, acc, conj, logical)
        launch_kernel(device, key, lambda: _naive_source(a._dtype, b._dtype, acc, conj, logical),
                      storages, [M, N, K, chunk, batch, outputs * chunks, len(bshape), 0, *head, *tail],
                      outputs * chunks)
        if chunks > 1:
            from ._reduction import sum as _sum

            out = _sum(out, axis=-1, dtype=acc)
        else:
            out = out._with_view(TensorView.contiguous(out_shape))
    return out if acc == result else out._cast(result)


# -- the public functions ---------------------------------------------------------------------------
def _array(x, name: str) -> Array:
    """Arrays pass; NumPy data and nested sequences are uploaded, as NumPy's functions accept them."""
    if isinstance(x, Array):
        return x
    if isinstance(x, (np.ndarray, np.generic, list, tuple, bool, int, float, complex)):
        from ._creation import asarray

        return asarray(x)
    raise TypeError(f"{name} expects arrays, not {type(x).__name__}")


def matmul(x1, x2, /) -> Array:
    """The matrix product, with the standard's (and NumPy's) 1-D promotion and batching rules."""
    x1, x2 = _array(x1, "matmul"), _array(x2, "matmul")
    if x1.ndim == 0 or x2.ndim == 0:
        which = "x1" if x1.ndim == 0 else "x2"
        raise ValueError(f"matmul: {which} is 0-d (shapes {x1.shape} and {x2.shape}); matmul needs at least 1 dimension")
    a, b = x1, x2
    if x1.ndim == 1:
        a = x1._with_view(TensorView((1, x1.shape[0]), (0, x1._view.strides[0]), x1._view.offset))
    if x2.ndim == 1:
        b = x2._with_view(TensorView((x2.shape[0], 1), (x2._view.strides[0], 0), x2._view.offset))
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: shapes {x1.shape} and {x2.shape} are not aligned: "
                         f"{a.shape[-1]} (last dim of x1) != {b.shape[-2]} "
                         f"({'only dim' if x2.ndim == 1 else 'second-to-last dim'} of x2)")
    try:
        broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise ValueError(f"matmul: the batch dimensions of shapes {x1.shape} and {x2.shape} "
                         f"cannot be broadcast together") from None
    out = _product(a, b)
    if x1.ndim == 1 or x2.ndim == 1:
        shape = out.shape[:-2] + ((out.shape[-2],) if x2.ndim == 1 and x1.ndim != 1 else ()) \
            + ((out.shape[-1],) if x1.ndim == 1 and x2.ndim != 1 else ())
        out = out._with_view(out._view.reshape(shape))
    return out


def matrix_transpose(x, /) -> Array:
    """The transpose of each matrix in a stack (a view)."""
    x = _array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; this array has shape {x.shape}")
    return x.mT


def _as_matrix(x: Array, first: tuple, second: tuple) -> Array:
    """x with axes `first` then `second`, reshaped to a matrix (a view when the strides allow)."""
    moved = x._with_view(x._view.permute(first + second))
    shape = (math.prod(x.shape[i] for i in first), math.prod(x.shape[i] for i in second))
    view = moved._view.reshape(shape)
    if view is None:
        moved = moved._contiguous()
        view = moved._view.reshape(shape)
    return moved._with_view(view)


def _axes_list(axes, ndim: int, which: str) -> tuple:
    if isinstance(axes, (int, np.integer)) and not isinstance(axes, bool):
        axes = (axes,)
    try:
        result = tuple(normalize_axis(a, ndim) for a in axes)
    except IndexError as e:
        raise ValueError(f"tensordot: {e} ({which})") from None
    if len(set(result)) != len(result):
        raise ValueError(f"tensordot: repeated axis in {which} axes {tuple(axes)}")
    return result


def tensordot(x1, x2, /, *, axes=2) -> Array:
    """Contract x1 and x2 over the given axes (the last N of x1 with the first N of x2 for an int)."""
    x1, x2 = _array(x1, "tensordot"), _array(x2, "tensordot")
    if isinstance(axes, (int, np.integer)) and not isinstance(axes, bool):
        n = operator.index(axes)
        if n < 0:
            raise ValueError(f"tensordot: axes must be a nonnegative integer, not {n}")
        if n > x1.ndim or n > x2.ndim:
            raise ValueError(f"tensordot: cannot contract {n} axes of arrays with shapes {x1.shape} and {x2.shape}")
        ax1, ax2 = tuple(range(x1.ndim - n, x1.ndim)), tuple(range(n))
    else:
        try:
            first, second = axes
        except (TypeError, ValueError):
            raise ValueError(f"tensordot: axes must be an integer or a pair of sequences, not {axes!r}") from None
        ax1, ax2 = _axes_list(first, x1.ndim, "x1"), _axes_list(second, x2.ndim, "x2")
        if len(ax1) != len(ax2):
            raise ValueError(f"tensordot: axes {tuple(ax1)} and {tuple(ax2)} have different lengths")
    for i, j in zip(ax1, ax2):
        if x1.shape[i] != x2.shape[j]:
            raise ValueError(f"tensordot: shape mismatch for sum: axis {i} of x1 {x1.shape} has size "
                             f"{x1.shape[i]}, axis {j} of x2 {x2.shape} has size {x2.shape[j]}")
    free1 = tuple(i for i in range(x1.ndim) if i not in ax1)
    free2 = tuple(j for j in range(x2.ndim) if j not in ax2)
    out = _product(_as_matrix(x1, free1, ax1), _as_matrix(x2, ax2, free2))
    shape = tuple(x1.shape[i] for i in free1) + tuple(x2.shape[j] for j in free2)
    return out._with_view(out._view.reshape(shape))


def vecdot(x1, x2, /, *, axis: int = -1) -> Array:
    """sum(conj(x1) * x2) along axis, broadcasting the other axes."""
    x1, x2 = _array(x1, "vecdot"), _array(x2, "vecdot")
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError(f"vecdot: arrays of shapes {x1.shape} and {x2.shape} need at least 1 dimension")
    axis = operator.index(axis)
    a1 = normalize_axis(axis, x1.ndim)
    a2 = normalize_axis(axis, x2.ndim)
    if x1.shape[a1] != x2.shape[a2]:
        raise ValueError(f"vecdot: shapes {x1.shape} and {x2.shape} differ in the size of axis {axis} "
                         f"({x1.shape[a1]} != {x2.shape[a2]})")
    v1 = x1._view.permute(tuple(i for i in range(x1.ndim) if i != a1) + (a1,))
    v2 = x2._view.permute(tuple(i for i in range(x2.ndim) if i != a2) + (a2,))
    try:
        broadcast_shapes(v1.shape[:-1], v2.shape[:-1])
    except ValueError:
        raise ValueError(f"vecdot: shapes {x1.shape} and {x2.shape} cannot be broadcast together "
                         f"outside axis {axis}") from None
    k = v1.shape[-1]
    a = x1._with_view(TensorView((*v1.shape[:-1], 1, k), (*v1.strides[:-1], 0, v1.strides[-1]), v1.offset))
    b = x2._with_view(TensorView((*v2.shape[:-1], k, 1), (*v2.strides[:-1], v2.strides[-1], 0), v2.offset))
    out = _product(a, b, conj=dt.kind(x1._dtype) == "complex")
    return out._with_view(out._view.reshape(out.shape[:-2]))
