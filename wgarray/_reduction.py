"""Reductions on the GPU: reduced axes are moved last, then chunked folds run pass by pass.

So far: all, any, sum and prod. The other statistical functions build on the same machinery.
"""

from __future__ import annotations

import math

from . import _dtypes as dt
from ._array import Array
from ._codegen import ReduceOp, reduce_source
from ._launch import launch_kernel
from ._view import normalize_axes

__all__ = ["all", "any", "prod", "sum"]

CHUNK = 1024


def _rows(x: Array, axes: tuple) -> Array:
    """x with the reduced axes last, as a contiguous (rows, R) array or view."""
    kept = tuple(a for a in range(x.ndim) if a not in axes)
    moved = x._with_view(x._view.permute(kept + axes))
    rows = math.prod(x.shape[a] for a in kept)
    length = math.prod(x.shape[a] for a in axes)
    view = moved._view.reshape((rows, length))
    if view is None or not view.is_contiguous:
        moved = moved._contiguous()
        view = moved._view.reshape((rows, length))
    return moved._with_view(view)


def _fold(op: ReduceOp, x: Array, axes: tuple) -> Array:
    """Fold x over axes; returns a (kept shape) array of op.acc_dtype."""
    device = x.device
    kept_shape = tuple(n for a, n in enumerate(x.shape) if a not in axes)
    current = _rows(x, axes)
    rows, length = current.shape
    while True:
        chunks = max(1, -(-length // CHUNK))
        out = Array._empty((rows, chunks), op.acc_dtype, device)
        items = rows * chunks
        if items:
            src = current.dtype
            launch_kernel(device, ("reduce", op, src), lambda: reduce_source(op, src, device.features),
                          [out._storage, current._storage],
                          [items, length, CHUNK, chunks, current._view.offset, 0], items)
        if chunks == 1:
            return out._with_view(out._view.reshape(kept_shape))
        current, length = out, chunks


def _keep_dims(result: Array, shape: tuple, axes: tuple, keepdims: bool) -> Array:
    if not keepdims:
        return result
    kept = tuple(1 if a in axes else n for a, n in enumerate(shape))
    return result._with_view(result._view.reshape(kept))


def _logical(name: str, identity: str, combine: str):
    op = ReduceOp(name, identity, combine, dt.bool_, dt.uint32)

    def reduce(x, /, *, axis=None, keepdims: bool = False) -> Array:
        if not isinstance(x, Array):
            raise TypeError(f"{name} expects an array, not {type(x).__name__}")
        axes = tuple(sorted(normalize_axes(axis, x.ndim)))
        return _keep_dims(_fold(op, x, axes)._cast(dt.bool_), x.shape, axes, keepdims)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"Test whether {'all' if name == 'all' else 'any'} elements along the axes are true."
    return reduce


all = _logical("all", "1u", "acc & select(0u, 1u, a0)")
any = _logical("any", "0u", "acc | select(0u, 1u, a0)")


def _sum_dtype(x: Array, dtype):
    """The standard's (and NumPy's) default: small integers widen to the default integer."""
    if dtype is not None:
        return dt.as_dtype(dtype, x.device)
    kind = dt.kind(x.dtype)
    if kind in ("bool", "int"):
        return dt.promote(x.dtype, dt.default_int(x.device))
    if kind == "uint":
        return dt.promote(x.dtype, dt.default_uint(x.device))
    return x.dtype


def _arithmetic(name: str, identity: int, combine: str):
    def reduce(x, /, *, axis=None, dtype=None, keepdims: bool = False) -> Array:
        if not isinstance(x, Array):
            raise TypeError(f"{name} expects an array, not {type(x).__name__}")
        result_dtype = _sum_dtype(x, dtype)
        dt.check_supported(result_dtype, x.device)
        # Narrow types accumulate in 32 bits; wrap-around makes the final cast exact.
        acc = {"bool": dt.uint32, "int": dt.int32, "uint": dt.uint32}[dt.kind(result_dtype)] \
            if dt.layout(result_dtype).packed else result_dtype
        init = f"{dt.layout(acc).register}({identity})"
        op = ReduceOp(name, init, combine, acc, acc)
        axes = tuple(sorted(normalize_axes(axis, x.ndim)))
        result = _fold(op, x, axes)
        if result.dtype != result_dtype:
            result = result._cast(result_dtype)
        return _keep_dims(result, x.shape, axes, keepdims)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"The {name} of the elements along the axes, computed on the GPU."
    return reduce


sum = _arithmetic("sum", 0, "acc + a0")
prod = _arithmetic("prod", 1, "acc * a0")
