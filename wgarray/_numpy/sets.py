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
    """Find the intersection of two arrays: the sorted unique values present in both.

    Parameters
    ----------
    ar1, ar2 : array_like
        The input arrays, flattened.
    assume_unique : bool, optional
        If True, the inputs are taken to hold no repeated values (which saves the two ``unique``
        steps); the result is wrong if they do.
    return_indices : bool, optional
        Also return, for each common value, the index of its first occurrence in the flattened
        ``ar1`` and in the flattened ``ar2``.

    Returns
    -------
    intersect1d : Array
        The sorted common values, in the inputs' promoted dtype.
    comm1, comm2 : Array
        Only with ``return_indices``: int64 indices into the flattened ``ar1`` and ``ar2``.

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NEP 50). NaNs never match (NaN != NaN),
    as in NumPy.

    GPU: ``unique`` of each input (radix sort, run detection and compaction), then one more radix
    sort (a stable argsort with ``return_indices``) and a compaction of the values equal to their
    neighbour; the result's length is data-dependent, so the compaction's count is read back (a host
    sync).

    Examples
    --------
    >>> wg.intersect1d(wg.asarray([1, 3, 4, 3]), wg.asarray([3, 1, 2, 1]))
    array([1, 3])
    >>> values, in1, in2 = wg.intersect1d(wg.asarray([1, 3, 4, 3]), [3, 1, 2, 1], return_indices=True)
    >>> in1, in2
    (array([0, 1]), array([1, 0]))
    """
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
    """Find the set exclusive-or of two arrays: the sorted unique values in exactly one of them.

    Parameters
    ----------
    ar1, ar2 : array_like
        The input arrays, flattened.
    assume_unique : bool, optional
        If True, the inputs are taken to hold no repeated values (which saves the two ``unique``
        steps); the result is wrong if they do.

    Returns
    -------
    Array
        1-D, sorted, in the inputs' promoted dtype.

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NEP 50).

    GPU: ``unique`` of each input (radix sort, run detection and compaction), one radix sort of
    both, map kernels comparing neighbours and a compaction; the result's length is data-dependent
    (a host sync reads the count).

    Examples
    --------
    >>> wg.setxor1d(wg.asarray([1, 2, 3, 2, 4]), [2, 3, 5, 7, 5])
    array([1, 4, 5, 7])
    """
    a, b = _flat(ar1, "setxor1d"), _flat(ar2, "setxor1d")
    if not assume_unique:  # NumPy's unique: each input's NaNs merged into one
        a, b = unique(a), unique(b)
    both = sort(concat([a, b]))
    if both.size == 0:
        return both
    edge = ones((1,), dtype=dt.bool_, device=both.device)
    changes = concat([edge, E["not_equal"](both[1:], both[:-1]), edge])
    return both[E["logical_and"](changes[1:], changes[:-1])]


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None) -> Array:
    """Test whether each element of a 1-D array is also present in a second array (deprecated).

    NumPy deprecated ``in1d`` in 2.0 (and removed it in 2.4); use :func:`wgarray.isin`, which keeps
    ``ar1``'s shape. This is ``isin`` of the flattened ``ar1``.

    Parameters
    ----------
    ar1 : array_like
        The values to test, flattened.
    ar2 : array_like
        The values to test against.
    assume_unique : bool, optional
        Accepted and ignored (the search is by sorting either way).
    invert : bool, optional
        If True, the result is True where a value is *not* in ``ar2``.
    kind : {None, 'sort', 'table'}, optional
        Accepted and ignored: the search is always by sorting.

    Returns
    -------
    Array
        bool, 1-D, of ``ar1``'s size.

    Warns
    -----
    DeprecationWarning
        Always, as NumPy's.

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NEP 50). NaN is never found.

    GPU: a radix sort of ``ar2``, then one binary search per element of ``ar1`` (the set engine).
    """
    warnings.warn("`in1d` is deprecated. Use `np.isin` instead.", DeprecationWarning, stacklevel=2)
    return isin(_flat(ar1, "in1d"), ar2, assume_unique=assume_unique, invert=invert, kind=kind)


FUNCTIONS = {f.__name__: f for f in (intersect1d, setxor1d, in1d)}
