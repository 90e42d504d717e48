"""Runtime controls: waiting for the GPU, memory statistics and the memory pool object. Safe to
call from any thread."""

import operator

from .._core.cache import clear_plan_caches
from .._core.device import get_device
from .._core.memory import device_memory, pool_for
from .._core.stream import stream_for


def synchronize(device=None) -> None:
    """Wait until all work queued on the device, by any thread, has finished.

    wgarray records kernels into a pending command buffer and submits them lazily (on a read,
    at a batch threshold, or here), so an operation returns before the GPU has run it. Call
    this before timing GPU work with a host clock.

    Parameters
    ----------
    device : Device, optional
        The device to wait for (default: the default device).

    Raises
    ------
    DeviceLostError
        If the device was lost (before or while waiting).
    RuntimeError
        If the GPU does not finish its work although the device does not report itself lost.

    See Also
    --------
    wgarray.Device, memory_stats

    Notes
    -----
    GPU: submits the pending commands, then blocks the calling thread until the GPU is idle
    (other threads may keep recording meanwhile). Reading an array (printing, ``np.asarray``,
    ``float()``) waits as well, for the work that array needs.

    Examples
    --------
    >>> x = wg.ones(1000) * 2
    >>> wg.synchronize()
    """
    stream_for(device or get_device()).synchronize()


def memory_stats(device=None) -> dict:
    """Return the memory statistics of a device's buffer pool.

    Parameters
    ----------
    device : Device, optional
        The device (default: the default device).

    Returns
    -------
    dict
        ``allocated_bytes`` (bytes of array buffers held: in use or cached), ``active_bytes``
        (in use by live arrays), ``peak_active_bytes``, ``cached_bytes`` (free buffers kept for
        reuse), ``cache_limit_bytes`` (the bound they are kept under: max(256 MiB, twice the
        peak of active bytes) unless set), ``staging_bytes`` (download buffers kept), and
        ``pool_hits`` / ``pool_misses`` (allocations served from the cache, or new).

    See Also
    --------
    get_default_memory_pool, empty_cache

    Notes
    -----
    GPU: none; this reads the pool's counters on the host. Buffers come in size classes
    (powers of two and 1.5 times them), so the bytes exceed the arrays' ``nbytes`` somewhat.

    Examples
    --------
    >>> stats = wg.memory_stats()
    >>> stats["allocated_bytes"] >= stats["active_bytes"]
    True
    """
    return pool_for(device or get_device()).stats()


def empty_cache(device=None) -> None:
    """Release the cached free buffers of a device back to the driver, and forget per-shape plans.

    Parameters
    ----------
    device : Device, optional
        The device (default: the default device).

    See Also
    --------
    memory_stats, MemoryPool.free_all_blocks

    Notes
    -----
    GPU: submits the pending commands first (so that no recorded kernel still uses a freed
    buffer), then destroys the cached buffers and download staging buffers. Buffers of live
    arrays are untouched. Later allocations of those sizes create new buffers; compiled
    kernels stay cached.
    """
    device = device or get_device()
    stream_for(device).flush()
    pool_for(device).empty_cache()
    clear_plan_caches()


class MemoryPool:
    """The memory pool of a device, as CuPy users reach theirs.

    Bytes in use and held, releasing cached buffers, and a limit on array memory
    (``wgarray.get_default_memory_pool()`` returns the default device's).

    Parameters
    ----------
    device : Device, optional
        The device whose pool this is; None (the default) follows the default device, whichever
        it is at each call.

    See Also
    --------
    get_default_memory_pool, memory_stats, empty_cache

    Notes
    -----
    ``used_bytes``: bytes of the buffers live arrays hold (buffers come in size classes, so a
    little more than the arrays' nbytes); ``total_bytes``: those plus the cached free buffers.
    Staging buffers and the stream's parameter arena are not counted. Past the limit an
    allocation first releases cached buffers, then raises MemoryError, leaving every array as it
    was. The limit outlives a lost device (the device made anew keeps it).

    GPU: none, but for :meth:`free_all_blocks`, which destroys buffers; the rest reads and
    sets the pool's counters on the host.

    Examples
    --------
    >>> pool = wg.get_default_memory_pool()
    >>> x = wg.ones(1024, dtype=wg.float32)
    >>> pool.used_bytes() >= x.nbytes
    True
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
        """Bytes of the buffers that live arrays hold.

        Returns
        -------
        int
            ``total_bytes() - free_bytes()``: buffers in use, in their size classes.

        Notes
        -----
        GPU: none; this reads the pool's counters on the host.
        """
        stats = self._pool().stats()
        return stats["allocated_bytes"] - stats["cached_bytes"]

    def free_bytes(self) -> int:
        """Bytes of the cached free buffers, kept for reuse.

        Returns
        -------
        int
            The bytes that :meth:`free_all_blocks` would release.

        Notes
        -----
        GPU: none; this reads the pool's counters on the host.
        """
        return self._pool().stats()["cached_bytes"]

    def total_bytes(self) -> int:
        """Bytes of all array buffers the pool holds: in use and cached.

        Returns
        -------
        int
            ``used_bytes() + free_bytes()``; what the limit bounds.

        Notes
        -----
        GPU: none; this reads the pool's counters on the host.
        """
        return self._pool().stats()["allocated_bytes"]

    def n_free_blocks(self) -> int:
        """Number of cached free buffers.

        Returns
        -------
        int
            How many buffers the pool keeps for reuse.

        Notes
        -----
        GPU: none; this reads the pool's lists on the host.
        """
        pool = self._pool()
        with pool.lock:
            pool._take_back()
            return sum(len(bucket) for bucket in pool.free.values())

    def free_all_blocks(self) -> None:
        """Release every cached free buffer (and download staging buffer) to the driver.

        Notes
        -----
        GPU: submits the pending commands first, then destroys the cached buffers; buffers of live
        arrays are untouched. Unlike :func:`empty_cache`, per-shape plans are kept.
        """
        pool = self._pool()
        stream_for(pool.device).flush()
        pool.empty_cache()

    def set_limit(self, size: int | None = None, fraction: float | None = None) -> None:
        """Bound the bytes of array buffers the pool holds (in use and cached).

        Parameters
        ----------
        size : int, optional
            The limit in bytes. 0, or neither argument, removes the limit.
        fraction : float, optional
            The limit as a fraction in [0, 1] of the device's memory. A CPU adapter's memory is
            the host's RAM; a GPU's is asked of the operating system, since WebGPU does not report
            it: NVIDIA GPUs through NVML (the driver's libnvidia-ml), AMD GPUs through the amdgpu
            driver's sysfs files, each matched to the adapter by its PCI ids.

        Raises
        ------
        ValueError
            If both ``size`` and ``fraction`` are given, ``fraction`` is outside [0, 1], or ``size``
            is negative.
        TypeError
            If ``size`` is not an integer.
        NotImplementedError
            For ``fraction`` where nothing tells the device's memory (an Intel or Apple GPU, a GPU
            whose driver library is missing); the message names the adapter. Pass ``size`` instead.

        Notes
        -----
        An allocation past the limit first releases cached buffers, then raises ``MemoryError``
        before anything changes. Cached buffers above a new limit are released at once.

        GPU: none; the limit is checked on the host before each new buffer. With ``fraction``
        on a GPU, NVML is loaded and queried once per call (a few milliseconds).

        Examples
        --------
        >>> pool = wg.get_default_memory_pool()
        >>> pool.set_limit(size=1 << 30)
        >>> pool.get_limit()
        1073741824
        >>> pool.set_limit(size=0)
        """
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
        """The limit in bytes (0: none).

        Returns
        -------
        int
            The bound set by :meth:`set_limit`; 0 when there is none.

        Notes
        -----
        GPU: none; this runs on the host.
        """
        return self._limit

    def __repr__(self):
        return f"<wgarray.MemoryPool used={self.used_bytes()} total={self.total_bytes()} limit={self._limit}>"


_default_pool = MemoryPool()


def get_default_memory_pool() -> MemoryPool:
    """Return the memory pool of the default device (the same object on every call).

    Returns
    -------
    MemoryPool
        The pool, following the default device.

    See Also
    --------
    MemoryPool, memory_stats

    Notes
    -----
    GPU: none; this runs on the host.

    Examples
    --------
    >>> wg.get_default_memory_pool() is wg.get_default_memory_pool()
    True
    """
    return _default_pool
