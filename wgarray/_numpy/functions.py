"""NumPy functions that the array API standard lacks, or has with fewer keywords, with NumPy's
signatures: partition, argpartition, sort_complex, choose, compress, put, trace, diagonal, resize, ravel, around,
dot, and the memory-order helpers the ndarray methods share. All on the GPU, through the
namespace functions of wgarray/_api; the host only checks arguments and reads single scalars
(bounds checks that NumPy makes before it writes).
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView
from .._api import manipulation_functions as manip, sorting_functions
from .._api.coerce import as_array, normalize_axis
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE, result_dtype
from .._api.linear_algebra_functions import tensordot
from .._api.searching_functions import nonzero
from .._api.statistical_functions import max as max_, min as min_
from .._api.utility_functions import any as any_
from .reductions import constant, deliver, sum as sum_
from .views import imag_view, is_f_contiguous, real_view

_ORDERS = ("C", "F", "A", "K")


CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def check_casting(casting) -> str:
    """casting= as NumPy checks it (ValueError naming the rules)."""
    if casting not in CASTINGS:
        raise ValueError(f"casting must be one of {', '.join(repr(c) for c in CASTINGS)} (got {casting!r})")
    return casting


# -- memory orders -----------------------------------------------------------------------------------
def check_order(order, allowed=_ORDERS) -> str:
    if order is None:
        order = "K"
    if not isinstance(order, str) or order.upper() not in allowed:
        raise ValueError(f"order must be one of {', '.join(repr(o) for o in allowed)}, not {order!r}")
    return order.upper()


def order_axes(x: Array, order: str) -> tuple:
    """The axes in the order an `order` walk visits them, slowest first ('K': memory order)."""
    c_order = tuple(range(x.ndim))
    if order == "F" or (order == "A" and is_f_contiguous(x._view) and not x._view.is_contiguous):
        return c_order[::-1]
    if order == "K":
        strides = x._view.strides
        return tuple(sorted(c_order, key=lambda a: -abs(strides[a]) if x.shape[a] > 1 else 0))
    return c_order


def ordered_copy(x: Array, axes: tuple) -> Array:
    """A fresh copy of x whose memory walks x's axes in the order `axes` (slowest first)."""
    moved = Array._empty(tuple(x.shape[a] for a in axes), x._dtype, x.device)
    result = moved._with_view(moved._view.permute(tuple(np.argsort(axes))))
    result._base = None  # the copy owns its storage; only its strides differ from C order
    result._assign(x)
    return result


def ravel(a, order="C") -> Array:
    """The elements of a, flattened in `order` ('C', 'F', 'A' or 'K'); a view where possible."""
    x = as_array(a, "ravel")
    axes = order_axes(x, check_order(order))
    return manip.reshape(manip.permute_dims(x, axes), (-1,))


# -- sorting-based -------------------------------------------------------------------------------
def _kth(kth, n: int) -> None:
    kths = np.asarray(kth)
    if kths.dtype.kind not in "iub" or kths.ndim > 1:
        raise TypeError(f"kth must be an integer or a sequence of integers, not {kth!r}")
    for k in kths.reshape(-1).tolist():
        if not -n <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")


def _partition_args(name, a, kth, axis, kind, order):
    x = as_array(a, name)
    if kind != "introselect":
        raise ValueError(f"{name}: unknown select kind {kind!r} (NumPy has only 'introselect')")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    if axis is None:
        x, axis = manip.reshape(x, (-1,)), 0
    elif x.ndim == 0:
        raise np.exceptions.AxisError(axis, 0)
    axis = normalize_axis(axis, x.ndim)
    _kth(kth, x.shape[axis])
    return x, axis


def partition(a, kth, axis=-1, kind="introselect", order=None) -> Array:
    """A partitioned copy of a: the kth elements in their sorted place, smaller ones before and larger
    ones after. A full (stable) sort on the GPU is a valid partition and is what this returns."""
    x, axis = _partition_args("partition", a, kth, axis, kind, order)
    return sorting_functions.sort(x, axis=axis)


def argpartition(a, kth, axis=-1, kind="introselect", order=None) -> Array:
    """Indices that partition a along axis (those of a full stable sort, a valid partition)."""
    x, axis = _partition_args("argpartition", a, kth, axis, kind, order)
    return sorting_functions.argsort(x, axis=axis)


def sort_complex(a) -> Array:
    """A sorted copy of a along its last axis in NumPy's complex order (real parts, then imaginary
    parts), always complex as NumPy returns it: complex64 for 8- and 16-bit integers, complex128
    for every other real dtype, complex input keeping its own."""
    x = as_array(a, "sort_complex")
    x = sorting_functions.sort(x, axis=-1)
    if dt.kind(x._dtype) == "complex":
        return x
    narrow = dt.kind(x._dtype) in ("int", "uint") and x._dtype.itemsize <= 2
    return astype(x, dt.complex64 if narrow else dt.default_complex(x.device))


# -- selection -------------------------------------------------------------------------------------
def check_bounds(index: Array, n: int, axis: int = 0) -> None:
    """NumPy's IndexError for indices outside [-n, n): the extremes are found on the GPU and read."""
    if index.size:
        low, high = int(min_(index)), int(max_(index))
        if high >= n or low < -n:
            raise IndexError(f"index {high if high >= n else low} is out of bounds for axis {axis} with size {n}")


def _integer_indices(indices, device, name: str) -> Array:
    index = as_array(indices, name, device)
    if dt.kind(index._dtype) not in ("int", "uint", "bool"):
        raise TypeError(f"{name}: cannot cast array data from {index._dtype} to int64 according to the rule 'safe'")
    return index


def _apply_mode(index: Array, n: int, mode: str, name: str) -> Array:
    """Indices into an axis of length n under NumPy's mode: 'raise' checks, 'wrap' wraps, 'clip' clips."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"{name}: clipmode must be one of 'clip', 'raise', or 'wrap', not {mode!r}")
    if mode == "wrap":
        return ELEMENTWISE["remainder"](index, n)
    if mode == "clip":
        return ELEMENTWISE["clip"](index, 0, n - 1)
    if name == "choose":
        if index.size and not 0 <= int(min_(index)) <= int(max_(index)) < n:
            raise ValueError("invalid entry in choice array")
        return index
    check_bounds(index, n)
    return ELEMENTWISE["where"](ELEMENTWISE["less"](index, 0), ELEMENTWISE["add"](index, n), index)


def choose(a, choices, out=None, mode="raise") -> Array:
    """Elements of choices[a] (a, and every choice, broadcast together)."""
    index = _integer_indices(a, None, "choose")
    options = list(choices) if not isinstance(choices, Array) else [choices[i] for i in range(len(choices))]
    if not options:
        raise ValueError("choose: choices must not be empty")
    options = [as_array(c, "choose", index.device) for c in options]
    index = _apply_mode(index, len(options), mode, "choose")
    dtype = result_dtype(options, index.device)
    shape = manip.broadcast_shapes(index.shape, *(c.shape for c in options))
    result = manip.broadcast_to(astype(options[-1], dtype, copy=False), shape)
    for i in range(len(options) - 2, -1, -1):
        result = ELEMENTWISE["where"](ELEMENTWISE["equal"](index, i), astype(options[i], dtype, copy=False), result)
    if len(options) == 1:  # no where ran: result is still a broadcast view of the choice
        result = result._contiguous()
    return deliver(result, out, "choose", "same_kind")


def compress(condition, a, axis=None, out=None) -> Array:
    """The slices of a along axis where condition (1-D, shorter ones padded with False) is true."""
    x = as_array(a, "compress")
    cond = as_array(condition, "compress", x.device)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    if axis is None:
        x, axis = manip.reshape(x, (-1,)), 0
    axis = normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    if cond.shape[0] > n:
        if bool(any_(cond[n:])):
            raise IndexError(f"index {n} is out of bounds for axis {axis} with size {n}")
        cond = cond[:n]
    (selected,) = nonzero(cond)
    result = x[(slice(None),) * axis + (selected,)]
    return deliver(result, out, "compress", "same_kind")


def put(a, ind, v, mode="raise") -> None:
    """a.flat[ind] = v, in place; v repeats to the length of ind. With repeated indices one of the
    values is written, as in wgarray's indexed assignment (NumPy: the last)."""
    if not isinstance(a, Array):
        raise TypeError(f"put: a must be a wgarray array, not {type(a).__name__}")
    if not a._writeable:
        raise ValueError("assignment destination is read-only")
    index = ravel(_integer_indices(ind, a.device, "put"))
    values = ravel(as_array(v, "put", a.device))
    if index.size == 0 or values.size == 0:
        return
    if a.size == 0:
        raise IndexError("cannot replace elements of an empty array")
    index = _apply_mode(index, a.size, mode, "put")
    values = resize(values, index.shape)
    flat = a._with_view(a._view.reshape((a.size,))) if a._view.is_contiguous else a._contiguous().reshape(-1)
    flat[index] = values.astype(a._dtype) if values._dtype != a._dtype else values
    if flat._storage is not a._storage:
        a._assign(flat._with_view(flat._view.reshape(a.shape)))


def resize(a, new_shape) -> Array:
    """A new array of new_shape holding a's elements in C order, repeated as often as needed."""
    x = as_array(a, "resize")
    shape = (new_shape,) if isinstance(new_shape, (int, np.integer)) else tuple(new_shape)
    shape = tuple(operator.index(n) for n in shape)
    if any(n < 0 for n in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    size = math.prod(shape)
    if x.size == 0:
        result = Array._empty(shape, x._dtype, x.device)
        result._assign(0)
        return result
    flat = manip.reshape(x, (-1,))
    if size > x.size:
        flat = manip.tile(flat, (-(-size // x.size),))
    result = manip.reshape(flat[:size], shape)
    return result._contiguous() if result._storage is x._storage else result


# -- diagonals -----------------------------------------------------------------------------------------
def diagonal(a, offset=0, axis1=0, axis2=1) -> Array:
    """A read-only view of the diagonal at offset of the axis1 x axis2 planes, as the last axis."""
    x = as_array(a, "diagonal")
    if x.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    axis1, axis2 = normalize_axis(axis1, x.ndim), normalize_axis(axis2, x.ndim)
    if axis1 == axis2:
        raise ValueError("axis1 and axis2 cannot be the same")
    offset = operator.index(offset)
    view = x._view
    (n1, n2), (s1, s2) = (x.shape[axis1], x.shape[axis2]), (view.strides[axis1], view.strides[axis2])
    length = max(0, min(n1, n2 - offset) if offset >= 0 else min(n1 + offset, n2))
    start = view.offset + ((offset * s2 if offset >= 0 else -offset * s1) if length else 0)
    keep = [d for d in range(x.ndim) if d not in (axis1, axis2)]
    shape = tuple(x.shape[d] for d in keep) + (length,)
    strides = tuple(view.strides[d] for d in keep) + (s1 + s2,)
    return x._with_view(TensorView(shape, strides, start), writeable=False)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None) -> Array:
    """The sum along the diagonal at offset of the axis1 x axis2 planes (NumPy's trace)."""
    return sum_(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


# -- rounding ----------------------------------------------------------------------------------------
def _round_real(x: Array, decimals: int) -> Array:
    """NumPy's algorithm: rint(x * 10**d) / 10**d, or rint(x / 10**-d) * 10**-d, in x's dtype
    (integers in float64, then cast back)."""
    if decimals == 0:
        return ELEMENTWISE["round"](x)
    scale, undo = ("multiply", "divide") if decimals > 0 else ("divide", "multiply")
    work = x._dtype if dt.kind(x._dtype) == "float" else dt.float64
    factor = constant(10.0 ** abs(decimals) if abs(decimals) <= 308 else math.inf, work, x.device)
    result = ELEMENTWISE[undo](ELEMENTWISE["round"](ELEMENTWISE[scale](x, factor)), factor)
    return result if result._dtype == x._dtype else astype(result, x._dtype)


def around(a, decimals=0, out=None) -> Array:
    """a rounded to `decimals` places (negative: to tens, hundreds, ...), halves to even, as NumPy."""
    x = as_array(a, "round")
    decimals = operator.index(decimals)
    kind = dt.kind(x._dtype)
    if kind == "bool" and decimals:  # decimals=0 keeps the standard's round of bools (NumPy: float16)
        raise TypeError("round of a bool array with decimals gives float16 in NumPy, which wgarray does not support")
    if kind in ("bool", "int", "uint") and decimals >= 0:
        result = x._contiguous()
    elif kind == "complex":  # the parts round separately, as in NumPy
        result = Array._empty(x.shape, x._dtype, x.device)
        real_view(result)._assign(_round_real(real_view(x), decimals))
        imag_view(result)._assign(_round_real(imag_view(x), decimals))
    else:
        result = _round_real(x, decimals)
    return deliver(result, out, "round", "same_kind")


round = around


# -- products ----------------------------------------------------------------------------------------
def dot(a, b, out=None) -> Array:
    """NumPy's dot: a product for scalars, else the sum over a's last axis and b's second to last
    (b's only axis when it is 1-D). Complex values are not conjugated."""
    x = as_array(a, "dot")
    y = as_array(b, "dot", x.device)
    if x.ndim == 0 or y.ndim == 0:
        result = ELEMENTWISE["multiply"](x, y)
    else:
        second = y.ndim - 2 if y.ndim >= 2 else 0
        if x.shape[-1] != y.shape[second]:
            raise ValueError(f"shapes {x.shape} and {y.shape} not aligned: {x.shape[-1]} (dim {x.ndim - 1}) "
                             f"!= {y.shape[second]} (dim {second})")
        result = tensordot(x, y, axes=([x.ndim - 1], [second]))
    if isinstance(out, Array) and not (out._dtype == result._dtype and out.shape == result.shape
                                       and out._view.is_contiguous):
        # NumPy's dot writes straight into out, so it takes only the exact result: no casts, no views
        raise ValueError("dot: output array is not acceptable (must have the right datatype, number of "
                         "dimensions, and be a C-Array)")
    return deliver(result, out, "dot")


FUNCTIONS = {
    "partition": partition, "argpartition": argpartition, "choose": choose, "compress": compress, "put": put,
    "resize": resize, "diagonal": diagonal, "trace": trace, "ravel": ravel, "around": around, "round": round,
    "dot": dot, "swapaxes": manip.swapaxes, "transpose": manip.transpose, "sort_complex": sort_complex,
}
