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
    """Calculate the n-th discrete difference along an axis.

    Parameters
    ----------
    x : array_like
        An array of at least one dimension.
    n : int, optional
        How many times to take the difference (default 1); 0 returns ``x`` (with
        ``prepend``/``append`` joined).
    axis : int, optional
        The axis along which to take the differences (default -1).
    prepend, append : array_like, optional
        Values joined to ``x`` along ``axis`` before differencing: arrays of ``x``'s shape
        except along ``axis``, or scalars (taken as one slice along ``axis``).

    Returns
    -------
    Array
        ``out[i] = x[i + 1] - x[i]`` applied ``n`` times: ``axis`` is ``n`` shorter (never
        below 0). The dtype is that of ``x`` (promoted with ``prepend``/``append``); for bool
        the difference is ``not_equal``, as in NumPy.

    Raises
    ------
    ValueError
        If ``x`` is 0-d or ``n`` is negative.

    See Also
    --------
    cumulative_sum, wgarray.ediff1d, wgarray.gradient

    Notes
    -----
    Dtypes: every dtype, in ``x``'s dtype: unsigned integers wrap around (uint8 ``1 - 2`` is
    255), as NumPy's do.

    GPU: one map kernel per order (``subtract`` of two shifted views, or ``not_equal`` for
    bool), plus one copy kernel per joined part when ``prepend`` or ``append`` is given.

    Examples
    --------
    >>> x = wg.asarray([1, 4, 9, 16])
    >>> wg.diff(x)
    array([3, 5, 7])
    >>> wg.diff(x, n=2)
    array([2, 2])
    >>> wg.diff(wg.asarray([[1., 3.], [4., 8.]]), axis=0)
    array([[3., 5.]])
    """
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
