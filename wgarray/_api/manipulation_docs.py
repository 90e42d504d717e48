"""numpydoc docstrings of the manipulation functions that return views (and broadcast_shapes).

They live here rather than in manipulation_functions.py, which is near the 500-line limit (NumPy
keeps many of its docstrings apart the same way, in _add_newdocs.py); those of the functions that
copy are in manipulation_copy_docs.py. Importing this module sets them; the package root imports it.
"""

from . import manipulation_functions as _functions

_VIEW = """
    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel runs; the result is a view of ``x`` (new shape and strides over the same
    buffer), as in NumPy.
"""

_VIEWS = """
    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel runs; each result is a view of its input (new shape and strides over the
    same buffer), or the input itself where it needs no change.
"""

DOCSTRINGS = {
    "array_split": """
    Split an array into sub-arrays, of unequal sizes if need be.

    Parameters
    ----------
    x : array_like
        The array to split.
    indices_or_sections : int or sequence of int
        A number N of pieces (the first ``len % N`` get one element more), or the
        indices along ``axis`` where the pieces start.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    list of Array
        Views of ``x``.

    Examples
    --------
    >>> wg.array_split(wg.arange(5), 2)
    [array([0, 1, 2]), array([3, 4])]
    """ + _VIEW,
    "atleast_1d": """
    View inputs as arrays of at least one dimension.

    Parameters
    ----------
    *arrays : array_like
        One or more arrays; 0-d ones become shape ``(1,)``.

    Returns
    -------
    Array or tuple of Array
        One array for one input, a tuple for several.

    Examples
    --------
    >>> wg.atleast_1d(3.0)
    array([3.])
    >>> wg.atleast_1d([1, 2], 5)
    (array([1, 2]), array([5]))
    """ + _VIEWS,
    "atleast_2d": """
    View inputs as arrays of at least two dimensions.

    Parameters
    ----------
    *arrays : array_like
        One or more arrays; a 1-d array of length N becomes shape ``(1, N)``.

    Returns
    -------
    Array or tuple of Array
        One array for one input, a tuple for several.

    Examples
    --------
    >>> wg.atleast_2d([1, 2, 3])
    array([[1, 2, 3]])
    """ + _VIEWS,
    "atleast_3d": """
    View inputs as arrays of at least three dimensions.

    Parameters
    ----------
    *arrays : array_like
        One or more arrays: shape ``(N,)`` becomes ``(1, N, 1)`` and ``(M, N)`` becomes
        ``(M, N, 1)``, as in NumPy.

    Returns
    -------
    Array or tuple of Array
        One array for one input, a tuple for several.

    Examples
    --------
    >>> wg.atleast_3d(wg.ones((2, 3))).shape
    (2, 3, 1)
    """ + _VIEWS,
    "broadcast_arrays": """
    Broadcast arrays against each other.

    Parameters
    ----------
    *arrays : array_like
        Arrays (or Python scalars) whose shapes broadcast together.

    Returns
    -------
    tuple of Array
        Read-only views of the inputs, all of the broadcast shape (an input already of
        that shape is returned as it is).

    Raises
    ------
    ValueError
        If the shapes do not broadcast.

    Examples
    --------
    >>> a, b = wg.broadcast_arrays(wg.asarray([[1], [2]]), wg.asarray([10, 20, 30]))
    >>> b
    array([[10, 20, 30],
           [10, 20, 30]])
    """ + _VIEWS,
    "broadcast_shapes": """
    The shape that arrays of the given shapes broadcast to.

    Parameters
    ----------
    *shapes : tuple of int or int
        The shapes.

    Returns
    -------
    tuple of int
        The broadcast shape.

    Raises
    ------
    ValueError
        If the shapes do not broadcast.

    Examples
    --------
    >>> wg.broadcast_shapes((2, 1), (3,))
    (2, 3)

    Notes
    -----
    GPU: none; this runs on the host (metadata only).
    """,
    "broadcast_to": """
    Broadcast an array to a new shape.

    Parameters
    ----------
    x : array_like
        The array to broadcast.
    shape : int or tuple of int
        The new shape; ``x``'s shape must broadcast to it (NumPy's rules: dimensions are
        matched from the end, and a dimension of length one stretches).

    Returns
    -------
    Array
        A read-only view of ``x`` of the given shape: repeated elements share memory
        (stride 0), so writing to it raises ``ValueError``, as in NumPy.

    Raises
    ------
    ValueError
        If ``x``'s shape does not broadcast to ``shape``, or ``shape`` has a negative entry.

    See Also
    --------
    broadcast_arrays, broadcast_shapes

    Examples
    --------
    >>> wg.broadcast_to(wg.asarray([1, 2, 3]), (2, 3))
    array([[1, 2, 3],
           [1, 2, 3]])
    """ + _VIEW,
    "expand_dims": """
    Insert an axis of length one.

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int or tuple of int, optional
        Where the new axes are in the result (default 0); negative values count from the end.

    Returns
    -------
    Array
        A view of ``x`` with ``len(axis)`` more dimensions.

    Examples
    --------
    >>> wg.expand_dims(wg.asarray([1, 2]), axis=1).shape
    (2, 1)
    """ + _VIEW,
    "flip": """
    Reverse the order of elements along the given axes.

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int or tuple of int, optional
        The axes to reverse; None (the default) reverses every axis.

    Returns
    -------
    Array
        A view of ``x`` with negative strides along the flipped axes.

    Raises
    ------
    numpy.exceptions.AxisError
        If an axis is out of range.

    See Also
    --------
    fliplr, flipud

    Examples
    --------
    >>> x = wg.asarray([[1, 2], [3, 4]])
    >>> wg.flip(x)
    array([[4, 3],
           [2, 1]])
    >>> wg.flip(x, axis=1)
    array([[2, 1],
           [4, 3]])
    """ + _VIEW,
    "fliplr": """
    Reverse the order of the columns (axis 1).

    Parameters
    ----------
    x : array_like
        An array of at least two dimensions.

    Returns
    -------
    Array
        A view of ``x`` with a negative stride along axis 1.

    Examples
    --------
    >>> wg.fliplr(wg.asarray([[1, 2], [3, 4]]))
    array([[2, 1],
           [4, 3]])
    """ + _VIEW,
    "flipud": """
    Reverse the order of the rows (axis 0).

    Parameters
    ----------
    x : array_like
        An array of at least one dimension.

    Returns
    -------
    Array
        A view of ``x`` with a negative stride along axis 0.

    Examples
    --------
    >>> wg.flipud(wg.asarray([1, 2, 3]))
    array([3, 2, 1])
    """ + _VIEW,
    "moveaxis": """
    Move axes to new positions; the other axes keep their order.

    Parameters
    ----------
    x : array_like
        The input array.
    source : int or sequence of int
        The axes to move.
    destination : int or sequence of int
        Their positions in the result.

    Returns
    -------
    Array
        A view of ``x``.

    Examples
    --------
    >>> wg.moveaxis(wg.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """ + _VIEW,
    "permute_dims": """
    Permute the axes of an array (the array API's transpose).

    Parameters
    ----------
    x : array_like
        The input array.
    axes : tuple of int
        A permutation of ``range(x.ndim)``: axis ``i`` of the result is axis ``axes[i]`` of ``x``.

    Returns
    -------
    Array
        A view of ``x``.

    Examples
    --------
    >>> wg.permute_dims(wg.zeros((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    """ + _VIEW,
    "split": """
    Split an array into equal sub-arrays, or at given indices.

    Parameters
    ----------
    x : array_like
        The array to split.
    indices_or_sections : int or sequence of int
        A number N of equal pieces (``x.shape[axis]`` must be divisible by N), or the
        indices along ``axis`` where the pieces start.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    list of Array
        Views of ``x``.

    Raises
    ------
    ValueError
        If N does not divide the axis' length.

    Examples
    --------
    >>> wg.split(wg.arange(6), 3)
    [array([0, 1]), array([2, 3]), array([4, 5])]
    """ + _VIEW,
    "squeeze": """
    Remove axes of length one.

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int or tuple of int, optional
        The axes to remove (each must have length one); None removes all of length one.

    Returns
    -------
    Array
        A view of ``x``.

    Examples
    --------
    >>> wg.squeeze(wg.zeros((1, 3, 1))).shape
    (3,)
    """ + _VIEW,
    "swapaxes": """
    Interchange two axes of an array.

    Parameters
    ----------
    x : array_like
        The input array.
    axis1, axis2 : int
        The axes to swap.

    Returns
    -------
    Array
        A view of ``x``.

    Examples
    --------
    >>> wg.swapaxes(wg.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """ + _VIEW,
    "transpose": """
    Reverse or permute the axes of an array (NumPy's signature).

    Parameters
    ----------
    x : array_like
        The input array.
    axes : sequence of int, optional
        A permutation of the axes; None (the default) reverses them.

    Returns
    -------
    Array
        A view of ``x``.

    Examples
    --------
    >>> wg.transpose(wg.asarray([[1, 2, 3]]))
    array([[1],
           [2],
           [3]])
    """ + _VIEW,
    "unstack": """
    Split an array into a tuple of arrays along an axis (the array API's unstack).

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int, optional
        The axis to unstack along (default 0); it is removed from each result.

    Returns
    -------
    tuple of Array
        ``x.shape[axis]`` views of ``x``.

    Examples
    --------
    >>> wg.unstack(wg.asarray([[1, 2], [3, 4]]))
    (array([1, 2]), array([3, 4]))
    """ + _VIEW,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
