"""numpydoc docstrings of NumPy's creation functions that had none (zeros, ones, full, empty,
their _like forms, identity and copy).

They live here rather than in creation.py, which is near the 500-line limit (NumPy keeps many
of its docstrings apart the same way, in _add_newdocs.py). Importing this module sets them; the
package root imports it.
"""

from . import creation as _creation

_SHAPE = """
    shape : int or tuple of int
        The shape of the new array."""
_DTYPE = """
    dtype : dtype, optional
        Any wgarray dtype (bool, int8 to uint64, float32, float64, complex64, complex128).{}"""
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
_FILL_NOTE = """
    Notes
    -----
    GPU: one fill kernel writes the value; a NumPy prototype's data is never uploaded."""


def _filled(what: str, default_dtype: str, example: str) -> str:
    return f"""
    Return a new array of the given shape filled with {what}.

    Parameters
    ----------{_SHAPE}{_DTYPE.format(default_dtype)}{_ORDER}{_DEVICE}

    Returns
    -------
    Array
        A new array on the device.

    Examples
    --------{example}
    """


def _like(what: str, example: str, fill: str = "") -> str:
    return f"""
    Return a new array of a prototype's shape and dtype filled with {what}.

    Parameters
    ----------
    a : array_like
        The prototype: a wgarray Array, a NumPy array or anything ``asarray`` takes.{fill}{_LIKE}

    Returns
    -------
    Array
        A new array on the device.

    Examples
    --------{example}
    {_FILL_NOTE}"""


DOCSTRINGS = {
    "zeros": _filled("zeros", " Default: float64\n        (float32 where the device has no 64-bit floats).", """
    >>> wg.zeros(3)
    array([0., 0., 0.])
    >>> wg.zeros((2, 2), dtype=wg.int32)
    array([[0, 0],
           [0, 0]], dtype=int32)"""),
    "ones": _filled("ones", " Default: float64\n        (float32 where the device has no 64-bit floats).", """
    >>> wg.ones((2, 3), dtype=wg.float32)
    array([[1., 1., 1.],
           [1., 1., 1.]], dtype=float32)"""),
    "empty": _filled("whatever the memory held (it is not initialised)", " Default: float64\n"
                     "        (float32 where the device has no 64-bit floats).", """
    >>> wg.empty((2, 3)).shape
    (2, 3)""").replace("    Examples", """    Notes
    -----
    GPU: no kernel runs; the buffer comes from the memory pool as it is, so its values are
    arbitrary, as NumPy's are.

    Examples"""),
    "full": _filled("``fill_value``", " Default: the dtype of ``fill_value``\n"
                    "        (NumPy's: int64 for a Python int, float64 for a float).", """
    >>> wg.full((2, 2), 7)
    array([[7, 7],
           [7, 7]])
    >>> wg.full(3, wg.inf, dtype=wg.float32)
    array([inf, inf, inf], dtype=float32)""").replace(
        _SHAPE, _SHAPE + "\n    fill_value : scalar or array_like\n        The value (broadcast to ``shape``)."),
    "zeros_like": _like("zeros", """
    >>> wg.zeros_like(wg.asarray([[1.5, 2.5]]))
    array([[0., 0.]])"""),
    "ones_like": _like("ones", """
    >>> wg.ones_like(wg.arange(3))
    array([1, 1, 1])"""),
    "empty_like": _like("arbitrary values (it is not initialised)", """
    >>> wg.empty_like(wg.arange(3)).dtype
    dtype('int64')"""),
    "full_like": _like("``fill_value``", """
    >>> wg.full_like(wg.arange(3), 0.5)
    array([0, 0, 0])
    >>> wg.full_like(wg.arange(3), 0.5, dtype=wg.float64)
    array([0.5, 0.5, 0.5])""", "\n    fill_value : scalar or array_like\n"
                                "        The value, cast to the result's dtype as NumPy does."),
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
        A new array that shares no memory with ``a``, of every dtype.

    Examples
    --------
    >>> x = wg.asarray([1, 2, 3])
    >>> y = wg.copy(x)
    >>> y[0] = 10
    >>> x
    array([1, 2, 3])
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_creation, _name).__doc__ = _doc
