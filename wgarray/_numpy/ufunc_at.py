"""ufunc.at(a, indices, b=None, /): NumPy's unbuffered in-place operation, on the GPU
(engine: _engines/scatter_apply.py).

`a[indices] = op(a[indices], b)`, except that every repeated index applies again
(`add.at(x, [0, 0], 1)` adds 2). Indices follow x[indices] (ints, slices, Ellipsis, None,
integer arrays, boolean masks, tuples of them); negative ones count from the end; b
broadcasts to the indexed shape.

Dtypes as NumPy's: b is taken as an array (Python scalars in their default dtypes, not
weakly), the loop is the ufunc's for (a's dtype, b's dtype), and each result is cast back
into a's dtype 'unsafe', one application at a time.

Order: NumPy applies repeated indices in index order. wgarray does too, exactly, except on
the atomic path, taken where the order cannot change the result: integer and bool add,
subtract, multiply, bitwise and logical ops, integer minimum and maximum; and float32 add and
multiply, where it may change the result by the rounding of a sum (or product) in another
order, as a GPU sum reduction does. float32 maximum, minimum, fmax and fmin keep NumPy's order
(which signed zero wins a tie depends on it), as do all other ops and 64-bit dtypes.

Mixed loops (ldexp's float and int, the exact comparisons of signed integers with uint64)
take each operand in its own loop dtype, as NumPy.

Bounds: ints and host index arrays are checked on the host; index arrays already on the GPU
are checked on the GPU first, and one download of a flag reports them (IndexError, with
nothing written).
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.operands import ScalarOperand
from .._api import elementwise_functions as ew
from .._api.coerce import as_array, scalar_dtype
from .._api.indexing import _broadcast_value, _device_int, _is_advanced, _unshared, basic_view, plan
from .._engines.ops import numpy_loop_dtypes
from .._engines.scatter_apply import AtOp, scatter_apply

_RING = ("add", "subtract", "multiply", "bitwise_and", "bitwise_or", "bitwise_xor")  # commute with wrap-around
_ORDER_FREE = _RING[:1] + _RING[2:] + ("maximum", "minimum", "fmax", "fmin")  # on integers and bools
_LOGICAL = ("logical_and", "logical_or", "logical_xor")


def _value(b, a: Array, name: str):
    """b as NumPy's ufunc.at takes it (an array, never a weak scalar): an Array not sharing a's
    buffer, or a ScalarOperand of its dtype."""
    if isinstance(b, Array):
        if b.device is not a.device:
            raise ValueError(f"{name}: b is on {b.device}, a on {a.device}")
        return b._contiguous() if b._storage is a._storage else b
    if isinstance(b, (bool, int, float, complex)):
        return ScalarOperand(b, scalar_dtype(b, a.device))
    if isinstance(b, np.generic):
        dt.check_supported(b.dtype, a.device)
        return ScalarOperand(b.item(), b.dtype)
    return as_array(b, name, a.device)


def _loop(row, target, value_dtype, device) -> tuple:
    """(expression, compute dtypes of a and b, result dtype) of the ufunc's loop for a of
    `target` and b of `value_dtype` (None: unary)."""
    if row.numpy_loop:
        loop, (result,) = numpy_loop_dtypes(row.name, [target] + ([value_dtype] if value_dtype else []), device)
        computes = tuple(row.widen.get(k, d) for k, d in enumerate(loop))
        return ew._expr(row, computes[0]), computes, result
    if row.name in ew._MIXED_SIGN and value_dtype is not None and {target, value_dtype} & {dt.uint64} \
            and {dt.kind(target), dt.kind(value_dtype)} == {"int", "uint"}:
        expr, computes = ew.mixed_sign_comparison(row.name, dt.kind(target) == "int")
        return expr, computes, dt.bool_
    compute = ew._compute_dtype(row, dt.promote(target, value_dtype, device) if value_dtype else target, device)
    return ew._expr(row, compute), (compute, compute), ew._out_dtype(row, compute)  # TypeError for kinds the ufunc lacks


def _at_op(uf, target, value_dtype, device) -> AtOp:
    row = uf._row
    expr, (compute, *value_compute), result = _loop(row, target, value_dtype, device)
    value_compute = value_compute[0] if value_compute else None
    tk, ck = dt.kind(target), dt.kind(compute)
    atomic = dt.layout(target).register in ("i32", "u32", "f32", "bool")
    if atomic and tk in ("int", "uint") and ck in ("int", "uint") and row.name in _RING and value_compute == compute:
        # wrap-around commutes with these: the step is the same computed in a's dtype
        return AtOp(row.name, ew._expr(row, target), target, target, target, value_dtype, True)
    any_order = atomic and value_compute in (None, compute) and (
        row.name in _LOGICAL or (compute == target and tk != "float" and row.name in _ORDER_FREE)
        or (target == dt.float32 and ck == "float" and row.name in ("add", "multiply")))
    return AtOp(row.name, expr, compute, result, target, value_dtype, any_order, value_compute)


def at(uf, a, indices, b) -> None:
    name = f"{uf.__name__}.at"
    if not isinstance(a, Array):
        raise TypeError(f"{name}: the first operand must be a wgarray array, not {type(a).__name__}")
    if not a._writeable:
        raise ValueError(f"{name}: the array is read-only")
    has_b = b is not None
    if uf.nin == 1 and has_b:
        raise ValueError("second operand provided when ufunc is unary")
    if uf.nin == 2 and not has_b:
        raise ValueError("second operand needed for ufunc")
    value = _value(b, a, name) if has_b else None
    op = _at_op(uf, a._dtype, None if value is None else value.dtype if isinstance(value, ScalarOperand)
                else value._dtype, a.device)
    key = indices if isinstance(indices, tuple) else (indices,)
    if any(_is_advanced(k) or _device_int(k) for k in key):
        p = plan(a, indices, lazy=True)
        shape, offset, strides = p.shape, p.offset, p.strides
        index_operands = [_unshared(a, ix) for ix in p.indices]
        on_gpu = any(isinstance(k, Array) and k._dtype.kind in "iu" for k in key)
    else:
        view = basic_view(a._view, indices)
        shape, offset, strides, index_operands, on_gpu = view.shape, view.offset, view.strides, [], False
    if isinstance(value, Array):
        value = value._data().with_view(_broadcast_value(value, shape))
    elif isinstance(value, ScalarOperand):
        with np.errstate(all="ignore"):
            value = ScalarOperand(np.array(value.value).astype(value.dtype).item(), value.dtype)
    if not scatter_apply(op, a._data(), shape, offset, strides, index_operands, value, on_gpu):
        raise IndexError(f"{name}: an index array holds an index out of bounds for its axis")
