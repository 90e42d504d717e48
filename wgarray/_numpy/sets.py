"""NumPy's 1-D set routines that wgarray lacked: intersect1d with return_indices, setxor1d and the
deprecated in1d. All by sorting (the radix sort engine), comparisons of neighbours and compaction."""

from __future__ import annotations

import warnings

from .._array import Array
from .._api.coerce import as_array
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import concat, reshape
from .._api.set_functions import isin, unique, unique_values
from .._api.sorting_functions import argsort, sort
from .._api.creation_functions import ones
from .._core import dtypes as dt


def _flat(a, name: str, device=None) -> Array:
    return reshape(as_array(a, name, device), (-1,))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values present in both (NumPy's: sort the two unique sets together, keep the values
    that repeat); return_indices adds where each first occurs in ar1 and in ar2."""
    a, b = _flat(ar1, "intersect1d"), _flat(ar2, "intersect1d")
    if not assume_unique:
        if return_indices:
            a, first_a = unique(a, return_index=True)
            b, first_b = unique(b, return_index=True)
        else:
            a, b = unique_values(a), unique_values(b)
    both = concat([a, b])
    if not return_indices:
        both = sort(both)
        return both[:-1][E["equal"](both[1:], both[:-1])]
    order = argsort(both, stable=True)
    both = both[order]
    repeated = E["equal"](both[1:], both[:-1])
    values = both[:-1][repeated]
    in_a = order[:-1][repeated]
    in_b = E["subtract"](order[1:][repeated], a.shape[0])
    if not assume_unique:
        in_a, in_b = first_a[in_a], first_b[in_b]
    return values, in_a, in_b


def setxor1d(ar1, ar2, assume_unique=False) -> Array:
    """The sorted values in exactly one of the inputs."""
    a, b = _flat(ar1, "setxor1d"), _flat(ar2, "setxor1d")
    if not assume_unique:
        a, b = unique_values(a), unique_values(b)
    both = sort(concat([a, b]))
    if both.size == 0:
        return both
    edge = ones((1,), dtype=dt.bool_, device=both.device)
    changes = concat([edge, E["not_equal"](both[1:], both[:-1]), edge])
    return both[E["logical_and"](changes[1:], changes[:-1])]


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None) -> Array:
    """Deprecated in NumPy 2.0 (removed in 2.4): isin of the flattened ar1."""
    warnings.warn("`in1d` is deprecated. Use `np.isin` instead.", DeprecationWarning, stacklevel=2)
    return isin(_flat(ar1, "in1d"), ar2, assume_unique=assume_unique, invert=invert, kind=kind)


FUNCTIONS = {f.__name__: f for f in (intersect1d, setxor1d, in1d)}
