"""Layer 2: GPU memory. A pool of wgpu buffers by size class, shared by reference counting."""

from __future__ import annotations


import wgpu

from .device import Device, per_device

STORAGE_USAGE = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST
STAGING_USAGE = wgpu.BufferUsage.MAP_READ | wgpu.BufferUsage.COPY_DST
MIN_BUFFER = 16


def size_class(nbytes: int) -> int:
    """Round up to 2^k or 1.5 * 2^k, so at most a third is wasted and reuse is frequent."""
    nbytes = max(nbytes, MIN_BUFFER)
    power = 1 << (nbytes - 1).bit_length()
    three_quarters = power // 4 * 3
    size = three_quarters if nbytes <= three_quarters and three_quarters % 16 == 0 else power
    return size


def _create_buffer(device: Device, size: int, usage, what: str):
    try:
        return device.wgpu.create_buffer(size=size, usage=usage)
    except wgpu.GPUOutOfMemoryError as e:
        raise MemoryError(f"out of GPU memory allocating {what} of {size} bytes on {device.name}") from e
    except wgpu.GPUError as e:
        raise MemoryError(f"could not allocate {what} of {size} bytes on {device.name}: {e}") from e


class Storage:
    """One pooled buffer; arrays and their views share it. Returned to the pool when unreferenced."""

    __slots__ = ("buffer", "nbytes", "pool", "uid", "__weakref__")

    def __init__(self, pool: "BufferPool", buffer, nbytes: int, uid: int):
        self.buffer = buffer
        self.nbytes = nbytes
        self.pool = pool
        self.uid = uid

    @property
    def capacity(self) -> int:
        return self.buffer.size

    def __del__(self):
        pool = self.pool
        if pool is not None:
            pool._release(self.buffer, self.uid, self.nbytes)


class BufferPool:
    """Free lists by size class; reuse avoids create_buffer and keeps bind groups cacheable."""

    def __init__(self, device: Device):
        self.device = device
        self.free: dict[int, list] = {}
        # Every live buffer by uid. Holding them here keeps wgpu's own finalizer from releasing a
        # buffer when an array dies inside a garbage cycle and hands it back to us.
        self.buffers: dict[int, object] = {}
        self.next_uid = 1
        self.on_destroy = []  # callbacks(uid) when a buffer really goes away
        self.allocated = 0  # bytes held in GPU buffers, in use or cached
        self.active = 0  # bytes requested by live arrays
        self.peak_active = 0
        self.hits = 0
        self.misses = 0
        self.staging: dict[int, list] = {}

    def allocate(self, nbytes: int) -> Storage:
        device = self.device
        if nbytes > device.max_binding:
            raise MemoryError(
                f"an array of {nbytes} bytes exceeds the adapter's maximum storage binding "
                f"of {device.max_binding} bytes ({device.name})"
            )
        size = min(size_class(nbytes), max(device.max_binding, MIN_BUFFER) // 16 * 16)
        size = max(size, (nbytes + 15) // 16 * 16)
        bucket = self.free.get(size)
        if bucket:
            buffer, uid = bucket.pop()
            self.hits += 1
        else:
            self.misses += 1
            try:
                buffer = _create_buffer(device, size, STORAGE_USAGE, "an array")
            except MemoryError:
                self.empty_cache()
                buffer = _create_buffer(device, size, STORAGE_USAGE, "an array")
            uid = self.next_uid
            self.next_uid += 1
            self.buffers[uid] = buffer
            self.allocated += size
        self.active += nbytes
        self.peak_active = max(self.peak_active, self.active)
        return Storage(self, buffer, nbytes, uid)

    def _release(self, buffer, uid: int, nbytes: int):
        self.active -= nbytes
        self.free.setdefault(buffer.size, []).append((buffer, uid))

    def empty_cache(self):
        """Destroy every cached free buffer."""
        for bucket in self.free.values():
            for buffer, uid in bucket:
                self.allocated -= buffer.size
                for callback in self.on_destroy:
                    callback(uid)
                del self.buffers[uid]
                buffer.destroy()
        self.free.clear()
        for bucket in self.staging.values():
            for buffer in bucket:
                buffer.destroy()
        self.staging.clear()

    # Staging buffers for downloads, reused by size class.
    def take_staging(self, nbytes: int):
        size = size_class(nbytes)
        bucket = self.staging.get(size)
        if bucket:
            return bucket.pop()
        return _create_buffer(self.device, size, STAGING_USAGE, "a download staging buffer")

    def give_staging(self, buffer):
        self.staging.setdefault(buffer.size, []).append(buffer)

    def stats(self) -> dict:
        return {
            "allocated_bytes": self.allocated,
            "active_bytes": self.active,
            "peak_active_bytes": self.peak_active,
            "cached_bytes": sum(size * len(b) for size, b in self.free.items()),
            "pool_hits": self.hits,
            "pool_misses": self.misses,
        }


pool_for = per_device(BufferPool)
