"""Runtime controls: waiting for the GPU, memory statistics and the memory pool object. Safe to
call from any thread."""

import operator

from .._core.cache import clear_plan_caches
from .._core.device import get_device
from .._core.memory import device_memory, pool_for
from .._core.stream import stream_for


def synchronize(device=None) -> None:
    """Wait until all work queued on the device, by any thread, has finished."""
    stream_for(device or get_device()).synchronize()


def memory_stats(device=None) -> dict:
    """Bytes allocated, active and peak; cached (free) bytes and the bound the pool keeps them
    under (cache_limit_bytes: max(256 MiB, twice the peak active bytes) unless set); download staging
    bytes; pool hits and misses."""
    return pool_for(device or get_device()).stats()


def empty_cache(device=None) -> None:
    """Release cached free buffers back to the driver, and forget the per-shape plans."""
    device = device or get_device()
    stream_for(device).flush()
    pool_for(device).empty_cache()
    clear_plan_caches()


class MemoryPool:
    """The memory pool of a device as CuPy users reach theirs (`wgarray.get_default_memory_pool()`):
    bytes in use and held, releasing cached buffers, and a limit on array memory.

    used_bytes: bytes of the buffers live arrays hold (buffers come in size classes, so a little
    more than the arrays' nbytes); total_bytes: those plus the cached free buffers. Staging
    buffers and the stream's parameter arena are not counted. Past the limit an allocation first
    releases cached buffers, then raises MemoryError, leaving every array as it was.
    """

    __module__ = "wgarray"

    def __init__(self, device=None):
        self._device = device  # None: the default device, whichever it is now
        self._limit = 0  # 0: no limit, as in CuPy

    def _pool(self):
        pool = pool_for(self._device or get_device())
        if pool.max_bytes != (self._limit or None):  # (a device made anew after a loss keeps the limit)
            pool.set_max_bytes(self._limit or None)
        return pool

    def used_bytes(self) -> int:
        stats = self._pool().stats()
        return stats["allocated_bytes"] - stats["cached_bytes"]

    def free_bytes(self) -> int:
        return self._pool().stats()["cached_bytes"]

    def total_bytes(self) -> int:
        return self._pool().stats()["allocated_bytes"]

    def n_free_blocks(self) -> int:
        pool = self._pool()
        with pool.lock:
            pool._take_back()
            return sum(len(bucket) for bucket in pool.free.values())

    def free_all_blocks(self) -> None:
        """Release every cached free buffer (and download staging buffer) to the driver."""
        pool = self._pool()
        stream_for(pool.device).flush()
        pool.empty_cache()

    def set_limit(self, size: int | None = None, fraction: float | None = None) -> None:
        """Bound the bytes of array buffers (in use and cached): size in bytes, or a fraction of
        the device's memory where known (a CPU adapter's RAM; WebGPU does not report a GPU's).
        size=0, or neither argument, removes the limit."""
        if size is not None and fraction is not None:
            raise ValueError("set_limit takes size or fraction, not both")
        if fraction is not None:
            fraction = float(fraction)
            if not 0 <= fraction <= 1:
                raise ValueError(f"fraction must be in [0, 1], not {fraction}")
            device = self._device or get_device()
            memory = device_memory(device)
            if memory is None:
                raise NotImplementedError(f"set_limit(fraction=...): neither WebGPU nor the operating system "
                                          f"(NVML, sysfs) reports the memory of {device.name}; pass size= in bytes")
            size = int(memory * fraction)
        size = 0 if size is None else operator.index(size)
        if size < 0:
            raise ValueError(f"the limit must be non-negative, not {size}")
        self._limit = size
        self._pool()

    def get_limit(self) -> int:
        """The limit in bytes (0: none)."""
        return self._limit

    def __repr__(self):
        return f"<wgarray.MemoryPool used={self.used_bytes()} total={self.total_bytes()} limit={self._limit}>"


_default_pool = MemoryPool()


def get_default_memory_pool() -> MemoryPool:
    """The memory pool of the default device (the same object on every call)."""
    return _default_pool
