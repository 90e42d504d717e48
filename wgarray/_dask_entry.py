"""Dask's "dask.sizeof" entry point (pyproject.toml): registers wgarray with Dask without user action.

Dask calls it while `import dask` runs, too early to import dask.array (and so wgarray.dask);
loading it imports the wgarray package (as any Dask plugin's entry point imports its package), but
neither Dask's array module nor a GPU device. It arranges for `import wgarray.dask` (the
registrations) to run the first time Dask meets a wgarray array: the sizeof hook when Dask sizes a
chunk (the distributed scheduler does, for every chunk it stores), and a wrapper of
Array.__dask_tokenize__, installed here, or by wgarray's own import when Dask came first without
this entry point (a source checkout: wgarray/__init__.py), since Dask tokenizes every array that
enters a graph (from_array, map_blocks and blockwise arguments). The "dask.array.backends" entry
point (wgarray.dask:WgarrayBackendEntrypoint) registers as well, when the backend "wgarray" is
chosen.
"""

import importlib
import sys


def register_lazily(sizeof) -> None:
    sizeof.register_lazy("wgarray", _register)
    wrap_tokenize()


def wrap_tokenize() -> None:
    """Make the first tokenize of a wgarray array import wgarray.dask (once)."""
    from ._array import Array

    tokenize = Array.__dict__["__dask_tokenize__"]
    if getattr(tokenize, "registers", False):
        return

    def tokenize_registering(self):
        _register()
        return tokenize(self)

    tokenize_registering.registers = True
    Array.__dask_tokenize__ = tokenize_registering


def _register() -> None:
    if "wgarray.dask" not in sys.modules:
        importlib.import_module("wgarray.dask")  # registers on import
