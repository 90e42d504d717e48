"""numpydoc docstrings of NumPy's functions in functions.py: partition, argpartition, sort_complex,
choose, compress, put, resize, diagonal, trace, ravel, around (round) and dot.

Kept apart from the code (as NumPy's _add_newdocs.py) so that functions.py stays short; the
package root imports this module to set them.
"""

from . import functions as _functions

_PARTITION_PARAMETERS = """a : array_like
        The input array.
    kth : int or sequence of int
        The index (or indices) of the elements to put in their sorted place; negative ones
        count from the end.
    axis : int or None, optional
        The axis to partition along (default -1); None partitions the flattened array.
    kind : {'introselect'}, optional
        NumPy's selection algorithm, the only one accepted (another raises ``ValueError``).
    order : None, optional
        NumPy's field order of structured arrays, which wgarray does not have: anything but
        None raises ``ValueError``."""

_PARTITION_RAISES = """Raises
    ------
    TypeError
        If ``kth`` is not an integer or a 1-d sequence of integers.
    ValueError
        If an entry of ``kth`` is out of bounds for the axis.
    AxisError
        For an axis the array lacks (a 0-d array has none)."""

_SORT_NOTES = """Dtypes: every dtype; bool, 8- and 16-bit integers and float16 sort as exact 32-bit keys.

    GPU: a stable LSD radix sort (histogram, scan and scatter kernels per 8-bit digit): a full
    sort is a valid partition, so the result (or its order) is that of :func:`{sort}`, which
    NumPy's introselect need not give. ``kth`` is checked on the host."""

DOCSTRINGS = {
    "partition": f"""
    A partitioned copy of an array: the ``kth`` elements in their sorted places.

    Elements before a ``kth`` position are no larger than it, those after no smaller.

    Parameters
    ----------
    {_PARTITION_PARAMETERS}

    Returns
    -------
    Array
        The partitioned copy, of ``a``'s shape and dtype (1-d for ``axis=None``). wgarray
        returns it fully sorted (stable, NaN last).

    {_PARTITION_RAISES}

    Notes
    -----
    {_SORT_NOTES.format(sort="sort")}

    Examples
    --------
    >>> wg.partition(wg.asarray([3, 4, 2, 1]), 2)
    array([1, 2, 3, 4])
    """,
    "argpartition": f"""
    The indices that partition an array along an axis (see :func:`partition`).

    Parameters
    ----------
    {_PARTITION_PARAMETERS}

    Returns
    -------
    Array
        int64 indices, of ``a``'s shape (1-d for ``axis=None``): wgarray returns those of a
        full stable sort, so they may differ from NumPy's (a partition is not unique).

    {_PARTITION_RAISES}

    Notes
    -----
    {_SORT_NOTES.format(sort="argsort")}
    """,
    "sort_complex": """
    Sort an array along its last axis in NumPy's complex order, into a complex array.

    Parameters
    ----------
    a : array_like
        The input array.

    Returns
    -------
    Array
        The values sorted by real part, then imaginary part (NaNs last), always complex as
        NumPy returns it.

    Notes
    -----
    Dtypes: every dtype; complex input keeps its dtype, 8- and 16-bit integers give
    complex64, every other real dtype (bool included) complex128, as in NumPy.

    GPU: a stable LSD radix sort, then one map kernel (the cast to complex) for real input.

    Examples
    --------
    >>> wg.sort_complex(wg.asarray([5, 3, 6, 2, 1]))
    array([1.+0.j, 2.+0.j, 3.+0.j, 5.+0.j, 6.+0.j])
    """,
    "choose": """
    Construct an array from an index array and a list of arrays to choose from.

    ``choose(a, choices)[i] = choices[a[i]][i]``, with ``a`` and every choice broadcast
    together.

    Parameters
    ----------
    a : array_like of int
        The index of the choice to take at each position (integer or bool).
    choices : sequence of array_like
        The arrays to choose from (an Array is split along its first axis).
    out : Array, optional
        An array of the result's shape to write into (cast under 'same_kind').
    mode : {'raise', 'wrap', 'clip'}, optional
        How indices outside ``[0, len(choices))`` are handled: 'raise' (the default) raises,
        'wrap' wraps them around, 'clip' clips them to the range.

    Returns
    -------
    Array
        The chosen values, of the choices' promoted dtype and the broadcast shape.

    Raises
    ------
    ValueError
        For an index out of range with ``mode='raise'``, an empty ``choices`` or an unknown
        mode.
    TypeError
        If ``a`` is not of an integer or bool dtype.

    Notes
    -----
    Dtypes: every dtype for the choices (promoted together); integer or bool indices.

    GPU: one map kernel (``where``) per choice but the last; ``mode='raise'`` first folds
    the minimum and maximum index and reads them (a host sync), 'wrap' and 'clip' add one
    map kernel.

    Examples
    --------
    >>> choices = [wg.asarray([0, 1, 2, 3]), wg.asarray([10, 11, 12, 13]), wg.asarray([20, 21, 22, 23])]
    >>> wg.choose(wg.asarray([2, 0, 1, 0]), choices)
    array([20,  1, 12,  3])
    """,
    "compress": """
    Select the slices of an array along an axis where a condition is true.

    Parameters
    ----------
    condition : array_like
        A 1-d array whose nonzero (true) entries select slices; a shorter condition counts
        as False past its end; a longer one may only hold False there.
    a : array_like
        The input array.
    axis : int or None, optional
        The axis to select along; None (the default) selects from the flattened array.
    out : Array, optional
        An array of the result's shape to write into (cast under 'same_kind').

    Returns
    -------
    Array
        The selected slices, of ``a``'s dtype.

    Raises
    ------
    ValueError
        If ``condition`` is not 1-d.
    IndexError
        If ``condition`` is true past the end of the axis.

    Notes
    -----
    Dtypes: every dtype.

    GPU: a stream compaction of the condition (``nonzero``; the number of selected slices is
    read back, a host sync), then one gather kernel. A condition longer than the axis is
    first checked by an ``any`` fold whose result is read back.

    Examples
    --------
    >>> a = wg.asarray([[1, 2], [3, 4], [5, 6]])
    >>> wg.compress([False, True, True], a, axis=0)
    array([[3, 4],
           [5, 6]])
    """,
    "put": """
    Replace the elements at flat indices of an array, in place: ``a.flat[ind] = v``.

    Parameters
    ----------
    a : Array
        The wgarray array to write into (writeable).
    ind : array_like of int
        Flat (C-order) indices into ``a``.
    v : array_like
        The values; they repeat to the length of ``ind`` and are cast to ``a``'s dtype.
    mode : {'raise', 'wrap', 'clip'}, optional
        How out-of-bounds indices are handled: 'raise' (the default), 'wrap' or 'clip'.

    Raises
    ------
    TypeError
        If ``a`` is not a wgarray array, or ``ind`` is not of an integer dtype.
    ValueError
        If ``a`` is read-only.
    IndexError
        For an out-of-bounds index with ``mode='raise'``, or a non-empty put into an empty array.

    Notes
    -----
    With repeated indices one of the values is written (NumPy writes the last).

    Dtypes: every dtype.

    GPU: one scatter kernel, after one map kernel on the indices (wrapping, clipping or
    making negative ones positive); ``mode='raise'`` first folds the minimum and maximum index
    and reads them (a host sync). A non-contiguous ``a``
    is written through a contiguous copy, copied back by one more map kernel.

    Examples
    --------
    >>> a = wg.arange(5)
    >>> wg.put(a, [0, 2], [-44, -55])
    >>> a
    array([-44,   1, -55,   3,   4])
    """,
    "resize": """
    A new array of the given shape, holding an array's elements repeated in C order.

    Parameters
    ----------
    a : array_like
        The input array.
    new_shape : int or tuple of int
        The shape of the result.

    Returns
    -------
    Array
        The new array: ``a``'s flattened elements repeated as often as needed (zeros when
        ``a`` is empty).

    Raises
    ------
    ValueError
        If a dimension of ``new_shape`` is negative.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one copy (map) kernel that repeats (or copies) the elements, one more where a strided
    ``a`` needs a flattening copy first; an empty ``a`` gives one fill kernel.

    Examples
    --------
    >>> wg.resize(wg.asarray([[0, 1], [2, 3]]), (2, 3))
    array([[0, 1, 2],
           [3, 0, 1]])
    """,
    "diagonal": """
    A read-only view of a diagonal of an array.

    Parameters
    ----------
    a : array_like
        The input array, of at least two dimensions.
    offset : int, optional
        The diagonal's offset from the main one: positive above it, negative below (default 0).
    axis1, axis2 : int, optional
        The axes of the planes whose diagonals are taken (default 0 and 1).

    Returns
    -------
    Array
        A read-only view: the other axes in order, then the diagonal as the last axis.

    Raises
    ------
    ValueError
        If ``a`` has fewer than two dimensions, or ``axis1`` and ``axis2`` are the same axis.

    Notes
    -----
    Dtypes: every dtype.

    GPU: none; the view shares ``a``'s buffer (host input is uploaded first).

    Examples
    --------
    >>> wg.diagonal(wg.arange(9).reshape(3, 3), offset=1)
    array([1, 5])
    """,
    "trace": """
    The sum along a diagonal of an array.

    Parameters
    ----------
    a : array_like
        The input array, of at least two dimensions.
    offset : int, optional
        The diagonal's offset from the main one (default 0).
    axis1, axis2 : int, optional
        The axes of the planes whose diagonals are summed (default 0 and 1).
    dtype : dtype, optional
        The dtype to accumulate in and return (default as :func:`sum`'s).
    out : Array, optional
        An array of the result's shape to write into.

    Returns
    -------
    Array
        The sums, of the shape of ``a`` without ``axis1`` and ``axis2`` (0-d for a matrix).

    Notes
    -----
    Dtypes: every dtype; bool and integers narrower than 64 bits sum in int64 (unsigned ones
    in uint64), as NumPy's.

    GPU: one fold kernel over the diagonal view (no copy).

    Examples
    --------
    >>> wg.trace(wg.eye(3))
    array(3.)
    """,
    "ravel": """
    The elements of an array as a 1-d array, a view where possible.

    Parameters
    ----------
    a : array_like
        The input array.
    order : {'C', 'F', 'A', 'K'}, optional
        The order the elements are read in: 'C' row-major (the default), 'F' column-major,
        'A' column-major for a Fortran-ordered array, 'K' memory order.

    Returns
    -------
    Array
        A 1-d view of ``a`` when its strides allow one, else a copy.

    Notes
    -----
    Dtypes: every dtype.

    GPU: a view runs no kernel; a copy is one map kernel.

    Examples
    --------
    >>> wg.ravel(wg.asarray([[1, 2], [3, 4]]), order="F")
    array([1, 3, 2, 4])
    """,
    "around": """
    Round an array to the given number of decimals, halves to even (``round`` is ``around``).

    Parameters
    ----------
    a : array_like
        The input array.
    decimals : int, optional
        The number of decimal places (default 0); negative ones round to tens, hundreds, ...
    out : Array, optional
        An array of the result's shape to write into (cast under 'same_kind').

    Returns
    -------
    Array
        The rounded values, of ``a``'s dtype; complex values round their parts separately.

    Raises
    ------
    TypeError
        For a bool array with nonzero ``decimals`` (NumPy gives float16 there).

    Notes
    -----
    As NumPy computes it: ``rint(a * 10**decimals) / 10**decimals``, so a result can differ
    from the decimal rounding of the printed value.

    Dtypes: every dtype. Integers with ``decimals >= 0`` are copied unchanged; with negative
    ``decimals`` they compute in float64 and cast back.

    GPU: one map kernel (round-half-even) for ``decimals=0``, else three (scale, round,
    unscale) plus a cast for integers; complex arrays round their real and imaginary views.

    Examples
    --------
    >>> wg.round(wg.asarray([0.125, 1.375, 2.5]), 2)
    array([0.12, 1.38, 2.5 ])
    >>> wg.around(wg.asarray([15, 25, 1234]), -1)
    array([  20,   20, 1230])
    """,
    "dot": """
    Dot product of two arrays (NumPy's ``dot``).

    For 1-d arrays the inner product, for 2-d the matrix product, for a 0-d operand the
    elementwise product; otherwise the sum over ``a``'s last axis and ``b``'s second to last
    (its only axis when it is 1-d).

    Parameters
    ----------
    a, b : array_like
        The operands; complex values are not conjugated (see ``vdot``).
    out : Array, optional
        Where to write the result: it must have the result's exact dtype and shape and be
        C-contiguous, as NumPy requires.

    Returns
    -------
    Array
        The product, of the operands' promoted dtype, of shape
        ``a.shape[:-1] + b.shape[:-2] + b.shape[-1:]`` (``a.shape[:-1]`` for a 1-d ``b``).

    Raises
    ------
    ValueError
        If the summed axes differ in length, or ``out`` is not acceptable.

    Notes
    -----
    Dtypes: every dtype; integers accumulate in their own dtype (wrapping, as NumPy's), bool
    as logical or of ands, float16 in float32.

    GPU: one matmul kernel on the operands seen as matrices (a copy first where their strides
    do not allow that view); a 0-d operand is one map kernel.

    Examples
    --------
    >>> a = wg.asarray([[1, 2], [3, 4]])
    >>> wg.dot(a, a)
    array([[ 7, 10],
           [15, 22]])
    >>> wg.dot(wg.asarray([1, 2, 3]), wg.asarray([4, 5, 6]))
    array(32)
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
