"""Elementwise operations as declarations: the type of the rows of wgarray/_api/elementwise_functions.py.

A Row gives, per dtype kind, a WGSL expression over a0, a1, ... in which `{t}` names the
compute type's helper suffix (see wgsl/lib_*.wgsl) and `{T}` the WGSL type itself. A binary
row also declares how it reduces (as CuPy's create_reduction_func and NumPy's ufunc.reduce
do): NumPy's identity, whether folds may reorder it, where folds must start from something
else, and the subgroup operations that compute it exactly. folds.py derives every reduction
from these declarations.

The table (UNARY, BINARY) is plain data, so it lives here where engines folding with a row
themselves (matmul's split sums, the scan engine's exclusive_sum) can read it; the namespace
(_api/elementwise_functions.py) makes a function of every row.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from .._core import dtypes as dt
from .._core.wgsl import REG_TAG

# Fold identities other than a value: the far end of the folded dtype (for maximum and
# minimum, which have no identity), or none exact (folds start from a sentinel comb skips).
LOWEST, HIGHEST, SENTINEL = "lowest", "highest", "sentinel"
_SUBGROUP_REGISTERS = ("i32", "u32", "f32")  # what WGSL's subgroup operations take


def per_kind(value, *names) -> dict:
    """{kind: value} for the named kinds (for a row's per-kind declarations)."""
    return dict.fromkeys(names, value)


@dataclass(frozen=True, eq=False)  # rows are singletons: compared and hashed by identity
class Row:
    name: str
    exprs: dict  # kind -> WGSL expression, or NotImplemented
    result: str = "same"  # "same", "bool", "float" (ints compute in the default float), "real"
    identity: object = None  # NumPy's ufunc identity: the reduction of nothing (None: there is none)
    reorderable: bool = False  # associative and commutative: folds may combine in any order
    # kind -> what folds start from where `identity` is not exact under the expression (or absent):
    # a value, LOWEST or HIGHEST of the folded dtype, or SENTINEL.
    fold_identity: dict = field(default_factory=dict)
    # kind -> the subgroup operation computing the row exactly (on 32-bit registers only).
    subgroup: dict = field(default_factory=dict)
    # Dtypes as NumPy's ufunc of the same name picks its loop (numpy_loop_dtypes below), not one
    # promoted dtype for all: for ufuncs whose operands or result differ in dtype (ldexp, bitwise_count).
    numpy_loop: bool = False
    # operand index -> a dtype that operand widens to from NumPy's loop dtype, without changing its
    # value, so that one WGSL helper takes every loop (ldexp's int32 or int64 exponent).
    widen: dict = field(default_factory=dict)

    # kind -> the expression folds and scans combine partial results with, where not `exprs`'.
    fold_exprs: dict = field(default_factory=dict)

    def wgsl(self, dtype, *, fold: bool = False) -> str:
        """The row's expression for dtype's kind (in folds: fold_exprs' where it has one), with
        {t} and {T} filled in."""
        reg = dt.layout(dtype).register
        kind = dt.kind(dtype)
        expr = (self.fold_exprs.get(kind) if fold else None) or self.exprs[kind]
        expr = expr.format(t=REG_TAG[reg], T=reg)
        if dtype == dt.float16:  # float32 registers, but these functions work on the half's bit layout
            expr = _HALF_FUNCTIONS.sub(lambda m: m.group(1) + "_half(", expr)
        return expr

    def subgroup_op(self, dtype) -> str | None:
        """The WGSL subgroup operation computing the row on registers of dtype, if any."""
        if dt.layout(dtype).register not in _SUBGROUP_REGISTERS:
            return None
        return self.subgroup.get(dt.kind(dtype))


# The float32 helpers (lib_float) that float16 replaces by its own (wgsl/lib_half.wgsl).
_HALF_FUNCTIONS = re.compile(r"\b(nextafter|spacing|maximum|minimum|fmax|fmin)_f32\(")


# -- the table ---------------------------------------------------------------------------------
TRANSCENDENTAL = "arrives with wgarray's own accurate math library (issue: accurate elementwise math)"


def _kind_row(name, bool_=None, int_=None, uint=None, float_=None, complex_=None, **kw) -> Row:
    exprs = {k: v for k, v in (("bool", bool_), ("int", int_), ("uint", uint),
                               ("float", float_), ("complex", complex_)) if v is not None}
    return Row(name, exprs, **kw)


def _all(expr, kinds=("int_", "uint", "float_", "complex_")):
    return {k: expr for k in kinds}


UNARY = {r.name: r for r in [
    _kind_row("negative", int_="-a0", uint="{T}(0) - a0", float_="neg_{t}(a0)", complex_="cneg_{t}(a0)"),
    _kind_row("positive", **_all("a0")),
    _kind_row("abs", bool_="a0", int_="abs_{t}(a0)", uint="a0", float_="fabs_{t}(a0)",
              complex_="cabs_{t}(a0)", result="real"),
    _kind_row("sign", int_="sign_{t}(a0)", uint="sign_{t}(a0)", float_="sign_{t}(a0)", complex_="csign_{t}(a0)"),
    _kind_row("square", bool_="a0", int_="a0 * a0", uint="a0 * a0", float_="mul_{t}(a0, a0)", complex_="cmul_{t}(a0, a0)"),
    _kind_row("sqrt", float_="sqrt_{t}(a0)", complex_="csqrt_{t}(a0)", result="float"),
    _kind_row("reciprocal", float_="div_{t}({T}(1), a0)", complex_="crecip_{t}(a0)"),
    _kind_row("ceil", bool_="a0", int_="a0", uint="a0", float_="ceil(a0)"),
    _kind_row("floor", bool_="a0", int_="a0", uint="a0", float_="floor(a0)"),
    _kind_row("trunc", bool_="a0", int_="a0", uint="a0", float_="trunc(a0)"),
    _kind_row("round", bool_="a0", int_="a0", uint="a0", float_="round(a0)", complex_="round(a0)"),
    _kind_row("real", bool_="a0", int_="a0", uint="a0", float_="a0", complex_="a0.x", result="real"),
    _kind_row("imag", bool_="false", int_="{T}(0)", uint="{T}(0)", float_="{T}(0)", complex_="a0.y", result="real"),
    _kind_row("conj", bool_="a0", int_="a0", uint="a0", float_="a0", complex_="conj_{t}(a0)"),
    _kind_row("isfinite", bool_="true", int_="true", uint="true", float_="isfinite_{t}(a0)",
              complex_="cisfinite_{t}(a0)", result="bool"),
    _kind_row("isinf", bool_="false", int_="false", uint="false", float_="isinf_{t}(a0)",
              complex_="cisinf_{t}(a0)", result="bool"),
    _kind_row("isnan", bool_="false", int_="false", uint="false", float_="isnan_{t}(a0)",
              complex_="cisnan_{t}(a0)", result="bool"),
    _kind_row("signbit", float_="signbit_{t}(a0)", result="bool"),
    # Logical ops test truthiness per kind, NaN-safe (a cast to bool is not: see nz_ in lib_float).
    _kind_row("logical_not", bool_="!a0", int_="a0 == {T}(0)", uint="a0 == {T}(0)", float_="!nz_{t}(a0)",
              complex_="!cnz_{t}(a0)", result="bool"),
    _kind_row("bitwise_invert", bool_="!a0", int_="~a0", uint="~a0"),
]}
for _name in ("exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
              "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"):
    UNARY[_name] = _kind_row(_name, float_=_name + "_{t}(a0)", complex_="c" + _name + "_{t}(a0)",
                               result="float")

# Binary rows declare how they reduce too (see _engines/ops.py): NumPy's identity and
# reorderability, fold identities where NumPy's is not exact, and exact subgroup operations.
_REAL = ("bool", "int", "uint", "float")
BINARY = {r.name: r for r in [
    # x + -0.0 is x for every x, -0.0 too; x + 0.0 is not (-0.0 + 0.0 is 0.0).
    # Folds add and multiply floats with the native instruction: add_f32's check costs 10% of
    # a float32 sum on the H100, and a subnormal that NVIDIA flushes there moves the sum by
    # under 2^-126 per element, which only a sum near the subnormal range can show.
    _kind_row("add", bool_="a0 || a1", **_all("a0 + a1", ("int_", "uint")), float_="add_{t}(a0, a1)",
              complex_="cadd_{t}(a0, a1)", identity=0, reorderable=True,
              fold_identity={"float": -0.0, "complex": complex(-0.0, -0.0)},
              fold_exprs={"float": "a0 + a1", "complex": "a0 + a1"},
              subgroup=per_kind("subgroupAdd", "int", "uint", "float")),
    _kind_row("subtract", **_all("a0 - a1", ("int_", "uint")), float_="sub_{t}(a0, a1)", complex_="csub_{t}(a0, a1)"),
    # 1 + 0j is no exact identity of complex multiplication: it changes the signs of zeros.
    _kind_row("multiply", bool_="a0 && a1", int_="a0 * a1", uint="a0 * a1", float_="mul_{t}(a0, a1)",
              complex_="cmul_{t}(a0, a1)", identity=1, reorderable=True, fold_identity={"complex": SENTINEL},
              fold_exprs={"float": "a0 * a1"},
              subgroup=per_kind("subgroupMul", "int", "uint", "float")),
    _kind_row("divide", float_="div_{t}(a0, a1)", complex_="cdiv_{t}(a0, a1)", result="float"),
    _kind_row("floor_divide", int_="floordiv_{t}(a0, a1)", uint="floordiv_{t}(a0, a1)",
              float_="floordiv_{t}(a0, a1)"),
    _kind_row("remainder", int_="remainder_{t}(a0, a1)", uint="remainder_{t}(a0, a1)",
              float_="remainder_{t}(a0, a1)"),
    _kind_row("pow", int_="pow_{t}(a0, a1)", uint="pow_{t}(a0, a1)", float_="pow_{t}(a0, a1)",
              complex_="cpow_{t}(a0, a1)"),
    # Float maximum and minimum propagate NaN, which subgroupMax and subgroupMin need not.
    _kind_row("maximum", bool_="a0 || a1", int_="max(a0, a1)", uint="max(a0, a1)", float_="maximum_{t}(a0, a1)",
              complex_="cmaximum_{t}(a0, a1)", reorderable=True,
              fold_identity={**per_kind(LOWEST, *_REAL), "complex": SENTINEL},
              subgroup=per_kind("subgroupMax", "int", "uint")),
    _kind_row("minimum", bool_="a0 && a1", int_="min(a0, a1)", uint="min(a0, a1)", float_="minimum_{t}(a0, a1)",
              complex_="cminimum_{t}(a0, a1)", reorderable=True,
              fold_identity={**per_kind(HIGHEST, *_REAL), "complex": SENTINEL},
              subgroup=per_kind("subgroupMin", "int", "uint")),
    _kind_row("copysign", float_="copysign_{t}(a0, a1)", result="float"),
    _kind_row("nextafter", float_="nextafter_{t}(a0, a1)", result="float"),
    # WGSL's bitwise subgroup operations take unsigned integers only.
    _kind_row("bitwise_and", bool_="a0 && a1", int_="a0 & a1", uint="a0 & a1", identity=-1, reorderable=True,
              subgroup=per_kind("subgroupAnd", "uint")),
    _kind_row("bitwise_or", bool_="a0 || a1", int_="a0 | a1", uint="a0 | a1", identity=0, reorderable=True,
              subgroup=per_kind("subgroupOr", "uint")),
    _kind_row("bitwise_xor", bool_="a0 != a1", int_="a0 ^ a1", uint="a0 ^ a1", identity=0, reorderable=True,
              subgroup=per_kind("subgroupXor", "uint")),
    _kind_row("bitwise_left_shift", int_="shl_{t}(a0, a1)", uint="shl_{t}(a0, a1)"),
    _kind_row("bitwise_right_shift", int_="shr_{t}(a0, a1)", uint="shr_{t}(a0, a1)"),
    *[_kind_row(name, bool_=f"a0 {op} a1", int_=f"(a0 != {{T}}(0)) {op} (a1 != {{T}}(0))",
                uint=f"(a0 != {{T}}(0)) {op} (a1 != {{T}}(0))", float_=f"nz_{{t}}(a0) {op} nz_{{t}}(a1)",
                complex_=f"cnz_{{t}}(a0) {op} cnz_{{t}}(a1)", result="bool", identity=identity, reorderable=True)
      for name, op, identity in (("logical_and", "&&", True), ("logical_or", "||", False),
                                 ("logical_xor", "!=", False))],
    # Float comparisons on the bits (wgsl/lib_float.wgsl): right for subnormals where drivers flush.
    _kind_row("equal", bool_="a0 == a1", **_all("a0 == a1", ("int_", "uint")), float_="equal_{t}(a0, a1)",
              complex_="cequal_{t}(a0, a1)", result="bool"),
    _kind_row("not_equal", bool_="a0 != a1", int_="a0 != a1", uint="a0 != a1", float_="ne_{t}(a0, a1)",
              complex_="cne_{t}(a0, a1)", result="bool"),
    # complex: NumPy's lexicographic order (the standard leaves complex comparisons unspecified)
    *[_kind_row(name, bool_=b, **_all(f"a0 {op} a1", ("int_", "uint")), float_=name + "_{t}(a0, a1)",
                complex_="c" + name + "_{t}(a0, a1)", result="bool")
      for name, op, b in (("less", "<", "!a0 && a1"), ("less_equal", "<=", "!a0 || a1"),
                          ("greater", ">", "a0 && !a1"), ("greater_equal", ">=", "a0 || !a1"))],
    _kind_row("atan2", float_="atan2_{t}(a0, a1)", result="float"),
    # hypot(0, x) is |x|, not x: folds start from a sentinel.
    _kind_row("hypot", float_="hypot_{t}(a0, a1)", result="float", identity=0, reorderable=True,
              fold_identity={"float": SENTINEL}),
    _kind_row("logaddexp", float_="logaddexp_{t}(a0, a1)", result="float", identity=-math.inf, reorderable=True),
]}



# NumPy's further ufuncs (issue 11): dtypes as NumPy's loops (Row.numpy_loop), so that integer and
# bool inputs compute in NumPy's dtypes too (degrees(int16) in float32, fmod(bool) in int8).
def _numpy_row(name, **kw) -> Row:
    return _kind_row(name, numpy_loop=True, **kw)


# NumPy's constants are 180/pi and pi/180 divided in the type itself (180.0f / NPY_PIf for float32)
_RAD2DEG = "mul_{t}(a0, div_{t}({T}(180), {T}(3.141592653589793)))"
_DEG2RAD = "mul_{t}(a0, div_{t}({T}(3.141592653589793), {T}(180)))"
UNARY.update((r.name, r) for r in [
    _numpy_row("degrees", float_=_RAD2DEG), _numpy_row("rad2deg", float_=_RAD2DEG),
    _numpy_row("radians", float_=_DEG2RAD), _numpy_row("deg2rad", float_=_DEG2RAD),
    # complex: NumPy's nc_exp2, e^(z ln2) with ln2 multiplied into each part
    _numpy_row("exp2", float_="exp2_{t}(a0)", complex_="cexp_{t}(cscale_{t}(a0, 0.6931471805599453))"),
    _numpy_row("cbrt", float_="cbrt_{t}(a0)"),
    _numpy_row("fabs", float_="fabs_{t}(a0)"),
    _numpy_row("rint", float_="round(a0)", complex_="round(a0)"),  # WGSL's round: half to even
    _numpy_row("spacing", float_="spacing_{t}(a0)"),
    _numpy_row("bitwise_count", int_="popcount_{t}(a0)", uint="popcount_{t}(a0)"),
])
BINARY.update((r.name, r) for r in [
    _numpy_row("logaddexp2", float_="logaddexp2_{t}(a0, a1)", identity=-math.inf, reorderable=True),
    _numpy_row("heaviside", float_="heaviside_{t}(a0, a1)"),
    _numpy_row("gcd", int_="gcd_{t}(a0, a1)", uint="gcd_{t}(a0, a1)", identity=0, reorderable=True),
    # lcm wraps around on overflow, as NumPy's, and is then no longer associative
    _numpy_row("lcm", int_="lcm_{t}(a0, a1)", uint="lcm_{t}(a0, a1)"),
    # NumPy's loops take int32 or int64 exponents: widened to int64 and clamped (lib_u64)
    _numpy_row("ldexp", float_="ldexp_{t}(a0, ldexp_exponent(a1))", widen={1: dt.int64}),
    _numpy_row("float_power", float_="pow_{t}(a0, a1)", complex_="cpow_{t}(a0, a1)"),
    # NaN-ignoring maximum and minimum: folds start from a sentinel (fmax of nothing but NaN is NaN).
    *[_numpy_row(name, bool_=f"a0 {op} a1", int_=f"{fn}(a0, a1)", uint=f"{fn}(a0, a1)", float_=name + "_{t}(a0, a1)",
                complex_="c" + name + "_{t}(a0, a1)", reorderable=True,
                fold_identity={**per_kind(end, "bool", "int", "uint"), **per_kind(SENTINEL, "float", "complex")})
      for name, op, fn, end in (("fmax", "||", "max", LOWEST), ("fmin", "&&", "min", HIGHEST))],
    _numpy_row("fmod", int_="fmod_{t}(a0, a1)", uint="fmod_{t}(a0, a1)", float_="fmod_{t}(a0, a1)"),
])


def numpy_loop_dtypes(name: str, operand_types, device) -> tuple:
    """(input dtypes, output dtypes) of NumPy's loop of ufunc `name` for operands of these
    dtypes (Python types for weak scalars), in the dtypes the device has (float16 on every
    device; 64-bit floats fall back to the device's defaults)."""
    ufunc = getattr(np, name)
    types = tuple(np.dtype(bool) if t is bool else t for t in operand_types)
    try:
        resolved = ufunc.resolve_dtypes(types + (None,) * ufunc.nout)
    except TypeError as e:  # NumPy's _UFuncNoLoopError and its casting errors
        names = ", ".join(t.__name__ if isinstance(t, type) else str(t) for t in operand_types)
        raise TypeError(f"{name} is not defined for inputs of ({names}): {e}") from None
    supported = dt.supported_dtypes(device)

    def available(dtype):
        if dtype not in supported and dtype != dt.float16:
            return dt.default_complex(device) if dtype.kind == "c" else dt.default_float(device)
        return dtype

    return tuple(available(d) for d in resolved[:ufunc.nin]), tuple(available(d) for d in resolved[ufunc.nin:])


def binary(name: str) -> Row:
    """The binary row `name`."""
    return BINARY[name]
