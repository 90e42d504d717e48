"""Layer 2: GPU memory. A pool of wgpu buffers by size class, shared by reference counting.

Threads: the pool changes its lists under the device's lock. A Storage dies in whichever
thread drops its last reference, even inside a garbage collection that interrupts this very
pool while that thread holds the lock, so Storage.__del__ only appends to a deque (atomic,
never blocks); the pool takes those buffers back at its next call.

Bounded cache: freed buffers stay cached by size class for reuse, up to cache_limit bytes,
by default max(MIN_CACHE_BYTES, twice the peak of active bytes): a loop that repeats its
shapes finds every buffer of its last round cached (twice: a buffer holds up to twice the
bytes asked for). Past the limit the least recently freed go, down to CACHE_TRIM of it, so
that a run of new sizes trims (and flushes the stream) rarely.

Limit: `max_bytes` (None: none) bounds the bytes of array buffers the pool holds, in use or
cached (CuPy's MemoryPool.set_limit). A new buffer past it first releases cached ones, then
raises MemoryError, before anything changes.

Out of memory: every GPU allocation of this package (pool and staging buffers, the stream's
arena, uploads and their temporary buffers) goes through allocating_call(), which raises
MemoryError naming the size after releasing the cached buffers and trying once more.
"""

from __future__ import annotations

import collections
import itertools
import os

import wgpu

from .device import Device, DeviceLostError, device_key, is_out_of_memory, per_device
from .gpu_memory import gpu_memory

STORAGE_USAGE = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST
STAGING_USAGE = wgpu.BufferUsage.MAP_READ | wgpu.BufferUsage.COPY_DST
MIN_BUFFER = 16
MIN_CACHE_BYTES = 256 << 20
CACHE_TRIM = 0.75
MAX_SIZES = 4096  # byte counts whose buffer size the pool remembers (then it starts afresh)
STAGING_CACHE_BYTES = 64 << 20  # download buffers kept (past it, only the last one given back)


# Buffer uids, unique across devices: bind groups are cached by uid, so a buffer of another
# device never matches one (the stream then reports the two devices, see Stream._bind_group).
_uids = itertools.count(1)


def segment_bytes(device: Device) -> int:
    """The most bytes a storage keeps in one buffer (what one binding and one buffer can hold,
    a multiple of 256 so that every dtype's elements and every binding offset align), and the
    unit in which larger storages are split."""
    return max(min(device.max_binding, device.max_buffer) // 256 * 256, 256)


def size_class(nbytes: int) -> int:
    """Round up to 2^k or 1.5 * 2^k, so at most a third is wasted and reuse is frequent."""
    nbytes = max(nbytes, MIN_BUFFER)
    power = 1 << (nbytes - 1).bit_length()
    three_quarters = power // 4 * 3
    size = three_quarters if nbytes <= three_quarters and three_quarters % 16 == 0 else power
    return size


class Segment:
    """One buffer of a storage made of several: what a dispatch binds (as a one-buffer Storage)."""

    __slots__ = ("buffer", "nbytes", "uid", "pool")

    def __init__(self, buffer, nbytes: int, uid: int, pool: "BufferPool"):
        self.buffer = buffer
        self.nbytes = nbytes
        self.uid = uid
        self.pool = pool

    segments = None


class Storage:
    """Memory that arrays and their views share, returned to the pool when unreferenced: one
    pooled buffer, or, past the device's segment size, several (`segments`, each segment_bytes
    but the last). Element k of a dtype lives in segment k * itemsize // segment_bytes, and a
    dispatch binds one segment at a time (see _core/segments.py)."""

    __slots__ = ("buffer", "nbytes", "pool", "uid", "segments", "__weakref__")

    def __init__(self, pool: "BufferPool", buffer, nbytes: int, uid: int, segments: tuple | None = None):
        self.buffer = buffer  # None for a storage of several segments
        self.nbytes = nbytes
        self.pool = pool
        self.uid = uid
        self.segments = segments

    @property
    def capacity(self) -> int:
        if self.segments is not None:
            return sum(s.buffer.size for s in self.segments)
        return self.buffer.size

    def __del__(self):
        pool = self.pool
        if pool is not None:
            if self.segments is None:
                pool.returned.append((self.buffer, self.uid, self.nbytes))
            else:
                for segment in self.segments:
                    pool.returned.append((segment.buffer, segment.uid, segment.nbytes))


class BufferPool:
    """Free lists by size class; reuse avoids create_buffer and keeps bind groups cacheable."""

    def __init__(self, device: Device):
        self.device = device
        self.lock = device.lock
        # size -> [(buffer, uid, when freed)], reused from the end, evicted from the oldest
        self.free: dict[int, list] = {}
        self.returned: collections.deque = collections.deque()  # (buffer, uid, nbytes) of dead Storages
        self.freed = 0  # buffers freed so far: orders the free lists by age
        # Every live buffer by uid. Holding them here keeps wgpu's own finalizer from releasing a
        # buffer when an array dies inside a garbage cycle and hands it back to us.
        self.buffers: dict[int, object] = {}
        self.on_destroy = []  # callbacks(uid) when a buffer really goes away
        self.allocated = 0  # bytes held in GPU buffers, in use or cached
        self.active = 0  # bytes requested by live arrays
        self.peak_active = 0
        self.cached = 0  # bytes of the free buffers
        self.hits = 0
        self.misses = 0
        self._cache_limit: int | None = None
        self.trim_above = MIN_CACHE_BYTES  # self.limit(), kept at hand for _take_back
        self.staging: dict[int, list] = {}  # size -> [buffer], reused from the end
        self.staging_bytes = 0
        self.segment_bytes = segment_bytes(device)
        self.capture = None  # a replay.Capture while one thread's engine call is captured
        self.max_bytes: int | None = None  # the limit on array buffers, in use or cached

    @property
    def segment_bytes(self) -> int:
        """The largest buffer of one storage (a binding's limit); past it, storages of segments."""
        return self._segment_bytes

    @segment_bytes.setter
    def segment_bytes(self, value: int) -> None:
        self._segment_bytes = value
        self.sizes: dict[int, int] = {}  # nbytes -> its buffer size (for nbytes within one segment)

    @property
    def cache_limit(self) -> int | None:
        """Bytes of free buffers kept for reuse; None (the default): max(MIN_CACHE_BYTES, 2 * peak active)."""
        return self._cache_limit

    @cache_limit.setter
    def cache_limit(self, nbytes: int | None):
        with self.lock:
            self._cache_limit = nbytes
            self.trim_above = self.limit()

    def set_max_bytes(self, max_bytes: int | None) -> None:
        """Set the limit on array buffers (None: none), releasing cached buffers above it."""
        with self.lock:
            self.max_bytes = max_bytes
            self._take_back()
            if max_bytes is not None and self.allocated > max_bytes:
                self._trim(max(self.cached - (self.allocated - max_bytes), 0))

    def limit(self) -> int:
        return self._cache_limit if self._cache_limit is not None else max(MIN_CACHE_BYTES, 2 * self.peak_active)

    def allocate(self, nbytes: int) -> Storage:
        if self.device.lost is not None:
            raise self.device.lost_error()
        size = self.sizes.get(nbytes)
        if size is None:
            if nbytes > self.segment_bytes:
                return self._allocate_segments(nbytes)
            size = self._size_for(nbytes)
        with self.lock:
            buffer, uid = self._take(size, nbytes)
        storage = Storage(self, buffer, nbytes, uid)
        if self.capture is not None:
            self.capture.allocated(storage)
        return storage

    def _size_for(self, nbytes: int) -> int:
        """The buffer size for nbytes (at most segment_bytes), remembered for the next call."""
        size = min(size_class(nbytes), self.segment_bytes)
        size = max(size, (nbytes + 15) // 16 * 16)
        if len(self.sizes) >= MAX_SIZES:
            self.sizes.clear()
        self.sizes[nbytes] = size
        return size

    def _take(self, size: int, nbytes: int) -> tuple:
        """A buffer of `size` bytes, cached or new, counted as nbytes in use (under the lock)."""
        if self.returned:
            self._take_back()
        bucket = self.free.get(size)
        if bucket:
            buffer, uid, _ = bucket.pop()
            self.cached -= size
            self.hits += 1
        else:
            if self.max_bytes is not None and self.allocated + size > self.max_bytes:
                self._trim(max(self.cached - (self.allocated + size - self.max_bytes), 0))
                if self.allocated + size > self.max_bytes:
                    raise MemoryError(f"allocating {size} bytes for an array on {self.device.name} would pass the "
                                      f"memory pool's limit of {self.max_bytes} bytes ({self.allocated - self.cached} "
                                      f"in use)")
            self.misses += 1
            buffer = self.create_buffer(size, STORAGE_USAGE, "an array")
            uid = next(_uids)
            self.buffers[uid] = buffer
            self.allocated += size
        self.active += nbytes
        if self.active > self.peak_active:
            self.peak_active = self.active
            self.trim_above = self.limit()
        return buffer, uid

    def _allocate_segments(self, nbytes: int) -> Storage:
        """A storage of ceil(nbytes / segment_bytes) buffers: all whole segments but the last."""
        step = self.segment_bytes
        segments = []
        try:
            with self.lock:
                for start in range(0, nbytes, step):
                    part = min(step, nbytes - start)
                    size = step if part == step else max(size_class(part), (part + 15) // 16 * 16)
                    buffer, uid = self._take(min(size, step), part)
                    segments.append(Segment(buffer, part, uid, self))
        except BaseException:
            for segment in segments:  # nothing half-made stays in use
                self.returned.append((segment.buffer, segment.uid, segment.nbytes))
            raise
        storage = Storage(self, None, nbytes, None, tuple(segments))
        if self.capture is not None:
            self.capture.allocated(storage)
        return storage

    def _take_back(self) -> None:
        """Move the buffers of dead Storages to the free lists (under the lock)."""
        returned, free = self.returned, self.free
        while returned:
            buffer, uid, nbytes = returned.popleft()
            self.active -= nbytes
            self.freed += 1
            size = buffer.size
            bucket = free.get(size)
            if bucket is None:
                bucket = free[size] = []
            bucket.append((buffer, uid, self.freed))
            self.cached += size
        if self.cached > self.trim_above:
            self._trim(int(self.trim_above * CACHE_TRIM))

    def _trim(self, keep_bytes: int) -> None:
        """Destroy the least recently freed buffers until at most keep_bytes stay cached."""
        while self.cached > keep_bytes:
            buckets = [b for b in self.free.values() if b]
            if not buckets:
                break
            oldest = min(buckets, key=lambda b: b[0][2])
            buffer, uid, _ = oldest.pop(0)
            self.cached -= buffer.size
            self.allocated -= buffer.size
            del self.buffers[uid]
            try:
                for callback in self.on_destroy:
                    callback(uid)
            finally:  # a batch that failed in the callback's flush was never submitted
                _destroy(buffer)

    def empty_cache(self):
        """Destroy every cached free buffer."""
        with self.lock:
            self._take_back()
            self._trim(0)
            for bucket in self.staging.values():
                while bucket:
                    _destroy(bucket.pop())
            self.staging_bytes = 0

    def allocating_call(self, make, nbytes: int, what: str):
        """make(), which needs nbytes of GPU memory for `what`. Out of memory, release the cached
        buffers and try once more, then raise MemoryError naming the size."""
        try:
            return _checked(self.device, make, nbytes, what)
        except MemoryError:
            self.empty_cache()
        try:
            return _checked(self.device, make, nbytes, what)
        except DeviceLostError as lost:  # wgpu loses the device on a real out-of-memory
            raise MemoryError(f"out of GPU memory allocating {what} of {nbytes} bytes on "
                              f"{self.device.name}, and the device is lost with it: {lost}") from lost

    def create_buffer(self, size: int, usage, what: str):
        return self.allocating_call(lambda: self.device.wgpu.create_buffer(size=size, usage=usage), size, what)

    # Staging buffers for downloads, reused by size class.
    def take_staging(self, nbytes: int):
        size = size_class(nbytes)
        with self.lock:
            bucket = self.staging.get(size)
            if bucket:
                self.staging_bytes -= size
                return bucket.pop()
            return self.create_buffer(size, STAGING_USAGE, "a download staging buffer")

    def give_staging(self, buffer):
        with self.lock:
            self.staging.setdefault(buffer.size, []).append(buffer)
            self.staging_bytes += buffer.size
            if self.staging_bytes > STAGING_CACHE_BYTES:  # keep this one, drop the others
                for bucket in self.staging.values():
                    for old in bucket:
                        if old is not buffer:
                            self.staging_bytes -= old.size
                            _destroy(old)
                    bucket[:] = [buffer] if buffer in bucket else []

    def stats(self) -> dict:
        with self.lock:
            self._take_back()
            return {
                "allocated_bytes": self.allocated,
                "active_bytes": self.active,
                "peak_active_bytes": self.peak_active,
                "cached_bytes": self.cached,
                "cache_limit_bytes": self.limit(),
                "staging_bytes": self.staging_bytes,
                "pool_hits": self.hits,
                "pool_misses": self.misses,
            }


def device_memory(device: Device) -> int | None:
    """The device's memory in bytes where known: a CPU adapter's is the host's RAM; a GPU's is
    asked of the operating system (NVIDIA through NVML, AMD through sysfs: see gpu_memory.py),
    since WebGPU does not report it. None where nothing tells."""
    if not device.is_cpu:
        info = device.adapter.info
        return gpu_memory(info.get("vendor_id"), info.get("device_id"), ordinal=device_key(device)[2])
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _checked(device: Device, make, nbytes: int, what: str):
    """make(), with its wgpu errors as MemoryError naming the size, or DeviceLostError."""
    if device.lost is not None:
        raise device.lost_error()
    try:
        return make()
    except wgpu.GPUError as e:
        error = device.check_lost(e)
        if error is not e:
            raise error from e
        if is_out_of_memory(e):
            raise MemoryError(f"out of GPU memory allocating {what} of {nbytes} bytes on {device.name}") from e
        raise MemoryError(f"could not allocate {what} of {nbytes} bytes on {device.name}: {e}") from e


def _destroy(buffer) -> None:
    try:
        buffer.destroy()
    except wgpu.GPUError:  # on a lost device; the memory goes with it
        pass


pool_for = per_device(BufferPool)
