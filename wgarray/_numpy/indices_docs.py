"""numpydoc docstrings of NumPy's index and counting functions (indices.py): argwhere,
flatnonzero, unravel_index, ravel_multi_index, triu_indices, tril_indices, digitize, bincount,
lexsort, union1d and setdiff1d.

Kept apart from the code (as NumPy's _add_newdocs.py) so that indices.py stays short; the
package root imports this module to set them.
"""

from . import indices as _indices

_COMPACTION = """the compaction engine lists the nonzero elements (its count is read back: a
    host synchronisation, since the output's length depends on the data)"""
_INTEGER_INPUT = """Dtypes: bool and integer inputs; others raise ``TypeError`` (NumPy's 'safe' cast
    to int64). The results are int64."""


def _triangle_indices(name: str, which: str, relation: str, gpu: str, example: str) -> str:
    return f"""
    Return the indices of the {which} triangle of an ``(n, m)`` array.

    Parameters
    ----------
    n : int
        The number of rows.
    k : int, optional
        The diagonal offset (default 0): the elements where ``j - i {relation} k``; positive
        is above the main diagonal, negative below.
    m : int, optional
        The number of columns (default ``n``).

    Returns
    -------
    tuple of Array
        The int64 row and column indices, in C order, for ``a[indices]``.

    See Also
    --------
    {name}_indices_from, mask_indices

    Notes
    -----
    GPU: {gpu}, then
    {_COMPACTION}.

    Examples
    --------{example}
    """


DOCSTRINGS = {
    "argwhere": f"""
    Find the indices of the nonzero elements, one row per element.

    Parameters
    ----------
    a : array_like
        The input array.

    Returns
    -------
    Array
        An int64 array of shape ``(count, a.ndim)``, the rows in C order.

    See Also
    --------
    nonzero, flatnonzero

    Notes
    -----
    Dtypes: every dtype (NaN counts as nonzero, ``-0.0`` as zero).

    GPU: {_COMPACTION}; one map copy per dimension stacks the coordinates.

    Examples
    --------
    >>> wg.argwhere(wg.asarray([[0, 1], [2, 0]]))
    array([[0, 1],
           [1, 0]])
    """,
    "flatnonzero": f"""
    Return the indices of the nonzero elements of the flattened array.

    Parameters
    ----------
    a : array_like
        The input array (flattened in C order).

    Returns
    -------
    Array
        The int64 flat indices, in increasing order.

    See Also
    --------
    nonzero, argwhere

    Notes
    -----
    Dtypes: every dtype (NaN counts as nonzero).

    GPU: {_COMPACTION}; a non-contiguous input is flattened by one map copy first.

    Examples
    --------
    >>> wg.flatnonzero(wg.asarray([0, 1, 0, 2]))
    array([1, 3])
    """,
    "unravel_index": f"""
    Convert flat indices into tuples of coordinate arrays.

    Parameters
    ----------
    indices : array_like
        Flat indices into an array of shape ``shape``.
    shape : int or tuple of int
        The shape of the array.
    order : {{'C', 'F'}}, optional
        Row-major (C, the default) or column-major (F) indexing.

    Returns
    -------
    tuple of Array
        One coordinate array per dimension, of ``indices``' shape.

    Raises
    ------
    ValueError
        For an index out of bounds, a negative dimension, or another ``order``.
    TypeError
        For indices that are not integers.

    See Also
    --------
    ravel_multi_index

    Notes
    -----
    {_INTEGER_INPUT}

    GPU: an ``any`` fold checks the bounds (its result is read back: a host
    synchronisation, as NumPy raises before it answers), then a ``remainder`` and a
    ``floor_divide`` map kernel per dimension.

    Examples
    --------
    >>> wg.unravel_index(wg.asarray([22, 41, 37]), (7, 6))
    (array([3, 6, 6]), array([4, 5, 1]))
    """,
    "ravel_multi_index": f"""
    Convert a tuple of coordinate arrays into flat indices.

    Parameters
    ----------
    multi_index : tuple of array_like
        One integer array per dimension (broadcast together).
    dims : tuple of int
        The shape of the array.
    mode : {{'raise', 'wrap', 'clip'}} or tuple of them, optional
        How out-of-bounds coordinates are handled, per dimension or for all: raise a
        ValueError (the default), wrap around, or clip to the bounds.
    order : {{'C', 'F'}}, optional
        Row-major (C, the default) or column-major (F) indexing.

    Returns
    -------
    Array
        The int64 flat indices.

    Raises
    ------
    ValueError
        For a coordinate out of bounds (mode 'raise'), a ``multi_index`` of the wrong
        length, or an unknown mode or order.
    TypeError
        For coordinates that are not integers.

    See Also
    --------
    unravel_index

    Notes
    -----
    {_INTEGER_INPUT}

    GPU: per dimension a few map kernels (``remainder`` or ``clip``, a multiply and an add);
    mode 'raise' adds an ``any`` fold per dimension whose result is read back (a host
    synchronisation).

    Examples
    --------
    >>> wg.ravel_multi_index((wg.asarray([3, 6, 6]), wg.asarray([4, 5, 1])), (7, 6))
    array([22, 41, 37])
    """,
    "triu_indices": _triangle_indices("triu", "upper", ">=", "two map kernels mark the triangle", """
    >>> wg.triu_indices(3, k=1)
    (array([0, 0, 1]), array([1, 2, 2]))"""),
    "tril_indices": _triangle_indices("tril", "lower", "<=", "one map kernel marks the triangle", """
    >>> wg.tril_indices(3)
    (array([0, 1, 1, 2, 2, 2]), array([0, 0, 1, 0, 1, 2]))"""),
    "digitize": """
    Return the index of the bin each value falls in.

    Parameters
    ----------
    x : array_like
        The values.
    bins : array_like
        1-d bin edges, monotonically increasing or decreasing.
    right : bool, optional
        Whether a bin includes its right edge rather than its left (default False), as
        NumPy's.

    Returns
    -------
    Array
        int64 indices of ``x``'s shape: for increasing bins ``i`` with
        ``bins[i-1] <= x < bins[i]`` (0 below the first edge, ``len(bins)`` past the last).

    Raises
    ------
    ValueError
        If ``bins`` is not 1-d or not monotonic.
    TypeError
        For complex ``x`` or ``bins``.

    See Also
    --------
    searchsorted, bincount, histogram

    Notes
    -----
    Dtypes: every real dtype (``x`` and ``bins`` are promoted together); complex ones raise
    ``TypeError``.

    GPU: a ``diff`` map kernel and one or two ``all`` folds check that the bins are monotonic
    (read back: host synchronisations), then one ``searchsorted`` (binary search) kernel.

    Examples
    --------
    >>> wg.digitize(wg.asarray([0.2, 6.4, 3.0, 1.6]), wg.asarray([0.0, 1.0, 2.5, 4.0, 10.0]))
    array([1, 4, 3, 2])
    """,
    "bincount": """
    Count the occurrences of each value in an array of non-negative integers.

    Parameters
    ----------
    x : array_like
        A 1-d array of non-negative integers.
    weights : array_like, optional
        Weights of ``x``'s shape: the result sums them per value instead of counting.
    minlength : int, optional
        The least length of the result (default 0).

    Returns
    -------
    Array
        ``max(x) + 1`` (at least ``minlength``) int64 counts, or float64 sums of the weights
        (added in ``x``'s order, as NumPy's).

    Raises
    ------
    ValueError
        For a negative value, ``x`` not 1-d, a negative ``minlength`` or weights of another
        shape.
    TypeError
        For ``x`` that is not bool or integer, or complex weights.

    See Also
    --------
    histogram, digitize, unique

    Notes
    -----
    Dtypes: bool and integer ``x``; weights of every real dtype, summed in float64.

    GPU: one max fold finds the length (read back: a host synchronisation, since it is the
    output's length). Counts then take one counting pass (workgroup-memory counters); where
    that does not fit, and for weights, a stable radix sort groups the values, a
    ``searchsorted`` kernel finds the groups and an ordered ``reduceat`` sums the gathered
    weights.

    Examples
    --------
    >>> wg.bincount(wg.asarray([0, 1, 1, 3]))
    array([1, 2, 0, 1])
    >>> wg.bincount(wg.asarray([0, 1, 1]), weights=wg.asarray([0.5, 1.0, 2.0]))
    array([0.5, 3. ])
    """,
    "lexsort": """
    Perform an indirect stable sort by several keys, the last key the primary one.

    Parameters
    ----------
    keys : sequence of array_like or Array
        The keys, all of one shape (or a 2-d array whose rows are the keys); the last is
        sorted on first, ties broken by the one before, and so on.
    axis : int, optional
        The axis to sort along (default -1).

    Returns
    -------
    Array
        int64 indices of the keys' shape that sort them along ``axis``.

    Raises
    ------
    TypeError
        For no keys or a 0-d array.
    ValueError
        For keys of different shapes.

    See Also
    --------
    argsort, sort

    Notes
    -----
    Dtypes: every dtype, each key its own (NaNs sort last, as NumPy's).

    GPU: one stable radix sort per key (from the first to the last), with gather kernels
    reordering each key by the order so far; nothing is read back.

    Examples
    --------
    >>> surnames = wg.asarray([1, 5, 1, 4, 3])
    >>> ages = wg.asarray([9, 4, 0, 4, 0])
    >>> wg.lexsort((surnames, ages))
    array([2, 4, 3, 1, 0])
    """,
    "union1d": """
    Return the unique, sorted values that are in either of two arrays.

    Parameters
    ----------
    ar1, ar2 : array_like
        The input arrays (flattened).

    Returns
    -------
    Array
        The sorted 1-d union, in the promoted dtype.

    See Also
    --------
    intersect1d, setdiff1d, unique

    Notes
    -----
    Dtypes: every dtype, promoted together; NaNs are merged into one, as NumPy's ``unique``.

    GPU: map copies join the inputs; a radix sort and the unique engine's run detection and
    compaction give the values (the count is read back: a host synchronisation).

    Examples
    --------
    >>> wg.union1d(wg.asarray([-1, 0, 1]), wg.asarray([-2, 0, 2]))
    array([-2, -1,  0,  1,  2])
    """,
    "setdiff1d": """
    Return the unique, sorted values of one array that are not in another.

    Parameters
    ----------
    ar1 : array_like
        The input array (flattened).
    ar2 : array_like
        The values to remove.
    assume_unique : bool, optional
        If True, ``ar1`` is taken as unique and is neither sorted nor deduplicated (the result
        then keeps its order), as NumPy's (default False).

    Returns
    -------
    Array
        The 1-d difference, in ``ar1``'s dtype.

    See Also
    --------
    union1d, intersect1d, isin

    Notes
    -----
    Dtypes: every dtype; NaNs are merged into one, as NumPy's ``unique``.

    GPU: a radix sort and the unique engine give ``ar1``'s unique values (count read back),
    ``isin`` marks those in ``ar2`` (a sort and a binary search) and the compaction engine
    keeps the others (count read back): two host synchronisations.

    Examples
    --------
    >>> wg.setdiff1d(wg.asarray([1, 2, 3, 2, 4, 1]), wg.asarray([3, 4, 5]))
    array([1, 2])
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_indices, _name).__doc__ = _doc
