"""NumPy's file I/O: save, load, savez, savez_compressed, savetxt, loadtxt, genfromtxt, fromfile and
ndarray.tofile. I/O is host work by nature: arrays are downloaded and written by NumPy's own writers
(.npy/.npz through numpy.lib.format), and what NumPy reads is uploaded, so loaded arrays live on the
device. Data types wgarray does not have (object, strings, structured, datetime, masked arrays) raise
a TypeError that points to NumPy."""

from __future__ import annotations

import os
import pickle

import numpy as np

from .._array import Array
from .._api.coerce import device_arg, to_array


def _host(value):
    return np.asarray(value) if isinstance(value, Array) else value


def _device_array(host, what: str, device=None) -> Array:
    if isinstance(host, np.ma.MaskedArray):
        raise TypeError(f"{what} gave a masked array, which wgarray does not have; use NumPy for masked data")
    try:
        return to_array(np.asarray(host), None, device_arg(device))
    except TypeError:
        raise TypeError(f"{what} gave data of dtype {np.asarray(host).dtype}, which wgarray does not support "
                        f"(object, string, structured and datetime data stay in NumPy)") from None


class NpzFile:
    """The arrays of a .npz archive, each uploaded to the device when it is looked up (NumPy's NpzFile)."""

    def __init__(self, archive):
        self._archive = archive
        self.files = archive.files

    def __getitem__(self, key) -> Array:
        return _device_array(self._archive[key], f"load({key!r})")

    def __contains__(self, key) -> bool:
        return key in self._archive

    def __iter__(self):
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)

    def keys(self):
        return self._archive.keys()

    def values(self):
        return [self[k] for k in self.files]

    def items(self):
        return [(k, self[k]) for k in self.files]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def close(self) -> None:
        self._archive.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def save(file, arr, allow_pickle=True) -> None:
    """Save an array to a binary file in NumPy's ``.npy`` format.

    Parameters
    ----------
    file : str, path or file
        Where to write; ``.npy`` is appended to a file name that lacks it.
    arr : array_like
        The array: a wgarray Array (downloaded), or anything NumPy takes.
    allow_pickle : bool, optional
        Passed to ``numpy.save``.

    Notes
    -----
    Dtypes: every dtype.

    GPU: file I/O is host work; the arrays are downloaded (one synchronisation each) and written
    by NumPy's own writer, so the file is exactly NumPy's.

    Examples
    --------
    >>> import io
    >>> buffer = io.BytesIO()
    >>> wg.save(buffer, wg.arange(3))
    >>> _ = buffer.seek(0)
    >>> wg.load(buffer)
    array([0, 1, 2])
    """
    np.save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds) -> None:
    """Save several arrays into one uncompressed ``.npz`` archive.

    Parameters
    ----------
    file : str, path or file
        Where to write; ``.npz`` is appended to a file name that lacks it.
    *args : array_like
        Arrays stored as ``arr_0``, ``arr_1``, ...
    allow_pickle : bool, optional
        Passed to ``numpy.savez``.
    **kwds : array_like
        Arrays stored under their keyword names.

    Notes
    -----
    Dtypes: every dtype.

    GPU: file I/O is host work; the arrays are downloaded (one synchronisation each) and written
    by NumPy's own writer, so the file is exactly NumPy's.

    Examples
    --------
    >>> import io
    >>> buffer = io.BytesIO()
    >>> wg.savez(buffer, x=wg.arange(3), y=wg.ones(2))
    >>> _ = buffer.seek(0)
    >>> archive = wg.load(buffer)
    >>> archive["y"]
    array([1., 1.])
    """
    np.savez(file, *map(_host, args), allow_pickle=allow_pickle, **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds) -> None:
    """Save several arrays into one compressed (deflate) ``.npz`` archive.

    Parameters
    ----------
    file : str, path or file
        Where to write; ``.npz`` is appended to a file name that lacks it.
    *args : array_like
        Arrays stored as ``arr_0``, ``arr_1``, ...
    allow_pickle : bool, optional
        Passed to ``numpy.savez_compressed``.
    **kwds : array_like
        Arrays stored under their keyword names.

    Notes
    -----
    Dtypes: every dtype.

    GPU: file I/O is host work; the arrays are downloaded (one synchronisation each) and written
    by NumPy's own writer, so the file is exactly NumPy's.

    Examples
    --------
    >>> import io
    >>> buffer = io.BytesIO()
    >>> wg.savez_compressed(buffer, wg.zeros(1000))
    >>> _ = buffer.seek(0)
    >>> wg.load(buffer)["arr_0"].shape
    (1000,)
    """
    np.savez_compressed(file, *map(_host, args), allow_pickle=allow_pickle, **{k: _host(v) for k, v in kwds.items()})


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", **kwargs):
    """A .npy file's array (on the device), or a .npz archive whose arrays upload on lookup."""
    if mmap_mode is not None:
        raise ValueError("load: mmap_mode maps a file into host memory; wgarray arrays live on the device "
                         "(use numpy.load for a memory map)")
    loaded = np.load(file, allow_pickle=allow_pickle, fix_imports=fix_imports, encoding=encoding, **kwargs)
    if isinstance(loaded, np.lib.npyio.NpzFile):
        return NpzFile(loaded)
    return _device_array(loaded, "load")


def savetxt(fname, X, *args, **kwargs) -> None:
    """Save a 1-d or 2-d array to a text file (``numpy.savetxt``).

    Parameters
    ----------
    fname : str, path or file
        Where to write (a name ending in ``.gz`` is compressed).
    X : array_like
        The data: a wgarray Array (downloaded), or anything NumPy takes.
    *args, **kwargs
        ``numpy.savetxt``'s options: ``fmt``, ``delimiter``, ``newline``, ``header``, ...

    Notes
    -----
    Dtypes: every dtype.

    GPU: file I/O is host work; the arrays are downloaded (one synchronisation each) and written
    by NumPy's own writer, so the file is exactly NumPy's.

    Examples
    --------
    >>> import io
    >>> text = io.StringIO()
    >>> wg.savetxt(text, wg.asarray([[1, 2], [3, 4]]), fmt="%d")
    >>> print(text.getvalue(), end="")
    1 2
    3 4
    """
    np.savetxt(fname, _host(X), *args, **kwargs)


def loadtxt(fname, *args, device=None, **kwargs) -> Array:
    """Load data from a text file onto the device (``numpy.loadtxt``).

    Parameters
    ----------
    fname : str, path, file or iterable of str
        The text to read.
    *args, **kwargs
        ``numpy.loadtxt``'s options: ``dtype``, ``delimiter``, ``skiprows``, ``usecols``, ...
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        The data, on the device.

    Notes
    -----
    GPU: NumPy reads the file on the host and the result is uploaded once. Data types wgarray
    does not have (object, strings, structured, datetime) and masked arrays raise ``TypeError``.

    Examples
    --------
    >>> wg.loadtxt(["1 2", "3 4"])
    array([[1., 2.],
           [3., 4.]])
    """
    return _device_array(np.loadtxt(fname, *args, **kwargs), "loadtxt", device)


def genfromtxt(fname, *args, device=None, **kwargs) -> Array:
    """Load data from a text file, with missing values filled (``numpy.genfromtxt``).

    Parameters
    ----------
    fname : str, path, file or iterable of str
        The text to read.
    *args, **kwargs
        ``numpy.genfromtxt``'s options: ``dtype``, ``delimiter``, ``filling_values``, ...
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        The data, on the device (missing values are NaN unless filled).

    Notes
    -----
    GPU: NumPy reads the file on the host and the result is uploaded once. Data types wgarray
    does not have (object, strings, structured, datetime) and masked arrays raise ``TypeError``.

    Examples
    --------
    >>> wg.genfromtxt(["1,2", "3,"], delimiter=",")
    array([[ 1.,  2.],
           [ 3., nan]])
    """
    return _device_array(np.genfromtxt(fname, *args, **kwargs), "genfromtxt", device)


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None, device=None) -> Array:
    """Read an array from a binary or text file (``numpy.fromfile``).

    Parameters
    ----------
    file : str, path or file
        The file to read.
    dtype : dtype, optional
        The data type of the file's items (default float64).
    count : int, optional
        The number of items to read; -1 (the default) reads all.
    sep : str, optional
        Empty (the default) for a binary file, else the separator of a text file.
    offset : int, optional
        Bytes to skip first (binary files only).
    like : object, optional
        Accepted for NumPy's signature; ignored.
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        A 1-d array on the device.

    Notes
    -----
    GPU: NumPy reads the file on the host and the result is uploaded once. Data types wgarray
    does not have (object, strings, structured, datetime) and masked arrays raise ``TypeError``.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "data.bin")
    >>> wg.arange(4, dtype=wg.int32).tofile(path)
    >>> wg.fromfile(path, dtype=wg.int32)
    array([0, 1, 2, 3], dtype=int32)
    """
    return _device_array(np.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset), "fromfile", device)


def fromstring(string, dtype=float, count=-1, *, sep, like=None, device=None) -> Array:
    """The numbers in a text string (NumPy's fromstring with sep; its removed binary mode raises as NumPy's)."""
    return _device_array(np.fromstring(string, dtype=dtype, count=count, sep=sep), "fromstring", device)


def tofile(self, fid, sep="", format="%s") -> None:
    """The array's data written to a file, as raw bytes or text (downloaded first)."""
    np.asarray(self).tofile(fid, sep=sep, format=format)


def dumps(self) -> bytes:
    """The array pickled (its host bytes, dtype, shape and device): pickle.loads restores it."""
    return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)


def dump(self, file) -> None:
    """The array pickled into file (a path or a binary file object)."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=pickle.HIGHEST_PROTOCOL)
    else:
        pickle.dump(self, file, protocol=pickle.HIGHEST_PROTOCOL)


Array.tofile, Array.dumps, Array.dump = tofile, dumps, dump  # numpy.ndarray's methods
FUNCTIONS = {f.__name__: f for f in (save, savez, savez_compressed, load, savetxt, loadtxt, genfromtxt, fromfile,
                                            fromstring)}
