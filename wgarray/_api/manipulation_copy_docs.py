"""numpydoc docstrings of the manipulation functions that copy: concat and the functions built on
it, repeat and tile (those of the functions returning views are in manipulation_docs.py).

Importing this module sets them; the package root imports it.
"""

from . import manipulation_functions as _functions

DOCSTRINGS = {
    "append": """
    Append values to the end of an array.

    Parameters
    ----------
    arr : array_like
        Values are appended to a copy of this array.
    values : array_like
        The values to append. With ``axis`` given they must have ``arr``'s shape except
        along ``axis``; without it both are flattened.
    axis : int, optional
        The axis to append along; None (the default) flattens both first.

    Returns
    -------
    Array
        A new array, of the promoted dtype of ``arr`` and ``values``.

    See Also
    --------
    concat

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NumPy 2's rules).

    GPU: one copy kernel per input, each writing (and converting) its part into a slice of
    the new array; the inputs are read through their strides, never copied first.

    Examples
    --------
    >>> wg.append(wg.asarray([1, 2, 3]), [[4, 5], [6, 7]])
    array([1, 2, 3, 4, 5, 6, 7])
    >>> wg.append(wg.asarray([[1, 2]]), [[3, 4]], axis=0)
    array([[1, 2],
           [3, 4]])
    """,
    "column_stack": """
    Stack 1-d arrays as the columns of a 2-d array (2-d inputs are joined along axis 1).

    Parameters
    ----------
    tup : sequence of array_like
        Arrays of the same first dimension.

    Returns
    -------
    Array
        A new array of the promoted dtype.

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NumPy 2's rules).

    GPU: one copy kernel per input, each writing (and converting) its part into a slice of
    the new array; the inputs are read through their strides, never copied first;
    1-d inputs are viewed as columns (no copy).

    Examples
    --------
    >>> wg.column_stack(([1, 2], [3, 4]))
    array([[1, 3],
           [2, 4]])
    """,
    "concat": """
    Join a sequence of arrays along an existing axis.

    Parameters
    ----------
    arrays : sequence of array_like
        The arrays to join: of the same number of dimensions and the same shape except along
        ``axis``. An Array is taken as the sequence of its rows, as in NumPy.
    axis : int or None, optional
        The axis to join along (default 0); None flattens every array first.
    dtype : dtype, optional
        The result's dtype; by default the promoted dtype of the inputs. Inputs are converted
        to it as by :func:`wgarray.astype`.

    Returns
    -------
    Array
        A new array.

    Raises
    ------
    ValueError
        If no array is given, an array is 0-d (with an axis), the numbers of dimensions or
        the shapes outside ``axis`` differ, or the arrays are on different devices.

    See Also
    --------
    wgarray.concatenate, wgarray.stack, append

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NumPy 2's rules).

    GPU: one copy kernel per input, each writing (and converting) its part into a slice of
    the new array; the inputs are read through their strides, never copied first.

    Examples
    --------
    >>> a = wg.asarray([[1, 2], [3, 4]])
    >>> wg.concat([a, wg.asarray([[5, 6]])])
    array([[1, 2],
           [3, 4],
           [5, 6]])
    >>> wg.concat([a, a], axis=None)
    array([1, 2, 3, 4, 1, 2, 3, 4])
    """,
    "dstack": """
    Stack arrays along the third axis (depth), after making them at least 3-d.

    Parameters
    ----------
    tup : sequence of array_like
        Arrays of the same shape except along the third axis.

    Returns
    -------
    Array
        A new array of the promoted dtype.

    Notes
    -----
    Dtypes: every dtype; the inputs are promoted together (NumPy 2's rules).

    GPU: one copy kernel per input, each writing (and converting) its part into a slice of
    the new array; the inputs are read through their strides, never copied first;
    the inputs are viewed as 3-d first (see :func:`wgarray.atleast_3d`; no copy).

    Examples
    --------
    >>> wg.dstack(([1, 2], [3, 4])).shape
    (1, 2, 2)
    """,
    "repeat": """
    Repeat each element of an array.

    Parameters
    ----------
    x : array_like
        The input array.
    repeats : int or array_like of int
        Repetitions of each element: one count for all, or one per element along ``axis``.
    axis : int, optional
        The axis to repeat along; None (the default) flattens ``x`` first.

    Returns
    -------
    Array
        A new array of ``x``'s dtype.

    Raises
    ------
    ValueError
        If a count is negative, or there are neither one nor ``x.shape[axis]`` counts.
    TypeError
        If ``repeats`` is not of an integer dtype.

    See Also
    --------
    tile

    Notes
    -----
    Dtypes: every dtype; ``x``'s dtype is kept.

    GPU: one copy kernel per run of equal counts (the run, broadcast along a new axis, written
    into its place), so a single count is one kernel. Per-element counts given as a device
    array are read back to the host once (a host sync), since the result's shape depends on
    them.

    Examples
    --------
    >>> wg.repeat(wg.asarray([1, 2]), 2)
    array([1, 1, 2, 2])
    >>> wg.repeat(wg.asarray([[1, 2], [3, 4]]), [1, 2], axis=0)
    array([[1, 2],
           [3, 4],
           [3, 4]])
    """,
    "tile": """
    Construct an array by repeating an array the given number of times along each axis.

    Parameters
    ----------
    x : array_like
        The array to repeat.
    repetitions : int or tuple of int
        The number of repetitions along each axis. With fewer entries than ``x.ndim`` ones
        are prepended; with more, ``x`` gains leading axes of length one.

    Returns
    -------
    Array
        A new array of ``x``'s dtype, of ``max(x.ndim, len(repetitions))`` dimensions.

    Raises
    ------
    ValueError
        If a repetition is negative.

    See Also
    --------
    repeat, broadcast_to

    Notes
    -----
    Dtypes: every dtype; ``x``'s dtype is kept.

    GPU: one copy kernel: ``x`` viewed as ``(1, s0, 1, s1, ...)`` with zero strides,
    broadcast into the output seen as ``(r0, s0, r1, s1, ...)``.

    Examples
    --------
    >>> wg.tile(wg.asarray([1, 2]), 2)
    array([1, 2, 1, 2])
    >>> wg.tile(wg.asarray([1, 2]), (2, 2))
    array([[1, 2, 1, 2],
           [1, 2, 1, 2]])
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_functions, _name).__doc__ = _doc
