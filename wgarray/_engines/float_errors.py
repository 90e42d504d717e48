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
"""

from __future__ import annotations

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
    if dt.kind(compute) == "complex" or op.name in _EXACT:
        underflow = "false"
    elif op.name in _UNDERFLOW:
        underflow = _fill(_UNDERFLOW[op.name], compute)
    else:
        all_nonzero = " && ".join(tests["nonzero"])
        underflow = f"fpe_tiny_underflow_{t}(r, a0, {all_finite}, {all_nonzero})"
    return f"fpe_{t}(r, {any_nan}, {all_finite}, {pole}, {underflow})"


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
