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
from .._core.device import Device, device_for_key, device_key, enumerate_adapters, get_device
from .._numpy.creation import asarray, empty

_lock = threading.Lock()
_devices: tuple = ()


def local_devices() -> tuple:
    """One wgarray device per GPU of this machine: the default device, then one for each further
    adapter of the same backend and kind (a CPU adapter such as lavapipe counts once)."""
    global _devices
    with _lock:
        default = get_device()
        if _devices and _devices[0] is default and all(d.lost is None for d in _devices):
            return _devices
        found = [default]
        if not default.is_cpu:
            same = [a for a in enumerate_adapters()
                    if str(a.info.get("backend_type", "")) == default.backend
                    and str(a.info.get("adapter_type", "")).lower() != "cpu"]
            # The default device is on one of them (the first, as wgpu orders them): a device per other one.
            found += [Device(adapter) for adapter in same[1:]]
        _devices = tuple(found)
        return _devices


def on_device(block, device: Device):
    """block (a wgarray array or host data) on device: the map_blocks step of round-robin placement."""
    if isinstance(block, Array):
        return block.to_device(device)
    return asarray(block, device=device)


def from_array(x, chunks="auto", *, devices: tuple | list | None = None, **kwargs) -> da.Array:
    """A Dask array of x (a wgarray array or host data) in wgarray chunks, chunk k on devices[k % n].

    devices defaults to local_devices(). Other keywords go to dask.array.from_array.
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
    """x with every chunk on device (default: the default device): gathers round-robin chunks
    before work that combines chunks of different devices elementwise (a matmul's partial
    products, x + x.T), which wgarray refuses (ValueError: arrays are on different devices)."""
    device = get_device() if device is None else device
    if not isinstance(device, Device):
        raise ValueError(f"device must be a wgarray device, not {device!r}")
    return x.map_blocks(_place, device_keys=(device_key(device),), grid=(), dtype=x.dtype,
                        meta=empty((0,) * x.ndim, dtype=x.dtype))


def _place(block, device_keys: tuple, grid: tuple, block_id=None):
    k = int(np.ravel_multi_index(block_id, grid)) if grid else 0  # grid (): one device for all
    return on_device(block, device_for_key(device_keys[k % len(device_keys)]))
