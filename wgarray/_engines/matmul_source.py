"""The matmul engine's kernels: their parameter layouts, tilings and generated WGSL.

  wgsl/matmul_tiled.wgsl  workgroup tiles staged in workgroup memory, register blocks per
                          invocation (vec4 words for 32-bit types and float64): big products;
                          the K range may be split into slices (an outer batch dim) whose
                          partial products are added up afterwards (split-K);
  wgsl/matmul_naive.wgsl  one invocation per output element and K-chunk, consecutive
                          invocations on consecutive outputs: skinny products whose operands
                          run contiguously along M or N (vector @ row-major matrix);
  wgsl/matmul_dot.wgsl    one group of lanes per output element and K-chunk, the lanes striding
                          K: skinny products whose operands run contiguously along K
                          (row-major matrix @ vector, dot products);
  wgsl/matmul_gevm.wgsl   float32 vector @ row-major matrix: vec4 loads of B's rows, the k-slices
                          of a workgroup added up in workgroup memory (no second pass).
Inputs are cast to the accumulation type as they are loaded. Narrow integers accumulate in
32 bits (wrap-around makes the final cast exact, as NumPy's own wrapping), bool in u32 with
OR-of-AND, as NumPy's bool matmul.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.wgsl import cast, half_helpers, load_fn
from .._core.kernels import WORKGROUP, render
from .._core.params import ZERO, ParamLayout

THREADS = WORKGROUP  # invocations of a workgroup of any of the kernels
LANES = 32  # lanes of the dot kernel that share one output element
GEVM_QUADS = 8  # column quads of a gevm workgroup (32 columns: 128-byte rows of B per k)
GEVM_SLICES = THREADS // GEVM_QUADS  # its k-slices, added up in workgroup memory

# The views of A and B (strides u32 two's complement), then the batch dims: a trailing array
# of (size, A stride, B stride) per dim, innermost first. Its accessor does not depend on its
# length, so one kernel serves every number of batch dims.
_VIEWS = ("batch_dims", ZERO, "a_offset", "a_m_stride", "a_k_stride", "b_offset", "b_k_stride", "b_n_stride")


@functools.lru_cache(maxsize=None)
def tiled_params(batch_dims: int) -> ParamLayout:
    """The tiled kernel's parameters: the output's tiles (n fastest, then m, then batch), where the
    batch index counts K-slices of K terms each (k_total in all) outermost, inner_batch matrices each."""
    return ParamLayout("M", "N", "K", "tiles_n", "tiles_m", "groups", "k_total", "inner_batch", *_VIEWS,
                       "c_offset", "c_batch", "c_row", "c_col", ("batch", "u32", 3 * batch_dims))


@functools.lru_cache(maxsize=None)
def skinny_params(batch_dims: int) -> ParamLayout:
    """The naive and dot kernels' parameters: items are (K-chunk, batch, m, n), n fastest."""
    return ParamLayout("M", "N", "K", "chunk_len", "batches", "items", *_VIEWS, ("batch", "u32", 3 * batch_dims))


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
# Measured against it on an H100 (float32 64 x 512^2 @ 512^2 | 4096^2 in ms; BIG 0.42 | 3.16-3.23, torch.bmm
# 0.354 | torch.mm 2.68, TF32 off), all slower or the same: BK = 16 0.47 | 3.41; 128 x 64 tiles in 8 x 4 blocks
# 0.48 | 3.71 (BK = 16 0.56 | 4.01); 64 x 128 in 4 x 8 0.54 | 4.09 (0.57 | 4.17); workgroups of 128 invocations in
# 8 x 8 blocks, 128 x 64 or 64 x 128 tiles 0.44 | 3.34-3.37 (BK = 16 0.86 | 6.47), 128 x 128 in 16 x 8 or 8 x 16
# blocks 0.46 | 3.33-3.35; 64 invocations, 64 x 64 tiles in 8 x 8 0.46 | 3.50; tiles ordered in bands of 8 tile
# rows, column by column 0.43 | 3.16-3.22; warps of 8 x 4 or 4 x 8 invocations (one wavefront per workgroup-memory
# read) 0.42 | 3.15-3.22; fma() 0.42 | 3.19 (the driver fuses c + a * b already); one buffer, two barriers 0.51 | 3.84.
# Fifteenth session: the k-slice as a loop (not unrolled) 0.59 | 3.82 (BK = 16 0.56 | 4.10); one unrolled slice an
# iteration at a run-time buffer offset 0.48-0.49 | 3.57 (BK = 16 0.52 | 3.66); BK = 16 in one buffer 0.45 | 3.30.
MID = Tiling(16, 16, 4, 4, 8, True, True, True)  # f32: 64 x 64
TALL = Tiling(16, 16, 8, 4, 8, True, True, True)  # f32: 128 x 64, for results of at most 64 columns
MID_DEEP = Tiling(16, 16, 4, 4, 16, True, True, True)  # f32: 64 x 64 in 16-deep slices, for split-K products
MID32 = Tiling(16, 16, 4, 4, 8, True, True)  # other 32-bit types
GENERIC = Tiling(16, 16, 4, 4, 8, False, True)  # 64-bit integers and complex types
# float64: scalar words in workgroup memory, the k-slice unrolled (an H100 took 1.21 ms for a
# 2048^2 product in 128 x 64 tiles so, 1.77 ms with vec4<f64> words; BK = 16 took 1.40 ms).
# 128 x 128 tiles where their double buffers fit the workgroup memory (33 KB: not lavapipe's 32 KB):
# 1.06 ms on an H100 for 2048^2 (1.12 in another run), 128 x 64 1.25 ms (1.27)
F64_WIDE = Tiling(16, 16, 8, 8, 8, False, True, True)  # 128 x 128
F64_BIG = Tiling(16, 16, 8, 4, 8, False, True, True)  # 128 x 64
F64_MID = Tiling(16, 16, 4, 4, 8, False, True, True)  # 64 x 64
SMALL = Tiling(16, 16, 2, 2, 8, False, True)  # 32 x 32: small matrices (batches), any type


@dataclass(frozen=True)
class Access:
    """What the planner proved about one product's views, for the tiled kernel (not for the update variant).

    exact: every tile is full and every K-slice a whole number of k-slices: no bounds checks, no branch
    around a double-buffered prefetch, and the result written in vec4 words where the tiling has them
    (an update's C too: its rows contiguous, its offset and strides multiples of 4). a_quads, b_quads (exact float32 only): the
    operand runs with unit stride along its contiguous axis and every other offset and stride is a
    multiple of 4, so each invocation reads vec4 words (one load instruction instead of four). even: the
    double-buffered unrolled loop (two k-slices an iteration) runs its second slice without a branch."""

    exact: bool = False
    a_quads: bool = False
    b_quads: bool = False
    even: bool = False  # exact, and an even number of k-slices a K-slice: the loop's second slice needs no branch


ANY = Access()  # no assumption: every load and store checked


# -- code generation ------------------------------------------------------------------------------
def acc_dtype(result):
    """The dtype the kernel accumulates and writes (narrow types go through 32 bits; float16
    accumulates in float32 and rounds once)."""
    lay = dt.layout(result)
    if lay.kind == "bool":
        return dt.uint32
    if lay.packed:
        return {"int": dt.int32, "uint": dt.uint32, "float": dt.float32}[lay.kind]
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
    loaders = [load_fn(0, a_dtype), load_fn(1, b_dtype), _madd(acc, logical), half_helpers(a_dtype, b_dtype)]
    if conj:
        loaders.append(f"fn conj_(v: {T}) -> {T} {{ return {T}(v.x, -v.y); }}")
    return dict(enables="", out_storage=dt.layout(acc).storage, a_storage=dt.layout(a_dtype).storage,
                b_storage=dt.layout(b_dtype).storage, loaders="\n".join(loaders), T=T,
                load_a=load_a, load_b=cast("load1(idx)", b_dtype, acc))


@dataclass(frozen=True)
class Update:
    """The tiled kernel's in-place variant: C -= A B (conj(A B) if conj_result; lower: only on and
    below C's diagonal), C a view of the output binding (c_* parameters), A and/or B read from it."""

    a_in_out: bool
    b_in_out: bool
    conj_result: bool
    lower: bool


def _inputs(fields: dict, update: Update | None) -> str:
    """The input bindings (numbered after out), and the loaders of aliased inputs read from out."""
    lines, binding = [], 2
    aliased_inputs = (update and update.a_in_out, update and update.b_in_out)
    for k, (name, aliased) in enumerate(zip(("a_storage", "b_storage"), aliased_inputs)):
        if aliased:
            fields["loaders"] = fields["loaders"].replace(f"in{k}[", "out[")
        else:
            lines.append(f"@group(0) @binding({binding}) var<storage, read> in{k}: array<{fields[name]}>;")
            binding += 1
    return "\n".join(lines)


def _store(T: str, update: Update | None, value: str, m: str, n: str, row: str) -> str:
    """The statement that writes the result element (m, n) (row: o_base + m * N)."""
    if update is None:
        return f"out[{row} + {n}] = {value};"
    if update.conj_result:
        value = f"{T}({value}.x, -({value}).y)"
    index = f"p_c_offset() + c_base + {m} * p_c_row() + {n} * p_c_col()"
    write = f"{{ let ci = {index}; out[ci] = out[ci] - {value}; }}"
    return f"if ({n} <= {m}) {write}" if update.lower else write


def _store_quad(update: Update | None, value: str, m: str, n: str, row: str) -> str:
    """The statement that writes the vec4 word of results (m, n..n+3) of an exact float32 tile."""
    if update is None:
        return f"out[({row} + {n}) >> 2u] = {value};"
    index = f"(p_c_offset() + c_base + {m} * p_c_row() + {n}) >> 2u"
    new = f"old - {value}"
    if update.lower:  # the word's elements above the diagonal keep their values
        new = f"select(old, {new}, vec4<u32>({n}) + vec4<u32>(0u, 1u, 2u, 3u) <= vec4<u32>({m}))"
    return f"{{ let ci = {index}; let old = out[ci]; out[ci] = {new}; }}"


def tiled_source(cfg: Tiling, a_dtype, b_dtype, acc, a_fast: str, b_fast: str, conj: bool,
                  logical: bool, update: Update | None = None, access: Access = ANY) -> str:
    """a_fast, b_fast: "k" or "mn", the operand's contiguous axis (the one fetched fastest);
    update: the in-place variant C -= A B; access: what the planner proved about the views."""
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    T = fields["T"]
    quads = (access.a_quads, access.b_quads)
    if any(quads):
        assert access.exact and cfg.vec and T == "f32", "vec4 reads need exact float32 tiles"
    assert access.exact or not access.even, "an even number of k-slices is proved for exact tiles only"
    for k, quad in enumerate(quads):
        if quad:  # the binding in vec4 words (ld_a, ld_b stay valid, unused)
            fields["ab"[k] + "_storage"] = "vec4<f32>"
            fields["loaders"] = fields["loaders"].replace(f"return in{k}[idx];", f"return in{k}[idx >> 2u][idx & 3u];")
            fields["loaders"] += f"\nfn ld_{'ab'[k]}4(idx: u32) -> vec4<f32> {{ return in{k}[idx >> 2u]; }}"
    vec_out = access.exact and cfg.vec  # (an update's C, then, in vec4 words: the caller proved it)
    if vec_out:
        fields["out_storage"] = f"vec4<{fields['out_storage']}>"
    fields["inputs"] = _inputs(fields, update)
    zero = f"{T}()"
    BM, BN, BK, TM, TN, TY, TX = cfg.BM, cfg.BN, cfg.BK, cfg.TM, cfg.TN, cfg.TY, cfg.TX
    if TY * TX != THREADS:  # (the fetches and the grid count THREADS invocations a workgroup)
        raise ValueError(f"a tiling's TY x TX invocations must be the workgroup's {THREADS}, not {TY} x {TX}")
    SA, SB = cfg.strides()
    unit = 4 if cfg.vec else 1  # words per workgroup-memory element

    # The update on and below the diagonal: a tile wholly above it has nothing to write.
    declare = [f"    if (n0 >= m0 + {BM}u) {{ return; }}"] if update and update.lower else []
    if cfg.vec:
        declare += [f"    var c{r}_{h} = vec4<{T}>();" for r in range(TM) for h in range(TN // 4)]
    else:
        declare += [f"    var c{r}_{c} = {zero};" for r in range(TM) for c in range(TN)]
    # Each invocation fetches units of `unit` elements that are consecutive along m (or n) at
    # one k, and stores each unit as one word of workgroup memory (vec4 words are never
    # written piecewise by several invocations). Which index runs fastest across invocations
    # follows the operand's contiguous axis, so global loads coalesce.
    fetch, stashes, vec_t = [], [], f"vec4<{T}>" if cfg.vec else T
    for x, arr, extent, fast, bound, origin, s_mn, s_k, quad in (
            ("a", "As", BM, a_fast, "M", "m0", "sam", "sak", access.a_quads),
            ("b", "Bs", BN, b_fast, "N", "n0", "sbn", "sbk", access.b_quads)):
        units = extent * BK // unit
        for j in range(-(-units // THREADS)):
            q = f"(lid + {j * THREADS}u)"
            guard = f" && {q} < {units}u" if units % THREADS else ""
            if quad:
                fetch_q, stash_q = _quad_fetch(x, arr, extent, BK, fast, origin, s_mn, q, j)
                declare += fetch_q[0]
                fetch.append(fetch_q[1])
                stashes += [f"        if ({q} < {units}u) {{ {line} }}" if guard else f"        {line}" for line in stash_q]
                continue
            kl, ql = (f"({q} % {BK}u)", f"({q} / {BK}u)") if fast == "k" else \
                (f"({q} / {extent // unit}u)", f"({q} % {extent // unit}u)")
            declare += [f"    let {x}k{j} = {kl};", f"    let {x}i{j} = {x}_base + ({origin} + {unit}u * {ql}) * {s_mn}"
                        f" + {kl} * {s_k};", f"    let {x}q{j} = {ql};",
                        f"    var p{x}{j} = {vec_t}();"]
            if not access.exact:
                declare += [f"    let {x}ok{j}_{i} = {origin} + {unit}u * {ql} + {i}u < {bound}{guard};"
                            for i in range(unit)]
            loads = []
            for i in range(unit):
                lane = f"p{x}{j}.{'xyzw'[i]}" if cfg.vec else f"p{x}{j}"
                load = f"{lane} = ld_{x}({x}i{j} + {i}u * {s_mn} + k0 * {s_k});"
                loads.append(load if access.exact else f"if ({x}ok{j}_{i}) {{ {load} }}")
            if access.exact:  # the last workgroup-size remainder still skips the units past the tile
                fetch.append(f"        {' '.join(loads)}" if not guard else f"        if ({q} < {units}u) {{ {' '.join(loads)} }}")
            else:
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
        if cfg.double and access.exact:
            # No branch around the prefetch: the last slice fetches itself again into the buffer
            # that nobody reads. Without the branches an H100 took 3.08 ms, not 3.22, for float32
            # 4096^2 and 0.44, not 0.47, for 64 x 512^2 @ 512^2 (its last fetch read past the slice
            # instead; 128 x 256 tiles: 3.28 ms, not 4.24): they kept the compiler from scheduling across.
            return [f"        k0 = min(({t} + 1u) * {BK}u, K - {BK}u);"] + fetch + compute(cur) + stash(other) + \
                ["        workgroupBarrier();"]
        lines = [f"        k0 = ({t} + 1u) * {BK}u;", f"        let more = {t} + 1u < tiles_k;"]
        if cfg.double:
            lines += ["        if (more) {"] + fetch + ["        }"] + compute(cur)
            lines += ["        if (more) {"] + stash(other) + ["        }", "        workgroupBarrier();"]
        else:
            lines += compute(cur) + ["        workgroupBarrier();", "        if (more) {"] + fetch + stash(cur)
            lines += ["        }", "        workgroupBarrier();"]
        return lines

    if cfg.double and cfg.unroll:
        # Two slices per iteration, so every workgroup-memory row index is a constant (an H100 took
        # 0.53 ms, not 0.46, for 64 x 512^2 @ 512^2 in float32 with one slice an iteration whose
        # buffer was a run-time index into [2][BK][columns] arrays; float64 2048^2: 1.02 vs 1.06 ms).
        # (An even number of slices needs no branch around the second: H100 float32 4096^2 3.14-3.19 ms vs
        # 3.16-3.23, 64 x 512^2 @ 512^2 0.41-0.42 ms either way: within the noise.)
        second = "        {" if access.even else "        if (t + 1u < tiles_k) {"
        body = ["        {"] + step("t", "0u", f"{BK}u") + ["        }", second]
        body += step("(t + 1u)", f"{BK}u", "0u") + ["        }"]
        t_step = "2u"
    elif cfg.double:
        body = ["        let cur = (t & 1u) * %du;" % BK] + step("t", "cur", "(%du - cur)" % BK)
        t_step = "1u"
    else:
        body, t_step = step("t", "0u", "0u"), "1u"

    store = ["    let c_base = (batch % p_inner_batch()) * p_c_batch();"] if update else []
    if cfg.vec:
        cols = [f"n0 + {h * TX * 4}u + tx * 4u" for h in range(TN // 4)]
        store += [f"    let col{h} = {col};" for h, col in enumerate(cols)]
        for r in range(TM):
            store.append(f"    {{ let m = m0 + {(r // 4) * TY * 4 + r % 4}u + ty * 4u; if (m < M) {{")
            store.append("        let row = o_base + m * N;")
            for h in range(TN // 4):
                if vec_out:  # whole vec4 words of the output row
                    store.append(f"        {_store_quad(update, f'c{r}_{h}', 'm', f'col{h}', 'row')}")
                    continue
                for i in range(4):
                    write = _store(T, update, f"c{r}_{h}[{i}]", "m", f"(col{h} + {i}u)", "row")
                    store.append(f"        if (col{h} + {i}u < N) {{ {write} }}")
            store.append("    } }")
    else:
        for r in range(TM):
            store.append(f"    {{ let m = m0 + ty + {r * TY}u; if (m < M) {{")
            store.append("        let row = o_base + m * N;")
            for c in range(TN):
                write = _store(T, update, f"c{r}_{c}", "m", "n", "row")
                store.append(f"        {{ let n = n0 + tx + {c * TX}u; if (n < N) {{ {write} }} }}")
            store.append("    } }")

    smem = f"vec4<{T}>" if cfg.vec else T
    rows = (2 if cfg.double else 1) * BK
    return render("matmul_tiled", **fields, batch_bases=render("matmul_batch"), params=tiled_params(0).wgsl(), workgroup=THREADS,
                  BM=BM, BN=BN, BK=BK, TM=TM, TN=TN, TX=TX,
                  a_smem=f"array<array<{smem}, {SA // unit}>, {rows}>", t_step=t_step,
                  b_smem=f"array<array<{smem}, {SB // unit}>, {rows}>", declare="\n".join(declare),
                  fetch="\n".join(f[4:] for f in fetch), stash_first="\n".join(s[4:] for s in stash("0u")),
                  loop_body="\n".join(body), store="\n".join(store))


def _quad_fetch(x: str, arr: str, extent: int, BK: int, fast: str, origin: str, s_mn: str, q: str, j: int):
    """An exact tile's fetch of one operand in vec4 words along its contiguous axis: (declarations,
    the fetch statement, the stash statements with BUF for the buffer's first k-row)."""
    p, base = f"p{x}{j}", f"{x}i{j}"
    if fast == "mn":  # four consecutive columns (rows) at one k: one word of the k-major slice
        kl, ql = f"({q} / {extent // 4}u)", f"({q} % {extent // 4}u)"
        declare = [f"    let {x}k{j} = {kl};", f"    let {x}q{j} = {ql};",
                   f"    let {base} = {x}_base + {origin} + 4u * {ql} + {kl} * s{x}k;"]
        return (declare + [f"    var {p} = vec4<f32>();"], f"        {p} = ld_{x}4({base} + k0 * s{x}k);"), \
            [f"{arr}[BUF + {x}k{j}][{x}q{j}] = {p};"]
    # four consecutive k of one row (column): transposed into four k-rows of the slice as it is stashed;
    # consecutive invocations take the k-quads of a row, then the next rows (distinct banks)
    kq, row = f"({q} % {BK // 4}u)", f"({q} / {BK // 4}u)"
    declare = [f"    let {x}k{j} = 4u * {kq};", f"    let {x}r{j} = {row};",
               f"    let {base} = {x}_base + ({origin} + {row}) * {s_mn} + 4u * {kq};"]
    stash = [f"{arr}[BUF + {x}k{j} + {i}u][{x}r{j} >> 2u][{x}r{j} & 3u] = {p}.{'xyzw'[i]};" for i in range(4)]
    return (declare + [f"    var {p} = vec4<f32>();"], f"        {p} = ld_{x}4({base} + k0);"), stash


def naive_source(a_dtype, b_dtype, acc, conj: bool, logical: bool) -> str:
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    return render("matmul_naive", **fields, batch_bases=render("matmul_batch"), params=skinny_params(0).wgsl(),
                  workgroup=THREADS, zero=f"{fields['T']}()", combine="a | b" if logical else "a + b")


def dot_source(a_dtype, b_dtype, acc, conj: bool, logical: bool) -> str:
    fields = _common_fields(a_dtype, b_dtype, acc, conj, logical)
    return render("matmul_dot", **fields, batch_bases=render("matmul_batch"), params=skinny_params(0).wgsl(),
                  workgroup=THREADS, lanes=LANES, lanes2=2 * LANES,
                  lanes3=3 * LANES, lanes4=4 * LANES, zero=f"{fields['T']}()", combine="a | b" if logical else "a + b")


def gevm_source(a_dtype, b_dtype, acc) -> str:
    fields = _common_fields(a_dtype, b_dtype, acc, False, False)
    fields["loaders"] = load_fn(0, a_dtype) + half_helpers(a_dtype)  # B is read in vec4 words (ld_b4), not by load1
    return render("matmul_gevm", **fields, batch_bases=render("matmul_batch"), params=skinny_params(0).wgsl(),
                  workgroup=THREADS, quads=GEVM_QUADS, cols=4 * GEVM_QUADS, slices=GEVM_SLICES,
                  declare="\n".join(f"    var acc{j} = vec4<{fields['T']}>();" for j in range(8)),
                  accumulate="\n".join(f"            acc{j} += ld_a(a_row + (k + {j * GEVM_SLICES}u) * sak)"
                                        f" * ld_b4(b_col + (k + {j * GEVM_SLICES}u) * sbk);" for j in range(8)))
