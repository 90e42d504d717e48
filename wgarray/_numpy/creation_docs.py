"""numpydoc docstrings of NumPy's creation functions: those that had none (zeros, ones, full,
empty, their _like forms, identity and copy) and the main ones that had one line (asarray,
array, eye, arange, linspace).

They live here rather than in creation.py, which is near the 500-line limit (NumPy keeps many
of its docstrings apart the same way, in _add_newdocs.py). Importing this module sets them; the
package root imports it.
"""

from . import creation as _creation
from . import ranges as _ranges

_SHAPE = """
    shape : int or tuple of int
        The shape of the new array."""
_DTYPE = """
    dtype : dtype, optional
        Any wgarray dtype (bool, int8 to uint64, float16, float32, float64, complex64,
        complex128).{}"""
_ORDER = """
    order : {'C', 'F'}, optional
        Row-major (C, the default) or column-major (F) memory layout."""
_DEVICE = """
    device : Device, optional
        The device of the result (default: the current device).
    like : object, optional
        Accepted for NumPy's signature; ignored."""
_LIKE = """
    dtype : dtype, optional
        The result's dtype (default: the prototype's).
    order : {'K', 'A', 'C', 'F'}, optional
        The memory layout: 'K' (the default) keeps the prototype's.
    subok : bool, optional
        Accepted for NumPy's signature; the result is always a wgarray Array.
    shape : int or tuple of int, optional
        The result's shape (default: the prototype's).
    device : Device, optional
        The device of the result (default: the prototype's)."""
_FILL_NOTES = """
    Notes
    -----
    Dtypes: every dtype.

    GPU: one fill (map) kernel writes the value; nothing is uploaded."""
_LIKE_NOTES = """
    Notes
    -----
    Dtypes: every dtype; the result has the prototype's unless ``dtype`` is given.

    GPU: {}.
    The prototype's data is never read: a NumPy prototype is not even uploaded (other host
    data is)."""


def _filled(what: str, default_dtype: str, example: str, notes: str = _FILL_NOTES) -> str:
    return f"""
    Return a new array of the given shape filled with {what}.

    Parameters
    ----------{_SHAPE}{_DTYPE.format(default_dtype)}{_ORDER}{_DEVICE}

    Returns
    -------
    Array
        A new array on the device.
    {notes}

    Examples
    --------{example}
    """


def _like(what: str, example: str, fill: str = "", name: str = "a",
          gpu: str = "one fill (map) kernel writes the value") -> str:
    return f"""
    Return a new array of a prototype's shape and dtype filled with {what}.

    Parameters
    ----------
    {name} : array_like
        The prototype: a wgarray Array, a NumPy array or anything ``asarray`` takes.{fill}{_LIKE}

    Returns
    -------
    Array
        A new array on the device.
    {_LIKE_NOTES.format(gpu)}

    Examples
    --------{example}
    """


_DEFAULT_FLOAT = "\n        Default: float64 (float32 where the device has no 64-bit floats)."

DOCSTRINGS = {
    "zeros": _filled("zeros", _DEFAULT_FLOAT, """
    >>> wg.zeros(3)
    array([0., 0., 0.])
    >>> wg.zeros((2, 2), dtype=wg.int32)
    array([[0, 0],
           [0, 0]], dtype=int32)"""),
    "ones": _filled("ones", _DEFAULT_FLOAT, """
    >>> wg.ones((2, 3), dtype=wg.float32)
    array([[1., 1., 1.],
           [1., 1., 1.]], dtype=float32)"""),
    "empty": _filled("whatever the memory held (it is not initialised)", _DEFAULT_FLOAT, """
    >>> wg.empty((2, 3)).shape
    (2, 3)""", """
    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel runs; the buffer comes from the memory pool as it is, so its values are
    arbitrary, as NumPy's are."""),
    "full": _filled("``fill_value``", "\n        Default: the dtype of ``fill_value`` (NumPy's: int64 for a "
                    "Python int,\n        float64 for a float).", """
    >>> wg.full((2, 2), 7)
    array([[7, 7],
           [7, 7]])
    >>> wg.full(3, wg.inf, dtype=wg.float32)
    array([inf, inf, inf], dtype=float32)""", """
    Notes
    -----
    Dtypes: every dtype; an array ``fill_value`` is cast to ``dtype`` (default: its own).

    GPU: one fill (map) kernel writes a scalar value; an array value is uploaded (host
    data) and broadcast into the result by one map kernel.""").replace(
        _SHAPE, _SHAPE + "\n    fill_value : scalar or array_like\n        The value (broadcast to ``shape``)."),
    "zeros_like": _like("zeros", """
    >>> wg.zeros_like(wg.asarray([[1.5, 2.5]]))
    array([[0., 0.]])"""),
    "ones_like": _like("ones", """
    >>> wg.ones_like(wg.arange(3))
    array([1, 1, 1])"""),
    "empty_like": _like("arbitrary values (it is not initialised)", """
    >>> wg.empty_like(wg.arange(3)).dtype
    dtype('int64')""", name="prototype",
        gpu="no kernel runs; the buffer comes from the memory pool as it is"),
    "full_like": _like("``fill_value``", """
    >>> wg.full_like(wg.arange(3), 0.5)
    array([0, 0, 0])
    >>> wg.full_like(wg.arange(3), 0.5, dtype=wg.float64)
    array([0.5, 0.5, 0.5])""", "\n    fill_value : scalar or array_like\n"
                                "        The value, cast to the result's dtype as NumPy does.",
        gpu="one fill (map) kernel writes a scalar value (an array value is broadcast into the "
            "result by one map kernel)"),
    "identity": """
    Return the identity matrix.

    Parameters
    ----------
    n : int
        The number of rows and columns.
    dtype : dtype, optional
        Any wgarray dtype; default float64 (float32 where the device has no 64-bit floats).
    like : object, optional
        Accepted for NumPy's signature; ignored.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        An ``n`` by ``n`` array with ones on the diagonal.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one map kernel computes each element from its index; nothing is uploaded.

    Examples
    --------
    >>> wg.identity(2)
    array([[1., 0.],
           [0., 1.]])
    """,
    "copy": """
    Return a copy of an array, on the device.

    Parameters
    ----------
    a : array_like
        A wgarray Array (copied by a kernel on the device), or anything ``asarray`` takes
        (uploaded).
    order : {'K', 'A', 'C', 'F'}, optional
        The memory layout of the copy; 'K' (the default) keeps ``a``'s as far as possible.
    subok : bool, optional
        Accepted for NumPy's signature; the result is always a wgarray Array.

    Returns
    -------
    Array
        A new array that shares no memory with ``a``.

    Notes
    -----
    Dtypes: every dtype; the copy keeps ``a``'s.

    GPU: one map kernel copies a wgarray Array (in the memory order ``order`` asks for);
    host data is uploaded once.

    Examples
    --------
    >>> x = wg.asarray([1, 2, 3])
    >>> y = wg.copy(x)
    >>> y[0] = 10
    >>> x
    array([1, 2, 3])
    """,
}

_FROM_HOST = """Notes
    -----
    Dtypes: every dtype wgarray has (bool, int8 to uint64, float16, float32, float64,
    complex64, complex128); host data of a dtype it lacks (strings, objects, datetimes,
    longdouble) raises ``TypeError``. A ``dtype`` argument casts as NumPy's ``astype``
    does.

    GPU: host data (lists, scalars, NumPy arrays, objects with ``__array__`` or DLPack) is
    uploaded once in NumPy's byte layout; a wgarray Array stays on the device (a cast or a
    copy runs there)."""

DOCSTRINGS["asarray"] = f"""
    Convert the input to an array, copying only when needed.

    Parameters
    ----------
    a : array_like
        A wgarray Array, a NumPy array, a nested sequence, a scalar, or any object with
        ``__array__``, ``__array_interface__`` or ``__dlpack__``.
    dtype : dtype, optional
        The result's dtype (default: inferred as NumPy infers it; Python floats give float64).
    order : {{'C', 'F', 'A', 'K'}}, optional
        The memory layout when a copy is made.
    device : Device, optional
        The device of the result (default: ``a``'s, else the current device).
    copy : bool, optional
        True always copies; False never does (raising ``ValueError`` if it would have to);
        None (the default) copies only when needed (the array API's semantics).
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        ``a`` itself when it is already a wgarray Array of that dtype and device and no copy
        is asked for, else a new array.

    {_FROM_HOST}

    Examples
    --------
    >>> wg.asarray([1, 2, 3])
    array([1, 2, 3])
    >>> wg.asarray(np.arange(3.0), dtype=wg.float32)
    array([0., 1., 2.], dtype=float32)
    >>> x = wg.asarray([1.5, 2.5])
    >>> wg.asarray(x) is x
    True
    """

DOCSTRINGS["array"] = f"""
    Create an array (a copy by default, as NumPy's ``array``).

    Parameters
    ----------
    object : array_like
        A wgarray Array, a NumPy array, a nested sequence, a scalar, or any object with
        ``__array__``, ``__array_interface__`` or ``__dlpack__``.
    dtype : dtype, optional
        The result's dtype (default: inferred as NumPy infers it).
    copy : bool or None, optional
        True (the default) always copies; None copies only when needed; False never copies.
    order : {{'K', 'A', 'C', 'F'}}, optional
        The memory layout of the result.
    subok : bool, optional
        Accepted for NumPy's signature; the result is always a wgarray Array.
    ndmin : int, optional
        The least number of dimensions of the result (ones are prepended to the shape).
    like : object, optional
        Accepted for NumPy's signature; ignored.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        The new array.

    {_FROM_HOST}

    Examples
    --------
    >>> wg.array([[1, 2]], ndmin=3)
    array([[[1, 2]]])
    >>> wg.array([1, 2], dtype=wg.complex64)
    array([1.+0.j, 2.+0.j], dtype=complex64)
    """

DOCSTRINGS["eye"] = """
    A 2-d array with ones on the k-th diagonal and zeros elsewhere.

    Parameters
    ----------
    N : int
        The number of rows.
    M : int, optional
        The number of columns (default ``N``).
    k : int, optional
        The diagonal: 0 (the default) is the main one, positive above, negative below.
    dtype : dtype, optional
        Any wgarray dtype; default float64 (float32 where the device has no 64-bit floats).
    order : {'C', 'F'}, optional
        The memory layout ('F' is the transpose of the C-ordered ``eye(M, N, -k)``).
    device : Device, optional
        The device of the result (default: the current device).
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        An ``N`` by ``M`` array.

    Notes
    -----
    GPU: one kernel computes each element from its index; nothing is uploaded.

    Examples
    --------
    >>> wg.eye(2, 3, k=1)
    array([[0., 1., 0.],
           [0., 0., 1.]])
    """

DOCSTRINGS["arange"] = """
    Evenly spaced values in the half-open interval ``[start, stop)``.

    Called as ``arange(stop)``, ``arange(start, stop)`` or ``arange(start, stop, step)``.

    Parameters
    ----------
    start : int or float, optional
        The first value (default 0).
    stop : int or float
        The end of the interval, not included.
    step : int or float, optional
        The spacing (default 1); it must not be zero.
    dtype : dtype, optional
        The result's dtype (default: int64 for integer arguments, else float64).
    device : Device, optional
        The device of the result (default: the current device).
    like : object, optional
        Accepted for NumPy's signature; ignored.

    Returns
    -------
    Array
        ``ceil((stop - start) / step)`` values, computed as ``start + i * step`` as NumPy does.

    Notes
    -----
    GPU: one kernel computes each value from its index; nothing is uploaded.

    Examples
    --------
    >>> wg.arange(5)
    array([0, 1, 2, 3, 4])
    >>> wg.arange(1.0, 2.0, 0.25)
    array([1.  , 1.25, 1.5 , 1.75])
    """

DOCSTRINGS["linspace"] = """
    ``num`` evenly spaced samples from ``start`` to ``stop``.

    Parameters
    ----------
    start, stop : array_like
        The first and (with ``endpoint``) last samples. Arrays give one row of samples per
        element, along ``axis``.
    num : int, optional
        The number of samples (default 50), non-negative.
    endpoint : bool, optional
        Whether ``stop`` is the last sample (default True).
    retstep : bool, optional
        Also return the spacing.
    dtype : dtype, optional
        The result's dtype (default: float64, or complex for complex endpoints).
    axis : int, optional
        Where the samples' axis goes when the endpoints are arrays (default 0).
    device : Device, optional
        The device of the result (default: the endpoints', else the current device).

    Returns
    -------
    samples : Array
        The samples; with ``endpoint``, the last one is ``stop`` exactly.
    step : float, optional
        The spacing, with ``retstep=True``.

    Notes
    -----
    Dtypes: the samples are computed in float64 (float32 where the device has no 64-bit
    floats), or in the endpoints' float or complex dtype; an integer ``dtype`` takes the
    floor of the samples, as NumPy's.

    GPU: one kernel computes each sample from its index, as NumPy's formula does, for scalar
    endpoints; array endpoints take a few map kernels (NumPy's steps one by one) and one
    ``any`` fold whose result the next map reads on the device.

    Examples
    --------
    >>> wg.linspace(0, 1, 5)
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> wg.linspace(0, 1, 4, endpoint=False)
    array([0.  , 0.25, 0.5 , 0.75])
    """

for _name, _doc in DOCSTRINGS.items():
    getattr(_ranges if _name in ("arange", "linspace") else _creation, _name).__doc__ = _doc
