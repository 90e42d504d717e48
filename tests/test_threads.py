"""Many threads on one device: every public path must stay correct and never crash the process."""

import threading

import numpy as np
import pytest

import wgarray as wg
from wgarray._core import native as _native
from wgarray._core.kernels import kernel_cache
from wgarray._core.memory import pool_for
from wgarray._core.stream import stream_for


def run_threads(count, work):
    """work(index) in `count` threads started together; re-raises the first failure."""
    errors = []
    barrier = threading.Barrier(count)

    def body(index):
        try:
            barrier.wait()
            work(index)
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    if errors:
        raise errors[0]


SHARED_HOST = np.arange(-500, 500, dtype=np.float32)  # small integers: every sum is exact


def mixed_ops(seed, shared, rounds):
    """`rounds` random ops on this thread's own arrays and the shared read-only ones, each checked."""
    rng = np.random.default_rng(seed)
    for _ in range(rounds):
        n = int(rng.integers(1, len(SHARED_HOST)))
        host = rng.integers(-50, 50, n).astype(np.float32)
        x = wg.asarray(host)
        op = int(rng.integers(0, 8))
        if op == 0:  # elementwise chain
            np.testing.assert_array_equal(np.asarray((x * 2 + 1) - x), host * 2 + 1 - host)
        elif op == 1:  # reduction, read through float()
            assert float(wg.sum(x * 2)) == float(np.sum(host * 2))
        elif op == 2:  # the shared array, read only
            k = int(rng.integers(1, 5))
            assert float(wg.sum(shared * k)) == float(np.sum(SHARED_HOST * k))
        elif op == 3:  # basic indexing and a host read of a slice
            lo = int(rng.integers(0, n))
            np.testing.assert_array_equal(np.asarray(x[lo:] + shared[:n - lo]), host[lo:] + SHARED_HOST[:n - lo])
        elif op == 4:  # integer-array indexing (a gather)
            idx = rng.integers(0, n, 17)
            np.testing.assert_array_equal(np.asarray(wg.take(x, wg.asarray(idx))), host[idx])
        elif op == 5:  # fresh allocations
            z = wg.zeros(n, dtype=wg.int32) + wg.ones(n, dtype=wg.int32)
            assert int(wg.sum(z)) == n
        elif op == 6:  # max and a comparison
            assert float(wg.max(x)) == float(host.max())
            assert int(wg.sum(wg.astype(x > 0, wg.int32))) == int((host > 0).sum())
        else:  # a chain left unread: its buffers die while recorded work may still use them
            y = wg.exp(x * 0.0)
            del y
            wg.synchronize()


def test_many_threads_mixed_ops_match_numpy():
    shared = wg.asarray(SHARED_HOST)
    run_threads(6, lambda i: mixed_ops(i, shared, 150))
    pool = pool_for(wg.get_device())
    stats = pool.stats()
    assert stats["active_bytes"] >= shared._storage.nbytes
    assert stats["cached_bytes"] <= pool.limit()


def test_threads_while_a_tiny_cache_limit_trims_all_the_time(monkeypatch):
    pool = pool_for(wg.get_device())
    monkeypatch.setattr(pool, "cache_limit", 16 << 10)  # trims (and flushes) from every thread
    shared = wg.asarray(SHARED_HOST)
    run_threads(4, lambda i: mixed_ops(50 + i, shared, 80))
    assert pool.stats()["cached_bytes"] <= 16 << 10


def test_two_threads_summing_the_same_array():
    x = wg.asarray(np.arange(1000, dtype=np.float32))
    expected = float(np.sum(np.arange(1000, dtype=np.float32) * 2))
    results = [[], []]
    run_threads(2, lambda i: results[i].extend(float(wg.sum(x * 2)) for _ in range(300)))
    assert results[0] == results[1] == [expected] * 300


def test_a_thread_sees_what_another_thread_finished():
    x = wg.zeros(256, dtype=wg.int32)
    written = threading.Event()
    out = {}

    def writer():
        out["y"] = x + 7  # returned: recorded before anything the reader records afterwards
        written.set()

    def reader():
        written.wait()
        out["host"] = np.asarray(out["y"] * 2)

    run_threads(2, lambda i: (writer if i == 0 else reader)())
    np.testing.assert_array_equal(out["host"], np.full(256, 14, np.int32))


def test_concurrent_first_use_makes_one_stream_and_compiles_each_kernel_once():
    device = wg.get_device()
    kernels = kernel_cache(device)
    streams = []
    key = ("test_threads", "once")
    made = []

    def source():
        made.append(1)
        return "@compute @workgroup_size(1) fn main() {}"

    def use(_):
        streams.append(stream_for(device))
        kernels.get(key, ("rw",), source)

    run_threads(8, use)
    assert len({id(s) for s in streams}) == 1
    assert len(made) == 1


def test_downloads_and_synchronize_from_many_threads():
    arrays = [wg.asarray(np.full(64, i, np.int32)) for i in range(8)]

    def work(i):
        for round_ in range(60):
            if round_ % 3 == 0:
                wg.synchronize()
            assert int(arrays[i][round_ % 64]) == i
            np.testing.assert_array_equal(np.asarray(arrays[i] + round_), np.full(64, i + round_, np.int32))

    run_threads(8, work)


def test_storages_dying_in_other_threads_return_to_the_pool():
    pool = pool_for(wg.get_device())
    keep = []
    lock = threading.Lock()

    def work(i):
        for _ in range(200):
            y = wg.ones(100 + i, dtype=wg.float32) * 3
            with lock:
                keep.append(y)
            with lock:  # another thread's array dies here, in this thread
                victim = keep.pop(0)
            del victim

    run_threads(4, work)
    keep.clear()
    stats = pool.stats()
    assert stats["active_bytes"] >= 0
    assert stats["pool_hits"] > 0


@pytest.mark.skipif(not _native.AVAILABLE, reason="the per-call map status is wgpu-native's")
def test_map_results_are_per_call():
    x = wg.asarray(np.arange(32, dtype=np.int32))

    def read(i):
        for _ in range(10):
            assert [int(x[i * 8 + k]) for k in range(8)] == list(range(i * 8, i * 8 + 8))

    run_threads(4, read)
    assert not _native._map_results  # every call took its own result
