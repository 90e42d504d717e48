"""NumPy's 13 quantile methods (Hyndman and Fan's nine, plus lower, higher, midpoint and nearest)
as one set of rules, and the weighted quantile (method 'inverted_cdf' with `weights`).

The rules are NumPy's (numpy/lib/_function_base_impl.py, _QuantileMethods), written once over a
small set of operations so that the same code computes the positions on the host, from q and a
known count (quantile, percentile), and on the GPU, from each row's count of non-NaN elements
(nanquantile, nanpercentile). Each method either picks one sorted element (an index) or blends two
neighbours (a virtual index whose floor and floor + 1 are read, and NumPy's gamma).
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take_along_axis
from .._api.manipulation_functions import broadcast_to, permute_dims, reshape
from .._api.sorting_functions import argsort
from .._api.statistical_functions import cumulative_sum
from .._api.utility_functions import any as any_
from . import reductions

METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
           "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest")
_ALPHA_BETA = {"interpolated_inverted_cdf": (0, 1), "hazen": (0.5, 0.5), "weibull": (0, 0),
               "median_unbiased": (1 / 3.0, 1 / 3.0), "normal_unbiased": (3 / 8.0, 3 / 8.0)}


class Ops:
    """The operations the rules use, beyond + - * % == & (which NumPy arrays and Arrays share)."""

    def __init__(self, floor, ceil, around, where, maximum, to_index, like):
        self.floor, self.ceil, self.around, self.where = floor, ceil, around, where
        self.maximum, self.to_index, self.like = maximum, to_index, like


HOST = Ops(np.floor, np.ceil, np.around, np.where, np.maximum, lambda v: np.asarray(v).astype(np.int64),
           lambda v, reference: np.asarray(v, dtype=reference.dtype))
GPU = Ops(E["floor"], E["ceil"], E["round"], E["where"], E["maximum"], lambda v: astype(v, dt.as_dtype("int64")),
          lambda v, reference: astype(v, reference._dtype))


def positions(ops: Ops, n, q, method: str):
    """Where `method` reads n sorted values for the quantiles q (n: a count, or counts of q's
    dtype broadcasting against q): ("pick", index) or ("blend", previous, next, gamma), indices
    within [0, n - 1] (n >= 1)."""
    if method in ("inverted_cdf", "closest_observation"):
        index = n * q - 1 if method == "inverted_cdf" else n * q - 1 - 0.5
        previous = ops.floor(index)
        gamma = index - previous
        exact = gamma == 0
        if method == "closest_observation":
            exact = exact & (previous % 2 == 1)
        return "pick", ops.maximum(ops.to_index(ops.where(exact, previous, previous + 1)), 0)
    if method in ("lower", "higher", "nearest"):
        rounding = {"lower": ops.floor, "higher": ops.ceil, "nearest": ops.around}[method]
        return "pick", ops.to_index(rounding((n - 1) * q))
    if method in ("linear", "midpoint"):
        virtual = (n - 1) * q
        if method == "midpoint":
            virtual = 0.5 * (ops.floor(virtual) + ops.ceil(virtual))
    elif method == "averaged_inverted_cdf":
        virtual = n * q - 1
    else:
        alpha, beta = _ALPHA_BETA[method]
        virtual = n * q + (alpha + q * (1 - alpha - beta)) - 1
    floor = ops.floor(virtual)
    gamma = virtual - floor
    if method == "averaged_inverted_cdf":
        gamma = ops.like(ops.where(gamma == 0, 0.5, 1.0), virtual)
    elif method == "midpoint":
        gamma = ops.like(ops.where(virtual % 1 == 0, 0.0, 0.5), virtual)
    last = n - 1
    above, below = virtual >= last, virtual < 0  # both neighbours are the last (first) element there
    previous = ops.where(above, last, ops.where(below, 0, floor))
    following = ops.where(above, last, ops.where(below, 0, floor + 1))
    return "blend", ops.to_index(previous), ops.to_index(following), gamma


def lerp(low: Array, high: Array, t, one_minus_t, upper_half):
    """NumPy's _lerp: low + (high - low) t, or high - (high - low)(1 - t) where t >= 0.5."""
    difference = E["subtract"](high, low)
    return E["where"](upper_half, E["subtract"](high, E["multiply"](difference, one_minus_t)),
                      E["add"](low, E["multiply"](difference, t)))


def weighted_rows(rows: Array, weights: Array, q: np.ndarray, name: str, nan_rows: bool = True) -> Array:
    """NumPy's weighted 'inverted_cdf' quantiles of each row of `rows` (*rest, n, unsorted) with
    `weights` of the same shape: the first sorted element whose normalised cumulative weight
    reaches q. Returns (*rest, Q). Rows holding a NaN give NaN (unless not nan_rows: nanquantile
    gives NaNs no weight instead); weights that are NaN, inf or all zero in a row raise ValueError
    (one host read, as NumPy checks)."""
    n = rows.shape[-1]
    order = argsort(rows, axis=-1)
    values = take_along_axis(rows, order, axis=-1)
    cdf = cumulative_sum(astype(take_along_axis(weights, order, axis=-1), dt.as_dtype("float64")), axis=-1)
    cdf = E["divide"](cdf, cdf[..., -1:])
    if bool(any_(E["isnan"](cdf[..., -1]))):
        raise ValueError("Weights included NaN, inf or were all zero.")
    if q.dtype.kind == "f":
        cdf = astype(cdf, dt.as_dtype(q.dtype.name))
    cdf = E["where"](E["equal"](cdf, 0), -1, cdf)  # NumPy's: zero-weight leaders never match q = 0
    q_row = as_array(np.ascontiguousarray(q.ravel()), name, rows.device)
    # searchsorted(cdf, q, side="left") per row: how many cumulative weights fall short of q
    short = E["less"](cdf[..., None, :], q_row[:, None])  # (*rest, Q, n)
    index = E["minimum"](reductions.sum(short, axis=-1, dtype=dt.as_dtype("int64")), n - 1)
    result = take_along_axis(values, index, axis=-1)
    if nan_rows and dt.kind(rows._dtype) in ("float", "complex") and n:
        result = E["where"](E["isnan"](values[..., -1:]), math.nan, result)
    return result


def check_weights(x: Array, weights, axis, method: str, name: str) -> Array:
    """NumPy's checks of quantile weights; returns them broadcast to x's shape."""
    if method != "inverted_cdf":
        raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
    w = as_array(weights, name, x.device)
    if w.shape != x.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        axes = tuple(operator.index(a) % x.ndim for a in axes)
        if w.shape != tuple(x.shape[a] for a in axes):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        w = permute_dims(w, tuple(np.argsort(axes)))
        w = reshape(w, tuple(s if i in axes else 1 for i, s in enumerate(x.shape)))
    if bool(any_(E["less"](w, 0))):
        raise ValueError("Weights must be non-negative.")
    return broadcast_to(w, x.shape)
