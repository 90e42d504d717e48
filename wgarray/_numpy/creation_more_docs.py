"""numpydoc docstrings of the creation functions that creation_docs.py leaves out: the
contiguous conversions, diag, diagflat, tri, tril, triu, vander, indices, fromfunction and the
host readers fromiter and frombuffer.

Kept apart from creation.py, which is near the 500-line limit; the package root imports this
module to set them.
"""

from . import creation as _creation

_EVERY_DTYPE = "Dtypes: every dtype."
_DEFAULT_FLOAT = "default float64 (float32 where the device has no 64-bit floats)"


def _contiguous(order: str, name: str, example: str) -> str:
    return f"""
    Return an array of at least one dimension laid out in {name} order.

    Parameters
    ----------
    a : array_like
        A wgarray Array or host data (uploaded).
    dtype : dtype, optional
        The result's dtype (default: ``a``'s).
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        ``a`` itself when it already is {order}-contiguous, of that dtype and of at least one
        dimension; else a copy that is (a 0-d input becomes shape ``(1,)``, a view).

    Notes
    -----
    {_EVERY_DTYPE}

    GPU: none when ``a`` qualifies; else one map kernel copies (and casts) it into the new
    layout. Host data is uploaded once.

    Examples
    --------{example}
    """


def _triangle(which: str, relation: str, example: str) -> str:
    return f"""
    Return the {which} triangle of an array: zeros where ``j - i {relation} k`` fails.

    Parameters
    ----------
    m : array_like
        An array of at least one dimension; the triangle is taken in its last two (a stack of
        matrices keeps its leading dimensions). A 1-d input is repeated into a square matrix,
        as NumPy's.
    k : int, optional
        The diagonal: 0 (the default) is the main one, positive above, negative below.

    Returns
    -------
    Array
        A new array of ``m``'s shape (square for a 1-d input) and dtype.

    Raises
    ------
    TypeError
        For a 0-d input.

    Notes
    -----
    {_EVERY_DTYPE}

    GPU: one map kernel selects each element or zero from its coordinates; a 1-d input is
    broadcast as a view first.

    Examples
    --------{example}
    """


DOCSTRINGS = {
    "ascontiguousarray": _contiguous("C", "row-major (C)", """
    >>> x = wg.ones((2, 3))
    >>> wg.ascontiguousarray(x) is x
    True
    >>> wg.ascontiguousarray(x.T).flags.c_contiguous
    True"""),
    "asfortranarray": _contiguous("F", "column-major (Fortran)", """
    >>> wg.asfortranarray(wg.ones((2, 3))).flags.f_contiguous
    True"""),
    "tril": _triangle("lower", "<=", """
    >>> wg.tril(wg.reshape(wg.arange(1, 10), (3, 3)), k=-1)
    array([[0, 0, 0],
           [4, 0, 0],
           [7, 8, 0]])"""),
    "triu": _triangle("upper", ">=", """
    >>> wg.triu(wg.reshape(wg.arange(1, 10), (3, 3)))
    array([[1, 2, 3],
           [0, 5, 6],
           [0, 0, 9]])"""),
    "diag": f"""
    Extract a diagonal of a matrix, or construct a square matrix with a vector on a diagonal.

    Parameters
    ----------
    v : array_like
        A 1-d array (the diagonal of the new matrix) or a 2-d one (whose diagonal is taken).
    k : int, optional
        The diagonal: 0 (the default) is the main one, positive above, negative below.

    Returns
    -------
    Array
        For a 1-d ``v`` of length n, a new ``(n + |k|, n + |k|)`` matrix, zero off the
        diagonal; for a 2-d ``v``, its k-th diagonal as a read-only view (as NumPy's).

    Raises
    ------
    ValueError
        If ``v`` is not 1-d or 2-d.

    See Also
    --------
    diagflat, diagonal

    Notes
    -----
    {_EVERY_DTYPE}

    GPU: for a 1-d ``v``, one fill kernel writes the zeros and one map kernel writes ``v``
    into the diagonal (a strided view); for a 2-d ``v``, a view with no kernel.

    Examples
    --------
    >>> wg.diag(wg.asarray([1, 2]), k=1)
    array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]])
    >>> wg.diag(wg.reshape(wg.arange(9), (3, 3)))
    array([0, 4, 8])
    """,
    "diagflat": f"""
    Create a square matrix with the flattened input on the k-th diagonal.

    Parameters
    ----------
    v : array_like
        The values, of any shape (flattened in C order).
    k : int, optional
        The diagonal: 0 (the default) is the main one, positive above, negative below.

    Returns
    -------
    Array
        A new ``(n + |k|, n + |k|)`` matrix for ``n = v.size``, zero off the diagonal.

    See Also
    --------
    diag

    Notes
    -----
    {_EVERY_DTYPE}

    GPU: as ``diag`` of a 1-d array: one fill kernel and one map kernel (plus one map copy
    when ``v`` cannot be flattened as a view).

    Examples
    --------
    >>> wg.diagflat(wg.asarray([[1, 2]]))
    array([[1, 0],
           [0, 2]])
    """,
    "tri": f"""
    Return an array with ones at and below the k-th diagonal and zeros elsewhere.

    Parameters
    ----------
    N : int
        The number of rows.
    M : int, optional
        The number of columns (default ``N``).
    k : int, optional
        The diagonal: 0 (the default) is the main one, positive above, negative below.
    dtype : dtype, optional
        Any wgarray dtype; {_DEFAULT_FLOAT}.
    like : object, optional
        Accepted for NumPy's signature; ignored.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        An ``N`` by ``M`` array, 1 where ``j - i <= k``.

    Notes
    -----
    {_EVERY_DTYPE}

    GPU: one map kernel computes each element from its index; nothing is uploaded.

    Examples
    --------
    >>> wg.tri(3, 4, k=1, dtype=wg.int32)
    array([[1, 1, 0, 0],
           [1, 1, 1, 0],
           [1, 1, 1, 1]], dtype=int32)
    """,
    "vander": """
    Generate a Vandermonde matrix: columns of powers of the input.

    Parameters
    ----------
    x : array_like
        A 1-d array.
    N : int, optional
        The number of columns (default ``len(x)``).
    increasing : bool, optional
        False (the default) puts the highest power first, as NumPy's; True the zeroth.

    Returns
    -------
    Array
        A ``(len(x), N)`` array whose columns are ``x**(N-1), ..., x**0`` (reversed when
        ``increasing``).

    Raises
    ------
    ValueError
        If ``x`` is not 1-d.

    Notes
    -----
    Dtypes: every dtype; the result's is NumPy's ``promote_types(x.dtype, int64)``: bool and
    integers up to 32 bits give int64, uint64 and every float dtype give float64, complex
    gives complex128. Integer powers wrap as NumPy's.

    GPU: one fill kernel for the column of ones, then per column one multiply map kernel and
    one map copy (NumPy's ``multiply.accumulate`` order, so the values are NumPy's bit for bit).

    Examples
    --------
    >>> wg.vander(wg.asarray([1, 2, 3]), 3)
    array([[1, 1, 1],
           [4, 2, 1],
           [9, 3, 1]])
    """,
    "indices": """
    Return an array representing the indices of a grid.

    Parameters
    ----------
    dimensions : sequence of int
        The shape of the grid.
    dtype : dtype, optional
        The result's dtype (default int64); complex dtypes are cast from real indices.
    sparse : bool, optional
        False (the default) gives one dense array; True a tuple of arrays that broadcast
        against each other.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array or tuple of Array
        Dense: shape ``(len(dimensions), *dimensions)``, where ``grid[i]`` holds the i-th
        coordinate. Sparse: ``len(dimensions)`` arrays, the i-th of length ``dimensions[i]``
        along axis i and 1 along the others.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one ``arange`` kernel per dimension; dense grids add one map copy per dimension
    (broadcasting each range into its slice of the result), sparse ones a cast kernel where
    ``dtype`` is complex. Nothing is uploaded.

    Examples
    --------
    >>> wg.indices((2, 3))
    array([[[0, 0, 0],
            [1, 1, 1]],
    <BLANKLINE>
           [[0, 1, 2],
            [0, 1, 2]]])
    """,
    "fromfunction": """
    Construct an array by calling a function on the index grids of a shape.

    Parameters
    ----------
    function : callable
        Called once as ``function(*grids, **kwargs)``, where ``grids`` are the dense index
        arrays of ``indices(shape, dtype=dtype)``; it should compute with wgarray functions.
    shape : tuple of int
        The shape of the grids.
    dtype : dtype, optional
        The grids' dtype (default float64).
    like : object, optional
        Accepted for NumPy's signature; ignored.
    **kwargs
        Passed to ``function``.

    Returns
    -------
    object
        What ``function`` returns (an Array when it computes with wgarray functions).

    See Also
    --------
    indices

    Notes
    -----
    Dtypes: the grids take every dtype; the result is what ``function`` computes.

    GPU: the grids are built by ``indices`` (an ``arange`` kernel and a map copy per
    dimension); ``function`` then runs whatever kernels it calls, once, on whole arrays.

    Examples
    --------
    >>> wg.fromfunction(lambda i, j: i + j, (2, 3), dtype=wg.int64)
    array([[0, 1, 2],
           [1, 2, 3]])
    """,
    "fromiter": """
    Create a 1-d array from an iterable.

    Parameters
    ----------
    iter : iterable
        The values.
    dtype : dtype
        The result's dtype (required, as NumPy's).
    count : int, optional
        The number of items to read; -1 (the default) reads them all.
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        The values, on the current device.

    Raises
    ------
    ValueError
        If the iterable has fewer than ``count`` items.
    TypeError
        For a dtype wgarray does not have (strings, objects, structured dtypes).

    Notes
    -----
    Dtypes: every dtype wgarray has.

    GPU: NumPy reads the iterable on the host (``numpy.fromiter``); the result is uploaded
    once.

    Examples
    --------
    >>> wg.fromiter((i * i for i in range(4)), dtype=wg.float32)
    array([0., 1., 4., 9.], dtype=float32)
    """,
    "frombuffer": """
    Interpret a buffer (an object with the buffer protocol) as a 1-d array.

    Parameters
    ----------
    buffer : buffer_like
        The bytes, e.g. ``bytes``, ``bytearray`` or ``memoryview``.
    dtype : dtype, optional
        The items' dtype (default float64), in little-endian byte order.
    count : int, optional
        The number of items to read; -1 (the default) reads to the end.
    offset : int, optional
        The bytes to skip first (default 0).
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        The items, on the current device. Unlike NumPy's, the result is a copy on the device,
        not a view of ``buffer``: later changes to either are not seen by the other.

    Raises
    ------
    ValueError
        If the buffer's length (after ``offset``) is not a multiple of the item size, or is
        shorter than ``count`` items.

    Notes
    -----
    Dtypes: every dtype wgarray has; others raise ``TypeError``.

    GPU: NumPy views the bytes on the host (``numpy.frombuffer``); they are uploaded once.

    Examples
    --------
    >>> wg.frombuffer(bytes([1, 0, 0, 0, 2, 0, 0, 0]), dtype=wg.int32)
    array([1, 2], dtype=int32)
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_creation, _name).__doc__ = _doc
