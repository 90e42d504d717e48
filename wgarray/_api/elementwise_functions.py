"""Elementwise functions, declared as table rows and run by the map kernel.

A row gives, per dtype kind, a WGSL expression over a0, a1, ... in which `{t}` names the
compute type's helper suffix (see wgsl/lib_*.wgsl) and `{T}` the WGSL type itself.
Kinds absent from a row are a TypeError, as in NumPy; `NotImplemented` marks kinds whose
accurate implementation arrives with the math library. Binary rows also declare how they
reduce (see _engines/ops.py), and the reductions derive from them (_engines/folds.py).
"""

from __future__ import annotations

import math
from contextvars import ContextVar

import numpy as np

from .._array import Array
from .._core import config as _config, dtypes as dt
from .._core.device import get_device
from .._core.cache import plan_cache
from .._core.memory import pool_for
from .._core.operands import ScalarOperand
from .._core.view import TensorView, broadcast_shapes
from .._core.wgsl import REG_TAG
from .._engines.map import MapOp, MapPlan, launch_map, run_checked
from .._engines.ops import BINARY, TRANSCENDENTAL, UNARY, Row, numpy_loop_dtypes
from .coerce import as_array, as_operand

# -- promotion ---------------------------------------------------------------------------------
def result_dtype(operands, device):
    """The promoted dtype of arrays and weak Python scalars (NEP 50)."""
    arrays = [o for o in operands if isinstance(o, Array)]
    if not arrays:
        raise TypeError("at least one argument must be an array")
    dtype = arrays[0]._dtype
    for a in arrays[1:]:
        dtype = dt.promote(dtype, a._dtype, device)
    for s in operands:
        if not isinstance(s, Array):
            dtype = dt.promote_scalar(dtype, s, device)
    return dtype


def _compute_dtype(row: Row, dtype, device, operand_dtypes=()):
    """The dtype row computes in for operands promoted to dtype (operand_dtypes: theirs, where
    NumPy's loop depends on them: copysign(int8, uint8) is float16, as for two int8)."""
    if row.result == "float" and dt.kind(dtype) in ("bool", "int", "uint"):
        # NumPy's loop for integer inputs (sqrt(int8) -> float16, sqrt(int16) -> float32,
        # divide(int64) -> float64)
        ufunc = getattr(np, {"divide": "true_divide"}.get(row.name, row.name), np.sqrt)
        types = tuple(operand_dtypes) if len(operand_dtypes) == ufunc.nin else (dtype,) * ufunc.nin
        resolved = ufunc.resolve_dtypes(types + (None,) * ufunc.nout)[-1]
        return {2: dt.float16, 4: dt.float32}.get(resolved.itemsize) or dt.default_float(device)
    return dtype


def _out_dtype(row: Row, compute):
    if row.result == "bool":
        return dt.bool_
    if row.result == "real":
        return dt.real_dtype(compute)
    return compute


def _expr(row: Row, compute):
    kind = dt.kind(compute)
    expr = row.exprs.get(kind)
    if expr is None:
        raise TypeError(f"{row.name} is not defined for {compute} inputs")
    if expr is NotImplemented:
        raise NotImplementedError(f"{row.name} for {compute} {TRANSCENDENTAL}")
    fast = _config.fast_expr(row.name, compute)
    if fast is not None:
        return fast
    return row.wgsl(compute)


# NumPy 2 compares signed integers with uint64 exactly instead of through float64. Each
# expression takes a signed a0 (as i64) and an unsigned a1 (as u64); MIRROR swaps the sides.
_MIXED_SIGN = {"equal": "a0 >= 0li && u64(a0) == a1", "not_equal": "a0 < 0li || u64(a0) != a1",
               "less": "a0 < 0li || u64(a0) < a1", "less_equal": "a0 < 0li || u64(a0) <= a1",
               "greater": "a0 >= 0li && u64(a0) > a1", "greater_equal": "a0 >= 0li && u64(a0) >= a1"}
_MIRROR = {"equal": "equal", "not_equal": "not_equal", "less": "greater", "less_equal": "greater_equal",
           "greater": "less", "greater_equal": "less_equal"}
# The answer of x OP s when the Python int s lies above (below) every value of x's dtype.
_ABOVE = {"equal": False, "not_equal": True, "less": True, "less_equal": True, "greater": False,
          "greater_equal": False}
_BELOW = {"equal": False, "not_equal": True, "less": False, "less_equal": False, "greater": True,
          "greater_equal": True}


def _mixed_sign_op(row: Row, operands):
    """The exact comparison of a signed integer array with a uint64 array, or None."""
    if row.name not in _MIXED_SIGN or len(operands) != 2 or not all(isinstance(o, Array) for o in operands):
        return None
    kinds = [dt.kind(o._dtype) for o in operands]
    if sorted(kinds) != ["int", "uint"] or dt.uint64 not in (operands[0].dtype, operands[1].dtype):
        return None
    return MapOp(row.name, *mixed_sign_comparison(row.name, kinds[0] == "int"), dt.bool_)


def mixed_sign_comparison(name: str, signed_first: bool) -> tuple:
    """(expression, operand dtypes) of the exact comparison `name` of a signed integer with a
    uint64, the signed operand first or second."""
    if signed_first:
        return _MIXED_SIGN[name], (dt.int64, dt.uint64)
    return _MIXED_SIGN[_MIRROR[name]].replace("a0", "a2").replace("a1", "a0").replace("a2", "a1"), (dt.uint64, dt.int64)


def _out_of_range_comparison(row: Row, operands, dtype) -> str:
    """x OP s for a Python int s outside x's dtype is the same for every element (NumPy 2)."""
    scalar_first = not isinstance(operands[0], Array)
    value = operands[0] if scalar_first else operands[1]
    name = _MIRROR[row.name] if scalar_first else row.name
    answers = _ABOVE if value > np.iinfo(dtype).max else _BELOW
    return "true" if answers[name] else "false"


class _Prepared:
    """What one row does for one operand signature: output dtype and shape, and the kernel plan."""

    __slots__ = ("shape", "out_dtype", "plan", "int_bounds", "view", "cacheable")

    def __init__(self, row: Row, operands, device):
        arrays = [o for o in operands if isinstance(o, Array)]
        op = _mixed_sign_op(row, operands)
        scalar_dtype = None
        self.cacheable = True
        try:  # (a row of NumPy's own loop promotes nothing: its Python ints need only fit their loop dtype)
            dtype = result_dtype(arrays if row.numpy_loop else operands, device)
        except OverflowError:
            # A Python int outside the array's integer dtype: NumPy 2 compares by value and
            # computes float results in float; everything else is an OverflowError.
            dtype = result_dtype(arrays, device)
            self.cacheable = False  # this plan holds for this scalar value only
            if row.name in _MIXED_SIGN:
                op = MapOp(row.name, _out_of_range_comparison(row, operands, dtype),
                           (dtype, dt.float64), dt.bool_)
                scalar_dtype = dt.float64
            elif row.result == "float":
                scalar_dtype = _compute_dtype(row, dtype, device)
            else:
                raise
        if row.numpy_loop:  # NumPy's own loop: each operand and the result in its own dtype
            loop, (self.out_dtype,) = numpy_loop_dtypes(
                row.name, [o._dtype if isinstance(o, Array) else type(o) for o in operands], device)
            in_dtypes = tuple(row.widen.get(k, d) for k, d in enumerate(loop))
            op = MapOp(row.name, _expr(row, in_dtypes[0]), in_dtypes, self.out_dtype)
            # a Python scalar is encoded in (and must fit) its loop dtype: float_power(x32, 0.1) takes
            # 0.1 as float64, ldexp(x, 2**40) overflows NumPy's int32 exponent
            dtype = next((d for o, d in zip(operands, loop) if not isinstance(o, Array)), self.out_dtype)
            for o in operands:
                if type(o) is int and dtype.kind in "iu":
                    dt.coerce_scalar(o, dtype)  # OverflowError, as NumPy (apply re-plans for such values)
        else:  # (a Python scalar takes the arrays' dtype: NEP 50)
            compute = _compute_dtype(row, dtype, device, [o._dtype if isinstance(o, Array) else dtype for o in operands])
            self.out_dtype = _out_dtype(row, compute)
        if op is None:
            op = MapOp(row.name, _expr(row, compute), (compute,) * len(operands), self.out_dtype)
        self.shape = broadcast_shapes(*(o.shape for o in arrays))
        self.view = TensorView.contiguous(self.shape)
        # Python ints must fit the dtype they are encoded in; checked on every call.
        self.int_bounds = None
        if scalar_dtype is None:
            scalar_dtype = dtype
            if dtype.kind in "iu" and any(type(o) is int for o in operands):
                info = np.iinfo(dtype)
                self.int_bounds = (info.min, info.max)
        self.plan = None
        if math.prod(self.shape):
            specs = [("buffer", o._dtype, o._view.broadcast_to(self.shape).strides, o._view.offset % 4 == 0)
                     if isinstance(o, Array) else ("scalar", scalar_dtype) for o in operands]
            self.plan = MapPlan(device, op, self.out_dtype, self.shape, None, specs, fresh=True)


_prepared = plan_cache()
# The floating-point error policy wgarray.errstate installs (wgarray/_numpy/errstate.py): None
# while every category is 'ignore' (the default), so that ops then do no extra work; otherwise
# an object whose report(row name, flags) acts on the flags of each op (map.run_checked).
FLOAT_ERRORS: ContextVar = ContextVar("wgarray_float_errors", default=None)


_LOGICAL = frozenset(("logical_and", "logical_or", "logical_xor"))


def _truth(scalar, dtype) -> bool:
    """A Python scalar's truth, where the logical op's array (of dtype) can take it (NEP 50: an
    int must fit an integer dtype; NumPy also takes any int that fits a C long)."""
    if type(scalar) is int and not -2**63 <= scalar < 2**63 and (dtype is None or dtype.kind in "biu"):
        dt.coerce_scalar(scalar, dt.int64 if dtype is None or dtype.kind == "b" else dtype)  # OverflowError
    return bool(scalar)


def _check_integer_power(base, exponent) -> None:
    """NumPy's ValueError for an integer base to a negative integer scalar power (array exponents are
    data: they are not read back to check)."""
    if type(base) is not Array or isinstance(exponent, bool) or not isinstance(exponent, (int, np.integer)):
        return
    # a signed base stays signed; bool to a Python int computes in int64 (an unsigned base with a
    # negative Python int is NumPy's OverflowError, raised by the scalar's coercion)
    if exponent < 0 and (base._dtype.kind == "i" or (base._dtype.kind == "b" and type(exponent) is int)):
        raise ValueError("Integers to negative integer powers are not allowed.")


def apply(row: Row, *args) -> Array:
    """Run one table row over arrays and scalars, with broadcasting and promotion."""
    if row.name == "pow":
        _check_integer_power(*args)
    if row.name in _LOGICAL:  # only a Python scalar's truth matters (NumPy: 5e-324 is true, 2**40 fits)
        dtype = next((a._dtype for a in args if type(a) is Array), None)
        args = tuple(_truth(a, dtype) if type(a) in (int, float, complex) else a for a in args)
    device = None
    key = [row.name, _config._fast]  # fast math changes float32 kernels
    operands = []
    for a in args:
        if type(a) is not Array:
            a = as_operand(a, device, row.name)
        if type(a) is Array:
            if device is None:
                device = a._device
            elif a._device is not device:
                raise ValueError(f"{row.name}: arrays are on different devices ({a._device} and {device})")
            key.append((a._dtype, a._view.shape, a._view.strides, a._view.offset % 4 == 0))
        else:
            key.append(type(a))
        operands.append(a)
    if device is None:  # Python scalars only: NumPy computes them as 0-d arrays of their default dtypes
        return apply(row, *(as_array(a, row.name) for a in args))
    key.append(device)
    key = tuple(key)
    prepared = _prepared.get(key)
    if prepared is None:
        prepared = _Prepared(row, operands, device)
        if prepared.cacheable:
            _prepared[key] = prepared
    if prepared.int_bounds is not None:
        low, high = prepared.int_bounds
        if any(type(o) is int and not low <= o <= high for o in operands):
            prepared = _Prepared(row, operands, device)  # raises, or compares by value
    out = Array(pool_for(device).allocate(max(prepared.out_dtype.itemsize * math.prod(prepared.shape), 4)),
                prepared.view, prepared.out_dtype, device)
    if prepared.plan is not None:
        kernel_operands = [o._operand(prepared.shape) if type(o) is Array else ScalarOperand(o, None)
                           for o in operands]
        policy = FLOAT_ERRORS.get()
        if policy is None:
            prepared.plan.run(out._storage, 0, kernel_operands)
        else:
            policy.report(row.name, run_checked(prepared.plan, out._storage, 0, kernel_operands))
    return out


def _make(row: Row, arity: int):
    if arity == 1:
        def function(x, /):
            return apply(row, as_array(x, row.name))
    else:
        def function(x1, x2, /):
            return apply(row, x1, x2)
    function.__name__ = function.__qualname__ = row.name
    function.__doc__ = f"Elementwise {row.name}, computed on the GPU (array API standard)."
    return function


FUNCTIONS = {**{n: _make(r, 1) for n, r in UNARY.items()}, **{n: _make(r, 2) for n, r in BINARY.items()}}


def _launch_fresh(name: str, expr: str, operands, in_dtypes, out_dtype, device) -> Array:
    """A new array of out_dtype holding expr over broadcast operands (arrays or scalars)."""
    shape = broadcast_shapes(*(o.shape for o in operands if isinstance(o, Array)))
    out = Array._empty(shape, out_dtype, device)
    kernel_operands = [o._operand(shape) if isinstance(o, Array) else ScalarOperand(o, dtype)
                       for o, dtype in zip(operands, in_dtypes)]
    launch_map(device, MapOp(name, expr, tuple(in_dtypes), out_dtype), out._storage, out._view, out_dtype,
               kernel_operands, fresh=True)
    return out


def launch_checked(op: MapOp, operands) -> tuple:
    """(a new array holding op over broadcast operands, the floating-point error flags of its
    elements): the flag variant of the map kernel (float_errors.flag_expr decides by op.name).
    Reading the flags waits for the GPU: for use while FLOAT_ERRORS holds a policy only."""
    device = next(o.device for o in operands if isinstance(o, Array))
    shape = broadcast_shapes(*(o.shape for o in operands if isinstance(o, Array)))
    out = Array._empty(shape, op.out_dtype, device)
    if not math.prod(shape):
        return out, 0
    kernel_operands = [o._operand(shape) if isinstance(o, Array) else ScalarOperand(o, dtype)
                       for o, dtype in zip(operands, op.in_dtypes)]
    specs = [("buffer", k.dtype, k.view.strides, k.view.offset % 4 == 0) if isinstance(o, Array) else ("scalar", d)
             for o, k, d in zip(operands, kernel_operands, op.in_dtypes)]
    plan = MapPlan(device, op, op.out_dtype, shape, None, specs, fresh=True)
    return out, run_checked(plan, out._storage, 0, kernel_operands)


def where(condition, x1, x2, /) -> Array:
    """Elements of x1 where condition is true, else of x2 (all broadcast together)."""
    device = next((a.device for a in (condition, x1, x2) if isinstance(a, Array)), None) or get_device()
    condition, x1, x2 = (as_operand(a, device) for a in (condition, x1, x2))
    if not isinstance(condition, Array):
        condition = Array._from_numpy(np.asarray(condition), device)
    values = [x for x in (x1, x2) if isinstance(x, Array)]
    dtype = result_dtype([x1, x2], device) if values else result_dtype(
        [Array._from_numpy(np.asarray(x1), device), x2], device)
    return _launch_fresh("where", "select(a2, a1, a0)", [condition, x1, x2], (dt.bool_, dtype, dtype), dtype,
                         device)


_CLIP = {"int": ("max({x}, {b})", "min({x}, {b})"), "uint": ("max({x}, {b})", "min({x}, {b})"),
         "float": ("clip_low_{t}({x}, {b})", "clip_high_{t}({x}, {b})")}


def clip(x, /, min=None, max=None) -> Array:
    """x limited to [min, max]; the result keeps x's dtype, NaN bounds propagate. Signed zeros
    as in NumPy: with both bounds x stays where no bound lies strictly beyond it (clip(-0.0, 0,
    2) is -0.0); with one, ties give the bound (clip(0.0, None, -0.0) is -0.0)."""
    x = as_array(x, "clip")
    if dt.kind(x._dtype) not in _CLIP:
        raise TypeError(f"clip is not defined for {x._dtype} inputs")
    bounds = [None if b is None else as_operand(b, x.device) for b in (min, max)]
    if dt.kind(x._dtype) in ("int", "uint"):  # NumPy 2: a Python int beyond x's range on its own side clips nothing
        info = np.iinfo(x._dtype)
        if type(bounds[0]) is int and bounds[0] < info.min:
            bounds[0] = None
        if type(bounds[1]) is int and bounds[1] > info.max:
            bounds[1] = None
    present = [b for b in bounds if b is not None]
    if not present:
        return x._contiguous()
    compute = result_dtype([x, *present], x.device)
    if dt.kind(compute) not in _CLIP:
        raise TypeError(f"clip bounds of {compute} do not fit an array of {x._dtype}")
    tag = REG_TAG[dt.layout(compute).register]
    expr, operands = "a0", [x]
    templates = _CLIP[dt.kind(compute)]
    if len(present) == 1 and dt.kind(compute) == "float":  # NumPy: maximum or minimum, ties give the bound
        templates = ("clip_only_low_{t}({x}, {b})", "clip_only_high_{t}({x}, {b})")
    for bound, template in zip(bounds, templates):
        if bound is not None:
            expr = template.format(t=tag, x=expr, b=f"a{len(operands)}")
            operands.append(bound)
    # the standard keeps x's dtype; float bounds of an integer x (unspecified there) give NumPy's float result
    out_dtype = compute if dt.kind(compute) == "float" != dt.kind(x._dtype) else x._dtype
    return _launch_fresh("clip", expr, operands, (compute,) * len(operands), out_dtype, x.device)


FUNCTIONS["where"] = where
FUNCTIONS["clip"] = clip

_PART_DOC = """
    Return the {part} part of the complex argument, elementwise.

    Parameters
    ----------
    x : array_like
        The input array.

    Returns
    -------
    Array
        A new array of ``x``'s real dtype (complex64 gives float32, complex128 float64);
        {other}

    See Also
    --------
    {see_also}

    Notes
    -----
    Dtypes: every dtype. Complex inputs give their real counterpart; real, integer and bool
    inputs keep their dtype.

    GPU: one map kernel, writing a new array (NumPy returns a view where it can: the
    {part} part of a complex array is a strided view there, not here).

    Examples
    --------
    >>> wg.{name}(wg.asarray([1 + 2j, 3 - 4j]))
    {example}
"""
FUNCTIONS["real"].__doc__ = _PART_DOC.format(
    part="real", name="real", see_also="imag, conj", example="array([1., 3.])",
    other="for a real input, a copy of ``x``.")
FUNCTIONS["imag"].__doc__ = _PART_DOC.format(
    part="imaginary", name="imag", see_also="real, conj", example="array([ 2., -4.])",
    other="for a real input, zeros of ``x``'s dtype (False for bool).")
