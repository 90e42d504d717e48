"""Generating the map kernel (wgsl/map.wgsl) for one op, dtype combination and layout.

An operand of a map kernel is a Slot: its dtype and how it is addressed:
  "contig"  element i of the output reads element offset + i,
  "scalar"  every element reads the one element at offset (a 0-d or fully broadcast input),
  "strided" offset + sum(coord[d] * stride[d]) over the (coalesced) output coordinates,
  "param"   a scalar value carried in the parameter words themselves (Python scalars).
The output is either "fresh" (contiguous from offset 0; a packed dtype is written a word
per invocation) or "strided" (a view; packed dtypes go through atomicAnd/atomicOr).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import numpy as np

from ._dtypes import Layout, layout
from ._kernels import WORKGROUP, render

REG_TAG = {"bool": "b", "i32": "i32", "u32": "u32", "i64": "i64", "u64": "u64",
           "f32": "f32", "f64": "f64", "vec2<f32>": "c64", "vec2<f64>": "c128"}
BITS = {4: 8, 2: 16}


@dataclass(frozen=True)
class Slot:
    dtype: np.dtype
    mode: str


@dataclass(frozen=True)
class MapOp:
    """What a map kernel computes: `expr` over a0, a1, ... (inputs cast to `in_dtypes`).

    The expression may also use `i` (the linear output index) and, with coords=True,
    c0, c1, ... (the output coordinates, uncoalesced).
    """

    name: str
    expr: str
    in_dtypes: tuple
    out_dtype: np.dtype
    coords: bool = False


def tag(dtype) -> str:
    return REG_TAG[layout(dtype).register]


def param_words(dtype) -> int:
    return max(1, np.dtype(dtype).itemsize // 4)


def encode_param(value, dtype) -> list[int]:
    """A scalar's bits as u32 words, in the layout decode_param reads."""
    dtype = np.dtype(dtype)
    if dtype.itemsize < 4:
        widened = np.int32 if dtype.kind == "i" else np.uint32
        return [int(np.array(value, dtype=dtype).astype(widened).view(np.uint32))]
    return np.array([value], dtype=dtype).view(np.uint32).tolist()


def decode_param(dtype, k: int) -> str:
    lay = layout(dtype)
    reg = lay.register
    if reg == "bool":
        return f"(pw({k}u) != 0u)"
    if reg == "i32":
        return f"ps({k}u)"
    if reg == "u32":
        return f"pw({k}u)"
    if reg == "f32":
        return f"bitcast<f32>(pw({k}u))"
    if reg == "u64":
        return f"pu64({k}u)"
    if reg in ("i64", "f64"):
        return f"bitcast<{reg}>(pu64({k}u))"
    if reg == "vec2<f32>":
        return f"vec2<f32>(bitcast<f32>(pw({k}u)), bitcast<f32>(pw({k + 1}u)))"
    return f"vec2<f64>(bitcast<f64>(pu64({k}u)), bitcast<f64>(pu64({k + 2}u)))"


def cast(expr: str, src, dst) -> str:
    """A WGSL expression converting a register value of dtype src to dtype dst."""
    if src == dst:
        return expr
    s, d = layout(src), layout(dst)
    if d.kind == "bool":
        # naga's float `!=` is an ordered compare (false for NaN), so test equality and negate.
        if s.kind == "complex":
            return f"!all({expr} == {s.register}())"
        if s.kind == "float":
            return f"!({expr} == {s.register}(0))"
        return f"({expr} != {s.register}(0))"
    if d.kind == "complex":
        if s.kind == "complex":
            return f"{d.register}({expr})"
        part = {"vec2<f32>": np.dtype("float32"), "vec2<f64>": np.dtype("float64")}[d.register]
        # The zero imaginary part must not be a literal: drivers fold 0 * x and 0 - x, which
        # changes NaN and -0.0 results. zero_word() reads a parameter word that is always 0.
        zero = f"{d.register[5:-1]}(bitcast<f32>(zero_word()))"
        return f"{d.register}({cast(expr, src, part)}, {zero})"
    if s.kind == "bool":
        value = f"select({d.register}(0), {d.register}(1), {expr})"
    elif s.kind == "complex":
        value = f"{d.register}({expr}.x)"
    elif s.register == "u32" and d.register == "i64":
        value = f"i64(u64({expr}))"  # naga's direct i64(u32) sign-extends
    elif s.register == "i32" and d.register in ("i64", "u64"):
        # Sign-extend by arithmetic: after the conversion op, lavapipe compares -7 as >= 0.
        value = f"{d.register}((i64(u64(bitcast<u32>({expr}))) ^ 0x80000000li) - 0x80000000li)"
    else:
        value = f"{d.register}({expr})"
    return wrap(value, dst)


def wrap(expr: str, dtype) -> str:
    """Reduce an i32/u32 register to the range of a narrow integer dtype (wrap-around)."""
    lay = layout(dtype)
    if not lay.packed or lay.kind == "bool":
        return expr
    bits = BITS[lay.per_word]
    if lay.kind == "int":
        return f"(({expr} << {32 - bits}u) >> {32 - bits}u)"
    return f"({expr} & {(1 << bits) - 1}u)"


def to_bits(expr: str, lay: Layout) -> str:
    """A packed dtype's register value as the low bits of a u32."""
    bits = BITS[lay.per_word]
    if lay.kind == "bool":
        return f"select(0u, 1u, {expr})"
    if lay.kind == "int":
        return f"(bitcast<u32>({expr}) & {(1 << bits) - 1}u)"
    return f"({expr} & {(1 << bits) - 1}u)"


def load_fn(k: int, dtype) -> str:
    """fn load{k}(idx) reading one element of input buffer in{k}."""
    lay = layout(dtype)
    reg = lay.register
    if not lay.packed:
        return f"fn load{k}(idx: u32) -> {reg} {{ return in{k}[idx]; }}"
    bits = BITS[lay.per_word]
    shift = {8: 2, 16: 1}[bits]
    raw = f"(in{k}[idx >> {shift}u] >> ((idx & {lay.per_word - 1}u) * {bits}u)) & {(1 << bits) - 1}u"
    if lay.kind == "bool":
        value = f"({raw}) != 0u"
    elif lay.kind == "int":
        value = f"bitcast<i32>(({raw}) << {32 - bits}u) >> {32 - bits}u"
    else:
        value = raw
    return f"fn load{k}(idx: u32) -> {reg} {{ return {value}; }}"


class MapLayout:
    """Assigns parameter words: [items, numel, 0, shape...], then output, then each input."""

    def __init__(self, ndim: int, out_strided: bool, slots):
        self.ndim = ndim
        word = 3 + ndim
        self.out_word = word
        if out_strided:
            word += 1 + ndim
        self.in_words = []
        for slot in slots:
            self.in_words.append(word)
            if slot.mode == "param":
                word += param_words(slot.dtype)
            elif slot.mode == "strided":
                word += 1 + ndim
            else:
                word += 1
        self.total = word

    def index(self, word: int, strided: bool) -> str:
        if not strided:
            return f"pw({word}u)"
        terms = " + ".join(f"i32(c{d}) * ps({word + 1 + d}u)" for d in range(self.ndim))
        return f"u32(ps({word}u) + {terms})" if terms else f"pw({word}u)"


VECTOR_STORAGE = ("f32", "i32", "u32")
# vec4s per invocation in the vec4 body: 2 measured best on H100 and H200 (4+ spill registers)
VECTORS = int(os.environ.get("WGARRAY_MAP_VECTORS", "2"))
# ... except for transcendental functions: compute bound, they need the registers (H100,
# float32 2^25: sin 133 -> 113 us, tanh 112 -> 106, exp 101 -> 97 with 1).
MATH_VECTORS = int(os.environ.get("WGARRAY_MATH_VECTORS", "1"))
TRANSCENDENTAL = re.compile(r"exp|log|sin|cos|tan|pow|hypot")


def vectors_for(op) -> int:
    """vec4s per invocation of op's vec4 body."""
    return MATH_VECTORS if TRANSCENDENTAL.search(op.expr) else VECTORS


def can_vectorize(out: Slot, slots: tuple, coords: bool) -> bool:
    """Whether the vec4 body applies: a fresh 32-bit output and contiguous 32-bit inputs."""
    out_lay = layout(out.dtype)
    if coords or out.mode != "fresh" or out_lay.storage not in VECTOR_STORAGE or out_lay.packed:
        return False
    return all(s.mode == "param" or layout(s.dtype).storage in VECTOR_STORAGE and not layout(s.dtype).packed
               and s.mode in ("contig", "scalar") for s in slots)


def map_source(op: MapOp, out: Slot, slots: tuple, ndim: int, features, vector: bool = False) -> str:
    """vector: each invocation handles four consecutive elements with vec4 loads and stores
    (see can_vectorize; buffer offsets must then be multiples of 4)."""
    out_lay = layout(out.dtype)
    vectors = vectors_for(op)
    words = MapLayout(ndim, out.mode == "strided", slots)
    needs_coords = op.coords or out.mode == "strided" or any(s.mode == "strided" for s in slots)

    enables = "enable f16;" if any(layout(s.dtype).register == "f16" for s in slots) else ""
    if out.mode == "strided" and out_lay.packed:
        out_decl = "array<atomic<u32>>"
    elif vector:
        out_decl = f"array<vec4<{out_lay.storage}>>"
    else:
        out_decl = f"array<{out_lay.storage}>"
    bindings = [f"@group(0) @binding(1) var<storage, read_write> out: {out_decl};"]
    loaders = []
    binding = 2
    for k, slot in enumerate(slots):
        if slot.mode == "param":
            continue
        storage = layout(slot.dtype).storage
        if vector:
            bindings.append(f"@group(0) @binding({binding}) var<storage, read> in{k}: array<vec4<{storage}>>;")
            loaders.append(f"fn load{k}(idx: u32) -> {storage} {{ return in{k}[idx >> 2u][idx & 3u]; }}")
        else:
            bindings.append(f"@group(0) @binding({binding}) var<storage, read> in{k}: array<{storage}>;")
            loaders.append(load_fn(k, slot.dtype))
        binding += 1

    uses_64 = any(layout(d).register in ("i64", "u64", "f64", "vec2<f64>")
                  for d in (out.dtype, op.out_dtype, *op.in_dtypes, *(s.dtype for s in slots)))
    library = [render("lib_u64")] if uses_64 else []
    library += libraries_for(op, features)

    def element(i_expr: str, indent: str, lanes: bool = False) -> list[str]:
        lines = [f"let i = {i_expr};"]
        if needs_coords:
            lines.append("var rem = i;")
            for d in reversed(range(ndim)):
                size = f"pw({3 + d}u)"
                if d:
                    lines.append(f"let c{d} = rem % {size}; rem = rem / {size};")
                else:
                    lines.append("let c0 = rem;")
        for k, slot in enumerate(slots):
            if slot.mode == "param":
                value = decode_param(slot.dtype, words.in_words[k])
            else:
                idx = words.index(words.in_words[k], slot.mode == "strided")
                if slot.mode == "contig" and lanes:
                    value = f"v{k}[c]"
                else:
                    value = f"load{k}({idx} + i)" if slot.mode == "contig" else f"load{k}({idx})"
            lines.append(f"let a{k} = {cast(value, slot.dtype, op.in_dtypes[k])};")
        lines.append(f"let r = {cast(op.expr, op.out_dtype, out.dtype)};")
        return [indent + line for line in lines]

    body: list[str] = []
    if vector:
        # Each invocation handles `vectors` vec4s, a workgroup-width apart so loads stay coalesced.
        # All loads come first: drivers must assume storage buffers alias, so a store would
        # keep later loads from being issued early.
        body.append("    let vecs = (pw(1u) + 3u) / 4u;")
        body.append(f"    let first = (item / {WORKGROUP}u) * {WORKGROUP * vectors}u + item % {WORKGROUP}u;")
        contig = [k for k, slot in enumerate(slots) if slot.mode == "contig"]
        for k in contig:
            body.append(f"    var v{k}s: array<vec4<{layout(slots[k].dtype).storage}>, {vectors}>;")
        body.append(f"    for (var v = 0u; v < {vectors}u; v++) {{")
        body.append(f"        let q = min(first + v * {WORKGROUP}u, vecs - 1u);")
        for k in contig:
            body.append(f"        v{k}s[v] = in{k}[(pw({words.in_words[k]}u) >> 2u) + q];")
        body.append("    }")
        body.append(f"    for (var v = 0u; v < {vectors}u; v++) {{")
        body.append(f"        let q = first + v * {WORKGROUP}u;")
        body.append("        if (q >= vecs) { break; }")
        for k in contig:
            body.append(f"        let v{k} = v{k}s[v];")
        body.append(f"        var lanes: vec4<{out_lay.storage}>;")
        body.append("        for (var c = 0u; c < 4u; c++) {")
        body += element("q * 4u + c", "            ", lanes=True)
        body.append("            lanes[c] = r;")
        body.append("        }")
        body.append("        out[q] = lanes;")
        body.append("    }")
    elif out.mode == "fresh" and out_lay.packed:
        per, bits = out_lay.per_word, BITS[out_lay.per_word]
        body.append("    var word = 0u;")
        body.append(f"    for (var j = 0u; j < {per}u; j++) {{")
        body.append(f"        if (item * {per}u + j >= pw(1u)) {{ break; }}")
        body += element(f"item * {per}u + j", "        ")
        body.append(f"        word = word | ({to_bits('r', out_lay)} << (j * {bits}u));")
        body.append("    }")
        body.append("    out[item] = word;")
    elif out.mode == "fresh":
        body += element("item", "    ")
        body.append("    out[i] = r;")
    else:
        body += element("item", "    ")
        o = words.index(words.out_word, True)
        if out_lay.packed:
            per, bits = out_lay.per_word, BITS[out_lay.per_word]
            shift = {8: 2, 16: 1}[bits]
            mask = (1 << bits) - 1
            body.append(f"    let o = {o};")
            body.append(f"    let sh = (o & {per - 1}u) * {bits}u;")
            body.append(f"    atomicAnd(&out[o >> {shift}u], ~({mask}u << sh));")
            body.append(f"    atomicOr(&out[o >> {shift}u], {to_bits('r', out_lay)} << sh);")
        else:
            body.append(f"    out[{o}] = r;")

    return render("map", enables=enables, bindings="\n".join(bindings), library="\n".join(library),
                  loaders="\n".join(loaders), workgroup=WORKGROUP, body="\n".join(body))


# Helper libraries: wgsl/lib_<family>.wgsl rendered once per register type an op uses.
LIB_FAMILY = {"i32": "int", "i64": "int", "u32": "uint", "u64": "uint", "f32": "float", "f64": "float",
              "vec2<f32>": "complex", "vec2<f64>": "complex", "bool": None}
FLOAT_BITS = {"f32": ("u32", "i32", "0x7fffffffu", "0x7f800000u", "0x7fc00000u", "u"),
              "f64": ("u64", "i64", "0x7fffffffffffffffu", "0x7ff0000000000000u", "0x7ff8000000000000u", "lu")}


# Expressions naming one of these pull in wgsl/lib_math.wgsl (real math, also what complex
# math builds on) for every float type they use.
MATH_NAMES = re.compile(r"exp|log|sin|cos|tan|pow|hypot|sqrt|abs|sign")


def library_fields(register: str, features=frozenset()) -> dict:
    if register in FLOAT_BITS:
        bits, sbits, absmask, expmask, qnan, suffix = FLOAT_BITS[register]
        wide = register == "f32" and "shader-f64" in features
        # G renames lib_math's generic versions of the functions that wgsl/lib_math32.wgsl
        # specialises for float32 (exp_generic_f32, ...), so the specialisations take their names.
        return dict(T=register, tag=REG_TAG[register], U=bits, S=sbits, US=suffix,
                    G="_generic" if register == "f32" else "",
                    ABSMASK=absmask.replace("u", suffix), EXPMASK=expmask.replace("u", suffix),
                    QNAN=qnan.replace("u", suffix),
                    DIV="f32(f64(a) / f64(b))" if wide else "a / b",
                    SQRT="f32(sqrt(f64(x)))" if wide else "sqrt(x)")
    if register.startswith("vec2"):
        scalar = register[5:-1]
        return dict(T=register, tag=REG_TAG[register], F=scalar, ftag=REG_TAG[scalar])
    return dict(T=register, tag=REG_TAG[register], WIDTH=32 if register in ("i32", "u32") else 64,
                ONE=f"{register}(1)", ZERO=f"{register}(0)")


def libraries_for(op: MapOp, features) -> list[str]:
    registers = []
    for dtype in (*op.in_dtypes, op.out_dtype):
        reg = layout(dtype).register
        if reg.startswith("vec2"):
            registers.append(reg[5:-1])  # complex helpers build on their float helpers
        registers.append(reg)
    sources, seen = [], set()
    for reg in registers:
        family = LIB_FAMILY[reg]
        if family is None or reg in seen:
            continue
        seen.add(reg)
        sources.append(render(f"lib_{family}", **library_fields(reg, features)))
        if family == "float" and MATH_NAMES.search(op.expr):
            sources.append(render("lib_math", **library_fields(reg, features)) + render(f"lib_math_{REG_TAG[reg]}"))
            if reg == "f32":
                sources.append(render("lib_math32"))
        if family == "complex" and MATH_NAMES.search(op.expr):
            sources.append(render("lib_complex_math", **library_fields(reg, features)))
    return sources

