"""numpydoc docstrings of load, fromstring and the Array's tofile, dump and dumps (io.py).

Kept apart so that io.py, whose other functions carry their docstrings in place, stays short;
the package root imports this module to set them.
"""

from . import io as _io

_HOST_READ = """GPU: NumPy reads the data on the host; the result is uploaded once. Data types
    wgarray does not have (object, strings, structured, datetime) and masked arrays raise
    ``TypeError``."""

_io.load.__doc__ = f"""
    Load an array, or the arrays of an archive, from a ``.npy`` or ``.npz`` file.

    Parameters
    ----------
    file : str, path or file
        The file to read (a file object must be seekable).
    mmap_mode : None, optional
        Must be None: a memory map lives in host memory, and wgarray arrays on the device
        (use ``numpy.load`` for one).
    allow_pickle : bool, optional
        Passed to ``numpy.load`` (default False); pickled object arrays then load but raise
        ``TypeError``, since wgarray has no object dtype.
    fix_imports : bool, optional
        Passed to ``numpy.load``.
    encoding : str, optional
        Passed to ``numpy.load`` (default 'ASCII').
    **kwargs
        Passed to ``numpy.load`` (``max_header_size``).

    Returns
    -------
    Array or NpzFile
        The array of a ``.npy`` file, on the current device; for a ``.npz`` archive, a
        mapping of its names to arrays, each uploaded when it is looked up (close it, or use
        it in a ``with`` block, as NumPy's ``NpzFile``).

    Raises
    ------
    ValueError
        For a ``mmap_mode`` other than None.
    TypeError
        For data of a dtype wgarray does not have.

    See Also
    --------
    save, savez, savez_compressed

    Notes
    -----
    Dtypes: every dtype wgarray has.

    {_HOST_READ}

    Examples
    --------
    >>> import io
    >>> buffer = io.BytesIO()
    >>> wg.save(buffer, wg.asarray([1.5, 2.5], dtype=wg.float32))
    >>> _ = buffer.seek(0)
    >>> wg.load(buffer)
    array([1.5, 2.5], dtype=float32)
    """

_io.fromstring.__doc__ = f"""
    Read a 1-d array from the numbers in a text string.

    Parameters
    ----------
    string : str
        The text.
    dtype : dtype, optional
        The items' dtype (default float64).
    count : int, optional
        The number of items to read; -1 (the default) reads all.
    sep : str
        The separator between the numbers (whitespace around it is ignored). Required:
        NumPy 2 has removed the binary mode (``sep=''``), which raises ``ValueError``
        pointing to ``frombuffer``, as NumPy's.
    like : object, optional
        Accepted for NumPy's signature; ignored.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        The numbers, on the device.

    Raises
    ------
    ValueError
        For ``sep=''``.

    See Also
    --------
    frombuffer, loadtxt

    Notes
    -----
    Dtypes: every dtype wgarray has.

    {_HOST_READ}

    Examples
    --------
    >>> wg.fromstring("1, 2, 3", dtype=wg.int32, sep=",")
    array([1, 2, 3], dtype=int32)
    """

_DOWNLOAD = """GPU: none; the array is downloaded (one host synchronisation) and written on the
    host."""

_io.tofile.__doc__ = f"""
    Write the array's data to a file as raw bytes or text, in C order (NumPy's ``tofile``).

    Parameters
    ----------
    fid : str, path or file
        The file (a file object must have a file descriptor).
    sep : str, optional
        Empty (the default) writes the raw little-endian bytes; otherwise the separator of
        a text file.
    format : str, optional
        The format of each item in text mode (default '%s').

    See Also
    --------
    wgarray.fromfile, wgarray.save

    Notes
    -----
    Dtypes: every dtype.

    {_DOWNLOAD} Neither dtype nor shape is stored: ``save`` keeps them.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "data.txt")
    >>> wg.arange(3).tofile(path, sep=",")
    >>> open(path).read()
    '0,1,2'
    """

_io.dumps.__doc__ = f"""
    Return the array pickled, as bytes.

    ``pickle.loads`` restores it on a device of the same kind (the pickle holds the host
    bytes, dtype, shape and a device key).

    Returns
    -------
    bytes
        The pickle (highest protocol).

    Notes
    -----
    {_DOWNLOAD}

    Examples
    --------
    >>> import pickle
    >>> pickle.loads(wg.arange(3).dumps())
    array([0, 1, 2])
    """

_io.dump.__doc__ = f"""
    Pickle the array into a file; ``pickle.load`` restores it.

    Parameters
    ----------
    file : str, path or file
        A path (the file is created or replaced) or a binary file object.

    Notes
    -----
    {_DOWNLOAD}
    """
