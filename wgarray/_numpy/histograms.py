"""NumPy's histogramdd and histogram2d: per dimension, the bin of each sample by searchsorted (the
right edge closes the last bin), one flat index per sample over the bins plus an outlier bin each side,
then bincount; the outlier bins are sliced away. All on the GPU; the edges of equal bins come from each
dimension's range (the data's minimum and maximum, read back, as NumPy does)."""

from __future__ import annotations

import builtins
import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import manipulation_functions as manip
from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.searching_functions import searchsorted
from .._api.utility_functions import any as any_
from . import reductions
from .indices import bincount
from .more_stats import _range_of
from .ranges import linspace


def _samples(sample) -> Array:
    """The (N, D) sample matrix: a 2-D array as it is; a sequence of D 1-D arrays (or any other
    array) as columns, NumPy's atleast_2d(sample).T."""
    if isinstance(sample, (list, tuple)) and any(isinstance(s, Array) for s in sample):
        rows = manip.stack([as_array(s, "histogramdd") for s in sample])
    else:
        rows = as_array(sample, "histogramdd")
        if rows.ndim == 2 and not isinstance(sample, (list, tuple)):
            return rows
    return manip.permute_dims(manip.atleast_2d(rows), (1, 0))


def _edges(column: Array, bins, range_, i: int) -> Array:
    if np.ndim(bins) == 0 and not isinstance(bins, Array):
        if bins < 1:
            raise ValueError(f"`bins[{i}]` must be positive, when an integer")
        first, last = _range_of(column, range_)
        try:
            count = operator.index(bins)
        except TypeError:
            raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from None
        return linspace(first, last, count + 1, device=column.device)
    edges = as_array(bins, "histogramdd", column.device)
    if edges.ndim != 1:
        raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
    if edges.size > 1 and bool(any_(E["greater"](edges[:-1], edges[1:]))):
        raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
    return edges


def histogramdd(sample, bins=10, range=None, density=None, weights=None) -> tuple:
    """The D-dimensional histogram of N samples (an (N, D) array or D 1-D arrays): counts (float64) or
    summed weights per bin, and the list of each dimension's edges."""
    x = _samples(sample)
    n, d = x.shape
    try:
        if len(bins) != d:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = d * [bins]
    if range is None:
        range = (None,) * d
    elif len(range) != d:
        raise ValueError("range argument must have one entry per dimension")
    edges = [_edges(x[:, i], bins[i], range[i], i) for i in builtins.range(d)]
    sizes = [e.shape[0] + 1 for e in edges]  # an outlier bin on each end
    flat = None
    for i, e in enumerate(edges):
        column = x[:, i]
        index = searchsorted(e, column, side="right")
        index = E["subtract"](index, astype(E["equal"](column, e[-1]), index._dtype))  # the last bin is closed
        flat = index if flat is None else E["add"](E["multiply"](flat, sizes[i]), index)
    if flat is None or n == 0:
        flat = Array._empty((0,), dt.int64, x.device)
    w = None if weights is None else manip.reshape(as_array(weights, "histogramdd", x.device), (-1,))
    if w is not None and dt.kind(w._dtype) == "complex":  # NumPy's bincount casts weights to float64 safely
        raise TypeError(f"Cannot cast array data from dtype('{w._dtype}') to dtype('float64') according to the "
                        "rule 'safe'")
    hist = bincount(flat, weights=w, minlength=math.prod(sizes))
    hist = astype(manip.reshape(hist, tuple(sizes)), dt.float64)
    hist = hist[(slice(1, -1),) * d]
    if density:
        total = reductions.sum(hist)
        for i, e in enumerate(edges):
            shape = [1] * d
            shape[i] = sizes[i] - 2
            hist = E["divide"](hist, manip.reshape(E["subtract"](e[1:], e[:-1]), tuple(shape)))
        hist = E["divide"](hist, total)
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None) -> tuple:
    """The 2-D histogram of points (x[i], y[i]): counts, x edges, y edges."""
    xs, ys = as_array(x, "histogram2d"), as_array(y, "histogram2d")
    if len(xs) != len(ys):
        raise ValueError("x and y must have the same length.")
    try:
        count = len(bins)
    except TypeError:
        count = 1
    if count not in {1, 2}:
        bins = [bins, bins]
    hist, edges = histogramdd([xs, ys], bins, range, density, weights)
    return hist, edges[0], edges[1]


FUNCTIONS = {f.__name__: f for f in (histogramdd, histogram2d)}
