"""numpydoc docstrings of much-used functions whose own docstrings are one line: reshape,
concatenate, stack, matmul, take, where, clip, isclose, allclose, sort, argsort, astype.

Kept apart from the code (as NumPy's _add_newdocs.py) so that the modules stay short and their
code can change without touching these; the package root imports this module to set them.
"""

from .._api import data_type_functions as _data_types
from .._api import sorting_functions as _sorting
from . import keywords as _keywords
from . import logic as _logic

_KEYWORDS = {
    "reshape": """
    Give an array a new shape without changing its data.

    Parameters
    ----------
    x : array_like
        The input array.
    shape : int or tuple of int
        The new shape; one dimension may be -1, inferred from the size.
    copy : bool, optional
        True always copies; False never does (raising ``ValueError`` where a view is
        impossible); None (the default) returns a view when the strides allow one.
    order : {'C', 'F', 'A'}, optional
        The index order in which elements are read and placed (default 'C').
    newshape : int or tuple of int, optional
        NumPy's deprecated name of ``shape``.

    Returns
    -------
    Array
        A view of ``x`` where possible, else a copy.

    Notes
    -----
    Dtypes: every dtype.

    GPU: a view runs no kernel; a copy is one map kernel.

    Examples
    --------
    >>> wg.reshape(wg.arange(6), (2, -1))
    array([[0, 1, 2],
           [3, 4, 5]])
    """,
    "concatenate": """
    Join arrays along an existing axis.

    Parameters
    ----------
    arrays : sequence of array_like
        Arrays of the same shape except along ``axis``.
    axis : int or None, optional
        The axis to join along (default 0); None flattens the arrays first.
    out : Array, optional
        An array of the result's shape to write into.
    dtype : dtype, optional
        The result's dtype (default: the inputs' promoted dtype).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast (default 'same_kind').

    Returns
    -------
    Array
        The joined array.

    Raises
    ------
    TypeError
        If an input does not cast to ``dtype`` (or ``out``'s dtype) under ``casting``, or
        both ``out`` and ``dtype`` are given.

    Notes
    -----
    Dtypes: every dtype; the result has the inputs' promoted dtype (NumPy's rules: int64
    with uint64 gives float64).

    GPU: one copy (map) kernel per input, into its slice of the new array.

    Examples
    --------
    >>> wg.concatenate([wg.asarray([[1, 2]]), wg.asarray([[3, 4]])], axis=1)
    array([[1, 2, 3, 4]])
    """,
    "stack": """
    Join arrays of one shape along a new axis.

    Parameters
    ----------
    arrays : sequence of array_like
        Arrays of the same shape.
    axis : int, optional
        Where the new axis is in the result (default 0).
    out : Array, optional
        An array of the result's shape to write into.
    dtype : dtype, optional
        The result's dtype (default: the inputs' promoted dtype).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast (default 'same_kind').

    Returns
    -------
    Array
        An array of one more dimension.

    Notes
    -----
    Dtypes: every dtype; the result has the inputs' promoted dtype.

    GPU: one copy (map) kernel per input, into its slice of the new array.

    Examples
    --------
    >>> wg.stack([wg.asarray([1, 2]), wg.asarray([3, 4])], axis=1)
    array([[1, 3],
           [2, 4]])
    """,
    "matmul": """
    Matrix product of two arrays (the ``@`` operator).

    Parameters
    ----------
    x1, x2 : array_like
        1-d vectors or stacks of matrices; leading (batch) dimensions broadcast.
    out : Array, optional
        An array of the result's shape to write into, cast under ``casting``.
    dtype : dtype, optional
        The dtype to cast the inputs to first.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to ``dtype`` and the result to ``out``.
    order : {'K', 'A', 'C', 'F'}, optional
        Accepted for NumPy's ufunc signature.
    subok : bool, optional
        Accepted for NumPy's ufunc signature.

    Returns
    -------
    Array
        The product: 1-d inputs lose their matrix dimension as in NumPy.

    Notes
    -----
    Dtypes: every numeric dtype; integers accumulate exactly in their own dtype (wrapping as
    NumPy's), floats and complex in their own precision (float32 products are not
    rounded through TF32 or half precision).

    GPU: tiled matmul kernels on the FMA units (WebGPU exposes no tensor cores), with
    batched and matrix-vector plans.

    Examples
    --------
    >>> a = wg.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> wg.matmul(a, a)
    array([[ 7., 10.],
           [15., 22.]])
    >>> a @ wg.asarray([1.0, 1.0])
    array([3., 7.])
    """,
    "take": """
    Take elements of an array at indices along an axis.

    Parameters
    ----------
    x : array_like
        The input array.
    indices : array_like of int
        The indices (negative ones count from the end).
    axis : int, optional
        The axis to take along; None (the default) takes from the flattened array.
    out : Array, optional
        An array of the result's shape to write into.
    mode : {'raise', 'wrap', 'clip'}, optional
        How out-of-bounds indices are handled: 'raise' (host indices are checked; indices
        in a device array are not, see the limitations page), 'wrap' or 'clip'.

    Returns
    -------
    Array
        The elements, of shape ``x.shape[:axis] + indices.shape + x.shape[axis+1:]``.

    Notes
    -----
    Dtypes: every dtype for ``x``; ``indices`` of any integer dtype (``IndexError`` for others).

    GPU: one gather kernel; host indices are bounds-checked on the host, before the upload.

    Examples
    --------
    >>> wg.take(wg.asarray([10, 20, 30]), [2, 0])
    array([30, 10])
    """,
}

_LOGIC = {
    "where": """
    Choose elements from ``x`` where ``condition`` holds and from ``y`` elsewhere.

    With the condition alone, ``nonzero(condition)`` (NumPy's one-argument form).

    Parameters
    ----------
    condition : array_like of bool
        Where true, take ``x``; else ``y``.
    x, y : array_like, optional
        The values to choose from (Python scalars are weak); all three broadcast together.

    Returns
    -------
    Array or tuple of Array
        The chosen values, of the promoted dtype of ``x`` and ``y``; with the condition
        alone, the int64 indices of its true elements, one array per dimension.

    Notes
    -----
    Dtypes: every dtype; a condition that is not bool counts its nonzero elements as true.

    GPU: one map kernel (WGSL's ``select``); the one-argument form is ``nonzero``, a stream
    compaction whose output size is read back (a host sync).

    Examples
    --------
    >>> x = wg.asarray([1.0, -2.0, 3.0])
    >>> wg.where(x > 0, x, 0.0)
    array([1., 0., 3.])
    >>> wg.where(x > 0)
    (array([0, 2]),)
    """,
    "clip": """
    Limit the values of an array to ``[min, max]``.

    Parameters
    ----------
    x : array_like
        The input array.
    min, max : array_like or None, optional
        The bounds (either may be None); arrays broadcast against ``x``.
    out : Array, optional
        An array of the result's shape to write into.
    a_min, a_max : array_like or None, optional
        NumPy's names of ``min`` and ``max`` (keyword only); give one name or the other.
    **kwargs
        NumPy's other ufunc keywords (``where``, ``dtype``, ...) are not supported: any
        raises ``TypeError``.

    Returns
    -------
    Array
        ``x`` with values below ``min`` set to ``min`` and above ``max`` to ``max``; NaN
        stays NaN, and -0.0 stays -0.0.

    Raises
    ------
    TypeError
        For a bool or complex ``x`` (NumPy clips those; the array API standard does not
        define them), and for an unsupported keyword.

    Notes
    -----
    Dtypes: integer and floating dtypes. The result keeps ``x``'s dtype (the array API
    standard's rule), except that float bounds of an integer ``x`` give NumPy's float result.

    GPU: one map kernel.

    Examples
    --------
    >>> wg.clip(wg.arange(6), 1, 4)
    array([1, 1, 2, 3, 4, 4])
    """,
    "isclose": """
    Elementwise whether ``|a - b| <= atol + rtol * |b|`` (``b`` is the reference).

    Parameters
    ----------
    a, b : array_like
        The arrays to compare (broadcast together).
    rtol : float, optional
        The relative tolerance (default 1e-5).
    atol : float, optional
        The absolute tolerance (default 1e-8).
    equal_nan : bool, optional
        Whether two NaNs count as close (default False).

    Returns
    -------
    Array
        A bool array.

    Notes
    -----
    As NumPy computes it: ``b`` is taken in at least float64's kind (an integer ``b`` becomes
    the default float), and equal infinities are close.

    Dtypes: every dtype (complex values compare by their absolute differences).

    GPU: a few map kernels (difference, bound, comparisons), no host sync.

    Examples
    --------
    >>> wg.isclose(wg.asarray([1.0, 1.1, wg.inf]), [1.0 + 1e-9, 1.0, wg.inf])
    array([ True, False,  True])
    """,
    "allclose": """
    Whether every element of ``a`` is close to ``b``'s (see :func:`isclose`).

    Parameters
    ----------
    a, b : array_like
        The arrays to compare (broadcast together).
    rtol : float, optional
        The relative tolerance (default 1e-5).
    atol : float, optional
        The absolute tolerance (default 1e-8).
    equal_nan : bool, optional
        Whether two NaNs count as close (default False).

    Returns
    -------
    bool
        A Python bool, as in NumPy (one value is read back from the device).

    Notes
    -----
    Dtypes: every dtype, as :func:`isclose`.

    GPU: :func:`isclose`'s map kernels, then one fold kernel (``all``); reading its result
    is a host sync.

    Examples
    --------
    >>> wg.allclose(wg.asarray([1.0, 2.0]), [1.0, 2.0 + 1e-9])
    True
    """,
}

_SORT_PARAMETERS = """x : array_like
        The input array.
    axis : int or None, optional
        The axis to sort along (default -1, the last); None sorts the flattened array.
    kind : {None, 'quicksort', 'mergesort', 'heapsort', 'stable'}, optional
        Accepted for NumPy's signature (another value raises ``ValueError``); every sort
        is stable.
    order : None, optional
        NumPy's field order of structured arrays, which wgarray does not have: anything but
        None raises ``NotImplementedError``.
    descending : bool, optional
        Sort in descending order (the array API's keyword; default False).
    stable : bool, optional
        Accepted for the array API's signature; every sort is stable."""

_SORTING = {
    "sort": f"""
    A sorted copy of an array.

    Parameters
    ----------
    {_SORT_PARAMETERS}

    Returns
    -------
    Array
        The sorted copy: NaN last (first when descending); complex values order
        lexicographically, as in NumPy.

    Notes
    -----
    Dtypes: every dtype; bool, 8- and 16-bit integers and float16 sort as exact 32-bit keys.

    GPU: a stable LSD radix sort (8-bit digits: histogram, scan and scatter kernels per
    digit); rows past one storage binding sort in pieces.

    Examples
    --------
    >>> wg.sort(wg.asarray([3.0, wg.nan, 1.0, 2.0]))
    array([ 1.,  2.,  3., nan])
    >>> wg.sort(wg.asarray([[3, 1], [2, 4]]), axis=0)
    array([[2, 1],
           [3, 4]])
    """,
    "argsort": f"""
    The indices that sort an array along an axis.

    Parameters
    ----------
    {_SORT_PARAMETERS}

    Returns
    -------
    Array
        int64 indices; equal elements keep their order (the sort is stable).

    Notes
    -----
    Dtypes: every dtype; bool, 8- and 16-bit integers and float16 sort as exact 32-bit keys.

    GPU: a stable LSD radix sort (8-bit digits: histogram, scan and scatter kernels per
    digit) carrying the indices; rows past one storage binding sort in pieces.

    Examples
    --------
    >>> wg.argsort(wg.asarray([3, 1, 2, 1]))
    array([1, 3, 2, 0])
    """,
}

_DATA_TYPES = {
    "astype": """
    Convert an array to a dtype (the array API's ``astype``).

    Parameters
    ----------
    x : array_like
        The input array.
    dtype : dtype
        Any wgarray dtype.
    copy : bool, optional
        True (the default) always returns a new array; False returns ``x`` itself when
        nothing changes.
    device : Device, optional
        The device of the result (default: ``x``'s).

    Returns
    -------
    Array
        ``x`` converted, with NumPy's casting results (float to int truncates toward zero).

    Notes
    -----
    Dtypes: every dtype to every dtype (complex to real keeps the real part, as NumPy's
    unsafe cast; float and complex to bool are ``x != 0``, NaN giving True).

    GPU: one map kernel; under :func:`errstate` a float cast also reports NumPy's
    "invalid value encountered in cast" flags (the flag variant of the map kernel).

    Examples
    --------
    >>> wg.astype(wg.asarray([1.7, -1.7]), wg.int32)
    array([ 1, -1], dtype=int32)
    """,
}

for _module, _docs in ((_keywords, _KEYWORDS), (_logic, _LOGIC), (_sorting, _SORTING), (_data_types, _DATA_TYPES)):
    for _name, _doc in _docs.items():
        getattr(_module, _name).__doc__ = _doc
