"""The reductions wgarray computes, as Folds for the fold and scan engines: sums, products,
extremes, logical folds, counts, arg-extremes and squared deviations, per dtype."""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.wgsl import REG_TAG, cast
from .fold import Fold, literal, reg, truthy


def wide(dtype):
    """The accumulator dtype for results of dtype: packed narrow types fold in 32 bits (the final
    cast wraps exactly as NumPy's narrow arithmetic does)."""
    if not layout(dtype).packed:
        return dtype
    return {"bool": dt.uint32, "int": dt.int32, "uint": dt.uint32}[dt.kind(dtype)]


@functools.lru_cache(maxsize=None)
def logical_fold(name: str, dtype) -> Fold:
    identity, op = {"all": (1, "&"), "any": (0, "|")}[name]
    return Fold(name, dt.uint32, f"{identity}u", f"return a {op} b;", f"select(0u, 1u, {truthy('x', dtype)})", dtype)


@functools.lru_cache(maxsize=None)
def sum_fold(dtype) -> Fold:
    """Sum of elements cast to dtype (the result dtype). -0.0 is the exact additive identity
    (0.0 + -0.0 is 0.0), so sums of negative zeros keep their sign; nothing sums to 0.0."""
    acc = wide(dtype)
    if dt.kind(acc) in ("float", "complex"):
        return Fold("sum", acc, literal(complex(-0.0, -0.0) if dt.kind(acc) == "complex" else -0.0, acc),
                    "return a + b;", cast("x", dtype, acc), dtype, empty=literal(0, acc))
    return Fold("sum", acc, literal(0, acc), "return a + b;", cast("x", dtype, acc), dtype)



# 1 + 0j is no exact identity of complex multiplication (signs of zeros change), so complex
# products start from a NaN with a payload that arithmetic never produces, skipped by comb.
_SENTINEL = {"vec2<f32>": ("0x7fc5a5a5u", "u32"), "vec2<f64>": ("0x7ff8a5a5a5a5a5a5lu", "u64")}


@functools.lru_cache(maxsize=None)
def prod_fold(dtype) -> Fold:
    acc = wide(dtype)
    if dt.kind(acc) != "complex":
        return Fold("prod", acc, literal(1, acc), "return a * b;", cast("x", dtype, acc), dtype)
    bits, u = _SENTINEL[reg(acc)]
    r = reg(acc)
    scalar = r[5:-1]
    init = f"{r}(bitcast<{scalar}>({bits}), bitcast<{scalar}>({bits}))"
    body = (f"if (all(bitcast<vec2<{u}>>(a) == vec2<{u}>({bits}))) {{ return b; }} "
            f"if (all(bitcast<vec2<{u}>>(b) == vec2<{u}>({bits}))) {{ return a; }} "
            f"return cmul_{REG_TAG[r]}(a, b);")
    return Fold("prod", acc, init, body, cast("x", dtype, acc), dtype, empty=literal(1, acc))


@functools.lru_cache(maxsize=None)
def extreme_fold(name: str, dtype) -> Fold:
    acc = wide(dtype)
    kind = dt.kind(dtype)
    if kind == "bool":
        return Fold(name, acc, "0u" if name == "max" else "1u", f"return {name}(a, b);", "select(0u, 1u, x)", dtype)
    if kind == "float":
        init = literal(-np.inf if name == "max" else np.inf, acc)
        return Fold(name, acc, init, f"return {name}imum_{REG_TAG[reg(acc)]}(a, b);", "x", dtype)
    info = np.iinfo(dtype)
    return Fold(name, acc, literal(info.min if name == "max" else info.max, acc), f"return {name}(a, b);",
                "x", dtype)


@functools.lru_cache(maxsize=None)
def sqdev_fold(dtype) -> Fold:
    """Sum of squared deviations from each output's mean, |x - mean|^2 as NumPy computes it."""
    real = dt.real_dtype(dtype)
    prep = "dot(x - centre, x - centre)" if dt.kind(dtype) == "complex" else "(x - centre) * (x - centre)"
    return Fold("sqdev", real, literal(-0.0, real), "return a + b;", prep, dtype, empty=literal(0, real),
                centred=True)


@functools.lru_cache(maxsize=None)
def arg_fold(name: str, dtype) -> Fold:
    if dtype == dt.bool_:
        acc, prep = dt.uint32, "select(0u, 1u, x)"
    else:
        acc, prep = wide(dtype), "x"
    return Fold(name, acc, literal(0, acc), "", prep, dtype, name[3:])


@functools.lru_cache(maxsize=None)
def count_fold(dtype) -> Fold:
    return Fold("count_nonzero", dt.uint32, "0u", "return a + b;", f"select(0u, 1u, {truthy('x', dtype)})", dtype)
