"""The methods of wgarray's ufuncs: reduce, accumulate, reduceat and outer, on the GPU.

Rows the table declares reorderable (add, multiply, maximum, logical_and, bitwise_or, ...)
reduce through the fold engine and accumulate through the scan engine, both derived from the
row (folds.row_fold). The others (subtract, divide, power, arctan2, ...) go through the ordered
fold engine, which keeps NumPy's left-to-right order exactly; reduceat always does.

Dtypes as NumPy: the computation runs in `dtype`, else in out's dtype, else in the array's
(add and multiply widen bool and small integers to the default integer; the logical rows
compute in bool); the loop for that dtype must give that dtype back.

Where NumPy's reduce starts from the identity and the fold engine's start differs, the result
is combined with the identity once more. Sums are folded from +0.0 as NumPy's are (the
namespace's sum folds from -0.0, keeping -0.0 sums), so a sum of -0.0s is +0.0 as in NumPy.

reduceat reads its indices on the host (NumPy's bounds check needs their values): a wgarray
Array of indices is downloaded.
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView, broadcast_shapes
from .._api import elementwise_functions as ew
from .._api.coerce import as_array, fill, normalize_axis
from .._api.reductions import finish, folded, keep_dims, reduce_axes, scanned, sum_dtype
from .._engines.folds import numpy_fold, starts_at_negative_zero
from .._engines.ordered_fold import OrderedOp, ordered_fold
from .ufunc_common import no_loop, where_mask


class _NoValue:
    def __repr__(self):
        return "<no value>"


NO_VALUE = _NoValue()  # initial= not given (None means the same, as in NumPy for numbers)
# NumPy's add and multiply reductions widen bool and small integers to the default integer.
WIDENING = ("add", "multiply")


def _binary_only(uf, method: str) -> None:
    if uf.nin != 2:
        what = "outer product" if method == "outer" else method
        raise ValueError(f"{what} only supported for binary functions")


def _loop_dtype(uf, x: Array, dtype, out):
    """The dtype a method computes and returns in (see the module docstring)."""
    row, device = uf._row, x.device
    if dtype is None and out is not None:
        dtype = out._dtype
    if dtype is not None:
        compute = dt.as_dtype(dtype, device)
        dt.check_supported(compute, device)
    elif row.name in WIDENING:
        compute = sum_dtype(x, None)
    elif row.result == "bool" and row.reorderable:
        compute = dt.bool_
    else:
        compute = ew._compute_dtype(row, x._dtype, device)
    if ew._compute_dtype(row, compute, device) != compute or ew._out_dtype(row, compute) != compute:
        raise no_loop(uf.__name__)
    ew._expr(row, compute)  # a TypeError for kinds the row lacks
    return compute


def _ordered_op(uf, dtype) -> OrderedOp:
    return OrderedOp(uf._row.name, ew._expr(uf._row, dtype), dtype)


def _scalar_in(value, dtype):
    """initial (or an identity) converted to dtype as NumPy converts it (unsafe)."""
    with np.errstate(all="ignore"):
        host = np.array(value)
        if host.dtype.kind == "c" and dt.kind(dtype) != "complex":
            host = host.real
        return host.astype(dtype).item()


def _into(uf, result: Array, out, method: str) -> Array:
    """The result, or written into out (shapes must match: reductions do not broadcast into out)."""
    if out is None:
        return result
    if out.shape != result.shape:
        if method == "reduce" and out.ndim != result.ndim:
            raise ValueError(f"output parameter for reduction operation {uf.__name__} has the wrong number of "
                             f"dimensions: Found {out.ndim} but expected {result.ndim}")
        raise ValueError(f"provided out has shape {out.shape}, but {uf.__name__}.{method} gives {result.shape}")
    out._assign(result)
    return out


# -- reduce -----------------------------------------------------------------------------------
def reduce(uf, array, axis, dtype, out, keepdims, initial, where):
    _binary_only(uf, "reduce")
    row, name = uf._row, uf.__name__
    x = as_array(array, f"{name}.reduce")
    compute = _loop_dtype(uf, x, dtype, out)
    axes = () if x.ndim == 0 and (axis is None or axis == 0 or axis == ()) else reduce_axes(axis, x.ndim)
    if not row.reorderable and len(axes) > 1:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one axis may be specified")
    mask = None
    if where is not True:
        mask = where_mask(where, x.device)
        if broadcast_shapes(mask.shape, x.shape) != x.shape:
            raise ValueError(f"where mask of shape {mask.shape} does not broadcast to the array's shape {x.shape}")
    start = None if initial is NO_VALUE or initial is None else initial
    count = math.prod(x.shape[a] for a in axes)
    if start is None and row.identity is None:
        if mask is not None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to use a where mask one "
                             "has to specify 'initial'")
        if count == 0:
            raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    kind = dt.kind(compute)
    if start is None and row.identity is not None and (
            count == 0 or (kind in row.fold_identity and not starts_at_negative_zero(row, kind))
            or (mask is not None and not row.reorderable)):
        start = row.identity  # NumPy starts from the identity (see the module docstring)
    if start is not None:
        start = _scalar_in(start, compute)
    kept = tuple(n for a, n in enumerate(x.shape) if a not in axes)
    if count == 0:
        result = fill(kept, start, compute, x.device)
    elif not axes:
        result = x if x._dtype == compute else x._cast(compute)
        if start is not None:
            result = ew.apply(row, start, result)
        if mask is not None:
            result = ew.where(mask, result, start)
    elif row.reorderable:
        source = x
        if mask is not None:  # masked elements take the identity (or the initial, for maximum and minimum)
            fill_value = start if row.identity is None else _scalar_in(row.identity, compute)
            source = ew.where(mask, x if x._dtype == compute else x._cast(compute), fill_value)
        fold = numpy_fold(row.name, compute, start is None)  # a start is combined afterwards: keep -0.0
        result = finish(folded(fold, source, axes), compute, x.shape, axes, False)
        if start is not None:
            result = ew.apply(row, start, result)
    else:
        result = Array._wrap(ordered_fold(_ordered_op(uf, compute), x._data(), axes[0], start=start,
                                          mask=None if mask is None else mask._operand(x.shape)))
    return _into(uf, keep_dims(result, x.shape, axes, keepdims), out, "reduce")


# -- accumulate ---------------------------------------------------------------------------------
def _single_axis(axis, x: Array, method: str) -> int:
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise ValueError(f"{method} does not allow multiple axes")
        axis = axis[0]
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"{method} does not allow multiple axes")
        axis = 0
    return normalize_axis(axis, x.ndim)


def accumulate(uf, array, axis, dtype, out):
    _binary_only(uf, "accumulate")
    x = as_array(array, f"{uf.__name__}.accumulate")
    if x.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    axis = _single_axis(axis, x, "accumulate")
    compute = _loop_dtype(uf, x, dtype, out)
    if x.size == 0:
        result = Array._empty(x.shape, compute, x.device)
    elif uf._row.reorderable:
        result = scanned(numpy_fold(uf._row.name, compute), x, axis)
        result = finish(result, compute, x.shape, (), False)
    else:
        result = Array._wrap(ordered_fold(_ordered_op(uf, compute), x._data(), axis, scan=True))
    if out is not None and out.shape != x.shape:
        raise ValueError("provided out is the wrong size for the accumulation.")
    return _into(uf, result, out, "accumulate")


# -- reduceat -----------------------------------------------------------------------------------
def _runs(indices, n: int, name: str) -> np.ndarray:
    """NumPy's reduceat runs [start, stop) per index, flattened: indices[i] >= indices[i + 1]
    gives the one element at indices[i]; the last index runs to the end."""
    host = indices._to_numpy() if isinstance(indices, Array) else np.asarray(indices)
    if host.ndim != 1:
        raise ValueError(f"{name}.reduceat: indices must be 1-dimensional, not of shape {host.shape}")
    if host.size and host.dtype.kind not in "biuf":
        raise TypeError(f"{name}.reduceat: indices must be integers, not {host.dtype}")
    starts = host.astype(np.int64)
    for i in starts:
        if not 0 <= i < n:
            raise IndexError(f"index {i} out-of-bounds in {name}.reduceat [0, {n})")
    following = np.append(starts[1:], n)
    stops = np.where(following > starts, following, starts + 1)
    stops[-1:] = n
    return np.stack([starts, stops], axis=1).astype(np.uint32).reshape(-1)


def reduceat(uf, array, indices, axis, dtype, out):
    _binary_only(uf, "reduceat")
    name = uf.__name__
    x = as_array(array, f"{name}.reduceat")
    if x.ndim == 0:
        raise TypeError("cannot reduceat on a scalar")
    axis = normalize_axis(axis, x.ndim)
    compute = _loop_dtype(uf, x, dtype, out)
    runs = _runs(indices, x.shape[axis], name)
    shape = x.shape[:axis] + (runs.size // 2,) + x.shape[axis + 1:]
    if math.prod(shape) == 0:
        result = Array._empty(shape, compute, x.device)
    else:
        bounds = Array._from_numpy(runs, x.device)._data()
        longest = int((runs[1::2] - runs[0::2]).max())
        result = Array._wrap(ordered_fold(_ordered_op(uf, compute), x._data(), axis, segments=(bounds, longest)))
    return _into(uf, result, out, "reduceat")


# -- outer -------------------------------------------------------------------------------------
def outer(uf, A, B, kwargs):
    _binary_only(uf, "outer")
    a = as_array(A, f"{uf.__name__}.outer")
    b = as_array(B, f"{uf.__name__}.outer", a.device)
    view = a._view  # A's dims first, then unit dims that broadcast against B's
    a = a._with_view(TensorView(view.shape + (1,) * b.ndim, view.strides + (0,) * b.ndim, view.offset))
    return uf(a, b, **kwargs)
