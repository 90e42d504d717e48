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


# -- at the scale: 8 threads x 10^4 mixed ops ---------------------------------------------

SHARED_INT = np.arange(32 * 32, dtype=np.int32).reshape(32, 32) % 251 - 125  # read-only, in every thread
CHECK_EVERY = 50  # ops recorded between read-backs


class Checker:
    """Collects (wgarray result, NumPy expectation) pairs and checks them in one read-back per
    dtype every CHECK_EVERY ops: the results are flattened and concatenated on the device, so most
    ops are recorded without a host read in between."""

    def __init__(self, label):
        self.label = label
        self.pending = []
        self.checked = 0

    def add(self, what, got, expected):
        expected = np.asarray(expected)
        assert got.shape == expected.shape, f"{self.label}: {what}: shape {got.shape}, NumPy {expected.shape}"
        assert str(got.dtype) == str(expected.dtype), f"{self.label}: {what}: dtype {got.dtype}, NumPy {expected.dtype}"
        self.pending.append((what, got, expected))

    def check(self):
        groups = {}
        for item in self.pending:
            groups.setdefault(str(item[2].dtype), []).append(item)
        for items in groups.values():
            got = np.asarray(wg.concat([wg.reshape(g, (-1,)) for _, g, _ in items]))
            expected = np.concatenate([e.reshape(-1) for _, _, e in items])
            if not np.array_equal(got, expected):
                for what, g, e in items:  # name the first op that differs
                    np.testing.assert_array_equal(np.asarray(g), e, err_msg=f"{self.label}: {what}")
                raise AssertionError(f"{self.label}: the concatenated results differ but none alone does")
        self.checked += len(self.pending)
        self.pending.clear()


def mixed_ops_at_scale(seed, shared, shared_int, n_ops):
    """n_ops random ops (each one to three wgarray calls) on this thread's own arrays, which it
    keeps updating, and on the shared read-only ones; read back every CHECK_EVERY ops. All values
    are small integers (int32, or float32 below 2^24), so every result is exact."""
    rng = np.random.default_rng(seed)
    check = Checker(f"thread {seed}")
    n = 64 + 16 * (seed % 8)
    hv = rng.integers(0, 1024, n).astype(np.int32)  # this thread's state, updated in place and replaced
    v = wg.asarray(hv)
    hm = rng.integers(-8, 8, (8, 16)).astype(np.int32)
    m = wg.asarray(hm)
    host_reads = 0
    for i in range(n_ops):
        op = int(rng.integers(0, 16))
        k = int(rng.integers(1, 7))
        if op == 0:  # float elementwise chain with the shared vector
            lo = int(rng.integers(0, len(SHARED_HOST) - n))
            hf = hv.astype(np.float32)
            check.add("chain", (wg.astype(v, wg.float32) * 2.0 + shared[lo:lo + n]) - k, hf * 2 + SHARED_HOST[lo:lo + n] - k)
        elif op == 1:  # the state: replaced by a new array
            v = (v * 5 + k) & 1023
            hv = (hv * 5 + k) & 1023
        elif op == 2:  # the state: xor with part of the shared matrix, flattened (a view), new array
            lo = int(rng.integers(0, SHARED_INT.size - n))
            v = (v ^ wg.reshape(shared_int, (-1,))[lo:lo + n]) & 1023
            hv = (hv ^ SHARED_INT.reshape(-1)[lo:lo + n]) & 1023
        elif op == 3:  # the state: written in place through a slice
            lo = int(rng.integers(0, n - 8))
            v[lo:lo + 8] = v[lo:lo + 8] + k
            hv[lo:lo + 8] += k
        elif op == 4:  # a whole reduction
            check.add("sum", wg.sum(v), np.sum(hv))
        elif op == 5:  # axis reductions of the shared matrix and of the own one
            axis = int(rng.integers(0, 2))
            check.add("max(shared)", wg.max(shared_int, axis=axis), np.max(SHARED_INT, axis=axis))
            check.add("min(m)", wg.min(m, axis=1 - axis), np.min(hm, axis=1 - axis))
        elif op == 6:  # basic indexing: strided slices and an element of the shared matrix
            r, c = int(rng.integers(0, 32)), int(rng.integers(0, 32))
            # a view on both sides: it is read back after later in-place writes (op 3) to v and
            # hv, so it checks that the view sees them
            check.add("slice", v[k::k + 1], hv[k::k + 1])
            check.add("column", shared_int[r:, c], SHARED_INT[r:, c])
        elif op == 7:  # integer-array indexing
            idx = rng.integers(0, 32, 11)
            check.add("take", wg.take(shared_int, wg.asarray(idx), axis=1), np.take(SHARED_INT, idx, axis=1))
        elif op == 8:  # comparison and where
            check.add("where", wg.where(v > 512, v, -v), np.where(hv > 512, hv, -hv))
        elif op == 9:  # fresh allocations
            check.add("arange+full", wg.arange(n, dtype=wg.int32) + wg.full(n, k, dtype=wg.int32),
                      np.arange(n, dtype=np.int32) + np.int32(k))
        elif op == 10:  # an upload of host data
            h = rng.integers(-100, 100, 24).astype(np.int32)
            check.add("upload", wg.asarray(h) * k, h * k)
        elif op == 11:  # a small exact matmul: the own matrix against a block of the shared one
            check.add("matmul", wg.matmul(m, shared_int[:16, :8] % 8), hm @ (SHARED_INT[:16, :8] % 8))
        elif op == 12:  # the own matrix: replaced
            m = wg.clip(m + k - 3, -8, 8)
            hm = np.clip(hm + k - 3, -8, 8)
        elif op == 13:  # a cumulative sum; now and then a sort (one sort costs ~25 other ops)
            check.add("cumsum", wg.cumulative_sum(v), np.cumsum(hv))
            if rng.random() < 0.1:
                check.add("sort", wg.sort(v[:32]), np.sort(hv[:32]))
        elif op == 14:  # work left unread: its buffers die while recorded work may still use them
            y = wg.exp(wg.astype(v, wg.float32) * 0.0)
            del y
        else:  # a direct host read now and then
            if rng.random() < 0.1:
                host_reads += 1
                j = int(rng.integers(0, n))
                assert int(v[j]) == int(hv[j]), f"thread {seed}: v[{j}]"
        if (i + 1) % CHECK_EVERY == 0:
            check.check()
    check.add("final state", v, hv)
    check.add("final matrix", m, hm)
    check.check()
    return check.checked, host_reads


@pytest.mark.slow
def test_eight_threads_ten_thousand_mixed_ops_each():
    """The acceptance scale: 8 threads, 10^4 mixed ops each, own and shared read-only arrays,
    every result checked against NumPy (read back every CHECK_EVERY ops)."""
    shared = wg.asarray(SHARED_HOST)
    shared_int = wg.asarray(SHARED_INT)
    counts = [None] * 8

    def work(i):
        counts[i] = mixed_ops_at_scale(1000 + i, shared, shared_int, 10_000)

    run_threads(8, work)
    assert all(c is not None and c[0] > 5000 for c in counts)
    # the shared arrays were only read
    np.testing.assert_array_equal(np.asarray(shared), SHARED_HOST)
    np.testing.assert_array_equal(np.asarray(shared_int), SHARED_INT)
    pool = pool_for(wg.get_device())
    assert pool.stats()["cached_bytes"] <= pool.limit()
