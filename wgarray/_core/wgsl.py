"""WGSL building blocks shared by every engine: register types, casts, loads of packed
dtypes, scalar parameters, and the helper libraries of wgsl/ (lib_*.wgsl), which a kernel
gets by the symbols it uses (see `library_source`).
"""

from __future__ import annotations

import functools
import re

import numpy as np

from .dtypes import ALL_DTYPES, Layout, layout
from .config import NUMPY_VERSION
from .kernels import render

REG_TAG = {"bool": "b", "i32": "i32", "u32": "u32", "i64": "i64", "u64": "u64",
           "f32": "f32", "f64": "f64", "vec2<f32>": "c64", "vec2<f64>": "c128"}
BITS = {4: 8, 2: 16}


def tag(dtype) -> str:
    return REG_TAG[layout(dtype).register]


def param_words(dtype) -> int:
    return max(1, np.dtype(dtype).itemsize // 4)


def encode_param(value, dtype) -> list[int]:
    """A scalar's bits as u32 words, in the layout decode_param reads."""
    dtype = np.dtype(dtype)
    if dtype == np.float16:  # a float32 register: the half's value (rounded here, as NumPy converts)
        return [int(np.array(value, dtype=dtype).astype(np.float32).view(np.uint32))]
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
        # float32 on the bits (a nonzero exponent or mantissa): NVIDIA compares subnormals as 0
        if s.register == "vec2<f32>":
            return f"any((bitcast<vec2<u32>>({expr}) << vec2<u32>(1u)) != vec2<u32>())"
        if s.register == "f32":
            return f"((bitcast<u32>({expr}) << 1u) != 0u)"
        if s.kind == "complex":
            return f"!all({expr} == {s.register}())"
        if s.kind == "float":
            return f"!({expr} == {s.register}(0))"
        return f"({expr} != {s.register}(0))"
    if d.kind == "float" and d.packed:  # float16: rounded once, from float64 without float32 between
        if s.register in ("f64", "vec2<f64>"):
            return f"half_round_f64({expr}{'.x' if s.kind == 'complex' else ''})"
        if s.kind != "bool":  # (bools are 0 or 1, exact: the general case below)
            return f"half_round({cast(expr, src, np.dtype('float32'))})"
    if d.kind == "complex":
        if s.register == "vec2<f32>" and d.register == "vec2<f64>":
            return f"vec2<f64>({_widen_f32(f'({expr}).x')}, {_widen_f32(f'({expr}).y')})"
        if s.register == "vec2<f64>" and d.register == "vec2<f32>":
            return f"vec2<f32>({_narrow_f64(f'({expr}).x')}, {_narrow_f64(f'({expr}).y')})"
        if s.kind == "complex":
            return f"{d.register}({expr})"
        part = {"vec2<f32>": np.dtype("float32"), "vec2<f64>": np.dtype("float64")}[d.register]
        # The zero imaginary part must not be a literal: drivers fold 0 * x and 0 - x, which
        # changes NaN and -0.0 results. zero_word() reads a parameter word that is always 0.
        zero = f"{d.register[5:-1]}(bitcast<f32>(zero_word()))"
        return f"{d.register}({cast(expr, src, part)}, {zero})"
    if s.kind == "bool":
        value = f"select({d.register}(0), {d.register}(1), {expr})"
    elif s.register == "vec2<f32>" and d.register == "f64":
        value = _widen_f32(f"({expr}).x")
    elif s.register in ("f64", "vec2<f64>") and d.register == "f32":
        value = _narrow_f64(f"({expr}){'.x' if s.kind == 'complex' else ''}")
    elif s.kind == "complex":
        value = f"{d.register}({expr}.x)"
    elif s.register == "u32" and d.register == "i64":
        value = f"i64(u64({expr}))"  # naga's direct i64(u32) sign-extends
    elif s.register == "i32" and d.register in ("i64", "u64"):
        # Sign-extend by arithmetic: after the conversion op, lavapipe compares -7 as >= 0.
        value = f"{d.register}((i64(u64(bitcast<u32>({expr}))) ^ 0x80000000li) - 0x80000000li)"
    elif s.register == "f32" and d.register == "f64":
        value = _widen_f32(expr)
    else:
        value = f"{d.register}({expr})"
    return wrap(value, dst)


def _widen_f32(expr: str) -> str:
    """f64(expr) exactly, subnormals too: NVIDIA's conversion flushes them. A subnormal (or zero)
    is its integer mantissa times +-2^-149. (lib_f32_wide.wgsl's f32_wide, inline: cast() also
    writes kernels that have no library slot.)"""
    bits = f"bitcast<u32>({expr})"
    tiny = (f"f64({bits} & 0x7fffffu) * select(bitcast<f64>(0x36a0000000000000lu), "
            f"bitcast<f64>(0xb6a0000000000000lu), {bits} >= 0x80000000u)")
    return f"select(f64({expr}), {tiny}, ({bits} & 0x7f800000u) == 0u)"


def _narrow_f64(expr: str) -> str:
    """f32(expr) rounded once, also to a subnormal: NVIDIA's conversion flushes those. Below
    float32's normal range the mantissa is rounded as an integer (half to even) and assembled
    by bits (lib_f32_wide.wgsl's f32_narrow, inline as _widen_f32)."""
    magnitude = f"u32(round(abs({expr}) * bitcast<f64>(0x4940000000000000lu)))"  # |x| * 2^149
    sign = f"(u32(bitcast<u64>({expr}) >> 32u) & 0x80000000u)"
    return f"select(f32({expr}), bitcast<f32>({sign} | {magnitude}), abs({expr}) < 1.1754943508222875e-38lf)"


def wrap(expr: str, dtype) -> str:
    """Reduce an i32/u32 register to the range of a narrow integer dtype (wrap-around)."""
    lay = layout(dtype)
    if not lay.packed or lay.kind in ("bool", "float"):
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
    if lay.kind == "float":  # float16 (wgsl/lib_half.wgsl)
        return f"f32_to_half({expr})"
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
    elif lay.kind == "float":  # float16
        value = f"half_to_f32({raw})"
    else:
        value = raw
    return f"fn load{k}(idx: u32) -> {reg} {{ return {value}; }}"



# NumPy 2.5's npy_half_nextafter gives y for equal operands (nextafter(-0.0, 0.0) is 0.0), as C's
# nextafter and the float32 one; NumPy 2.4's gave x.
_HALF_FIELDS = dict(EQUAL_GIVES="y" if NUMPY_VERSION >= (2, 5) else "x")


def half_helpers(*dtypes) -> str:
    """wgsl/lib_half.wgsl where a kernel without a ${library} slot loads or stores float16."""
    return render("lib_half", **_HALF_FIELDS) if np.dtype("float16") in dtypes else ""


# -- helper libraries, included by the symbols a kernel uses ------------------------------------
# wgsl/lib_<family>.wgsl is rendered once per register type of that family; the math
# libraries build on the float ones, the complex ones on the float ones of their parts.
LIB_FAMILY = {"i32": "int", "i64": "int", "u32": "uint", "u64": "uint", "f32": "float", "f64": "float",
              "vec2<f32>": "complex", "vec2<f64>": "complex", "bool": None}
FLOAT_BITS = {"f32": ("u32", "i32", "0x7fffffffu", "0x7f800000u", "0x7fc00000u", "u"),
              "f64": ("u64", "i64", "0x7fffffffffffffffu", "0x7ff0000000000000u", "0x7ff8000000000000u", "lu")}


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
                    DIV="f32_narrow(f32_wide(a) / f32_wide(b))" if wide else "a / b",
                    ADD="f32_exact_sum(a, b)" if wide else "a + b",
                    SUB="f32_exact_difference(a, b)" if wide else "a - b",
                    MUL="f32_exact_product(a, b)" if wide else f"rounded_{REG_TAG[register]}(a * b)",
                    SQRT="f32_narrow(sqrt(f32_wide(x)))" if wide else "sqrt(x)",
                    FMOD=("f32_narrow(fmod_loop_f64(f32_wide(x), f32_wide(y)))" if wide
                          else f"fmod_loop_{REG_TAG[register]}(x, y)"),
                    # float32 logaddexp2 cancels near its roots beyond what f32 pairs hold
                    LOGADDEXP2=("f32_narrow(logaddexp2_f64(f32_wide(x), f32_wide(y)))" if wide
                                else f"lm_logaddexp2_{REG_TAG[register]}(x, y)"),
                    # float32's subnormals may be flushed (NVIDIA); float64's are kept everywhere
                    FLUSHES="true" if register == "f32" else "false",
                    # results below the normal range: built by bits where float32 has f64 beside it
                    TINY=("f32_scale_tiny(y, n)" if wide else
                          f"y * lm_pow2_{REG_TAG[register]}(n + SCALE_K_{REG_TAG[register]}) * "
                          f"lm_pow2_{REG_TAG[register]}(-SCALE_K_{REG_TAG[register]})"))
    if register.startswith("vec2"):
        scalar = register[5:-1]
        bits, *_, suffix = FLOAT_BITS[scalar]
        single = scalar == "f32"
        return dict(T=register, tag=REG_TAG[register], F=scalar, ftag=REG_TAG[scalar], U=bits,
                    SIGN=f"0x{1 << (31 if bits == 'u32' else 63):x}{suffix}", FLUSHES="true" if single else "false",
                    EXPMASK=FLOAT_BITS[scalar][3].replace("u", suffix), MANT=f"{23 if single else 52}u",
                    BIAS=127 if single else 1023)
    return dict(T=register, tag=REG_TAG[register], WIDTH=32 if register in ("i32", "u32") else 64,
                ONE=f"{register}(1)", ZERO=f"{register}(0)")


_DECLARATION = re.compile(r"^\s*(?:fn|const|struct|alias)\s+(\w+)", re.M)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_COMMENT = re.compile(r"//[^\n]*")


def symbols_used(code: str) -> set:
    """The identifiers that WGSL code mentions (comments excluded)."""
    return set(_IDENTIFIER.findall(_COMMENT.sub("", code)))


@functools.lru_cache(maxsize=None)
def _catalog(features: frozenset) -> tuple:
    """Every helper library the device can compile: (sources, symbol -> library index, the
    symbols each library uses)."""
    registers = {layout(d).register for d in ALL_DTYPES
                 if layout(d).feature is None or layout(d).feature in features}
    sources = [render("lib_u64")] if "shader-int64" in features else []
    sources.append(render("lib_half", **_HALF_FIELDS))
    if {"shader-f64", "shader-int64"} <= features:
        sources.append(render("lib_half_f64"))
    if "shader-f64" in features:
        sources.append(render("lib_f32_wide"))
    for reg in sorted(registers):
        family = LIB_FAMILY[reg]
        if family is None:
            continue
        fields = library_fields(reg, features)
        sources.append(render(f"lib_{family}", **fields))
        if family == "float":
            sources.append("".join(render(part, **fields) for part in ("lib_math", "lib_math_trig", "lib_math_special"))
                           + render(f"lib_math_{REG_TAG[reg]}"))
            sources.append(render("lib_fpe", **fields) + render(f"lib_fpe_{REG_TAG[reg]}"))  # errstate's flags
            if reg == "f32":
                tiny = "f32_scale_tiny(y, k)" if "shader-f64" in features else "y * lm_pow2_f32(h) * lm_pow2_f32(k - h)"
                sources.append(render("lib_math32", TINY32=tiny))
        if family == "complex":
            sources.append(render("lib_complex_math", **fields))
    provider = {}
    for k, source in enumerate(sources):
        for name in _DECLARATION.findall(source):
            provider[name] = k
    return tuple(sources), provider, tuple(frozenset(symbols_used(s)) for s in sources)


def library_source(code: str, features) -> str:
    """The helper libraries that `code` needs, with everything they need in turn.

    A library joins when the code (or a library already in) uses a symbol it declares;
    WGSL declarations are order-free at module scope, so no ordering is needed."""
    sources, provider, uses = _catalog(frozenset(features))
    wanted, todo = set(), list(symbols_used(code))
    while todo:
        k = provider.get(todo.pop())
        if k is not None and k not in wanted:
            wanted.add(k)
            todo.extend(uses[k])
    return "\n".join(sources[k] for k in sorted(wanted))


# Put where a kernel's libraries go (a template's ${library} slot); link() fills it in.
LIBRARIES = "//!libraries"


def link(source: str, features) -> str:
    """A generated kernel with its LIBRARIES mark replaced by the libraries its code uses."""
    return source.replace(LIBRARIES, library_source(source, features))


def with_libraries(template: str, features, **fields) -> str:
    """Render a kernel template whose ${library} slot takes the libraries its code uses."""
    return link(render(template, library=LIBRARIES, **fields), features)
