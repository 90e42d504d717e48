"""The memory pool object (wgarray.get_default_memory_pool(), as CuPy's): bytes used and held,
free_all_blocks, and the limit past which allocations raise MemoryError and change nothing."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from wgarray._core.memory import device_memory

MiB = 1 << 20


@pytest.fixture
def pool():
    pool = wg.get_default_memory_pool()
    wg.synchronize()
    yield pool
    pool.set_limit(size=0)


def test_one_object_and_counts(pool):
    assert wg.get_default_memory_pool() is pool
    assert isinstance(pool, wg.MemoryPool)
    used = pool.used_bytes()
    x = wg.ones(MiB // 4, dtype=wg.float32)
    assert pool.used_bytes() >= used + MiB
    assert pool.total_bytes() == pool.used_bytes() + pool.free_bytes()
    stats = wg.memory_stats()
    assert pool.total_bytes() == stats["allocated_bytes"]
    del x
    assert pool.used_bytes() <= used + 16  # its buffer is back in the cache
    assert pool.free_bytes() >= MiB


def test_free_all_blocks(pool):
    x = wg.ones(MiB // 4, dtype=wg.float32)
    del x
    assert pool.n_free_blocks() > 0
    pool.free_all_blocks()
    assert pool.free_bytes() == 0 and pool.n_free_blocks() == 0
    assert pool.total_bytes() == pool.used_bytes()
    np.testing.assert_array_equal(np.asarray(wg.arange(5) * 2), np.arange(5) * 2)


def test_limit_raises_and_leaves_everything_as_it_was(pool):
    host = np.arange(MiB // 4, dtype=np.float32)
    x = wg.asarray(host)
    pool.set_limit(size=pool.used_bytes() + 2 * MiB)
    assert pool.get_limit() == pool.used_bytes() + 2 * MiB
    before = pool.used_bytes()
    with pytest.raises(MemoryError, match="limit"):
        wg.empty(3 * MiB // 4, dtype=wg.float32)
    with pytest.raises(MemoryError, match="limit"):
        wg.asarray(np.ones(3 * MiB // 4, np.float32))
    assert pool.used_bytes() == before
    np.testing.assert_array_equal(np.asarray(x), host)  # nothing half-written
    y = x * 2  # within the limit
    np.testing.assert_array_equal(np.asarray(y), host * 2)
    pool.set_limit(size=0)
    assert pool.get_limit() == 0
    z = wg.empty(3 * MiB // 4, dtype=wg.float32)
    assert z.shape == (3 * MiB // 4,)


def test_limit_releases_cached_buffers_first(pool):
    x = wg.ones(MiB, dtype=wg.float32)  # 4 MiB, then cached
    del x
    assert pool.free_bytes() >= 4 * MiB
    pool.set_limit(size=pool.used_bytes() + 3 * MiB)
    assert pool.total_bytes() <= pool.get_limit()  # the cache above the limit is released
    y = wg.ones(3 * MiB // 4 - 64, dtype=wg.float32)
    assert pool.total_bytes() <= pool.get_limit()
    assert np.asarray(y[:1])[0] == 1.0  # a view read back: y[0] would be a new (copied) array


def test_new_buffers_release_the_cache_first(pool):
    pool.set_limit(size=pool.total_bytes() + 5 * MiB)
    x = wg.ones(MiB, dtype=wg.float32)  # 4 MiB
    del x  # cached: 1 MiB of room left
    y = wg.ones(3 * MiB // 4, dtype=wg.float32)  # 3 MiB, another size class: fits once the cache goes
    assert pool.total_bytes() <= pool.get_limit()
    assert float(y[-1]) == 1.0


def test_limit_in_the_middle_of_an_op(pool):
    x = wg.ones((256, 1024), dtype=wg.float32)
    pool.set_limit(size=pool.used_bytes() + 4096)
    with pytest.raises(MemoryError):
        x @ x.mT
    pool.set_limit(size=0)
    np.testing.assert_array_equal(np.asarray(wg.sum(x, axis=1)), np.full(256, 1024, np.float32))


def test_fraction(pool):
    device = wg.get_device()
    memory = device_memory(device)
    if memory is None:
        with pytest.raises(NotImplementedError, match="size="):
            pool.set_limit(fraction=0.5)
        return
    pool.set_limit(fraction=0.25)
    assert pool.get_limit() == int(memory * 0.25)


def test_bad_limits(pool):
    with pytest.raises(ValueError, match="not both"):
        pool.set_limit(size=10, fraction=0.1)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        pool.set_limit(fraction=1.5)
    with pytest.raises(ValueError, match="non-negative"):
        pool.set_limit(size=-1)
    with pytest.raises(TypeError):
        pool.set_limit(size=1.5)
    assert pool.get_limit() == 0
