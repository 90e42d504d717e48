"""numpydoc docstrings of the ndarray methods of ndarray.py that no function documents: astype,
copy, flatten, item, tobytes, byteswap, fill, setflags, view and resize (the methods that forward
to a function point at it in their own short docstrings).

Kept apart from the code (as NumPy's _add_newdocs.py) so that ndarray.py stays short; the
package root imports this module to set them.
"""

from . import ndarray as _ndarray

_ORDER = """order : {{'C', 'F', 'A', 'K'}}, optional
        The memory layout of the result: 'C' row-major, 'F' column-major, 'A' column-major
        for a Fortran-ordered array, 'K' as close to the array's own layout as possible
        (default {default})."""

DOCSTRINGS = {
    "astype": f"""
    A copy of the array converted to a dtype, with NumPy's casting check.

    Parameters
    ----------
    dtype : dtype
        Any wgarray dtype.
    {_ORDER.format(default="'K'")}
    casting : {{'no', 'equiv', 'safe', 'same_kind', 'unsafe'}}, optional
        Which conversions are allowed (default 'unsafe': all of them).
    subok : bool, optional
        Accepted for NumPy's signature (wgarray has one array class).
    copy : bool, optional
        True (the default) always returns a new array; False returns the array itself when
        the dtype and the layout asked for are already its own.

    Returns
    -------
    Array
        The converted array, with NumPy's casting results (float to int truncates toward zero).

    Raises
    ------
    TypeError
        If the conversion is not allowed under ``casting``, or ``dtype`` is None.
    ValueError
        For an unknown ``casting`` or ``order``.

    Notes
    -----
    Dtypes: every dtype to every dtype, as :func:`wgarray.astype`.

    GPU: one map kernel; a layout other than C order adds one copy (map) kernel.

    See Also
    --------
    wgarray.astype : the array API's function.
    """,
    "copy": f"""
    A copy of the array.

    Parameters
    ----------
    {_ORDER.format(default="'C', as NumPy's method")}

    Returns
    -------
    Array
        A new array owning its data.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one copy (map) kernel.
    """,
    "flatten": """
    A 1-d copy of the array.

    Parameters
    ----------
    order : {'C', 'F', 'A', 'K'}, optional
        The order the elements are read in: 'C' row-major (the default), 'F' column-major,
        'A' column-major for a Fortran-ordered array, 'K' memory order.

    Returns
    -------
    Array
        A new 1-d array (:meth:`ravel` returns a view where it can).

    Notes
    -----
    Dtypes: every dtype.

    GPU: one copy (map) kernel.
    """,
    "item": """
    One element of the array as a Python scalar.

    Parameters
    ----------
    *args : int or tuple of int
        None for an array of size one; one int for a flat (C-order) index; one int per axis
        (separately or as one tuple) for a multi-index.

    Returns
    -------
    bool, int, float or complex
        The element as the Python scalar of its dtype.

    Raises
    ------
    ValueError
        Without arguments for an array whose size is not one, or for a multi-index of the
        wrong length.
    IndexError
        For an index out of bounds.

    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel; only that element is downloaded (a host sync).
    """,
    "tobytes": """
    The array's raw bytes, as NumPy lays them out.

    Parameters
    ----------
    order : {'C', 'F', 'A', 'K'}, optional
        The order the elements are written in (default 'C'; 'A' is 'F' for a Fortran-ordered
        array).

    Returns
    -------
    bytes
        The elements' bytes in NumPy's format (little-endian; bool as one byte each).

    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel; the array is downloaded (a host sync).
    """,
    "byteswap": """
    The array with the bytes of each element reversed (of each part, for complex).

    Parameters
    ----------
    inplace : bool, optional
        Swap the bytes of this array in place and return it (default False: a new array).

    Returns
    -------
    Array
        The byte-swapped elements, in the same dtype and shape.

    Notes
    -----
    wgarray's dtypes are little-endian only, so the result reads the swapped bytes as the same
    little-endian dtype (as NumPy's byteswap does without a change of byte order).

    Dtypes: every dtype; bool, int8 and uint8 are copied unchanged.

    GPU: one copy (map) kernel over the bytes, and the write into the array when in place.
    """,
    "fill": """
    Set every element of the array to a value, in place.

    Parameters
    ----------
    value : scalar or array_like
        The value, cast to the array's dtype (it must broadcast to the array's shape).

    Raises
    ------
    ValueError
        If the array is read-only.

    Notes
    -----
    Dtypes: every dtype.

    GPU: one fill (map) kernel.
    """,
    "setflags": """
    Set the array's WRITEABLE flag (NumPy's ``setflags``).

    Parameters
    ----------
    write : bool, optional
        Whether the array may be written to; a view of a read-only array cannot become
        writeable.
    align : bool, optional
        Accepted for NumPy's signature: every element is aligned.
    uic : bool, optional
        NumPy's WRITEBACKIFCOPY flag; only False (or None) is accepted.

    Raises
    ------
    ValueError
        For ``uic=True``, or ``write=True`` on a view whose base is read-only.

    Notes
    -----
    GPU: none; this runs on the host (metadata only).
    """,
    "view": """
    A new array over the same data: the same dtype, or its bytes read as another dtype.

    Parameters
    ----------
    dtype : dtype or type, optional
        The dtype to read the bytes as (default: the array's own). A change of itemsize
        scales the last axis, which must then be contiguous (NumPy's rules). ``wgarray.ndarray``
        given here is taken as ``type``.
    type : type, optional
        Only ``wgarray.ndarray`` (``wgarray.Array``): wgarray has one array class.

    Returns
    -------
    Array
        A view sharing the array's buffer.

    Raises
    ------
    ValueError
        For an itemsize change NumPy does not allow (a 0-d array, a strided last axis, sizes
        that do not divide).
    TypeError
        For a ``type`` other than ``wgarray.ndarray``.
    NotImplementedError
        Where the view's offset or a stride, in bytes, is not a multiple of the new itemsize:
        wgarray cannot address unaligned elements (NumPy can).

    Notes
    -----
    Dtypes: every dtype, read as every dtype.

    GPU: none; a view runs no kernel.
    """,
    "resize": """
    Change the array's shape and size in place; new elements are zero.

    Parameters
    ----------
    *new_shape : int or tuple of int
        The new shape (separate ints or one tuple); the elements are kept in C order.
    refcheck : bool, optional
        Accepted for NumPy's signature: wgarray does not count references, so views made
        earlier keep the old data.

    Raises
    ------
    ValueError
        If the array does not own its data or is not C-contiguous (as NumPy), is read-only,
        or a dimension is negative.

    Notes
    -----
    Unlike :func:`wgarray.resize`, which repeats the elements, the new elements are zero.

    Dtypes: every dtype.

    GPU: one fill kernel for the new buffer and one copy (map) kernel for the kept elements.
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_ndarray, _name).__doc__ = _doc
