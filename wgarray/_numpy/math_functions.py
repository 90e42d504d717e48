"""NumPy's elementwise functions that are not single table rows: the ufuncs of two outputs
(frexp, modf, divmod: one map kernel per output) and NumPy's functions built on ufuncs (angle,
fix, sinc, isreal, iscomplex, isneginf, isposinf, nan_to_num, real_if_close).

Everything is computed on the GPU, by the table's rows (elementwise_functions.apply) or by map
kernels over the wgsl/ helpers; the host only picks dtypes, and real_if_close reads back the
one GPU-computed boolean that decides its result's dtype.

Floating-point errors (wgarray.errstate) are reported as NumPy's: divmod's as "... encountered
in divmod" (float_errors' divmod rule); functions made of table rows by those rows; frexp, modf,
nan_to_num, isneginf and isposinf raise no flags, in NumPy either.
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.wgsl import REG_TAG
from .._engines.map import MapOp
from .._engines.ops import BINARY, UNARY, numpy_loop_dtypes
from .._api.coerce import as_array, as_operand
from .._api.elementwise_functions import FLOAT_ERRORS, _launch_fresh, apply, launch_checked, result_dtype
from .._api.utility_functions import all as _all
from .reductions import deliver


def _tag(dtype) -> str:
    return REG_TAG[dt.layout(dtype).register]


# -- ufuncs of two outputs ------------------------------------------------------------------------
# kind of the (first) loop input -> one WGSL expression per output, over a0, a1 ({t}: type suffix)
_OUTPUTS = {
    "frexp": {"float": ("frexp_mant_{t}(a0)", "frexp_exp_{t}(a0)")},
    # NumPy's modf: the fraction keeps x's sign (and is +-0 for an infinity), trunc the rest
    "modf": {"float": ("modf_frac_{t}(a0)", "trunc(a0)")},
    # NumPy's divmod: floor quotient and remainder as npy_divmod (nan for inf // 2, unlike floor_divide)
    "divmod": {"int": ("floordiv_{t}(a0, a1)", "remainder_{t}(a0, a1)"),
               "uint": ("floordiv_{t}(a0, a1)", "remainder_{t}(a0, a1)"),
               "float": ("divmod_{t}(a0, a1).x", "divmod_{t}(a0, a1).y")},
}


def _two_outputs(name: str, *args) -> tuple:
    operands = [as_operand(a, None, name) for a in args]
    arrays = [o for o in operands if isinstance(o, Array)]
    if not arrays:  # Python scalars alone: NumPy computes them as 0-d arrays of their default dtypes
        return _two_outputs(name, *(as_array(a, name) for a in args))
    device = arrays[0].device
    if any(a.device is not device for a in arrays):
        raise ValueError(f"{name}: arrays are on different devices")
    types = [o._dtype if isinstance(o, Array) else type(o) for o in operands]  # Python types: weak scalars
    in_dtypes, out_dtypes = numpy_loop_dtypes(name, types, device)
    operands = [o if isinstance(o, Array) else dt.coerce_scalar(o, d) for o, d in zip(operands, in_dtypes)]
    exprs = [expr.format(t=_tag(in_dtypes[0])) for expr in _OUTPUTS[name][dt.kind(in_dtypes[0])]]
    policy = FLOAT_ERRORS.get()
    if policy is not None and name == "divmod":  # frexp and modf raise no flags, in NumPy either
        results = [launch_checked(MapOp(op_name, expr, tuple(in_dtypes), out), operands)
                   for op_name, expr, out in zip(("divmod", "divmod:remainder"), exprs, out_dtypes)]
        policy.report("divmod", results[0][1] | results[1][1])
        return tuple(result for result, _ in results)
    return tuple(_launch_fresh(name, expr, operands, in_dtypes, out, device) for expr, out in zip(exprs, out_dtypes))


def frexp(x, /) -> tuple:
    """Mantissas in [0.5, 1) (with x's sign) and int32 exponents: x = m * 2**e, as NumPy's frexp."""
    return _two_outputs("frexp", x)


def modf(x, /) -> tuple:
    """Fractional and integral parts of x, both with x's sign, as NumPy's modf."""
    return _two_outputs("modf", x)


def divmod(x1, x2, /) -> tuple:
    """(x1 // x2, x1 % x2) with NumPy's divmod semantics."""
    return _two_outputs("divmod", x1, x2)


# -- NumPy functions built on ufuncs --------------------------------------------------------------
def fix(x, /) -> Array:
    """Round towards zero, keeping the dtype (NumPy's fix: floor, or ceil where x < 0)."""
    return apply(UNARY["trunc"], as_array(x, "fix"))


def angle(z, /, deg: bool = False) -> Array:
    """The argument of z, in radians (deg: degrees), as NumPy's angle: arctan2(imag, real)."""
    z = as_array(z, "angle")
    if dt.kind(z._dtype) == "complex":
        a = apply(BINARY["atan2"], apply(UNARY["imag"], z), apply(UNARY["real"], z))
    else:
        a = apply(BINARY["atan2"], 0, z)  # arctan2(0, x): 0, or pi for negative x and -0.0
    return apply(BINARY["multiply"], a, 180 / math.pi) if deg else a


def sinc(x, /) -> Array:
    """sin(pi x) / (pi x), 1 at 0, computed as NumPy's sinc (pi x rounded in x's float dtype)."""
    x = as_array(x, "sinc")
    dtype = result_dtype([x, 1.0], x.device)  # NumPy multiplies by the Python float pi
    tag = _tag(dtype)
    if dt.kind(dtype) == "complex":
        zero = f"{dt.layout(dtype).register[5:-1]}(bitcast<f32>(zero_word()))"  # a 0 no compiler folds
        expr = f"csinc_{tag}(a0, {zero})"
    else:
        expr = f"sinc_{tag}(a0)"
    return _launch_fresh("sinc", expr, [x], (dtype,), dtype, x.device)


def isreal(x, /) -> Array:
    """Whether each element has a zero imaginary part (always, for real dtypes), as NumPy's isreal."""
    return apply(BINARY["equal"], apply(UNARY["imag"], as_array(x, "isreal")), 0)


def iscomplex(x, /) -> Array:
    """Whether each element has a nonzero imaginary part (never, for real dtypes), as NumPy's iscomplex."""
    return apply(BINARY["not_equal"], apply(UNARY["imag"], as_array(x, "iscomplex")), 0)


def _isinf_signed(name: str, x, negative: bool, out) -> Array:
    x = as_array(x, name)
    kind = dt.kind(x._dtype)
    if kind == "complex":  # NumPy's own message: signbit is not defined for complex numbers
        raise TypeError(f"This operation is not supported for {x._dtype} values because it would be ambiguous.")
    sign = "" if negative else "!"
    expr = f"isinf_{_tag(x._dtype)}(a0) && {sign}signbit_{_tag(x._dtype)}(a0)" if kind == "float" else "false"
    return deliver(_launch_fresh(name, expr, [x], (x._dtype,), dt.bool_, x.device), out, name, "same_kind")


def isneginf(x, out=None) -> Array:
    """Whether each element is negative infinity (NumPy's isneginf; complex input is a TypeError)."""
    return _isinf_signed("isneginf", x, True, out)


def isposinf(x, out=None) -> Array:
    """Whether each element is positive infinity (NumPy's isposinf; complex input is a TypeError)."""
    return _isinf_signed("isposinf", x, False, out)


def nan_to_num(x, copy: bool = True, nan=0.0, posinf=None, neginf=None) -> Array:
    """NaN, +inf and -inf replaced by nan, posinf and neginf (by default 0, the largest and the
    most negative finite value of the dtype), in both parts of complex numbers; copy=False
    writes the result into x. Other dtypes are returned unchanged (a copy if copy)."""
    x = as_array(x, "nan_to_num")
    kind = dt.kind(x._dtype)
    if kind not in ("float", "complex"):
        return x._contiguous() if copy else x
    real = dt.real_dtype(x._dtype)
    big = float(np.finfo(real).max)
    values = [dt.coerce_scalar(v, real) for v in (nan, big if posinf is None else posinf,
                                                   -big if neginf is None else neginf)]
    t = _tag(real)
    if kind == "float":
        expr = f"nan_to_num_{t}(a0, a1, a2, a3)"
    else:
        expr = f"{dt.layout(x._dtype).register}(nan_to_num_{t}(a0.x, a1, a2, a3), nan_to_num_{t}(a0.y, a1, a2, a3))"
    result = _launch_fresh("nan_to_num", expr, [x, *values], (x._dtype, real, real, real), x._dtype, x.device)
    if copy:
        return result
    x._assign(result)
    return x


def real_if_close(a, tol=100) -> Array:
    """a's real part if every imaginary part is below tol (in machine epsilons of a's dtype when
    tol > 1), else a itself, as NumPy's real_if_close. The test is computed on the GPU and only
    its one boolean is read back: it decides the result's dtype."""
    a = as_array(a, "real_if_close")
    if dt.kind(a._dtype) != "complex":
        return a
    if tol > 1:
        tol = float(np.finfo(a._dtype).eps) * tol
    small = apply(BINARY["less"], apply(UNARY["abs"], apply(UNARY["imag"], a)), tol)
    return apply(UNARY["real"], a) if bool(_all(small)) else a


FUNCTIONS = {f.__name__: f for f in (frexp, modf, divmod, fix, angle, sinc, isreal, iscomplex, isneginf, isposinf,
                                      nan_to_num, real_if_close)}
