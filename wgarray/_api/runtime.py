"""Runtime controls: waiting for the GPU and memory statistics. Safe to call from any thread."""

from .._core.cache import clear_plan_caches
from .._core.device import get_device
from .._core.memory import pool_for
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
