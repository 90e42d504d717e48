"""NumPy's NaN-ignoring functions beyond nansum/nanmean/nanmax/nanmin: nanargmax, nanargmin, nanprod,
nancumsum, nancumprod, nanvar, nanstd, nanmedian, nanquantile, nanpercentile.

Each is NumPy's own recipe on the GPU: NaNs replaced by an identity (an elementwise `where`), then the
ordinary reduction or scan; order statistics sort the rows (NaNs sort last), count the non-NaN elements
per row and gather at per-row positions. Integer and bool inputs hold no NaN and take the plain function.
The host reads one flag only where NumPy raises on data (an all-NaN slice in nanargmax/nanargmin).
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array, normalize_axes
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take_along_axis
from .._api.manipulation_functions import permute_dims, reshape
from .._api.utility_functions import any as any_
from . import reductions, statistics
from .quantile_methods import GPU, check_weights, lerp, positions, weighted_rows
from .reductions import NoValue, deliver
from .statistics import _host_quantiles, _kept_shape, _sorted_rows, _without_nans


def _has_nans(x: Array) -> bool:
    """Whether x's dtype can hold a NaN (floats and complex)."""
    return dt.kind(x._dtype) in ("float", "complex")


def _not_nan(x: Array) -> Array:
    return E["logical_not"](E["isnan"](x))


# -- arg-extremes ----------------------------------------------------------------------------------
def _nan_arg(name: str, fill: float):
    plain = getattr(reductions, name[3:])

    def search(a, axis=None, out=None, *, keepdims=NoValue):
        x = as_array(a, name)
        keepdims = False if keepdims is NoValue else bool(keepdims)
        if not _has_nans(x):
            return plain(x, axis=axis, out=out, keepdims=keepdims)
        nans = E["isnan"](x)
        if x.size and bool(any_(reductions.all(nans, axis=axis))):
            raise ValueError("All-NaN slice encountered")
        return plain(E["where"](nans, fill, x), axis=axis, out=out, keepdims=keepdims)

    search.__name__ = search.__qualname__ = name
    search.__doc__ = (f"Index of the first {name[6:]}imum ignoring NaNs; ValueError for a slice of NaNs only "
                      f"(NumPy's rule: one flag is read back to decide). On the GPU.")
    return search


nanargmax = _nan_arg("nanargmax", -math.inf)
nanargmin = _nan_arg("nanargmin", math.inf)


# -- products and cumulative sums/products ---------------------------------------------------------
def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=NoValue, where=True) -> Array:
    """The product with NaNs counted as one."""
    x = _without_nans(as_array(a, "nanprod"), 1)
    return reductions.prod(x, axis=axis, dtype=dtype, out=out, keepdims=keepdims, initial=initial, where=where)


def nancumsum(a, axis=None, dtype=None, out=None) -> Array:
    """The cumulative sum with NaNs counted as zero (leading NaNs give zeros)."""
    return reductions.cumsum(_without_nans(as_array(a, "nancumsum"), 0), axis=axis, dtype=dtype, out=out)


def nancumprod(a, axis=None, dtype=None, out=None) -> Array:
    """The cumulative product with NaNs counted as one."""
    return reductions.cumprod(_without_nans(as_array(a, "nancumprod"), 1), axis=axis, dtype=dtype, out=out)


# -- variance and standard deviation ---------------------------------------------------------------
def _nan_variance(name: str):
    plain = getattr(reductions, name[3:])

    def reduce(a, axis=None, dtype=None, out=None, ddof=0, keepdims=NoValue, *, where=True, mean=NoValue,
               correction=NoValue):
        x = as_array(a, name)
        keepdims = False if keepdims is NoValue else bool(keepdims)
        if not _has_nans(x):
            return plain(x, axis=axis, dtype=dtype, out=out, ddof=ddof, keepdims=keepdims, where=where, mean=mean,
                         correction=correction)
        ddof = reductions._ddof(ddof, correction, name)
        present = _not_nan(x)
        if where is not True:
            present = E["logical_and"](present, reductions.mask_for(where, x))
        result = plain(x, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims, where=present, mean=mean)
        # NumPy gives NaN wherever the degrees of freedom are not positive (plain var divides by zero there)
        count = reductions.sum(present, axis=axis, dtype=dt.as_dtype("int64"), keepdims=keepdims)
        result = E["where"](E["less_equal"](E["subtract"](astype(count, dt.as_dtype("float64")), float(ddof)), 0),
                            math.nan, result)
        return deliver(result, out, name)

    reduce.__name__ = reduce.__qualname__ = name
    what = "variance" if name == "nanvar" else "standard deviation"
    reduce.__doc__ = (f"The {what} of the non-NaN elements (NumPy's signature); NaN where the non-NaN count "
                      f"minus ddof is not positive. On the GPU.")
    return reduce


nanvar = _nan_variance("nanvar")
nanstd = _nan_variance("nanstd")


# -- order statistics --------------------------------------------------------------------------------
def _sorted_with_counts(x: Array, axis) -> tuple[Array, Array, tuple]:
    """x's reduced axes merged last and sorted (NaNs last), the non-NaN count of each row (int64), the axes."""
    rows, axes = _sorted_rows(x, axis)
    count = reductions.sum(_not_nan(rows), axis=-1, dtype=dt.as_dtype("int64"), keepdims=True)
    return rows, count, axes


def _gather_rows(rows: Array, index: Array) -> Array:
    """rows[..., index[..., j]] along the last axis (index clipped into the row, so empty rows stay valid)."""
    if rows.shape[-1] == 0:
        return E["add"](astype(index, rows._dtype), math.nan)
    return take_along_axis(rows, index, axis=-1, mode="clip")


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False) -> Array:
    """The median of the non-NaN elements along the axes (NaN for slices of NaNs only)."""
    x = as_array(a, "nanmedian")
    if not _has_nans(x):
        return statistics.median(x, axis=axis, out=out, keepdims=keepdims)
    if dt.kind(x._dtype) == "complex":
        raise TypeError("nanmedian: complex input is not supported (NumPy's needs an ordering as well)")
    rows, count, axes = _sorted_with_counts(x, axis)
    half = E["floor_divide"](count, 2)
    odd = E["equal"](E["remainder"](count, 2), 1)
    low = _gather_rows(rows, E["where"](odd, half, E["subtract"](half, 1)))
    high = _gather_rows(rows, half)
    result = E["where"](odd, low, E["divide"](E["add"](low, high), 2))  # NumPy's mean of the middle two
    result = E["where"](E["equal"](count, 0), math.nan, result)[..., 0]
    if keepdims:
        result = reshape(result, _kept_shape(x.shape, axes))
    return deliver(result, out, "nanmedian")


def _nan_quantile(x: Array, q: np.ndarray, weak: bool, axis, method: str, keepdims: bool, name: str,
                  weights=None) -> Array:
    """NumPy's quantile of each row's non-NaN elements: the method's positions from each row's count,
    then its pick or its lerp, all on the GPU (the host only checks q)."""
    statistics.check_quantile_arguments(x, q, method, name)
    if weights is not None:  # NaNs weigh nothing (they sort last): NumPy drops them
        weights = E["where"](E["isnan"](x), 0, check_weights(x, weights, axis, method, name))
        rows, axes = statistics._rows(x, axis)
        valid = reductions.sum(_not_nan(rows), axis=-1, dtype=dt.as_dtype("int64"), keepdims=True)
        w_rows = statistics._rows(weights, axis)[0]
        w_rows = E["where"](E["equal"](valid, 0), 1, w_rows)  # slices of NaNs only: NaN, not an error
        result = E["where"](E["equal"](valid, 0), math.nan, weighted_rows(rows, w_rows, q, name, nan_rows=False))
    else:
        rows, count, axes = _sorted_with_counts(x, axis)
        qdtype = dt.as_dtype(q.dtype.name)
        q_row = as_array(np.ascontiguousarray(q.ravel()), name, x.device)  # (Q,), broadcast against (*rest, 1)
        kind, *where = positions(GPU, astype(E["maximum"](count, 1), qdtype), q_row, method)
        if kind == "pick":
            result = _gather_rows(rows, where[0])
        else:
            previous, following, gamma = where
            t, one_minus_t = gamma, E["subtract"](1, gamma)
            if weak:  # NumPy's gamma is then a Python float: weak, so t and 1 - t take the input's dtype
                t, one_minus_t = astype(t, x._dtype), astype(one_minus_t, x._dtype)
            result = lerp(_gather_rows(rows, previous), _gather_rows(rows, following), t, one_minus_t,
                          E["greater_equal"](gamma, 0.5))
        result = E["where"](E["equal"](count, 0), math.nan, result)  # (*rest, Q)
    result = permute_dims(result, (result.ndim - 1, *range(result.ndim - 1)))
    rest = _kept_shape(x.shape, axes) if keepdims else rows.shape[:-1]
    return reshape(result, (*q.shape, *rest))


def _nan_order_statistic(name: str, scale: float):
    plain = getattr(statistics, name[3:])

    def statistic(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None):
        x = as_array(a, name)
        if not _has_nans(x):
            return plain(x, q, axis=axis, out=out, method=method, keepdims=keepdims, weights=weights)
        q, weak = _host_quantiles(q, name)
        if axis is not None:
            normalize_axes(axis, x.ndim)
        return deliver(_nan_quantile(x, q / scale, weak, axis, method, bool(keepdims), name, weights), out, name)

    statistic.__name__ = statistic.__qualname__ = name
    statistic.__doc__ = (f"The q-th {name[3:]}s of the non-NaN elements along the axes (q in [0, {int(scale)}]; "
                         "NumPy's 13 methods, weights with 'inverted_cdf'); NaN for slices of NaNs only.")
    return statistic


nanquantile = _nan_order_statistic("nanquantile", 1.0)
nanpercentile = _nan_order_statistic("nanpercentile", 100.0)

FUNCTIONS = {f.__name__: f for f in (nanargmax, nanargmin, nanprod, nancumsum, nancumprod, nanvar, nanstd,
                                     nanmedian, nanquantile, nanpercentile)}
