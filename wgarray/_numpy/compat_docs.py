"""numpydoc docstrings of NumPy's smaller routines (compat_routines.py): copyto, require,
asarray_chkfinite, matvec, vecmat, row_stack, the metadata helpers and broadcast.

Kept apart from the code (as NumPy's _add_newdocs.py) so that compat_routines.py stays short;
the package root imports this module to set them.
"""

from . import compat_routines as _compat

_METADATA_ONLY = """GPU: none; this runs on the host (metadata only): only the dtype is read, never
    the data."""

DOCSTRINGS = {
    "iscomplexobj": f"""
    Return True if the input has a complex dtype, whatever its values.

    Parameters
    ----------
    x : array_like
        A wgarray Array, or host data (whose dtype NumPy infers).

    Returns
    -------
    bool
        Whether ``x``'s dtype is complex64 or complex128.

    See Also
    --------
    isrealobj

    Notes
    -----
    Dtypes: every dtype.

    {_METADATA_ONLY}

    Examples
    --------
    >>> wg.iscomplexobj(wg.asarray([1.0, 2.0], dtype=wg.complex64))
    True
    >>> wg.iscomplexobj(wg.asarray([1.0, 2.0]))
    False
    """,
    "isrealobj": f"""
    Return True if the input's dtype is not complex, whatever its values.

    Parameters
    ----------
    x : array_like
        A wgarray Array, or host data (whose dtype NumPy infers).

    Returns
    -------
    bool
        ``not iscomplexobj(x)``.

    See Also
    --------
    iscomplexobj

    Notes
    -----
    Dtypes: every dtype.

    {_METADATA_ONLY}
    """,
    "isfortran": """
    Return True if the array is Fortran-contiguous and not also C-contiguous.

    Parameters
    ----------
    a : array_like
        A wgarray Array (its strides are read), or a NumPy array (``numpy.isfortran``).

    Returns
    -------
    bool
        Whether ``a`` is laid out in column-major order only (a 1-d array is both, so False).

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; this runs on the host (metadata only): the view's strides are read.

    Examples
    --------
    >>> wg.isfortran(wg.asfortranarray(wg.ones((2, 3))))
    True
    >>> wg.isfortran(wg.ones((2, 3)))
    False
    """,
    "common_type": """
    Return the inexact scalar type every input array converts to.

    Parameters
    ----------
    *arrays : array_like
        wgarray Arrays or host data; only their dtypes are read.

    Returns
    -------
    type
        A NumPy scalar type (``numpy.float32``, ``numpy.float64``, ``numpy.complex64`` or
        ``numpy.complex128``), as ``numpy.common_type`` gives.

    Raises
    ------
    TypeError
        For a bool array (NumPy's "can't get common type for non-numeric array").

    Notes
    -----
    Dtypes: integer arrays count as float64, as NumPy's; float and complex arrays keep their
    precision; bool is rejected.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.common_type(wg.arange(3), wg.ones(2, dtype=wg.float32))
    <class 'numpy.float64'>
    """,
    "broadcast": """
    Produce an object that describes the broadcast of several arrays (NumPy's ``broadcast``).

    It has NumPy's attributes ``shape``, ``ndim`` (and ``nd``), ``size``, ``numiter`` and
    ``index``; iterating over it yields tuples of the broadcast elements, one per position in
    C order.

    Parameters
    ----------
    *args : array_like
        At most 64 arrays (wgarray Arrays or host data) whose shapes broadcast together.

    Raises
    ------
    ValueError
        If the shapes do not broadcast, or for more than 64 arguments.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none for the shape, size and dimensions (metadata only). Iterating downloads each
    array once (a host synchronisation) and yields NumPy scalars, as iterating over NumPy's
    ``broadcast`` does; ``index`` is not advanced by the iteration.

    Examples
    --------
    >>> b = wg.broadcast(wg.arange(3), wg.asarray([[10], [20]]))
    >>> b.shape, b.size
    ((2, 3), 6)
    """,
    "ndenumerate": """
    Return an iterator of (index, value) pairs over an array, in C order.

    Parameters
    ----------
    arr : array_like
        A wgarray Array or host data.

    Returns
    -------
    numpy.ndenumerate
        NumPy's iterator over the array read back to the host: each index is a tuple of ints
        and each value a NumPy scalar.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; the array is downloaded once (a host synchronisation) and NumPy iterates over
    the host copy, as iterating over an array does.

    Examples
    --------
    >>> [(i, int(v)) for i, v in wg.ndenumerate(wg.asarray([[1, 2]]))]
    [((0, 0), 1), ((0, 1), 2)]
    """,
    "copyto": """
    Copy values from one array into another, broadcasting, where a mask is True.

    Parameters
    ----------
    dst : Array
        The wgarray Array written into (in place).
    src : array_like
        The values, broadcast to ``dst``'s shape (a Python scalar is weak, as in NumPy 2).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        NumPy's casting rule from ``src``'s dtype to ``dst``'s (default 'same_kind').
    where : array_like of bool, optional
        Where to copy (broadcast to ``dst``'s shape); True (the default) copies everywhere.

    Raises
    ------
    TypeError
        If ``dst`` is not a wgarray Array, or the cast breaks the casting rule.
    ValueError
        If ``src`` or ``where`` does not broadcast to ``dst``'s shape.
    OverflowError
        For a Python integer out of ``dst``'s integer range.

    Notes
    -----
    Dtypes: every dtype, subject to ``casting``.

    GPU: one map kernel casts ``src`` (where the dtypes differ) and one writes it into ``dst``;
    with a ``where`` mask a ``where`` map kernel selects between ``src`` and ``dst`` first.

    Examples
    --------
    >>> dst = wg.zeros(4)
    >>> wg.copyto(dst, wg.asarray([1, 2, 3, 4]), where=wg.asarray([True, False, True, False]))
    >>> dst
    array([1., 0., 3., 0.])
    """,
    "require": """
    Return the input as an array of a dtype that meets the given requirements.

    Parameters
    ----------
    a : array_like
        A wgarray Array or host data (uploaded).
    dtype : dtype, optional
        The result's dtype (default: ``a``'s).
    requirements : str or sequence of str, optional
        Any of 'C' ('C_CONTIGUOUS', 'CONTIGUOUS'), 'F' ('F_CONTIGUOUS', 'FORTRAN'),
        'A' ('ALIGNED'), 'W' ('WRITEABLE'), 'O' ('OWNDATA') and 'E' ('ENSUREARRAY'), as
        NumPy's. wgarray arrays are always aligned and of one array class, so 'A' and 'E'
        change nothing.
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        ``a`` itself when it already meets every requirement, else a copy that does.

    Raises
    ------
    KeyError
        For an unknown requirement.
    ValueError
        If both 'C' and 'F' are asked for.

    Notes
    -----
    Dtypes: every dtype.

    GPU: host data is uploaded once; an Array that already qualifies is returned with no
    kernel, else one map kernel copies (and casts) it.

    Examples
    --------
    >>> wg.require(wg.ones((2, 2)), requirements="F").flags.f_contiguous
    True
    """,
    "asarray_chkfinite": """
    Convert the input to an array, raising ValueError if it holds infinities or NaNs.

    Parameters
    ----------
    a : array_like
        A wgarray Array or host data (uploaded).
    dtype : dtype, optional
        The result's dtype (default: inferred as ``asarray`` infers it).
    order : {'C', 'F', 'A', 'K'}, optional
        The memory layout when a copy is made.
    device : Device, optional
        The device of the result (default: ``a``'s, else the current device).

    Returns
    -------
    Array
        The array, as ``asarray`` gives it.

    Raises
    ------
    ValueError
        If a float or complex array has an inf or a NaN.

    See Also
    --------
    asarray

    Notes
    -----
    Dtypes: every dtype; only float and complex arrays are checked (other dtypes cannot hold
    infinities or NaNs).

    GPU: ``asarray``'s upload or copy, then an ``isfinite`` map kernel and an ``all`` fold
    kernel whose one-value result is read back (a host synchronisation).

    Examples
    --------
    >>> wg.asarray_chkfinite([1.0, 2.0])
    array([1., 2.])
    >>> wg.asarray_chkfinite([1.0, wg.nan])
    Traceback (most recent call last):
        ...
    ValueError: array must not contain infs or NaNs
    """,
}

_PRODUCT_NOTES = """Notes
    -----
    Dtypes: every dtype (bool included), as ``matmul``: the two dtypes are promoted (NEP 50)
    and integers accumulate exactly in their own dtype, wrapping as NumPy's.

    GPU: one ``matmul`` (the matrix-vector or vector-matrix plan of the matmul engine){}; the
    added and removed unit axes are views."""

DOCSTRINGS["matvec"] = f"""
    Matrix-vector product over the last axes, broadcasting the rest (NumPy 2.2's ``matvec``).

    Parameters
    ----------
    x1 : array_like
        Matrices, shape ``(..., m, n)``.
    x2 : array_like
        Vectors, shape ``(..., n)``.

    Returns
    -------
    Array
        ``x1 @ x2`` per matrix and vector, shape ``(..., m)`` (the batch dimensions broadcast).

    Raises
    ------
    ValueError
        If ``x1`` has fewer than 2 dimensions, ``x2`` none, or the sizes do not match.

    See Also
    --------
    vecmat, matmul

    {_PRODUCT_NOTES.format("")}

    Examples
    --------
    >>> wg.matvec(wg.asarray([[1, 2], [3, 4]]), wg.asarray([1, 1]))
    array([3, 7])
    """

DOCSTRINGS["vecmat"] = f"""
    Vector-matrix product over the last axes, conjugating the vector (NumPy 2.2's ``vecmat``).

    Parameters
    ----------
    x1 : array_like
        Vectors, shape ``(..., m)``; complex ones are conjugated.
    x2 : array_like
        Matrices, shape ``(..., m, n)``.

    Returns
    -------
    Array
        ``conj(x1) @ x2`` per vector and matrix, shape ``(..., n)`` (the batch dimensions
        broadcast).

    Raises
    ------
    ValueError
        If ``x1`` has no dimension, ``x2`` fewer than 2, or the sizes do not match.

    See Also
    --------
    matvec, matmul

    {_PRODUCT_NOTES.format(", after a ``conj`` map kernel for complex vectors")}

    Examples
    --------
    >>> wg.vecmat(wg.asarray([1, 1]), wg.asarray([[1, 2], [3, 4]]))
    array([4, 6])
    """

DOCSTRINGS["row_stack"] = """
    Stack arrays in sequence vertically (the deprecated old name of ``vstack``).

    Parameters
    ----------
    tup : sequence of array_like
        The arrays; 1-d ones become rows.
    dtype : dtype, optional
        The result's dtype (default: the inputs' promoted dtype).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast (default 'same_kind').

    Returns
    -------
    Array
        ``vstack(tup)``.

    Warns
    -----
    DeprecationWarning
        Always, as NumPy 2's ``row_stack``.

    See Also
    --------
    vstack

    Notes
    -----
    Dtypes: every dtype, as ``vstack``.

    GPU: one map kernel copies each input into its place in the result.
    """

_OVERLAP_NOTES = """Notes
    -----
    Dtypes: every dtype.

    GPU: none; this runs on the host (metadata only): the views' offsets and strides are
    compared, the data never read. Arrays that are not wgarray Arrays share no memory with
    anything (they are host data)."""

DOCSTRINGS["may_share_memory"] = f"""
    Determine whether two arrays might share memory (their byte ranges overlap).

    Parameters
    ----------
    a, b : array_like
        The arrays; two wgarray Arrays can share memory only when they view one buffer.
    max_work : int, optional
        None or -1 (the default) compares only the bounds of the two byte ranges; another
        value asks for ``shares_memory``'s exact answer within that much work.

    Returns
    -------
    bool
        True when the bounds overlap (which does not prove that an element is shared).

    See Also
    --------
    shares_memory

    {_OVERLAP_NOTES}

    Examples
    --------
    >>> x = wg.arange(6)
    >>> wg.may_share_memory(x[::2], x[1::2])
    True
    """

DOCSTRINGS["shares_memory"] = f"""
    Determine whether two arrays share memory: whether some byte is part of an element of both.

    Parameters
    ----------
    a, b : array_like
        The arrays; two wgarray Arrays can share memory only when they view one buffer.
    max_work : int, optional
        The most element offsets to compare (``a.size + b.size``) before giving up with
        NumPy's ``TooHardError``; None (the default) or a negative value sets no bound.

    Returns
    -------
    bool
        The exact answer.

    Raises
    ------
    numpy.exceptions.TooHardError
        If the exact answer needs more work than ``max_work``.

    See Also
    --------
    may_share_memory

    {_OVERLAP_NOTES}

    Examples
    --------
    >>> x = wg.arange(6)
    >>> wg.shares_memory(x[::2], x[1::2])
    False
    >>> wg.shares_memory(x, x[2:4])
    True
    """

for _name, _doc in DOCSTRINGS.items():
    getattr(_compat, _name).__doc__ = _doc

_compat.broadcast.reset.__doc__ = """
    Reset the broadcast object's ``index`` to 0.

    Notes
    -----
    GPU: none; this runs on the host (metadata only).
    """
