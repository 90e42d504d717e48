"""The Dask array backend "wgarray": `dask.config.set({"array.backend": "wgarray"})` makes the
creation functions (ones, zeros, empty, full, arange) and da.random build wgarray chunks.

Dask finds it through the "dask.array.backends" entry point (pyproject.toml) or, without an
installed package, after `import wgarray.dask` (which registers it by name).
"""

from __future__ import annotations

import dask.array as da
from dask import config
from dask.array.backends import ArrayBackendEntrypoint, array_creation_dispatch

from .._array import Array
from .._numpy.creation import empty
from ..random import RandomState
from . import _register
from ._random import Philox


def _with_wgarray_meta(name, *args, meta=None, **kwargs):
    # dask.array's own function with a wgarray meta: its chunks are made by wgarray's *_like.
    meta = empty(()) if meta is None else meta
    with config.set({"array.backend": "numpy"}):
        return getattr(da, name)(*args, meta=meta, **kwargs)


class WgarrayBackendEntrypoint(ArrayBackendEntrypoint):
    """Dask's array backend "wgarray": Dask arrays whose chunks are wgarray arrays.

    Under ``dask.config.set({"array.backend": "wgarray"})`` the creation functions
    (``da.ones``, ``zeros``, ``empty``, ``full``, ``arange``) and ``da.random`` build wgarray
    chunks (``da.random.default_rng`` draws from wgarray's Philox, one stream per chunk;
    ``da.random.RandomState`` is ``wgarray.random.RandomState``), and
    ``x.to_backend("wgarray")`` converts a Dask array's chunks. Dask makes the instance
    itself: through the "dask.array.backends" entry point of an installed wgarray, or after
    ``import wgarray.dask``. Making one registers wgarray with Dask (see ``register``).

    Notes
    -----
    GPU: none at graph construction; each chunk runs its own wgarray kernels (a fill for
    ``ones``, Philox draws for ``random``, an upload for ``to_backend``) when Dask computes it.

    Examples
    --------
    >>> import dask, dask.array as da
    >>> with dask.config.set({"array.backend": "wgarray"}):
    ...     ones = da.ones(4, chunks=2)
    >>> ones.compute()
    array([1., 1., 1., 1.])
    """

    def __init__(self):
        _register.register()

    @classmethod
    def to_backend_dispatch(cls):
        return _register.to_wgarray_dispatch

    @classmethod
    def to_backend(cls, data: da.Array, **kwargs) -> da.Array:
        """data's chunks as wgarray arrays (``data.to_backend("wgarray")``): uploads when computed."""
        if isinstance(data._meta, Array):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

    @property
    def RandomState(self):
        return RandomState

    @property
    def default_bit_generator(self):
        return Philox

    @staticmethod
    def ones(*args, **kwargs):
        return _with_wgarray_meta("ones", *args, **kwargs)

    @staticmethod
    def zeros(*args, **kwargs):
        return _with_wgarray_meta("zeros", *args, **kwargs)

    @staticmethod
    def empty(*args, **kwargs):
        return _with_wgarray_meta("empty", *args, **kwargs)

    @staticmethod
    def full(*args, **kwargs):
        return _with_wgarray_meta("full", *args, **kwargs)

    @staticmethod
    def arange(*args, like=None, **kwargs):
        like = empty(()) if like is None else like
        with config.set({"array.backend": "numpy"}):
            return da.arange(*args, like=like, **kwargs)


def register_backend() -> None:
    """Make "wgarray" a backend name without the entry point (a source checkout)."""
    if "wgarray" not in array_creation_dispatch._lookup:
        array_creation_dispatch.register_backend("wgarray", WgarrayBackendEntrypoint())
