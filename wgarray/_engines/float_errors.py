"""Floating-point error flags of elementwise results, as NumPy's ufuncs raise them (wgarray.errstate).

NumPy reads the CPU's IEEE status flags after a ufunc loop. A GPU has none, so the flag variant
of a map kernel (map.py, MapOp.flags) decides each element's flags from its inputs and result:

- invalid: a NaN result from inputs with no NaN (0/0, inf - inf, sqrt(-1), log(-1));
- divide by zero: an infinite result from finite inputs at a pole of the function (x/0, log(0),
  arctanh(1), 0**-1); integer division and remainder by zero;
- overflow: an infinite result from finite inputs elsewhere (exp(1000), 1e308 * 10); integer
  floor_divide(MIN, -1);
- underflow: a zero or subnormal result that is inexact (1e-200 * 1e-200, exp(-1000)); exact
  tiny results (1e-310 * 1.0, 2e-308 - 1.9e-308) are not reported, as in NumPy.

`flag_expr(op)` is that rule for one map op, as a WGSL u32 expression over a0, a1, ... and r
(helpers in wgsl/lib_fpe*.wgsl), or None for ops that never raise a flag (comparisons, bitwise
and integer arithmetic other than division).

Beyond the table's rows, a few map ops carry rules of their own (`SPECIAL`):
- "cast" (astype): float to integer is invalid for NaN, infinities and values out of the range
  of the conversion NumPy's C cast compiles to on x86-64; float64 to float32 overflows and
  underflows as a rounding does;
- "reduce_check:<row>" (reductions and accumulations, _api/reductions.py): a0 the result, a1 the
  classes of the elements folded into it (lib_fpe's fpe_class, ORed), see fpe_fold;
- "divmod" and "divmod:remainder": floor_divide's and remainder's rules, and NumPy's divmod is
  also invalid where its quotient is infinite (npy_divmod computes inf - floor(inf)).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .._core import dtypes as dt
from .._core.wgsl import REG_TAG

# NumPy's flag bits (UFUNC_FPE_* in numpy/_core/include/numpy/ufuncobject.h)
FPE_DIVIDEBYZERO, FPE_OVERFLOW, FPE_UNDERFLOW, FPE_INVALID = 1, 2, 4, 8

# Where a function has a pole: the inputs at which an infinite result from finite inputs is a
# division by zero rather than an overflow. Per kind ({t}: the helper suffix, {T}: the type).
_POLES = {
    "divide": {"float": "!nz_{t}(a1)", "complex": "!cnz_{t}(a1)"},
    "floor_divide": {"float": "!nz_{t}(a1)"},
    "reciprocal": {"float": "!nz_{t}(a0)", "complex": "!cnz_{t}(a0)"},
    **{name: {"float": "!nz_{t}(a0)", "complex": "!cnz_{t}(a0)"} for name in ("log", "log2", "log10")},
    "log1p": {"float": "a0 == {T}(-1)", "complex": "all(a0 == {T}(-1, 0))"},
    "atanh": {"float": "fabs_{t}(a0) == {T}(1)", "complex": "all(abs(a0) == {T}(1, 0))"},
    **{name: {"float": "!nz_{t}(a0) && a1 < {T}(0)", "complex": "!cnz_{t}(a0)"}
       for name in ("pow", "float_power")},
}
# Functions whose NaN results from non-NaN inputs are no error (spacing(inf) is NaN by definition).
_NEVER_INVALID = frozenset({"spacing"})
# Real functions whose tiny results are always exact (or that have none): they never underflow.
_EXACT = frozenset({
    "add", "subtract", "negative", "positive", "abs", "fabs", "sign", "copysign", "maximum", "minimum", "fmax",
    "fmin", "ceil", "floor", "trunc", "round", "rint", "real", "imag", "conj", "fmod", "remainder", "floor_divide",
    "heaviside", "sqrt", "spacing", "cbrt", "log", "log2", "log10", "acos", "acosh", "cos", "cosh", "logaddexp",
    "logaddexp2",
})
# Real functions with an exact underflow test of their own (wgsl/lib_fpe.wgsl): name -> WGSL
_UNDERFLOW = {
    "multiply": "fpe_mul_underflow_{t}(a0, a1, r)",
    "square": "fpe_mul_underflow_{t}(a0, a0, r)",
    "divide": "fpe_div_underflow_{t}(a0, a1, r)",
    "reciprocal": "fpe_div_underflow_{t}({T}(1), a0, r)",
    "ldexp": "fpe_ldexp_underflow_{t}(a0, ldexp_exponent(a1), r)",
}


def flag_expr(op) -> str | None:
    """The WGSL u32 flags of one element of map op `op` (a map.MapOp), or None if it raises none."""
    special = SPECIAL.get(op.name.split(":")[0])
    if special is not None:
        return special(op)
    return _row_flags(op)


def _row_flags(op) -> str | None:
    out_kind = dt.kind(op.out_dtype)
    if out_kind in ("int", "uint"):
        return _integer_flags(op)
    if out_kind not in ("float", "complex"):
        return None
    floats = [(k, d) for k, d in enumerate(op.in_dtypes) if dt.kind(d) in ("float", "complex")]
    if not floats:
        return None
    tests = {"nan": [], "finite": [], "nonzero": []}
    for k, dtype in floats:
        prefix, t = "c" if dt.kind(dtype) == "complex" else "", _tag(dtype)
        tests["nan"].append(f"{prefix}isnan_{t}(a{k})")
        tests["finite"].append(f"{prefix}isfinite_{t}(a{k})")
        tests["nonzero"].append(f"{prefix}nz_{t}(a{k})")
    any_nan = "true" if op.name in _NEVER_INVALID else " || ".join(tests["nan"])
    all_finite = " && ".join(tests["finite"])
    compute = op.in_dtypes[0]
    pole = _POLES.get(op.name, {}).get(dt.kind(compute))
    pole = "false" if pole is None else _fill(pole, compute)
    if out_kind == "complex":  # each part as a real result; complex underflow is not reported
        t = _tag(dt.real_dtype(op.out_dtype))
        return " | ".join(f"fpe_{t}(r.{part}, {any_nan}, {all_finite}, {pole}, false)" for part in "xy")
    t = _tag(op.out_dtype)
    # float16: the float32 result (`exact`, see map.py) rounded to half may overflow or underflow too
    half = " | fpe_half_f32(exact, r)" if op.out_dtype == dt.float16 else ""
    if dt.kind(compute) == "complex" or op.name in _EXACT:
        underflow = "false"
    elif op.name in _UNDERFLOW:
        underflow = _fill(_UNDERFLOW[op.name], compute)
    else:
        all_nonzero = " && ".join(tests["nonzero"])
        underflow = f"fpe_tiny_underflow_{t}(r, a0, {all_finite}, {all_nonzero})"
    return f"fpe_{t}(r, {any_nan}, {all_finite}, {pole}, {underflow}){half}"


def _integer_flags(op) -> str | None:
    """Integer division and remainder by zero (NumPy's 'divide'); floor_divide(MIN, -1) overflows."""
    if op.name not in ("floor_divide", "remainder", "fmod"):
        return None
    dtype = op.in_dtypes[1]
    reg = dt.layout(dtype).register
    flags = f"select(0u, {FPE_DIVIDEBYZERO}u, a1 == {reg}(0))"
    if op.name == "floor_divide" and dt.kind(dtype) == "int":
        lowest = int(np.iinfo(dtype).min)
        flags += f" | select(0u, {FPE_OVERFLOW}u, a0 == {reg}({lowest + 1}) - {reg}(1) && a1 == {reg}(-1))"
    return flags


def _tag(dtype) -> str:
    return REG_TAG[dt.layout(dtype).register]


def _fill(template: str, dtype) -> str:
    reg = dt.layout(dtype).register
    return template.format(t=REG_TAG[reg], T=reg)


# -- the map ops with rules of their own (see the module docstring) ---------------------------------
# The range of the machine conversion NumPy's C cast of a float to each integer type compiles to.
_CAST_RANGE = {**dict.fromkeys(("int8", "int16", "int32", "uint8", "uint16"), (-2**31, 2**31)),
               "int64": (-2**63, 2**63), "uint32": (-2**63, 2**63), "uint64": (-2**63, 2**64)}


def _cast_flags(op) -> str | None:
    source, target = op.in_dtypes[0], op.out_dtype
    if dt.kind(source) not in ("float", "complex"):
        return None
    value = "a0.x" if dt.kind(source) == "complex" else "a0"
    t = _tag(dt.real_dtype(source))
    if dt.kind(target) in ("int", "uint"):
        low, high = _CAST_RANGE[np.dtype(target).name]
        return f"fpe_cast_int_{t}({value}, {low:.1f}, {high:.1f})"
    if target == dt.float16:  # overflow and underflow as NumPy's conversion to half reports them
        return f"fpe_half_{t}({value}, r)"
    if dt.kind(target) in ("float", "complex") and t == "f64" and dt.real_dtype(target) == dt.float32:
        parts = [("a0", "r")] if dt.kind(source) == "float" else [("a0.x", "r.x"), ("a0.y", "r.y")]
        if dt.kind(source) == "complex" and dt.kind(target) == "float":
            parts = [("a0.x", "r")]
        return " | ".join(f"fpe_narrow_f64({x}, {r})" for x, r in parts)
    return None


def _reduce_flags(op) -> str:
    """a0: a reduction's result, a1: the classes of its elements; op.name names the row folded
    (and ends in ":half" where the float32 result is rounded to float16 afterwards)."""
    _, row, *half = op.name.split(":")
    dtype = op.in_dtypes[0]
    t = _tag(dt.real_dtype(dtype))
    if dt.kind(dtype) == "complex":
        return f"fpe_fold_{t}(a0.x, a1, false) | fpe_fold_{t}(a0.y, a1, false)"
    rounding = " | fpe_half_f32(a0, half_round(a0))" if half else ""
    return f"fpe_fold_{t}(a0, a1, {'true' if row == 'multiply' else 'false'}){rounding}"


def class_prep(dtype, value: str = "x") -> str:
    """The WGSL class of one folded element `value` of dtype (lib_fpe's fpe_class): a fold's prep."""
    t = _tag(dt.real_dtype(dtype))
    if dt.kind(dtype) == "complex":
        return f"(fpe_class_{t}(({value}).x) | fpe_class_{t}(({value}).y))"
    return f"fpe_class_{t}({value})"


def _divmod_flags(op) -> str | None:
    if op.name == "divmod:remainder":
        return _row_flags(dataclasses.replace(op, name="remainder"))
    flags = _row_flags(dataclasses.replace(op, name="floor_divide"))
    if dt.kind(op.out_dtype) == "float":
        flags += f" | select(0u, {FPE_INVALID}u, isinf_{_tag(op.out_dtype)}(r) && nz_{_tag(op.out_dtype)}(a1))"
    return flags


def _deviation_flags(op) -> str:
    """r = a0 - a1 (var's deviation from the mean): subtract's flags (bits 0-3), and as NumPy's
    var goes on, those of its square (bits 4-7; NumPy's `square`, of each part of a complex r) and
    for complex r of the `add` of the two squares (bits 8-11)."""
    subtract = _row_flags(dataclasses.replace(op, name="subtract"))
    if dt.kind(op.out_dtype) != "complex":
        return f"{subtract} | (({_square_flags(_tag(op.out_dtype), 'r')}) << 4u)"
    t = _tag(dt.real_dtype(op.out_dtype))
    squares = f"{_square_flags(t, 'r.x')} | {_square_flags(t, 'r.y')}"
    total = (f"fpe_{t}(mul_{t}(r.x, r.x) + mul_{t}(r.y, r.y), isnan_{t}(r.x) || isnan_{t}(r.y), "
             f"isfinite_{t}(mul_{t}(r.x, r.x)) && isfinite_{t}(mul_{t}(r.y, r.y)), false, false)")
    return f"{subtract} | (({squares}) << 4u) | (({total}) << 8u)"


def _square_flags(t: str, x: str) -> str:
    square = f"mul_{t}({x}, {x})"
    return f"fpe_{t}({square}, isnan_{t}({x}), isfinite_{t}({x}), false, fpe_mul_underflow_{t}({x}, {x}, {square}))"


SPECIAL = {"cast": _cast_flags, "reduce_check": _reduce_flags, "divmod": _divmod_flags,
           "deviation": _deviation_flags}
