"""NumPy's file I/O: save, load, savez, savez_compressed, savetxt, loadtxt, genfromtxt, fromfile and
ndarray.tofile. I/O is host work by nature: arrays are downloaded and written by NumPy's own writers
(.npy/.npz through numpy.lib.format), and what NumPy reads is uploaded, so loaded arrays live on the
device. Data types wgarray does not have (object, strings, structured, datetime, masked arrays) raise
a TypeError that points to NumPy."""

from __future__ import annotations

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
    np.save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds) -> None:
    np.savez(file, *map(_host, args), allow_pickle=allow_pickle, **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds) -> None:
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
    np.savetxt(fname, _host(X), *args, **kwargs)


def loadtxt(fname, *args, device=None, **kwargs) -> Array:
    return _device_array(np.loadtxt(fname, *args, **kwargs), "loadtxt", device)


def genfromtxt(fname, *args, device=None, **kwargs) -> Array:
    return _device_array(np.genfromtxt(fname, *args, **kwargs), "genfromtxt", device)


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None, device=None) -> Array:
    return _device_array(np.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset), "fromfile", device)


def fromstring(string, dtype=float, count=-1, *, sep, like=None, device=None) -> Array:
    """The numbers in a text string (NumPy's fromstring with sep; its removed binary mode raises as NumPy's)."""
    return _device_array(np.fromstring(string, dtype=dtype, count=count, sep=sep), "fromstring", device)


def tofile(self, fid, sep="", format="%s") -> None:
    """The array's data written to a file, as raw bytes or text (downloaded first)."""
    np.asarray(self).tofile(fid, sep=sep, format=format)


Array.tofile = tofile  # numpy.ndarray's method
FUNCTIONS = {f.__name__: f for f in (save, savez, savez_compressed, load, savetxt, loadtxt, genfromtxt, fromfile,
                                            fromstring)}
