"""NumPy's order statistics, NaN-ignoring reductions and weighted means: ptp, median, quantile,
percentile, nansum, nanmean, nanmax, nanmin, average.

Everything runs on the GPU: sorts through the sort engine, gathers through take, and NumPy's own
arithmetic (its lerp for quantiles, its sum then divide for means) through elementwise functions, so
results match NumPy's. The host computes only from what the caller gave there: the quantiles' index
positions from q (a download first when q is a wgarray array), and it reads one flag to raise
ZeroDivisionError for weights that sum to zero, as NumPy does.
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array, normalize_axes
from .._api.creation_functions import full_like
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.indexing_functions import take
from .._api.manipulation_functions import broadcast_to, permute_dims, reshape
from .._api.sorting_functions import sort
from .._api.utility_functions import any as any_
from . import reductions
from .quantile_methods import HOST, METHODS, check_weights, lerp, positions, weighted_rows
from .reductions import NoValue, deliver
from .ufuncs import UFUNCS


def _kept_shape(shape: tuple, axes: tuple) -> tuple:
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


def _rows(x: Array, axis) -> tuple[Array, tuple]:
    """x with the reduced axes moved last and merged into one; and those axes."""
    axes = normalize_axes(axis, x.ndim)
    rest = [i for i in range(x.ndim) if i not in axes]
    moved = permute_dims(x, (*rest, *axes))
    return reshape(moved, (*(x.shape[i] for i in rest), math.prod(x.shape[i] for i in axes))), axes


def _sorted_rows(x: Array, axis) -> tuple[Array, tuple]:
    """_rows, sorted along the merged axis."""
    rows, axes = _rows(x, axis)
    return sort(rows, axis=-1), axes


def _nan_where_any_nan(result: Array, rows: Array) -> Array:
    """NaN where a sorted row holds a NaN (sorts put NaNs last), as NumPy's median and quantile."""
    if dt.kind(rows._dtype) not in ("float", "complex") or rows.shape[-1] == 0:
        return result
    return ELEMENTWISE["where"](ELEMENTWISE["isnan"](rows[..., -1]), math.nan, result)


def ptp(a, axis=None, out=None, keepdims=False) -> Array:
    """The range (maximum - minimum) along the axes, in the input's dtype (integers wrap, as NumPy)."""
    x = as_array(a, "ptp")
    high = reductions.max(x, axis=axis, keepdims=keepdims)
    return deliver(ELEMENTWISE["subtract"](high, reductions.min(x, axis=axis, keepdims=keepdims)), out, "ptp")


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False) -> Array:
    """The median along the axes: the mean of the middle one or two sorted elements, NaN where the
    slice holds a NaN (NumPy's algorithm, so the same dtype and rounding)."""
    x = as_array(a, "median")
    rows, axes = _sorted_rows(x, axis)
    n = rows.shape[-1]
    middle = rows[..., (n - 1) // 2: n // 2 + 1]
    result = _nan_where_any_nan(reductions.mean(middle, axis=-1), rows)
    if keepdims:
        result = reshape(result, _kept_shape(x.shape, axes))
    return deliver(result, out, "median")


def _host_quantiles(q, name: str):
    """q on the host (a download when it is a wgarray array), and whether it is a weak Python scalar."""
    weak = type(q) in (int, float)
    q = np.asarray(q.__array__() if isinstance(q, Array) else q)
    # a float q keeps its precision (NumPy's virtual indices and weights take q's dtype)
    return (q if q.dtype.kind == "f" else q.astype(np.float64)), weak


def check_quantile_arguments(x: Array, q: np.ndarray, method: str, name: str) -> None:
    """NumPy's checks of a quantile's method, input kind and q (name: the function, e.g. nanpercentile)."""
    if method not in METHODS:
        raise ValueError(f"{method!r} is not a valid method. Use one of: {METHODS}")
    if dt.kind(x._dtype) == "complex":
        raise TypeError("a must be an array of real numbers")
    if not (np.all(q >= 0) and np.all(q <= 1)):
        percent = name.endswith("percentile")
        raise ValueError(f"{'Percentiles' if percent else 'Quantiles'} must be in the range "
                         f"[0, {100 if percent else 1}]")


def _quantile(x: Array, q: np.ndarray, weak: bool, axis, method: str, keepdims: bool, name: str,
              weights=None) -> Array:
    check_quantile_arguments(x, q, method, name)
    if weights is not None:
        weights = check_weights(x, weights, axis, method, name)
        rows, axes = _rows(x, axis)
        result = weighted_rows(rows, _rows(weights, axis)[0], q, name)  # (*rest, Q)
        result = reshape(permute_dims(result, (result.ndim - 1, *range(result.ndim - 1))),
                         (*q.shape, *rows.shape[:-1]))
    else:
        rows, axes = _sorted_rows(x, axis)
        result = _by_positions(rows, q, weak, method, name)
    if keepdims:
        result = reshape(result, (*q.shape, *_kept_shape(x.shape, axes)))
    return result


def _by_positions(rows: Array, q: np.ndarray, weak: bool, method: str, name: str) -> Array:
    """The quantiles of sorted rows by the method's positions (computed on the host from q)."""
    n = rows.shape[-1]
    lead = rows.ndim - 1

    def gathered(index: np.ndarray) -> Array:
        values = take(rows, index.ravel(), axis=-1)  # (*rest, q.size)
        values = permute_dims(values, (values.ndim - 1, *range(values.ndim - 1)))
        return reshape(values, (*q.shape, *rows.shape[:-1]))

    kind, *where = positions(HOST, n, q, method)
    if kind == "pick":
        return _nan_where_any_nan(gathered(where[0]), rows)
    previous, following, gamma = where
    if weak:  # a Python scalar q: gamma stays a weak Python float, as in NumPy
        t, one_minus_t, upper_half = float(gamma), 1 - float(gamma), bool(gamma >= 0.5)
    else:
        t = as_array(gamma.reshape(q.shape + (1,) * lead), name, rows.device)
        one_minus_t, upper_half = ELEMENTWISE["subtract"](1, t), ELEMENTWISE["greater_equal"](t, 0.5)
    return _nan_where_any_nan(lerp(gathered(previous), gathered(following), t, one_minus_t, upper_half), rows)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    """The q-th quantiles (q in [0, 1]) along the axes by any of NumPy's 13 methods (weights with
    'inverted_cdf'); q's dimensions lead."""
    q, weak = _host_quantiles(q, "quantile")
    result = _quantile(as_array(a, "quantile"), q, weak, axis, method, keepdims, "quantile", weights)
    return deliver(result, out, "quantile")


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
               weights=None):
    """The q-th percentiles (q in [0, 100]) along the axes by any of NumPy's 13 methods (weights
    with 'inverted_cdf'); q's dimensions lead."""
    q, weak = _host_quantiles(q, "percentile")
    result = _quantile(as_array(a, "percentile"), q / 100, weak, axis, method, keepdims, "percentile", weights)
    return deliver(result, out, "percentile")


# -- reductions that ignore NaNs ---------------------------------------------------------------------------
def _without_nans(x: Array, replacement) -> Array:
    if dt.kind(x._dtype) not in ("float", "complex"):
        return x
    return ELEMENTWISE["where"](ELEMENTWISE["isnan"](x), replacement, x)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=NoValue, where=True) -> Array:
    """The sum with NaNs counted as zero."""
    x = _without_nans(as_array(a, "nansum"), 0)
    return reductions.sum(x, axis=axis, dtype=dtype, out=out, keepdims=keepdims, initial=initial, where=where)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True) -> Array:
    """The mean of the non-NaN elements (NaN for slices of NaNs only): their sum over their count."""
    x = as_array(a, "nanmean")
    if dt.kind(x._dtype) not in ("float", "complex"):
        return reductions.mean(x, axis=axis, dtype=dtype, out=out, keepdims=keepdims, where=where)
    present = ELEMENTWISE["logical_not"](ELEMENTWISE["isnan"](x))
    count = reductions.sum(present, axis=axis, dtype=dt.as_dtype("int64"), keepdims=keepdims, where=where)
    total = reductions.sum(_without_nans(x, 0), axis=axis, dtype=dtype, keepdims=keepdims, where=where)
    return deliver(astype(ELEMENTWISE["divide"](total, count), total._dtype), out, "nanmean")


def _nan_extremum(name: str, fill: float):
    def reduce(a, axis=None, out=None, keepdims=False, initial=NoValue, where=True) -> Array:
        x = as_array(a, name)
        extremum = getattr(reductions, name[3:])
        if dt.kind(x._dtype) == "complex":  # NumPy's: fmax (fmin) folds, where a NaN loses to a number
            extras = {} if initial is NoValue else {"initial": initial}
            return UFUNCS["f" + name[3:]].reduce(x, axis=axis, out=out, keepdims=keepdims, where=where, **extras)
        if dt.kind(x._dtype) != "float":
            return extremum(x, axis=axis, out=out, keepdims=keepdims, initial=initial, where=where)
        result = extremum(_without_nans(x, fill), axis=axis, keepdims=keepdims, initial=initial, where=where)
        only_nans = reductions.all(ELEMENTWISE["isnan"](x), axis=axis, keepdims=keepdims, where=where)
        return deliver(ELEMENTWISE["where"](only_nans, math.nan, result), out, name)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"The {name[3:]}imum ignoring NaNs (NaN for slices of NaNs only)."
    return reduce


nanmax = _nan_extremum("nanmax", -math.inf)
nanmin = _nan_extremum("nanmin", math.inf)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The weighted mean along the axes (NumPy's: sum(a * w) / sum(w), in at least float64's kind for
    integer input); returned=True also gives the sum of the weights."""
    x = as_array(a, "average")
    axes = None if axis is None else normalize_axes(axis, x.ndim)
    if weights is None:
        result = reductions.mean(x, axis=axes, keepdims=keepdims)
        return (result, full_like(result, x.size // max(result.size, 1))) if returned else result
    w = as_array(weights, "average", x.device)
    integral = dt.kind(x._dtype) in ("bool", "int", "uint")
    dtype = dt.as_dtype(result_type(x, w, dt.as_dtype("float64")) if integral else result_type(x, w))
    if w.shape != x.shape:
        if axes is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.shape != tuple(x.shape[i] for i in axes):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        w = permute_dims(w, tuple(int(i) for i in np.argsort(axes)))
        w = reshape(w, tuple(n if i in axes else 1 for i, n in enumerate(x.shape)))
    scale = reductions.sum(w, axis=axes, dtype=dtype, keepdims=keepdims)
    if bool(any_(ELEMENTWISE["equal"](scale, 0.0))):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    product = ELEMENTWISE["multiply"](astype(x, dtype, copy=False), astype(w, dtype, copy=False))
    result = ELEMENTWISE["divide"](reductions.sum(product, axis=axes, keepdims=keepdims), scale)
    if returned:
        return result, broadcast_to(scale, result.shape) if scale.shape != result.shape else scale
    return result


FUNCTIONS = {f.__name__: f for f in (ptp, median, quantile, percentile, nansum, nanmean, nanmax, nanmin, average)}
