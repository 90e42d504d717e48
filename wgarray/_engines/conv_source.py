"""The convolution engine's kernels: parameter layout, tilings and generated WGSL.

  wgsl/conv_gemm.wgsl    implicit GEMM: workgroup tiles of (output positions) x (output channels
                         of a group), the K = channels x kernel taps reduction gathered from the
                         input on the fly, register blocks per invocation (the matmul engine's
                         tiled design, wgsl/matmul_tiled.wgsl, with positions along the vec4 words);
  wgsl/conv_direct.wgsl  one invocation per VW consecutive outputs of one channel along the last
                         axis: depthwise convolutions and those with few output channels a group;
  wgsl/conv_column.wgsl  the same convolutions where the second-last axis has stride and dilation
                         1: one invocation per strip of rows of one column, coalesced loads.
Both take the input as a strided view (any strides), the weight rearranged by conv.py into
(group, tap, channel, output channel of the group), contiguous, and an optional bias view. The
kernel sizes (and, for transposed convolutions, the strides) are compiled in: a division by them
is a multiplication.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.params import ZERO, ParamLayout

THREADS = WORKGROUP
VW = 4  # outputs along the last axis per invocation of the direct kernel

# Sizes are u32, spatial quantities per dim (depth, height, width) in arrays of 3; xs: the input's
# strides (image, channel, depth, height, width), i32 (views may run backwards).
CONV = ParamLayout("M", "O", "Og", "Cg", "K", "SP", "OHW", "OW", "tiles_m", "tiles_n", "groups", "x_off",
                   "b_off", ("b_stride", "i32"), "out_rows", "quads", ZERO,
                   ("in_dims", "u32", 3), ("stride", "i32", 3), ("pad", "i32", 3), ("dil", "i32", 3), ("xs", "i32", 5))


@dataclass(frozen=True)
class ConvTiling:
    """A workgroup of TY x TX invocations (TX along positions), each with a TM x TN block
    (positions x channels); BK-deep k-slices; vec: positions in vec4 words."""

    TX: int
    TY: int
    TM: int
    TN: int
    BK: int
    vec: bool

    @property
    def BM(self) -> int:
        return self.TX * self.TM

    @property
    def BN(self) -> int:
        return self.TY * self.TN


BIG = ConvTiling(16, 16, 8, 8, 8, True)  # float32: 128 positions x 128 channels
MID = ConvTiling(16, 16, 4, 4, 8, True)  # float32: 64 x 64
NARROW = ConvTiling(32, 8, 4, 4, 8, True)  # float32, 16-32 channels a group: 128 x 32
HALF = ConvTiling(32, 8, 4, 8, 8, True)  # float32, 33-64 channels a group: 128 x 64
F64_BIG = ConvTiling(16, 16, 8, 4, 8, False)  # float64 (a value takes two registers): 128 x 64
F64_MID = ConvTiling(16, 16, 4, 4, 8, False)  # float64: 64 x 64


def _origin(transposed: bool) -> str:
    if transposed:  # the gather runs from o + pad back by the taps
        return "    return vec4<i32>(base, o + pad);"
    return "    return vec4<i32>(base, o * vec3<i32>(p_stride(0u), p_stride(1u), p_stride(2u)) - pad);"


def _gather(T: str, transposed: bool) -> str:
    """WGSL body of gather(o, t, k_ok): the input element, or 0 outside the input."""
    zero = f"return {T}(0);"
    if transposed:
        lines = ["    let s = o.yzw - t.yzw;", "    let y = s / KSTRIDE;",
                 "    if (!k_ok || any(s < vec3<i32>(0)) || any(y * KSTRIDE != s) ||"
                 f" any(bitcast<vec3<u32>>(y) >= in_dims())) {{ {zero} }}"]
    else:
        lines = ["    let y = o.yzw + t.yzw;",
                 f"    if (!k_ok || any(bitcast<vec3<u32>>(y) >= in_dims())) {{ {zero} }}"]
    return "\n".join(lines + ["    return xin[u32(o.x + t.x + dot(y, x_spatial()))];"])


def _tap(ksize: tuple) -> str:
    if ksize == (1, 1, 1):
        return "    return vec4<i32>(i32(k) * p_xs(1u), vec3<i32>(0));"
    return "\n".join(["    let t = k / p_Cg();", "    let c = k - t * p_Cg();", "    let kw = t % KSIZE.z;",
                      "    let r = t / KSIZE.z;", "    let kpos = vec3<i32>(vec3<u32>(r / KSIZE.y, r % KSIZE.y, kw));",
                      "    return vec4<i32>(i32(c) * p_xs(1u), kpos * dil());"])


def _common(dtype, ksize: tuple, kstride: tuple, transposed: bool, bias: bool) -> dict:
    T = dt.layout(dtype).register
    kd, kh, kw = ksize
    sd, sh, sw = kstride
    gather_lib = render("conv_gather", T=T, KD=kd, KH=kh, KW=kw, SD=sd, SH=sh, SW=sw,
                        origin=_origin(transposed), gather=_gather(T, transposed), tap=_tap(ksize),
                        coord=("    let t = o - kofs;\n    return select(-1, t / s, t >= 0 && t % s == 0);" if transposed
                               else "    return o + kofs;"))
    return dict(params=CONV.wgsl(), T=T, gather_lib=gather_lib, workgroup=THREADS,
                bias_binding=f"@group(0) @binding(4) var<storage, read> bias: array<{T}>;" if bias else "")


def _bias(n: str, bias: bool, T: str) -> str:
    return f"bias[u32(i32(p_b_off()) + i32(g * p_Og() + {n}) * p_b_stride())]" if bias else f"{T}(0)"


def gemm_source(cfg: ConvTiling, dtype, ksize: tuple, kstride: tuple, transposed: bool, bias: bool) -> str:
    fields = _common(dtype, ksize, kstride, transposed, bias)
    T = fields["T"]
    BM, BN, BK, TM, TN, TX, TY = cfg.BM, cfg.BN, cfg.BK, cfg.TM, cfg.TN, cfg.TX, cfg.TY
    unit = 4 if cfg.vec else 1  # workgroup-memory words are `unit` positions (A) or channels (B)
    word = f"vec4<{T}>" if cfg.vec else T

    # Each invocation fetches groups of 4 consecutive positions (A) or channels (B) at one k:
    # consecutive invocations take consecutive groups, so the loads of a k-row coalesce.
    declare, fetch, stashes = [], [], []
    for x, arr, extent in (("a", "As", BM), ("b", "Bs", BN)):
        units = extent // 4 * BK
        for j in range(-(-units // THREADS)):
            q = f"(lid + {j * THREADS}u)"
            guard = units % THREADS != 0
            declare += [f"    let {x}q{j} = {q} % {extent // 4}u;", f"    let {x}k{j} = {q} / {extent // 4}u;"]
            declare += [f"    var p{x}{j}_{i} = {T}();" for i in range(4)]
            if x == "a":
                declare += [f"    let o{j}_{i} = origin(m0 + 4u * aq{j} + {i}u, g);" for i in range(4)]
                loads = [f"let tp = tap(k0 + ak{j});", f"let kok = k0 + ak{j} < K;"]
                loads += [f"pa{j}_{i} = gather(o{j}_{i}, tp, kok);" for i in range(4)]
            else:
                loads = [f"let n = n0 + 4u * bq{j};", f"let row = w_base + (k0 + bk{j}) * Og + n;",
                         f"let kok = k0 + bk{j} < K;"]
                loads += [f"pb{j}_{i} = select({T}(), wt[row + {i}u], kok && n + {i}u < Og);" for i in range(4)]
            body = "{ " + " ".join(loads) + " }"
            fetch.append(f"        if ({q} < {units}u) {body}" if guard else f"        {body}")
            if cfg.vec:
                stores = [f"{arr}[BUF + {x}k{j}][{x}q{j}] = vec4<{T}>({', '.join(f'p{x}{j}_{i}' for i in range(4))});"]
            else:
                stores = [f"{arr}[BUF + {x}k{j}][4u * {x}q{j} + {i}u] = p{x}{j}_{i};" for i in range(4)]
            stashes.append(f"        if ({q} < {units}u) {{ {' '.join(stores)} }}" if guard
                           else "        " + " ".join(stores))

    def stash(buf: str) -> list[str]:
        return [line.replace("BUF", buf) for line in stashes]

    if cfg.vec:
        declare += [f"    var c{r}_{h} = vec4<{T}>();" for r in range(TN) for h in range(TM // 4)]
    else:
        declare += [f"    var c{r}_{h} = {T}();" for r in range(TN) for h in range(TM)]

    def compute(buf: str) -> list[str]:
        lines = []
        for kk in range(BK):
            row = f"{buf} + {kk}u"
            lines.append("        {")
            if cfg.vec:
                lines += [f"            let a{h} = As[{row}][{h * TX}u + tx];" for h in range(TM // 4)]
                lines += [f"            let b{q} = Bs[{row}][{q * TY}u + ty];" for q in range(TN // 4)]
                lines += [f"            c{r}_{h} += a{h} * b{r // 4}.{'xyzw'[r % 4]};"
                          for r in range(TN) for h in range(TM // 4)]
            else:
                lines += [f"            let a{h} = As[{row}][{h * TX}u + tx];" for h in range(TM)]
                lines += [f"            let b{r} = Bs[{row}][{r * TY}u + ty];" for r in range(TN)]
                lines += [f"            c{r}_{h} += a{h} * b{r};" for r in range(TN) for h in range(TM)]
            lines.append("        }")
        return lines

    def step(t: str, cur: str, other: str) -> list[str]:
        return ([f"        k0 = ({t} + 1u) * {BK}u;", f"        let more = {t} + 1u < tiles_k;", "        if (more) {"]
                + fetch + ["        }"] + compute(cur) + ["        if (more) {"] + stash(other)
                + ["        }", "        workgroupBarrier();"])

    body = ["        {"] + step("t", "0u", f"{BK}u") + ["        }", "        if (t + 1u < tiles_k) {"]
    body += step("(t + 1u)", f"{BK}u", "0u") + ["        }"]

    # Positions of one image are consecutive in the output (N, O, positions): position m of
    # channel n sits at m + image * (O - 1) * SP + n * SP.
    store = ["    let SP = p_SP();", "    let skip = (p_O() - 1u) * SP;"]
    if cfg.vec:
        slots = [(f"{h}_{i}", f"m0 + {h * TX * 4 + i}u + tx * 4u", f"c{{r}}_{h}[{i}]")
                 for h in range(TM // 4) for i in range(4)]
        chans = [f"n0 + {(r // 4) * TY * 4 + r % 4}u + ty * 4u" for r in range(TN)]
    else:
        slots = [(f"{h}", f"m0 + {h * TX}u + tx", f"c{{r}}_{h}") for h in range(TM)]
        chans = [f"n0 + {r * TY}u + ty" for r in range(TN)]
    for r, n in enumerate(chans):
        store += [f"    let ch{r} = {n};", f"    let nb{r} = (g * Og + ch{r}) * SP;",
                  f"    let bias{r} = select({T}(), {_bias(f'ch{r}', bias, T)}, ch{r} < Og);"]
    for name, m, acc in slots:
        store.append(f"    {{ let m = {m}; if (m < M) {{ let mo = m + (m / SP) * skip;")
        store += [f"        if (ch{r} < Og) {{ out[mo + nb{r}] = {acc.format(r=r)} + bias{r}; }}" for r in range(TN)]
        store.append("    } }")

    rows = 2 * BK
    return render("conv_gemm", **fields, BM=BM, BN=BN, BK=BK, TM=TM, TN=TN, TX=TX, vec=cfg.vec, word=word,
                  SA=BM // unit + 1, SB=BN // unit + 1, rows=rows, declare="\n".join(declare),
                  fetch="\n".join(f[4:] for f in fetch), stash_first="\n".join(s[4:] for s in stash("0u")),
                  loop_body="\n".join(body), store="\n".join(store))


MAX_WINDOW = 32  # kernel widths up to which the direct kernel keeps a window of inputs in registers


def direct_source(dtype, ksize: tuple, kstride: tuple, transposed: bool, bias: bool, window: bool = False) -> str:
    """The direct kernel; window: the last axis has stride and dilation 1 (not transposed, kernel
    width at most MAX_WINDOW): each input of a row of taps is loaded once, not once per output."""
    fields = _common(dtype, ksize, kstride, transposed, bias)
    T = fields["T"]
    kw = ksize[2]
    if window:
        taps = [f"                var x{t} = {T}(0);\n                {{ let y = org.w + {t}; if (bitcast<u32>(y) < dims.z)"
                f" {{ x{t} = xin[u32(rbase + y * xs.z)]; }} }}" for t in range(VW + kw - 1)]
        taps += [f"                let w{k} = wt[wrow + {k}u * Cg * Og];" for k in range(kw)]
        taps += [f"                acc{j} += w{k} * x{j + k};" for k in range(kw) for j in range(VW)]
        row_taps = "\n".join(taps)
    else:
        # Output j of an invocation sits j places further along the last axis: its gather origin
        # moves by the stride (by 1 for the transposed gather, which divides by the stride).
        step = "1" if transposed else "p_stride(2u)"
        accumulate = "\n".join(f"                    {{ let y = coord(org.w + {j} * {step}, kofs, KSTRIDE.z); "
                                f"if (bitcast<u32>(y) < dims.z) {{ acc{j} += w * xin[u32(rbase + y * xs.z)]; }} }}"
                                for j in range(VW))
        row_taps = ("                for (var kw = 0u; kw < KSIZE.z; kw++) {\n"
                    "                    let w = wt[wrow + kw * Cg * Og];\n"
                    f"                    let kofs = i32(kw) * d.z;\n{accumulate}\n                }}")
    return render("conv_direct", **fields, VW=VW, bias_value=_bias("n", bias, T),
                  declare="\n".join(f"    var acc{j} = b;" for j in range(VW)), row_taps=row_taps,
                  store="\n".join(f"    if (ow + {j}u < p_OW()) {{ out[obase + {j}u] = acc{j}; }}" for j in range(VW)))


COLUMN_ROWS = 8  # output rows a strip of the column kernel
MAX_COLUMN_TAPS = 64  # kernel rows x columns up to which it keeps a channel's weights in registers


def column_source(dtype, ksize: tuple, bias: bool, rows: int) -> str:
    """The column kernel for a strip of `rows` output rows (the last strip of a plane may be cut)."""
    fields = _common(dtype, ksize, (1, 1, 1), False, bias)
    T = fields["T"]
    _, kh, kw = ksize
    columns = [f"    let col{k} = org.w + {k} * d.z;\n    let inside{k} = bitcast<u32>(col{k}) < dims.z;"
               for k in range(kw)]
    weights = [f"            let w{i}_{k} = wt[wrow + {i * kw + k}u * Cg * Og];" for i in range(kh) for k in range(kw)]
    row_lines = []
    for r in range(rows + kh - 1):  # input row r of the strip feeds output rows r - i for taps i
        row_lines += ["            {", f"                let y = org.z + {r};",
                      "                if (bitcast<u32>(y) < dims.y) {",
                      "                    let rb = rbase + y * xs.y;"]
        row_lines += [f"                    var v{k} = {T}(0);"
                      f" if (inside{k}) {{ v{k} = xin[u32(rb + col{k} * xs.z)]; }}" for k in range(kw)]
        row_lines += [f"                    acc{r - i} += w{i}_{k} * v{k};"
                      for i in range(kh) if 0 <= r - i < rows for k in range(kw)]
        row_lines += ["                }", "            }"]
    return render("conv_column", **fields, ROWS=rows, bias_value=_bias("n", bias, T),
                  declare="\n".join(f"    var acc{j} = b;" for j in range(rows)), columns="\n".join(columns),
                  weights="\n".join(weights), rows="\n".join(row_lines),
                  store="\n".join(f"    if (oh0 + {j}u < height) {{ out[obase + {j}u * p_OW()] = acc{j}; }}"
                                  for j in range(rows)))
