"""Per-shape plan caches stay bounded (LRU) and keep hitting for repeated shapes."""

from __future__ import annotations

import numpy as np

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
