"""Bounded caches for per-shape plans: the least recently used entry goes first.

Plans (kernel choice, parameter words) are cached per dtype, shape and strides. A program
that meets many distinct shapes (slices of every length, say) would otherwise grow them
without bound; a loop over a few shapes keeps hitting.
"""

from __future__ import annotations

from collections import OrderedDict

PLAN_LIMIT = 4096  # plans per cache: a few hundred bytes to a few KiB each


class PlanCache:
    """A mapping of at most `limit` entries, evicting the least recently used (recency is
    tracked once the cache is half full, where it starts to matter)."""

    def __init__(self, limit: int = PLAN_LIMIT):
        self.limit = limit
        self._reorder_above = limit // 2
        self._entries: OrderedDict = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key):
        entries = self._entries
        entry = entries.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        if len(entries) > self._reorder_above:  # recency matters only once eviction is near
            try:
                entries.move_to_end(key)
            except KeyError:  # another thread evicted it meanwhile; the entry is still valid
                pass
        return entry

    def __setitem__(self, key, value) -> None:
        entries = self._entries
        entries[key] = value
        while len(entries) > self.limit:
            try:
                entries.popitem(last=False)
            except KeyError:  # emptied by another thread
                break

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()


_caches: list = []


def plan_cache(limit: int = PLAN_LIMIT) -> PlanCache:
    """A new PlanCache that `clear_plan_caches` (wgarray.empty_cache) empties too."""
    cache = PlanCache(limit)
    _caches.append(cache)
    return cache


def clear_plan_caches() -> None:
    for cache in _caches:
        cache.clear()
