"""Per-shape plan caches stay bounded (LRU) and keep hitting for repeated shapes."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._api import elementwise_functions
from wgarray._core.cache import PlanCache
from wgarray._engines import fold
from conftest import assert_same, wg


def test_lru_evicts_the_least_recently_used():
    cache = PlanCache(limit=3)
    for k in "abc":
        cache[k] = k.upper()
    assert cache.get("a") == "A"  # a is now the most recent
    cache["d"] = "D"
    assert cache.get("b") is None and cache.get("a") == "A" and len(cache) == 3


def test_many_distinct_shapes_keep_the_caches_bounded():
    """10^5 distinct slice lengths: the plan caches stop at their limit."""
    base = wg(np.arange(100_000, dtype=np.float32))
    limit = elementwise_functions._prepared.limit
    for n in range(1, 100_001, 7):  # about 14k distinct shapes per op, elementwise and fold
        y = base[:n] * 2.0
        wgarray.sum(y)
    wgarray.synchronize()
    assert len(elementwise_functions._prepared) <= limit
    assert len(fold._plans) <= fold._plans.limit
    assert_same(wgarray.sum(base[:10] * 2.0), np.float32(90.0))


def test_repeated_shapes_hit():
    x = wg(np.ones(17, np.float32))
    cache = elementwise_functions._prepared
    x + 1.0
    hits = cache.hits
    for _ in range(50):
        x + 1.0
    assert cache.hits - hits == 50


def rss_bytes() -> int:
    """The process's resident set size now (Linux /proc; its peak can't be reset, so not getrusage)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    pytest.skip("no VmRSS in /proc/self/status")


@pytest.mark.slow
def test_a_hundred_thousand_distinct_shapes_in_bounded_memory():
    """10^5 distinct slice lengths through an elementwise op (and every fourth through a fold, 25k
    distinct shapes): the plan caches stay at their limits, the pool's cache under its bound and
    the process's memory flat."""
    base = wg(np.arange(100_000, dtype=np.float32))
    prepared, plans = elementwise_functions._prepared, fold._plans
    for n in range(1, 64):  # warm up: kernels compiled, pool and staging buffers made
        wgarray.sum(base[:n] * 2.0)
    wgarray.synchronize()
    rss_before = rss_bytes()
    active_before = wgarray.memory_stats()["active_bytes"]
    rss_growth = 0
    for n in range(1, 100_001):
        y = base[:n] * 2.0
        if n % 4 == 0:
            wgarray.sum(y)
        if n % 2000 == 0:
            wgarray.synchronize()
            stats = wgarray.memory_stats()
            assert stats["cached_bytes"] <= stats["cache_limit_bytes"], (n, stats)
            assert len(prepared) <= prepared.limit and len(plans) <= plans.limit, n
            rss_growth = max(rss_growth, rss_bytes() - rss_before)
        if n % 25_000 == 0:  # and the results stay right
            np.testing.assert_array_equal(np.asarray(y), np.arange(n, dtype=np.float32) * 2)
    del y
    wgarray.synchronize()
    assert len(prepared) == prepared.limit and len(plans) == plans.limit  # both filled, and stopped
    stats = wgarray.memory_stats()
    assert stats["cached_bytes"] <= stats["cache_limit_bytes"]
    assert stats["active_bytes"] <= active_before
    assert rss_growth < 150 << 20, f"RSS grew by {rss_growth >> 20} MiB over 10^5 shapes"
    assert_same(wgarray.sum(base[:10] * 2.0), np.float32(90.0))
