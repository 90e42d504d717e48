"""NumPy's histogram bin estimators ('auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges',
'sqrt'): a bin width from a few statistics of the data, each folded on the GPU and read back as one
number (the number of bins is host metadata, as the shape of the result depends on it)."""

from __future__ import annotations

import math
import warnings

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import vecdot
from .._api.utility_functions import all as all_
from . import reductions, statistics


def _scalar(x: Array) -> float:
    return np.asarray(x).item()


def _ptp(x: Array):
    """max - min as NumPy's _unsigned_subtract (unsigned types do not wrap)."""
    high, low = np.asarray(reductions.max(x)), np.asarray(reductions.min(x))
    if high.dtype.kind in "iu":
        return int(high) - int(low)
    return (high - low).item()


def _sqrt(x, span, histogram=None):
    return _ptp(x) / np.sqrt(x.size)


def _sturges(x, span, histogram=None):
    return _ptp(x) / (np.log2(x.size) + 1.0)


def _rice(x, span, histogram=None):
    return _ptp(x) / (2.0 * x.size ** (1.0 / 3))


def _scott(x, span, histogram=None):
    return (24.0 * np.pi ** 0.5 / x.size) ** (1.0 / 3.0) * _scalar(reductions.std(x))


def _stone(x, span, histogram):
    n, spread = x.size, _ptp(x)
    if n <= 1 or spread == 0:
        return 0

    def jhat(nbins):
        share = E["divide"](histogram(x, bins=nbins, range=span)[0], n)
        return (2 - (n + 1) * _scalar(vecdot(share, share))) / (spread / nbins)

    upper = max(100, int(np.sqrt(n)))
    nbins = min(range(1, upper + 1), key=jhat)
    if nbins == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=5)
    return spread / nbins


def _doane(x, span, histogram=None):
    if x.size > 2:
        sg1 = np.sqrt(6.0 * (x.size - 2) / ((x.size + 1.0) * (x.size + 3)))
        sigma = _scalar(reductions.std(x))
        if sigma > 0.0:
            centred = E["divide"](E["subtract"](x, reductions.mean(x)), sigma)
            g1 = _scalar(reductions.mean(E["pow"](centred, 3)))
            return _ptp(x) / (1.0 + np.log2(x.size) + np.log2(1.0 + np.absolute(g1) / sg1))
    return 0.0


def _fd(x, span, histogram=None):
    q75, q25 = np.asarray(statistics.percentile(x, [75, 25]))
    return 2.0 * (q75 - q25) * x.size ** (-1.0 / 3.0)


def _auto(x, span, histogram=None):
    fd, sturges = _fd(x, span), _sturges(x, span)
    return min(fd, sturges) if fd else sturges


ESTIMATORS = {"auto": _auto, "doane": _doane, "fd": _fd, "rice": _rice, "scott": _scott, "sqrt": _sqrt,
              "stone": _stone, "sturges": _sturges}


def estimated_bin_count(x: Array, name: str, range_, first, last, weighted: bool, histogram) -> int:
    """The number of equal bins NumPy's estimator `name` picks for the flattened data x over
    [first, last] (outside the given range, data is left out); 'stone' tries histograms (the
    histogram function is passed in: it sits above this module)."""
    if name not in ESTIMATORS:
        raise ValueError(f"{name!r} is not a valid estimator for `bins`")
    if weighted:
        raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
    if range_ is not None:
        keep = E["logical_and"](E["greater_equal"](x, first), E["less_equal"](x, last))
        if not bool(all_(keep)):
            x = x[keep]
    if x.size == 0:
        return 1
    width = ESTIMATORS[name](x, (first, last), histogram)
    if not width:
        return 1
    if dt.kind(x._dtype) in ("int", "uint") and width < 1:
        width = 1
    return int(math.ceil(_unsigned_span(first, last) / width))


def _unsigned_span(first, last):
    """last - first without wrapping unsigned scalars (NumPy's _unsigned_subtract)."""
    if isinstance(first, np.integer) or isinstance(last, np.integer):
        return int(last) - int(first)
    return last - first
