"""The reductions wgarray computes, as Folds for the fold and scan engines, each derived from a
binary row of the elementwise table (see ops.py): sums, products, extremes, logical folds,
counts and squared deviations. Arg-extremes fold (value, index) pairs and stay hand-made.

A row's fold (`row_fold`) takes the row's expression for the accumulator dtype as its combine,
starts from the row's fold identity, and uses the subgroup operation the row declares."""

from __future__ import annotations

import functools
import math
import re

import numpy as np

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.wgsl import cast
from .fold_source import Fold, literal, reg, truthy
from .ops import HIGHEST, LOWEST, SENTINEL, Row, binary


def wide(dtype):
    """The accumulator dtype for results of dtype: packed narrow types fold in 32 bits (the final
    cast wraps exactly as NumPy's narrow arithmetic does; float16 accumulates in float32 and
    rounds once)."""
    if not layout(dtype).packed:
        return dtype
    return {"bool": dt.uint32, "int": dt.int32, "uint": dt.uint32, "float": dt.float32}[dt.kind(dtype)]


_OPERANDS = re.compile(r"\ba([01])\b")
# Sentinels: NaNs with a payload that arithmetic never produces, as (bits, unsigned type).
_SENTINEL = {"f32": ("0x7fc5a5a5u", "u32"), "f64": ("0x7ff8a5a5a5a5a5a5lu", "u64")}


def _combine(row: Row, acc) -> str:
    """The row's expression over accumulators a and b, as a function body returning A."""
    expr = _OPERANDS.sub(lambda m: "ab"[int(m.group(1))], row.wgsl(acc, fold=True))
    if row.result == "bool" and dt.kind(acc) != "bool":  # logical rows over 0/1 accumulators
        expr = f"select({reg(acc)}(0), {reg(acc)}(1), {expr})"
    return f"return {expr};"


def _far_end(dtype, end: str):
    """The lowest or highest value of dtype."""
    kind = dt.kind(dtype)
    if kind == "bool":
        return end == HIGHEST
    if kind == "float":
        return -np.inf if end == LOWEST else np.inf
    info = np.iinfo(dtype)
    return info.min if end == LOWEST else info.max


def _sentinel(acc) -> tuple:
    """(a start value, a test that WGSL value `v` is it) for float and complex accumulators."""
    r = reg(acc)
    scalar = r[5:-1] if r.startswith("vec2") else r
    if scalar not in _SENTINEL:
        raise NotImplementedError(f"no sentinel to start folds of {acc} from")
    bits, u = _SENTINEL[scalar]
    if scalar == r:
        return f"bitcast<{r}>({bits})", f"bitcast<{u}>({{v}}) == {bits}"
    return (f"{r}(bitcast<{scalar}>({bits}), bitcast<{scalar}>({bits}))",
            f"all(bitcast<vec2<{u}>>({{v}}) == vec2<{u}>({bits}))")


def row_fold(row: Row, values, *, acc=None, prep: str | None = None, name: str | None = None,
             centred: bool = False, positive_zero: bool = False) -> Fold:
    """The fold of a reorderable binary row over elements cast to `values` (bound to `x`),
    turned into accumulators of acc (default: wide(values)) by prep (default: a cast).
    positive_zero: start from the identity +0.0 where the row folds from -0.0 (sums), so that
    a sum of -0.0s is +0.0, as NumPy's add.reduce gives."""
    if not row.reorderable:
        raise ValueError(f"{row.name} is not reorderable: folds may not regroup it")
    acc = wide(values) if acc is None else acc
    kind = dt.kind(acc)
    start = row.fold_identity.get(kind, row.identity)
    if positive_zero and starts_at_negative_zero(row, kind):
        start = row.identity
    # The result of folding nothing, where folds start from something else.
    empty = None if kind not in row.fold_identity or row.identity is None else literal(row.identity, acc)
    combine = _combine(row, acc)
    if start is None:
        raise ValueError(f"{row.name} has no identity to fold {acc} from")
    if start == SENTINEL:
        init, is_start = _sentinel(acc)
        combine = (f"if ({is_start.format(v='a')}) {{ return b; }} "
                   f"if ({is_start.format(v='b')}) {{ return a; }} {combine}")
    elif start in (LOWEST, HIGHEST):
        init = literal(_far_end(values, start), acc)
    else:
        init = literal(start, acc)
    return Fold(name or row.name, acc, init, combine, cast("x", values, acc) if prep is None else prep, values,
                empty=empty, centred=centred, subgroup=row.subgroup_op(acc))


def _flags(dtype) -> str:
    """prep: 1u for a nonzero element (NaN counts), else 0u."""
    return f"select(0u, 1u, {truthy('x', dtype)})"


def starts_at_negative_zero(row: Row, kind: str) -> bool:
    start = row.fold_identity.get(kind)
    return isinstance(start, (float, complex)) and start == 0 and math.copysign(1.0, complex(start).real) < 0


@functools.lru_cache(maxsize=None)
def numpy_fold(row_name: str, values, positive_zero: bool = True) -> Fold:
    """The fold of NumPy's reduce of that binary row over values: sums start from +0.0 unless
    positive_zero is False (for an initial value combined afterwards). Cached, as ufunc methods
    ask on every call."""
    return row_fold(binary(row_name), values, positive_zero=positive_zero)


@functools.lru_cache(maxsize=None)
def sum_fold(dtype) -> Fold:
    """Sum of elements cast to dtype (the result dtype)."""
    return row_fold(binary("add"), dtype, name="sum")


@functools.lru_cache(maxsize=None)
def prod_fold(dtype) -> Fold:
    return row_fold(binary("multiply"), dtype, name="prod")


@functools.lru_cache(maxsize=None)
def extreme_fold(name: str, dtype) -> Fold:
    return row_fold(binary({"max": "maximum", "min": "minimum"}[name]), dtype, name=name)


@functools.lru_cache(maxsize=None)
def logical_fold(name: str, dtype) -> Fold:
    """all / any: on uint32 0/1 flags of nonzero elements, bitwise_and / bitwise_or are the
    logical operations (and take subgroup operations)."""
    row = binary({"all": "bitwise_and", "any": "bitwise_or"}[name])
    return row_fold(row, dtype, acc=dt.uint32, prep=_flags(dtype), name=name)


@functools.lru_cache(maxsize=None)
def count_fold(dtype, acc=dt.uint32) -> Fold:
    """count_nonzero: the sum of flags of nonzero elements, in uint32 (or a wider acc for
    counts that may pass 2^32)."""
    flags = _flags(dtype) if acc == dt.uint32 else f"{reg(acc)}({_flags(dtype)})"
    return row_fold(binary("add"), dtype, acc=acc, prep=flags, name="count_nonzero")


@functools.lru_cache(maxsize=None)
def sqdev_fold(dtype) -> Fold:
    """Sum of squared deviations from each output's mean, |x - mean|^2 as NumPy computes it."""
    prep = "dot(x - centre, x - centre)" if dt.kind(dtype) == "complex" else "(x - centre) * (x - centre)"
    return row_fold(binary("add"), dtype, acc=dt.real_dtype(dtype), prep=prep, name="sqdev", centred=True)


@functools.lru_cache(maxsize=None)
def arg_fold(name: str, dtype) -> Fold:
    """argmax / argmin: (value, index) pairs, folded by the engine's own comparison (fold.py)."""
    if dtype == dt.bool_:
        acc, prep = dt.uint32, "select(0u, 1u, x)"
    else:
        acc, prep = wide(dtype), "x"
    return Fold(name, acc, literal(0, acc), "", prep, dtype, name[3:])
