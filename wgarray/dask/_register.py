"""Dask's dispatch registrations for wgarray chunks, mirroring dask/array/backends.py's for CuPy."""

from __future__ import annotations

import threading

import numpy as np
from dask.array import backends, chunk_types
from dask.array.dispatch import (concatenate_lookup, divide_lookup, einsum_lookup, empty_lookup, nannumel_lookup,
                                 numel_lookup, percentile_lookup, take_lookup, tensordot_lookup, to_numpy_dispatch)
from dask.sizeof import sizeof
from dask.utils import Dispatch

from .._api.linear_algebra_functions import tensordot
from .._array import Array
from .._numpy.creation import asarray, empty
from .._numpy.einsum import einsum
from .._numpy.keywords import concatenate, take
from .._numpy.ufuncs import UFUNCS

to_wgarray_dispatch = Dispatch("to_wgarray_dispatch")  # a chunk as a wgarray array (the backend's to_backend)

_lock = threading.Lock()
_registered = False


def register() -> None:
    """Register wgarray's Array with Dask, as dask/array/backends.py registers CuPy's.

    The chunk type (Dask arrays take wgarray operands instead of deferring to them), Dask's
    dispatch functions (``concatenate``, ``take``, ``tensordot``, ``einsum``, ``empty``,
    ``divide``, ``percentile``, ``numel``, ``nannumel``, ``to_numpy_dispatch`` and
    ``to_wgarray_dispatch`` for ``to_backend``) and ``sizeof``. Idempotent and thread-safe;
    ``import wgarray.dask``, the backend and Dask's entry points call it, so a user rarely
    needs to.

    Notes
    -----
    GPU: none; this runs on the host (Dask's dispatch tables). Chunks of different devices
    that Dask concatenates or multiplies (``concatenate``, ``tensordot``, ``einsum``) are
    gathered onto the first one's device there, by a copy through the host.
    """
    global _registered
    with _lock:
        if _registered:
            return
        concatenate_lookup.register(Array, _concatenate)
        take_lookup.register(Array, take)
        tensordot_lookup.register(Array, _tensordot)
        einsum_lookup.register(Array, _einsum)
        empty_lookup.register(Array, empty)
        divide_lookup.register(Array, UFUNCS["divide"])
        percentile_lookup.register(Array, backends.percentile)  # np.percentile on the chunk: wgarray's
        numel_lookup.register(Array, backends._numel_arraylike)  # counts as wgarray arrays, as CuPy's
        nannumel_lookup.register(Array, backends._nannumel)
        to_numpy_dispatch.register(Array, _to_numpy)
        to_wgarray_dispatch.register(object, _to_wgarray)
        sizeof.register(Array, _sizeof)
        if not chunk_types.is_valid_chunk_type(Array):
            chunk_types.register_chunk_type(Array)  # Dask arrays take wgarray operands, not defer to them
        _registered = True


# Dask combines chunks with these three; chunks placed on several devices (from_array's devices=)
# meet there and are gathered onto the first one's device.
def _concatenate(arrays, axis=0):
    return concatenate(_on_one_device(arrays), axis=axis)


def _tensordot(a, b, axes=2):
    return tensordot(*_on_one_device((a, b)), axes=axes)


def _einsum(subscripts, *operands, **kwargs):
    return einsum(subscripts, *_on_one_device(operands), **kwargs)


def _on_one_device(arrays) -> list:
    device = next((a.device for a in arrays if isinstance(a, Array)), None)
    return [a.to_device(device) if isinstance(a, Array) else a for a in arrays]


def _to_numpy(data, **kwargs) -> np.ndarray:
    return np.asarray(data, **kwargs)


def _to_wgarray(data, **kwargs):
    return asarray(data, **kwargs)


def _sizeof(x) -> int:
    return x.nbytes
