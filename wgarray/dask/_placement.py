"""Chunks placed round-robin over several devices: chunk k (blocks in C order) on device k % n.

Devices travel through Dask's graph as keys (wgarray._core.device.device_key), never as objects:
a task finds the device of that key in the process that runs it (under the threaded scheduler,
the very device), else that process's default device (a distributed worker's own GPU).
"""

from __future__ import annotations

import threading

import dask.array as da
import numpy as np

from .._array import Array
from .._core.device import Device, all_devices, device_for_key, device_key, get_device
from .._numpy.creation import asarray, empty

_lock = threading.Lock()
_devices: tuple = ()


def local_devices() -> tuple:
    """Return one wgarray device per GPU of this machine.

    The default device, then one for each further adapter of the same backend (Vulkan,
    Metal, ...) that is not a CPU adapter; a default device on a CPU adapter (such as
    lavapipe) is the only one. The devices are made once and reused (made again if one is
    lost).

    Returns
    -------
    tuple of Device
        The devices, the default one first: ``from_array``'s default ``devices``.

    Notes
    -----
    GPU: none; this runs on the host (it enumerates adapters, and the first call requests a
    device of each).

    Examples
    --------
    >>> wg.dask.local_devices()[0] is wg.get_device()
    True
    """
    global _devices
    with _lock:
        default = get_device()
        if _devices and _devices[0] is default and all(d.lost is None for d in _devices):
            return _devices
        found = [default]
        if not default.is_cpu:  # the same devices as wgarray.all_devices() (one memory pool per GPU)
            found += [d for d in all_devices()[1:] if d.backend == default.backend and not d.is_cpu]
        _devices = tuple(found)
        return _devices


def on_device(block, device: Device):
    """Return a block (a wgarray array or host data) on ``device``.

    The ``map_blocks`` step of round-robin placement (``from_array``'s ``devices``); usable in a
    user's own ``map_blocks``.

    Parameters
    ----------
    block : array_like
        A wgarray array, or host data (a NumPy array, nested sequences, a scalar).
    device : Device
        The wgarray device to place it on.

    Returns
    -------
    Array
        ``block`` itself if it is already a wgarray array on ``device``, else a copy there.

    Notes
    -----
    Dtypes: every dtype; host data takes ``wgarray.asarray``'s dtype.

    GPU: an upload of host data, or for an array of another device a read back to the host
    and an upload (a host sync); none for an array already on ``device``.
    """
    if isinstance(block, Array):
        return block.to_device(device)
    return asarray(block, device=device)


def from_array(x, chunks="auto", *, devices: tuple | list | None = None, **kwargs) -> da.Array:
    """Return a Dask array of wgarray chunks, placed round-robin over devices.

    Chunk k (the blocks in C order) goes to ``devices[k % len(devices)]``, so that the chunks
    of one array compute on several GPUs. Work that combines chunks of different devices
    elementwise needs them on one device first (see ``to_device``).

    Parameters
    ----------
    x : array_like
        A wgarray array, or host data (converted with ``numpy.asarray``: its chunks are uploaded
        one by one, never the whole array to one device).
    chunks : int, tuple or str, optional
        The chunk shape, as ``dask.array.from_array`` takes it (default "auto").
    devices : sequence of Device, optional
        The wgarray devices to place the chunks on; by default ``local_devices()``.
    **kwargs
        Further keywords of ``dask.array.from_array`` (``name``, ``lock``, ...).

    Returns
    -------
    dask.array.Array
        The Dask array, of ``x``'s shape and dtype, with wgarray chunks.

    Raises
    ------
    ValueError
        If ``devices`` is empty or holds something other than wgarray devices.

    See Also
    --------
    to_device, local_devices

    Notes
    -----
    Dtypes: every dtype; host data keeps NumPy's dtype, which must be one of wgarray's.

    GPU: none when called (Dask builds a graph); when computed, each chunk is uploaded to its
    device (host data), or copied there through the host (a chunk of a wgarray array on
    another device).

    Examples
    --------
    >>> x = wg.dask.from_array(wg.arange(6), chunks=3)
    >>> x.sum().compute()
    array(15)
    """
    targets = tuple(devices) if devices is not None else local_devices()
    if not targets or not all(isinstance(d, Device) for d in targets):
        raise ValueError(f"devices must be a non-empty sequence of wgarray devices, not {devices!r}")
    if not isinstance(x, Array):
        x = np.asarray(x)
    meta = empty((0,) * x.ndim, dtype=x.dtype)
    source = da.from_array(x, chunks=chunks, asarray=False, meta=meta if isinstance(x, Array) else None,
                           **kwargs)
    keys = tuple(device_key(d) for d in targets)
    return source.map_blocks(_place, device_keys=keys, grid=source.numblocks, dtype=x.dtype, meta=meta)


def to_device(x: da.Array, device: Device | None = None) -> da.Array:
    """Return a Dask array with every wgarray chunk on one device.

    Gathers round-robin chunks (``from_array``'s ``devices``) before work that combines chunks
    of different devices elementwise (a matmul's partial products, ``x + x.T``), which wgarray
    refuses (ValueError: arrays are on different devices).

    Parameters
    ----------
    x : dask.array.Array
        A Dask array of wgarray chunks (or of host chunks, which are uploaded).
    device : Device, optional
        The wgarray device (default: the default device).

    Returns
    -------
    dask.array.Array
        ``x`` with every chunk on ``device``.

    Raises
    ------
    ValueError
        If ``device`` is not a wgarray device.

    See Also
    --------
    from_array

    Notes
    -----
    Dtypes: every dtype (the chunks keep theirs).

    GPU: none when called (Dask builds a graph); when computed, each chunk on another device
    is read back to the host and uploaded to ``device`` (a host sync per chunk), and a chunk
    already there is kept as it is.

    Examples
    --------
    >>> x = wg.dask.to_device(wg.dask.from_array(wg.arange(4), chunks=2))
    >>> (x + x[::-1]).compute()
    array([3, 3, 3, 3])
    """
    device = get_device() if device is None else device
    if not isinstance(device, Device):
        raise ValueError(f"device must be a wgarray device, not {device!r}")
    return x.map_blocks(_place, device_keys=(device_key(device),), grid=(), dtype=x.dtype,
                        meta=empty((0,) * x.ndim, dtype=x.dtype))


def _place(block, device_keys: tuple, grid: tuple, block_id=None):
    k = int(np.ravel_multi_index(block_id, grid)) if grid else 0  # grid (): one device for all
    return on_device(block, device_for_key(device_keys[k % len(device_keys)]))
