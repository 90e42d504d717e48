"""What the reduction functions share: the result of an engine fold as an Array, with
NumPy's keepdims and result dtypes."""

from __future__ import annotations

from .._array import Array
from .._core import dtypes as dt
from .._engines import fold as fold_engine
from .coerce import normalize_axes


def reduce_axes(axis, ndim: int) -> tuple:
    return tuple(sorted(normalize_axes(axis, ndim)))


def keep_dims(result: Array, shape: tuple, axes: tuple, keepdims: bool) -> Array:
    if not keepdims:
        return result
    kept = tuple(1 if a in axes else n for a, n in enumerate(shape))
    return result._with_view(result._view.reshape(kept))


def folded(fold, x: Array, axes: tuple, centres: Array | None = None) -> Array:
    """x folded over axes by the fold engine, as a new Array of fold's accumulator dtype."""
    return Array._wrap(fold_engine.fold(fold, x._data(), axes, None if centres is None else centres._data()))


def finish(acc: Array, dtype, shape, axes, keepdims) -> Array:
    """The accumulator cast to the result dtype, with the reduced dims kept if asked."""
    if acc._dtype != dtype:
        acc = acc._cast(dtype)
    return keep_dims(acc, shape, axes, keepdims)


def sum_dtype(x: Array, dtype):
    """The standard's (and NumPy's) default: small integers widen to the default integer."""
    if dtype is not None:
        result = dt.as_dtype(dtype, x.device)
        dt.check_supported(result, x.device)
        return result
    kind = dt.kind(x._dtype)
    if kind in ("bool", "int"):
        return dt.promote(x._dtype, dt.default_int(x.device))
    if kind == "uint":
        return dt.promote(x._dtype, dt.default_uint(x.device))
    return x._dtype


def named(function, name: str, doc: str):
    """function, named and documented as the namespace function it becomes."""
    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function
