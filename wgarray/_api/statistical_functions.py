"""Statistical functions: sum, prod, max, min, mean, var, std (folds on the GPU) and
cumulative_sum, cumulative_prod (scans on the GPU)."""

from __future__ import annotations

import math

from .._array import Array
from .._core import dtypes as dt
from .._core.operands import ScalarOperand
from .._core.wgsl import REG_TAG
from .._engines.fold_source import reg
from .._engines.folds import extreme_fold, prod_fold, sqdev_fold, sum_fold
from .._engines.map import MapOp, launch_map
from .coerce import as_array, normalize_axis
from .elementwise_functions import FLOAT_ERRORS, launch_checked
from .reductions import finish, folded, keep_dims, named, reduce_axes, scanned, sum_dtype

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var"]

_max = max  # this module defines max


def _arithmetic(name: str, make_fold):
    def reduce(x, /, *, axis=None, dtype=None, keepdims: bool = False) -> Array:
        x = as_array(x, name)
        result_dtype = sum_dtype(x, dtype)
        axes = reduce_axes(axis, x.ndim)
        return finish(folded(make_fold(result_dtype), x, axes), result_dtype, x.shape, axes, keepdims)

    return named(reduce, name, f"The {name} of the elements along the axes (tree order for floats), on the GPU.")


sum = _arithmetic("sum", sum_fold)
prod = _arithmetic("prod", prod_fold)


def _extremum(name: str):
    ufunc = {"max": "maximum", "min": "minimum"}[name]

    def reduce(x, /, *, axis=None, keepdims: bool = False) -> Array:
        x = as_array(x, name)
        axes = reduce_axes(axis, x.ndim)
        if math.prod(x.shape[a] for a in axes) == 0:
            raise ValueError(f"zero-size array to reduction operation {ufunc} which has no identity")
        return finish(folded(extreme_fold(name, x._dtype), x, axes), x._dtype, x.shape, axes, keepdims)

    return named(reduce, name, f"The {name}imum along the axes; any NaN gives NaN, as in NumPy.")


max = _extremum("max")
min = _extremum("min")


def _float_dtype(x: Array):
    """mean/var/std compute in x's float or complex dtype (float16 in float32, as NumPy's mean);
    integers and bools in the default float."""
    if x._dtype == dt.float16:
        return dt.float32
    if dt.kind(x._dtype) in ("float", "complex"):
        return x._dtype
    return dt.default_float(x.device)


def _scale(x: Array, divisor: float, op: str = "div") -> Array:
    """x / divisor (or sqrt(x / divisor)) elementwise, correctly rounded, in x's dtype."""
    real = dt.real_dtype(x._dtype)
    t = REG_TAG[reg(real)]
    if dt.kind(x._dtype) == "complex":
        expr = f"{reg(x._dtype)}(div_{t}(a0.x, a1), div_{t}(a0.y, a1))"
    elif op == "sqrt":
        expr = f"sqrt_{t}(div_{t}(a0, a1))"
    else:
        expr = f"div_{t}(a0, a1)"
    out = Array._empty(x.shape, x._dtype, x.device)
    launch_map(x.device, MapOp(f"scale_{op}", expr, (x._dtype, real), x._dtype), out._storage, out._view,
               x._dtype, [x._operand(), ScalarOperand(float(divisor), real)], fresh=True)
    return out


def mean(x, /, *, axis=None, keepdims: bool = False) -> Array:
    """The arithmetic mean along the axes; nan for empty slices, as in NumPy."""
    x = as_array(x, "mean")
    dtype = _float_dtype(x)
    axes = reduce_axes(axis, x.ndim)
    total = folded(sum_fold(dtype), x, axes)
    result = _in_dtype_of(x, _scale(total, math.prod(x.shape[a] for a in axes)))
    return keep_dims(result, x.shape, axes, keepdims)


def _in_dtype_of(x: Array, result: Array) -> Array:
    """A float16 x's statistic, computed in float32, rounded once to float16."""
    return result._cast(dt.float16) if x._dtype == dt.float16 else result


def _variance(x: Array, axis, correction, keepdims: bool, name: str) -> Array:
    x = as_array(x, name)
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise TypeError(f"{name}: correction must be a real number, not {type(correction).__name__}")
    dtype = _float_dtype(x)
    axes = reduce_axes(axis, x.ndim)
    count = math.prod(x.shape[a] for a in axes)
    centres = _scale(folded(sum_fold(dtype), x, axes), count)
    policy = FLOAT_ERRORS.get()
    if policy is not None and count:
        _report_deviations(policy, x, dtype, centres, axes)
    total = folded(sqdev_fold(dtype), x, axes, centres)
    result = _in_dtype_of(x, _scale(total, _max(count - correction, 0), "sqrt" if name == "std" else "div"))
    return keep_dims(result, x.shape, axes, keepdims)


def _report_deviations(policy, x: Array, dtype, centres: Array, axes: tuple) -> None:
    """NumPy's reports of var's x - mean and its square, which the squared-deviation fold computes
    inside: the flag variant of a map over x and the means (float_errors' "deviation" rule)."""
    kept = tuple(1 if a in axes else n for a, n in enumerate(x.shape))
    centres = centres._with_view(centres._view.reshape(kept))
    flags = launch_checked(MapOp("deviation", "a0 - a1", (dtype, dtype), dtype), [x, centres])[1]
    policy.report("subtract", flags & 15)
    policy.report("square", (flags >> 4) & 15)
    policy.report("add", flags >> 8)  # NumPy squares complex deviations part by part, then adds


def var(x, /, *, axis=None, correction=0.0, keepdims: bool = False) -> Array:
    """The variance along the axes, sum(|x - mean|^2) / (N - correction), as NumPy's var(ddof=correction)."""
    return _variance(x, axis, correction, keepdims, "var")


def std(x, /, *, axis=None, correction=0.0, keepdims: bool = False) -> Array:
    """The standard deviation along the axes: the correctly rounded square root of var."""
    return _variance(x, axis, correction, keepdims, "std")


def _cumulative(name: str, make_fold):
    def cumulative(x, /, *, axis=None, dtype=None, include_initial: bool = False) -> Array:
        x = as_array(x, name)
        if axis is None:
            if x.ndim > 1:
                raise ValueError(f"{name}: axis must be given for arrays of more than one dimension")
            if x.ndim == 0:
                x = x._with_view(x._view.reshape((1,)))
            axis = 0
        else:
            axis = normalize_axis(axis, x.ndim)
        result = sum_dtype(x, dtype)
        out = scanned(make_fold(result), x, axis, include_initial)
        return finish(out, result, out.shape, (), False)

    what = name.split("_")[1]
    return named(cumulative, name, f"The {what} of the elements up to each position along axis, on the GPU.")


cumulative_sum = _cumulative("cumulative_sum", sum_fold)
cumulative_prod = _cumulative("cumulative_prod", prod_fold)



_CUMULATIVE_DOC = """
    Cumulative {what} of the elements along an axis.

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int, optional
        The axis to accumulate along; may be omitted (None, the default) only for an array
        of at most one dimension (a 0-d array counts as one element).
    dtype : dtype, optional
        The dtype to accumulate in and return. By default bool and signed integers widen to
        the default integer (int64), unsigned ones to uint64, as in NumPy and the standard;
        floating-point and complex dtypes keep theirs.
    include_initial : bool, optional
        Start the result with the {what}'s identity ({identity}), making ``axis`` one longer
        (default False).

    Returns
    -------
    Array
        The running {what}s, of ``x``'s shape (``axis`` one longer with
        ``include_initial``).

    Raises
    ------
    ValueError
        If ``axis`` is omitted for an array of more than one dimension.

    See Also
    --------
    {other}, {reduction}, wgarray.{numpy_name}

    Notes
    -----
    Dtypes: every dtype, accumulated in the result dtype (integers wrap around on
    overflow, as NumPy's do). Floating-point sums are not compensated, and on the GPU
    tiles are combined in a tree order, so the last bits may differ from NumPy's strictly
    sequential result.

    GPU: a scan (prefix) kernel: short rows, one invocation per row; long rows, tiles
    per workgroup, their totals scanned the same way into carries and added back (two
    passes and a recursive scan). Under :func:`wgarray.errstate` a second scan records
    floating-point errors.

    Examples
    --------
    >>> wg.{name}(wg.asarray([1, 2, 3, 4]))
    {example}
    >>> wg.{name}(wg.asarray([[1., 2.], [3., 4.]]), axis=1, include_initial=True)
    {example2}
"""
cumulative_sum.__doc__ = _CUMULATIVE_DOC.format(
    what="sum", identity="0", other="cumulative_prod", reduction="sum", numpy_name="cumsum",
    name="cumulative_sum", example="array([ 1,  3,  6, 10])",
    example2="array([[0., 1., 3.],\n           [0., 3., 7.]])")
cumulative_prod.__doc__ = _CUMULATIVE_DOC.format(
    what="product", identity="1", other="cumulative_sum", reduction="prod", numpy_name="cumprod",
    name="cumulative_prod", example="array([ 1,  2,  6, 24])",
    example2="array([[ 1.,  1.,  2.],\n           [ 1.,  3., 12.]])")
