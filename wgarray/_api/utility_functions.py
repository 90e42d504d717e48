"""Utility functions: all, any (folds on the GPU) and diff."""

from __future__ import annotations

import operator

from .._array import Array
from .._core import dtypes as dt
from .._engines.folds import logical_fold
from . import elementwise_functions, manipulation_functions
from .coerce import as_array, normalize_axis
from .reductions import finish, folded, named, reduce_axes

__all__ = ["all", "any", "diff"]


def _logical(name: str):
    def reduce(x, /, *, axis=None, keepdims: bool = False) -> Array:
        x = as_array(x, name)
        axes = reduce_axes(axis, x.ndim)
        return finish(folded(logical_fold(name, x._dtype), x, axes), dt.bool_, x.shape, axes, keepdims)

    return named(reduce, name, f"Test whether {name} elements along the axes are true (NaN counts as true).")


all = _logical("all")
any = _logical("any")


def _along(x: Array, axis: int, start, stop) -> Array:
    return x[(slice(None),) * axis + (slice(start, stop),)]


def diff(x, /, n: int = 1, axis: int = -1, prepend=None, append=None) -> Array:
    """The n-th forward difference along axis (not_equal for booleans, as NumPy)."""
    x = as_array(x, "diff")
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"diff: order n must be non-negative, not {n}")
    if x.ndim == 0:
        raise ValueError("diff requires an input of at least one dimension")
    axis = normalize_axis(axis, x.ndim)
    if prepend is not None or append is not None:
        parts = []
        for part in (prepend, x, append):
            if part is None:
                continue
            part = as_array(part, "diff")
            if part.ndim == 0:  # NumPy broadcasts scalars to one slice along axis
                part = manipulation_functions.broadcast_to(part, tuple(1 if d == axis else n for d, n in enumerate(x.shape)))
            parts.append(part)
        x = manipulation_functions.concat(parts, axis=axis)
    if n == 0:
        return x
    op = elementwise_functions.FUNCTIONS["not_equal" if x._dtype == dt.bool_ else "subtract"]
    for _ in range(n):
        if x.shape[axis] == 0:
            break
        x = op(_along(x, axis, 1, None), _along(x, axis, None, -1))
    return x
