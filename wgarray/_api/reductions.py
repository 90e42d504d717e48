"""What the reduction functions share: the result of an engine fold or scan as an Array, with
NumPy's keepdims and result dtypes, and NumPy's floating-point error reports of sums and
products (wgarray.errstate).

Under an errstate policy (and only then: by default a fold costs one ContextVar.get() more), a
float sum or product is checked as NumPy's reduce reports it: a second fold over the same
elements ORs their classes (infinity, NaN, zero: float_errors.class_prep), and the flag variant
of a map over (result, classes) decides overflow, invalid and underflow per result (lib_fpe's
fpe_fold), all on the GPU with one download of the flags. Accumulations do the same with scans.
"""

from __future__ import annotations

import functools

from .._array import Array
from .._core import dtypes as dt
from .._engines import fold as fold_engine, scan as scan_engine
from .._engines.float_errors import class_prep
from .._engines.fold import Fold
from .._engines.folds import row_fold
from .._engines.map import MapOp
from .._engines.ops import binary
from .coerce import normalize_axes
from .elementwise_functions import FLOAT_ERRORS, launch_checked


def reduce_axes(axis, ndim: int) -> tuple:
    return tuple(sorted(normalize_axes(axis, ndim)))


def keep_dims(result: Array, shape: tuple, axes: tuple, keepdims: bool) -> Array:
    if not keepdims:
        return result
    kept = tuple(1 if a in axes else n for a, n in enumerate(shape))
    return result._with_view(result._view.reshape(kept))


def folded(fold, x: Array, axes: tuple, centres: Array | None = None) -> Array:
    """x folded over axes by the fold engine, as a new Array of fold's accumulator dtype (with
    NumPy's floating-point error report, see the module docstring)."""
    centres = None if centres is None else centres._data()
    result = Array._wrap(fold_engine.fold(fold, x._data(), axes, centres))
    policy = FLOAT_ERRORS.get()
    if policy is not None and _checked_row(fold) is not None:
        classes = Array._wrap(fold_engine.fold(_class_fold(fold), x._data(), axes, centres))
        policy.report("reduce", _result_flags(fold, result, classes))
    return result


def scanned(fold, x: Array, axis, include_initial: bool = False) -> Array:
    """The inclusive scan of fold along axis, as a new Array of fold's accumulator dtype (with
    NumPy's floating-point error report of an accumulate, see the module docstring)."""
    result = Array._wrap(scan_engine.scan(fold, x._data(), axis, include_initial))
    policy = FLOAT_ERRORS.get()
    if policy is not None and _checked_row(fold) is not None:
        classes = Array._wrap(scan_engine.scan(_class_fold(fold), x._data(), axis, include_initial))
        policy.report("accumulate", _result_flags(fold, result, classes))
    return result


# The folds that report floating-point errors (by Fold.name), and the row each one folds by.
_CHECKED_ROWS = {"sum": "add", "add": "add", "sqdev": "add", "prod": "multiply", "multiply": "multiply"}


def _checked_row(fold: Fold) -> str | None:
    if dt.kind(fold.acc) not in ("float", "complex"):
        return None
    return _CHECKED_ROWS.get(fold.name)


@functools.lru_cache(maxsize=None)
def _class_fold(fold: Fold) -> Fold:
    """The classes (float_errors.class_prep) of the accumulators `fold` folds, ORed."""
    return row_fold(binary("bitwise_or"), fold.in_dtype or fold.acc, acc=dt.uint32,
                    prep=class_prep(fold.acc, fold.prep), name="fpe_classes", centred=fold.centred)


def _result_flags(fold: Fold, result: Array, classes: Array) -> int:
    half = ":half" if fold.in_dtype == dt.float16 else ""  # the float32 result is then rounded to float16
    op = MapOp(f"reduce_check:{_checked_row(fold)}{half}", "a1", (fold.acc, dt.uint32), dt.uint32)
    return launch_checked(op, [result, classes])[1]


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
