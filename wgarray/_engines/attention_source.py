"""The WGSL of the flash-attention kernel (wgsl/nn_attention.wgsl): tile shapes and the generated,
fully unrolled code of one key tile. Every per-row and per-column value is its own variable
(s{i}_{h}, m{i}, l{i}, o{i}_{k}): arrays indexed in loops can land in slow local memory on GPU
compilers that do not unroll them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import with_libraries
from .random import philox_source

MAX_BATCH_DIMS = 8
ROWS = 4  # query rows per invocation: one vec4 word of P
MAX_WORDS = 8  # words of the K or the V tile per invocation held in registers
_C = "xyzw"


def params(dtype) -> ParamLayout:
    b = MAX_BATCH_DIMS
    return ParamLayout("groups", "L", "S", "E", "Ev", ZERO, "nbatch", "head_dim", "group",
                       "q_off", "k_off", "v_off", "m_off", "q_rs", "q_es", "k_rs", "k_es", "v_rs", "v_es",
                       "m_rs", "m_cs", ("bshape", "u32", b), ("q_bs", "u32", b), ("k_bs", "u32", b),
                       ("v_bs", "u32", b), ("m_bs", "u32", b), ("scale", "f64" if dtype == dt.float64 else "f32"),
                       # dropout: the Philox stream's key and counter offset (wgsl/random_philox.wgsl), the
                       # 24-bit threshold a kept probability's uniform reaches, and 1 / (1 - p)
                       "key_lo", "key_hi", "counter_lo", "counter_hi", "drop_threshold",
                       ("drop_scale", "f64" if dtype == dt.float64 else "f32"))


def score_unit(dtype) -> float:
    """The factor of the scores (scale and float mask) in the kernel: float32 works in units of
    log2 e, so that its exponentials are exp2 (cheaper than exp, equally accurate)."""
    return 1.4426950408889634 if dtype == dt.float32 else 1.0


@dataclass(frozen=True)
class Tiles:
    """TX lanes per row group, TY row groups, TN key columns per invocation (4 or 8): tiles of
    4 TY queries and TN TX keys. alias: the K tile shares workgroup memory with P and V.
    v_early: with alias, V read together with K and held in registers until P is stored (its
    wait under the scores), where an invocation has at most MAX_WORDS words of V's tile.
    dots: the products of a score summed before they are added to it (4: a dot product; 4 n:
    a dot product, then the next n - 1 words' products added one by one with fma)."""
    TX: int
    TY: int
    alias: bool
    TN: int = 4
    v_early: bool = False
    dots: int = 4

    @property
    def BR(self) -> int:
        return ROWS * self.TY

    @property
    def BC(self) -> int:
        return self.TN * self.TX

    def layout(self, e4: int, ev4: int) -> tuple[int, int]:
        """(P0, words): where P starts and the vec4 words of workgroup memory."""
        qs = e4 + 1
        k0 = self.BR * qs
        p0 = k0 if self.alias else k0 + self.BC * qs
        end = p0 + self.BC * (self.TY + 1) + self.BC * ev4
        return p0, max(end, k0 + self.BC * qs)


def _mask_code(mask_dtype, T: str) -> dict:
    idx = "mbase + i * p_m_rs() + j * p_m_cs()"
    if mask_dtype is None:
        return dict(MASK=0, mask_binding="", mask_keep="    return true;", mask_add=f"    return {T}(0);")
    binding = f"@group(0) @binding(5) var<storage, read> mb: array<{dt.layout(mask_dtype).storage}>;"
    if mask_dtype == dt.bool_:
        keep = f"    let at = {idx};\n    return ((mb[at >> 2u] >> ((at & 3u) * 8u)) & 0xffu) != 0u;"
        return dict(MASK=1, mask_binding=binding, mask_keep=keep, mask_add=f"    return {T}(0);")
    return dict(MASK=2, mask_binding=binding, mask_keep="    return true;", mask_add=f"    return mb[{idx}];")


# The tiles of q, k and v: (name, buffer, rows, columns in words, workgroup-memory offset, row
# stride there, rows of the operand, its row and column strides, its columns)
_TILES = (("q", "qb", "BR", "E4", "0u", "QS", "p_L()", "p_q_rs()", "p_q_es()", "p_E()"),
          ("k", "kb", "BC", "E4", "K0", "QS", "p_S()", "p_k_rs()", "p_k_es()", "p_E()"),
          ("v", "vb", "BC", "EV4", "V0", "EV4", "p_S()", "p_v_rs()", "p_v_es()", "p_Ev()"))


def _loader(name, buffer, rows, cols, at, stride, n, rs, es, e, vec: bool) -> str:
    if vec:  # contiguous rows of whole words, starting at a multiple of 4 (attention.py checks)
        read = f"            w = {buffer}[a / 4u + c4];"
    else:
        read = "\n".join(f"            if (4u * c4 + {t}u < {e}) {{ w.{_C[t]} = {buffer}[a + (4u * c4 + {t}u) * {es}]; }}"
                         for t in range(4))  # noqa: E501
    return f"""fn word_{name}(base: u32, r0: u32, idx: u32) -> V4 {{
    let r = idx / {cols};
    let c4 = idx % {cols};
    var w = V4();
    if (idx < {rows} * {cols} && r0 + r < {n}) {{
        let a = base + (r0 + r) * {rs};
{read}
    }}
    return w;
}}
fn put_{name}(idx: u32, w: V4) {{
    if (idx < {rows} * {cols}) {{ sm[{at} + (idx / {cols}) * {stride} + idx % {cols}] = w; }}
}}"""


def _tile_code(tiles: Tiles, e4: int, ev4: int) -> dict:
    """The statements that load the tiles: Q once; K and V each key tile, every word of an
    invocation read into registers first, then stored (all its loads in flight at once), where
    each invocation has at most MAX_WORDS words of a tile, else word by word in a loop. V is
    read when it is stored, or with K (Tiles.v_early). (Reading the next tile's K before the
    P V products, to store it after them, took longer on an H100: 18.5 ms, not 16.9, for causal
    4096^2, E = 64; an earlier test of the next K and V read ahead: 19.1 ms, not 19.0.)"""
    wg = tiles.TX * tiles.TY
    counts = {"k": -(-tiles.BC * e4 // wg), "v": -(-tiles.BC * ev4 // wg)}
    base = {"q": "bases.x", "k": "bases.y", "v": "bases.z"}
    words = {"q": "BR * E4", "k": "BC * E4", "v": "BC * EV4"}
    in_registers = {name: count <= MAX_WORDS for name, count in counts.items()}

    def loop(name, r0, scaled=""):
        return (f"        for (var idx = lid; idx < {words[name]}; idx += WG) {{ "
                f"put_{name}(idx, word_{name}({base[name]}, {r0}, idx){scaled}); }}")

    def at(name):
        return [f"lid + {u * wg}u" for u in range(counts[name])]

    def fetch(name):
        return "\n".join(f"        let {name}w{u} = word_{name}({base[name]}, k0, {j});" for u, j in enumerate(at(name)))

    def put(name):
        return "\n".join(f"        put_{name}({j}, {name}w{u});" for u, j in enumerate(at(name)))

    def fetch_put(name):
        return fetch(name) + "\n" + put(name) if in_registers[name] else loop(name, "k0")

    # Q goes into workgroup memory scaled (by scale, in the scores' unit): the scores come out scaled
    code = dict(load_q=loop("q", "q0", " * scale"), load_k=fetch_put("k"), load_v_top=fetch_put("v"), load_v_late="")
    if tiles.alias:  # V goes where K was, once the scores are done
        early = tiles.v_early and in_registers["v"]
        code.update(load_v_top=fetch("v") if early else "", load_v_late=put("v") if early else fetch_put("v"))
    return code


_DROP = """fn drop(row: u32, kj: u32) -> T {
    // the draw of (row, key): word kj % 4 of block (counter offset + row, kj / 4) of the stream
    let lo = p_counter_lo() + row;
    let hi = p_counter_hi() + select(0u, 1u, lo < row);
    let r = philox(vec4<u32>(lo, hi, kj >> 2u, 0u), vec2<u32>(p_key_lo(), p_key_hi()));
    return select(T(0), p_drop_scale(), (r[kj & 3u] >> 8u) >= p_drop_threshold());
}"""


def _body(tiles: Tiles, kv: int, ev4: int, dropout: bool) -> dict:
    """The generated pieces of the kernel's main loop."""
    hs = tiles.TN // 4
    rows, cols = range(ROWS), range(tiles.TN)

    def s(i, j):
        return f"s{i}_{j // 4}.{_C[j % 4]}"

    declare = [f"    var m{i} = neg_inf();\n    var l{i} = T(0);" for i in rows]
    declare += [f"    var o{i}_{k} = V4();" for i in rows for k in range(kv)]
    zero = [f"        var s{i}_{h} = V4();" for i in rows for h in range(hs)]

    def words(at, suffix=""):  # this step's q and k words at column `at` of the tiles
        return ([f"            let q{i}{suffix} = sm[(4u * ty + {i}u) * QS + {at}];" for i in rows]
                + [f"            let k{j}{suffix} = sm[K0 + (tx + {j}u * TX) * QS + {at}];" for j in cols])

    def add(n):  # the scores += the products of n words: a dot product, then fma by fma
        def chained(i, j):
            total = f"dot(q{i}, k{j})"
            for w in range(1, n):
                total = f"fma_words({total}, q{i}_{w}, k{j}_{w})"
            return total
        return [f"            s{i}_{h} += V4({', '.join(chained(i, 4 * h + c) for c in range(4))});"
                for i in rows for h in range(hs)]

    n = tiles.dots // 4
    step = ["        for (var e4 = 0u; e4 < E4; e4++) {"] + words("e4") + add(1) + ["        }"]
    if n > 1:  # n words a step (Tiles.dots), then the words left one by one
        step = ["        var e4n = 0u;", f"        for (; e4n + {n - 1}u < E4; e4n += {n}u) {{"] + words("e4n")
        step += sum((words(f"e4n + {w}u", f"_{w}") for w in range(1, n)), []) + add(n) + ["        }"]
        step += ["        for (var e4 = e4n; e4 < E4; e4++) {"] + words("e4") + add(1) + ["        }"]
    soft = []
    # keys past S, above the diagonal or masked: only in tiles that may have them
    soft.append("        let whole = MASK == 0u && k0 + BC <= S && (!CAUSAL || k0 + BC <= q0 + 1u);\n"
                "        if (!whole) {")
    for i in rows:
        soft.append(f"            let qi{i} = q0 + 4u * ty + {i}u;")
        for j in cols:
            soft.append(f"            {{\n                let qi = qi{i};\n                let kj = k0 + tx + {j}u * TX;\n"
                        f"                var keep = kj < S;\n"
                        f"                if (CAUSAL) {{ keep = keep && kj <= qi; }}\n"
                        f"                if (MASK == 1u) {{ keep = keep && qi < L && mask_keep(bases.w, qi, kj); }}\n"
                        f"                var add = T(0);\n"
                        f"                if (MASK == 2u && keep && qi < L) {{ add = mask_add(bases.w, qi, kj) * UNIT; }}\n"
                        f"                {s(i, j)} = select(neg_inf(), {s(i, j)} + add, keep);\n            }}")
    soft.append("        }")
    for i in rows:
        soft.append(f"        {{  // row {i}")
        peak = s(i, 0)
        for j in cols[1:]:
            peak = f"max({peak}, {s(i, j)})"
        soft.append(f"            let m_new = row_max(max(m{i}, {peak}));")
        soft.append("            // a row that nothing took part in yet keeps 0 and 0: no inf - inf")
        soft.append("            let m_use = select(m_new, T(0), m_new == neg_inf());")
        soft.append(f"            let alpha = expo(m{i} - m_use);\n            m{i} = m_new;")
        for h in range(hs):
            soft.append(f"            s{i}_{h} = V4({', '.join(f'expo(s{i}_{h}.{c} - m_use)' for c in _C)});")
        total = " + ".join(f"((s{i}_{h}.x + s{i}_{h}.y) + (s{i}_{h}.z + s{i}_{h}.w))" for h in range(hs))
        soft.append(f"            l{i} = l{i} * alpha + {total};")
        soft += [f"            o{i}_{k} *= alpha;" for k in range(kv)]
        soft.append("        }")
    if dropout:  # the sums l keep every probability; what multiplies v is dropped and rescaled
        kept = lambda i, j: f"{s(i, j)} * drop(b * L + q0 + 4u * ty + {i}u, k0 + tx + {j}u * TX)"  # noqa: E731
    else:
        kept = s
    store_p = [f"        sm[P0 + (tx + {j}u * TX) * PS + ty] = V4({', '.join(kept(i, j) for i in rows)});" for j in cols]
    clamp = "min(tx + {k}u * TX, EV4 - 1u)" if ev4 % tiles.TX else "tx + {k}u * TX"  # no column past EV4
    pv = [f"            let v{k} = sm[V0 + c * EV4 + {clamp.format(k=k)}];" for k in range(kv)]
    pv += [f"            o{i}_{k} += pc.{_C[i]} * v{k};" for k in range(kv) for i in rows]
    out = []
    for i in rows:
        # a row no key took part in (l = 0) gives 0, as PyTorch's _safe_softmax (torch >= 2.5)
        out.append(f"    {{\n        let total = row_sum(l{i});\n"
                   f"        let inv = select(T(1) / total, T(0), total == T(0));\n        let qi = q0 + 4u * ty + {i}u;")
        for k in range(kv):
            out.append(f"        if (qi < L && tx + {k}u * TX < EV4) {{\n            let w = o{i}_{k} * inv;\n"
                       f"            let at = (b * L + qi) * Ev + 4u * (tx + {k}u * TX);")
            out += [f"            if (4u * (tx + {k}u * TX) + {t}u < Ev) {{ out[at + {t}u] = w.{_C[t]}; }}"
                    for t in range(4)]
            out.append("        }")
        out.append("    }")
    return dict(declare="\n".join(declare), zero_scores="\n".join(zero), score_loop="\n".join(step),
                softmax_step="\n".join(soft), store_p="\n".join(store_p), pv_step="\n".join(pv),
                store_out="\n".join(out))


def source(device, dtype, tiles: Tiles, e: int, ev: int, causal: bool, mask_dtype, fast: bool,
           dropout: bool = False, vec: bool = False) -> str:
    """The kernel's WGSL; vec: q, k and v are read in vec4 words (attention.py's vec_words)."""
    T = dt.layout(dtype).register
    e4, ev4 = -(-e // 4), -(-ev // 4)
    kv = -(-ev4 // tiles.TX)
    p0, words = tiles.layout(e4, ev4)
    offsets = []
    o = tiles.TX // 2
    while o >= 1:
        offsets.append(o)
        o //= 2
    if T == "f64":  # WGSL's shuffles take 32-bit values: a float64 goes as two words
        shfl = ("bitcast<f64>(u64(subgroupShuffleXor(u32(bitcast<u64>(x) & 0xfffffffflu), lane_mask)) | "
                "(u64(subgroupShuffleXor(u32(bitcast<u64>(x) >> 32u), lane_mask)) << 32u))")
        exp, neg_inf = "exp_f64(x)", "bitcast<f64>(0xfff0000000000000lu)"
    else:
        shfl = "subgroupShuffleXor(x, lane_mask)"
        exp, neg_inf = ("exp2(x)" if fast else "exp2_taylor_f32(x)"), "bitcast<f32>(0xff800000u)"
    if not offsets:
        shfl = "x"
    loaders = "\n".join(_loader(*tile, vec) for tile in _TILES)
    return with_libraries(
        "nn_attention", device.features, enables="", params=params(dtype).wgsl(), S=dt.layout(dtype).storage,
        T=T, IN=f"vec4<{dt.layout(dtype).storage}>" if vec else dt.layout(dtype).storage, TX=tiles.TX, TY=tiles.TY,
        WG=tiles.TX * tiles.TY, BR=tiles.BR, BC=tiles.BC, E4=e4, EV4=ev4, KV=kv,
        P0=p0, SM=words, UNIT=f"{T}({score_unit(dtype)!r})", ALIAS=str(tiles.alias).lower(),
        CAUSAL=str(causal).lower(), NEG_INF=neg_inf, EXP=exp,
        SHFL=shfl, loaders=loaders, reduce_max="\n".join(f"    m = max(m, shfl(m, {k}u));" for k in offsets),
        reduce_sum="\n".join(f"    s = s + shfl(s, {k}u);" for k in offsets), **_mask_code(mask_dtype, T),
        **_tile_code(tiles, e4, ev4), philox=philox_source(device.features) if dropout else "",
        drop=_DROP if dropout else "", **_body(tiles, kv, ev4, dropout))
