"""numpydoc docstrings of NumPy's index routines (index_routines.py): extract, place, putmask,
put_along_axis, diag_indices, mask_indices, fill_diagonal, trim_zeros, rollaxis, unwrap,
array_equiv, apply_along_axis and apply_over_axes.

Kept apart from the code (as NumPy's _add_newdocs.py) so that index_routines.py stays short;
the package root imports this module to set them.
"""

from . import index_routines as _routines

_IN_PLACE = "The array written into (in place): a writeable wgarray Array."
_NOT_WGARRAY = """TypeError
        If ``{}`` is not a wgarray Array.
    ValueError
        If it is read-only"""

DOCSTRINGS = {
    "extract": """
    Return the elements of an array where a condition is true (both flattened).

    Parameters
    ----------
    condition : array_like
        Nonzero (or True) where to take elements; read in C order.
    arr : array_like
        The array, of at least as many elements as ``condition`` marks.

    Returns
    -------
    Array
        A 1-d array of the chosen elements, in C order.

    See Also
    --------
    place, compress

    Notes
    -----
    Dtypes: every dtype (``condition`` of any dtype, nonzero meaning true).

    GPU: the compaction engine finds the positions (its count is read back: a host
    synchronisation, since the output's length depends on the data), then one gather kernel.

    Examples
    --------
    >>> x = wg.arange(6)
    >>> wg.extract(x % 3 == 0, x)
    array([0, 3])
    """,
    "place": f"""
    Change elements of an array where a mask is true, taking values in order.

    Parameters
    ----------
    arr : Array
        {_IN_PLACE}
    mask : array_like
        Where to write, of ``arr``'s size (read in C order).
    vals : array_like
        The values, used in order and repeated cyclically when fewer than the true elements.

    Raises
    ------
    {_NOT_WGARRAY.format("arr")}, ``mask`` and ``arr`` differ in size, or ``vals`` is empty
        while ``mask`` has true elements.

    See Also
    --------
    putmask, extract

    Notes
    -----
    Dtypes: every dtype; ``vals`` are cast to ``arr``'s dtype.

    GPU: the compaction engine finds the positions (its count is read back: a host
    synchronisation), then ``put`` writes the values: a gather repeats them and one scatter
    kernel writes them (a non-contiguous ``arr`` is copied, written and copied back).

    Examples
    --------
    >>> x = wg.arange(5)
    >>> wg.place(x, x > 2, [10, 20])
    >>> x
    array([ 0,  1,  2, 10, 20])
    """,
    "putmask": f"""
    Change elements of an array where a mask is true: ``a.flat[n] = values.flat[n % len(values)]``.

    Parameters
    ----------
    a : Array
        {_IN_PLACE}
    mask : array_like
        Where to write, of ``a``'s shape.
    values : array_like
        The values, repeated cyclically over ``a``'s flat positions (not only the true ones:
        the value at position n is ``values[n % len(values)]``, as NumPy's).

    Raises
    ------
    {_NOT_WGARRAY.format("a")}, or ``mask`` and ``a`` differ in shape.

    See Also
    --------
    place, copyto

    Notes
    -----
    Dtypes: every dtype; ``values`` are cast to ``a``'s dtype.

    GPU: a gather kernel repeats ``values`` (when they are fewer than ``a``'s elements), then
    one ``where`` map kernel and one map copy write the result; nothing is read back.

    Examples
    --------
    >>> x = wg.arange(5)
    >>> wg.putmask(x, x > 1, wg.asarray([7, 8]))
    >>> x
    array([0, 1, 7, 8, 7])
    """,
    "put_along_axis": f"""
    Put values into an array at indices along an axis, every other coordinate in place.

    Parameters
    ----------
    arr : Array
        {_IN_PLACE}
    indices : array_like
        Integer indices along ``axis``, with ``arr``'s number of dimensions (broadcast against
        it along the other axes); 1-d when ``axis`` is None.
    values : array_like
        The values, broadcast to ``indices``' shape.
    axis : int or None
        The axis; None indexes the flattened array.

    Raises
    ------
    IndexError
        For indices that are not integers.
    ValueError
        If ``indices`` has the wrong number of dimensions.

    See Also
    --------
    take_along_axis

    Notes
    -----
    Dtypes: every dtype (of ``arr``); integer ``indices``; ``values`` are cast to ``arr``'s
    dtype.

    GPU: an ``arange`` kernel per other axis and one scatter kernel (advanced-index
    assignment); nothing is read back, so, unlike NumPy, out-of-bounds indices are not
    reported (their writes are dropped) and repeated ones leave one of their values.

    Examples
    --------
    >>> a = wg.reshape(wg.arange(6), (2, 3))
    >>> wg.put_along_axis(a, wg.asarray([[0], [2]]), 9, axis=1)
    >>> a
    array([[9, 1, 2],
           [3, 4, 9]])
    """,
    "diag_indices": """
    Return the indices of the main diagonal of an ``(n, n, ..., n)`` array.

    Parameters
    ----------
    n : int
        The length of every dimension.
    ndim : int, optional
        The number of dimensions (default 2).

    Returns
    -------
    tuple of Array
        ``ndim`` references to one int64 array ``arange(n)``, for ``a[indices]``.

    See Also
    --------
    diag_indices_from, fill_diagonal

    Notes
    -----
    GPU: one ``arange`` kernel; nothing is uploaded.

    Examples
    --------
    >>> wg.diag_indices(3)
    (array([0, 1, 2]), array([0, 1, 2]))
    """,
    "mask_indices": """
    Return the indices where a masking function of a square matrix is nonzero.

    Parameters
    ----------
    n : int
        The size of the ``(n, n)`` matrix.
    mask_func : callable
        Called as ``mask_func(ones((n, n)), k)``, e.g. ``wgarray.triu`` or ``wgarray.tril``;
        it must return an array of the same shape.
    k : int, optional
        Passed to ``mask_func`` (default 0).

    Returns
    -------
    tuple of Array
        The int64 row and column indices of the nonzero elements, in C order.

    See Also
    --------
    triu_indices, tril_indices

    Notes
    -----
    GPU: one fill kernel for the matrix of ones, ``mask_func``'s kernels, a ``not_equal`` map
    kernel and the compaction engine (its count is read back: a host synchronisation).

    Examples
    --------
    >>> wg.mask_indices(3, wg.triu, 1)
    (array([0, 0, 1]), array([1, 2, 2]))
    """,
    "fill_diagonal": f"""
    Fill the main diagonal of an array, in place.

    Parameters
    ----------
    a : Array
        {_IN_PLACE}
        At least 2-d; past 2 dimensions all of equal length.
    val : array_like
        The value, or values used in order and repeated cyclically along the diagonal.
    wrap : bool, optional
        For a tall matrix, whether the diagonal continues below the square part every
        ``ncols + 1`` rows, as NumPy's flat stepping does (default False).

    Raises
    ------
    {_NOT_WGARRAY.format("a")}, has fewer than 2 dimensions, or (past 2) dimensions of
        different lengths.

    See Also
    --------
    diag_indices

    Notes
    -----
    Dtypes: every dtype; ``val`` is cast to ``a``'s dtype.

    GPU: one map kernel writes the diagonal through a strided view of a contiguous array;
    a non-contiguous one takes ``unravel_index``'s map kernels and one scatter kernel. Values
    that repeat are gathered first.

    Examples
    --------
    >>> a = wg.zeros((3, 3), dtype=wg.int64)
    >>> wg.fill_diagonal(a, 5)
    >>> a
    array([[5, 0, 0],
           [0, 5, 0],
           [0, 0, 5]])
    """,
    "trim_zeros": """
    Trim the leading and/or trailing zeros of an array.

    Parameters
    ----------
    filt : array_like
        The input array.
    trim : {'fb', 'f', 'b'}, optional
        Trim from the front ('f'), the back ('b') or both ('fb', the default).
    axis : int or tuple of int, optional
        The axes to trim; None (the default) trims all, to the bounding box of the nonzero
        elements.

    Returns
    -------
    Array
        A view of ``filt`` (empty along the trimmed axes when every element is zero).

    Raises
    ------
    ValueError
        For another ``trim``.

    Notes
    -----
    Dtypes: every dtype (zero is ``0``, ``False``, ``0.0``, ``-0.0`` or ``0j``).

    GPU: the compaction engine finds the nonzero elements and a min and a max fold their
    bounding box, which is read back (the output's shape depends on the data: a host
    synchronisation); the result is a view with no kernel.

    Examples
    --------
    >>> wg.trim_zeros(wg.asarray([0, 0, 1, 2, 0]))
    array([1, 2])
    >>> wg.trim_zeros(wg.asarray([0, 0, 1, 2, 0]), trim="b")
    array([0, 0, 1, 2])
    """,
    "rollaxis": """
    Roll an axis backwards until it lies before a given position (prefer ``moveaxis``).

    Parameters
    ----------
    a : array_like
        The input array.
    axis : int
        The axis to move.
    start : int, optional
        The axis is moved to before this position (default 0); ``a.ndim`` moves it last.

    Returns
    -------
    Array
        A view of ``a`` with its axes permuted.

    Raises
    ------
    numpy.exceptions.AxisError
        For an ``axis`` or ``start`` out of range.

    See Also
    --------
    moveaxis

    Notes
    -----
    Dtypes: every dtype.

    GPU: a view with no kernel.

    Examples
    --------
    >>> wg.rollaxis(wg.ones((2, 3, 4)), 2).shape
    (4, 2, 3)
    """,
    "unwrap": """
    Unwrap a signal: replace jumps between neighbours larger than ``discont`` by their
    remainder modulo ``period``.

    Parameters
    ----------
    p : array_like
        The input signal (e.g. phases in radians).
    discont : float, optional
        The largest jump left as it is (default ``period / 2``; smaller values act as it).
    axis : int, optional
        The axis to unwrap along (default -1).
    period : float, optional
        The period of the signal (default ``2 * pi``).

    Returns
    -------
    Array
        The unwrapped signal, of ``p``'s shape.

    Notes
    -----
    Dtypes: every real dtype, with NumPy's result dtype: bool and integer signals give
    float64 for the default (float) period, and integer signals stay integers for an
    integer period; float32 stays float32. Complex signals raise ``TypeError`` (no
    remainder), as NumPy's.

    GPU: NumPy's formula as map kernels (``diff``, ``remainder``, ``where``, ...), one
    cumulative sum (the scan engine) and a map copy; nothing is read back.

    Examples
    --------
    >>> wg.unwrap(wg.asarray([0, 1, 2, 3, 0, 1]), period=4)
    array([0, 1, 2, 3, 4, 5])
    """,
    "array_equiv": """
    Return True if two arrays broadcast to one shape and are equal everywhere.

    Parameters
    ----------
    a1, a2 : array_like
        The arrays.

    Returns
    -------
    bool
        False when the shapes do not broadcast, else whether every pair is equal (NaNs are
        never equal).

    See Also
    --------
    array_equal

    Notes
    -----
    Dtypes: every dtype, promoted as ``equal`` does.

    GPU: one ``equal`` map kernel and an ``all`` fold, whose result is read back (a host
    synchronisation).

    Examples
    --------
    >>> wg.array_equiv(wg.asarray([1, 2]), wg.asarray([[1, 2], [1, 2]]))
    True
    >>> wg.array_equiv(wg.asarray([1, 2]), wg.asarray([[1, 2], [1, 3]]))
    False
    """,
    "apply_along_axis": """
    Apply a function to the 1-d slices of an array along an axis.

    Parameters
    ----------
    func1d : callable
        Called as ``func1d(line, *args, **kwargs)`` on every 1-d line; it must return arrays
        (or scalars) of one shape.
    axis : int
        The axis along which the lines run.
    arr : array_like
        The input array.
    *args
        Passed to ``func1d``.
    **kwargs
        Passed to ``func1d``.

    Returns
    -------
    Array
        The results, their dimensions replacing ``axis``.

    Raises
    ------
    ValueError
        If any dimension other than ``axis`` has length 0.

    See Also
    --------
    apply_over_axes

    Notes
    -----
    Dtypes: every dtype; the result's is the (promoted) dtype of ``func1d``'s results.

    GPU: a Python loop, as NumPy's: ``func1d`` is called once per line on a view (its own
    kernels run each time), then one map copy per result stacks them. Prefer a function that
    takes ``axis`` where one exists.

    Examples
    --------
    >>> wg.apply_along_axis(lambda v: v[0] + v[-1], 1, wg.asarray([[1, 2, 3], [4, 5, 6]]))
    array([ 4, 10])
    """,
    "apply_over_axes": """
    Apply a function repeatedly over several axes, keeping the number of dimensions.

    Parameters
    ----------
    func : callable
        Called as ``func(a, axis)``; it must return an array of ``a``'s number of dimensions
        or one fewer (then the axis is put back with length 1).
    a : array_like
        The input array.
    axes : int or sequence of int
        The axes, in order.

    Returns
    -------
    Array
        The result, of ``a``'s number of dimensions.

    Raises
    ------
    ValueError
        If ``func`` returns an array of another number of dimensions.

    See Also
    --------
    apply_along_axis

    Notes
    -----
    Dtypes: every dtype that ``func`` takes.

    GPU: ``func``'s kernels, once per axis; the restored axes are views.

    Examples
    --------
    >>> wg.apply_over_axes(wg.sum, wg.reshape(wg.arange(6), (2, 3)), [0, 1])
    array([[15]])
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_routines, _name).__doc__ = _doc
