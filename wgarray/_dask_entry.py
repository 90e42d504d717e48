"""Dask's "dask.sizeof" entry point (pyproject.toml): registers wgarray with Dask without user action.

Dask calls it while `import dask` runs, too early to import dask.array (and so wgarray.dask).
It therefore arranges for `import wgarray.dask` (the registrations) to run the first time Dask
meets a wgarray array: Dask tokenizes every array that enters a graph (from_array, map_blocks,
blockwise arguments) and the distributed scheduler sizes every chunk it stores. The
"dask.array.backends" entry point (wgarray.dask:WgarrayBackendEntrypoint) registers as well,
when the backend "wgarray" is chosen.
"""

import importlib
import sys

from ._array import Array

_tokenize = Array.__dask_tokenize__


def register_lazily(sizeof) -> None:
    sizeof.register_lazy("wgarray", _register)
    Array.__dask_tokenize__ = _tokenize_registering


def _tokenize_registering(self):
    _register()
    return _tokenize(self)


def _register() -> None:
    if "wgarray.dask" not in sys.modules:
        importlib.import_module("wgarray.dask")  # registers on import
