"""Faults in the core: a GPU error raises once and the next op works, out of memory is a
MemoryError naming the size, a lost device is a DeviceLostError and is replaced, and the
pool's cache stays bounded."""

import numpy as np
import pytest
import wgpu

import wgarray as wg
from wgarray._core import device as device_module, memory as memory_module, native
from wgarray._core.device import Device, DeviceLostError, choose_adapter
from wgarray._core.kernels import Kernel, KernelCompileError, kernel_cache
from wgarray._core.memory import MIN_CACHE_BYTES, pool_for
from wgarray._core.stream import Stream, stream_for


def ones(n=8):
    return wg.ones(n, dtype=wg.float32)


def assert_works(device=None):
    """A few ops on fresh arrays give NumPy's results."""
    host = np.arange(-20, 20, dtype=np.float32)
    x = wg.asarray(host, device=device) if device is not None else wg.asarray(host)
    np.testing.assert_array_equal(np.asarray(x * 2 + 1), host * 2 + 1)
    assert float(wg.sum(x * 3)) == float(np.sum(host * 3))
    wg.synchronize(x.device)


def binary_kernel(device):
    x = ones()
    x + x
    return next(k for k in kernel_cache(device).kernels.values()
                if k.signature == ("rw", "r", "r") and k.key[0] == "map")


# -- GPU errors ------------------------------------------------------------------------------


def test_an_oversized_dispatch_fails_its_batch_once_at_the_next_download():
    device = wg.get_device()
    stream = stream_for(device)
    kernel = binary_kernel(device)
    x = ones()
    y = x + x
    wg.synchronize()
    stream.dispatch(kernel, [y._storage, x._storage, x._storage], bytes(64), (70000, 1))
    # the batch: the oversized dispatch, y[0]'s copy (integer indexing copies, as NumPy's scalars) and its download
    with pytest.raises(RuntimeError, match=r"rejected a batch of 3 recorded operations \(the last: map, map, download\)"):
        float(y[0])
    assert stream.pending == 0 and stream.encoder is None and stream.compute_pass is None
    assert_works()
    assert float(y[3]) == 2.0  # y itself was written before the batch that failed


def test_a_dispatch_with_a_mismatched_bind_group_fails_once():
    device = wg.get_device()
    stream = stream_for(device)
    real = binary_kernel(device)
    wrong = Kernel(real.pipeline, ("rw",), ("mismatched_bindings",))  # one binding for three
    y = ones()
    stream.dispatch(wrong, [y._storage], bytes(64), (1, 1))
    with pytest.raises(RuntimeError, match="mismatched_bindings"):
        wg.synchronize()
    assert_works()


def test_a_batch_with_an_upload_fails_once_and_names_the_upload():
    device = wg.get_device()
    stream = stream_for(device)
    kernel = binary_kernel(device)
    x, y = ones(), ones()
    stream.dispatch(kernel, [y._storage, x._storage, x._storage], bytes(64), (70000, 1))
    z = wg.asarray(np.arange(5.0, dtype=np.float32))  # recorded as a copy in the same batch
    with pytest.raises(RuntimeError, match=r"rejected a batch .*upload"):
        np.asarray(z)  # the whole batch is lost, the upload with it
    assert_works()


def test_a_shader_that_fails_validation_then_correct_ops():
    cache = kernel_cache(wg.get_device())
    source = "@compute @workgroup_size(1) fn main() { let x: u32 = -1.5; }"
    with pytest.raises(KernelCompileError, match="failed to compile"):
        cache.get(("test_faults", "invalid"), ("rw",), lambda: source)
    assert ("test_faults", "invalid") not in cache.kernels
    assert_works()


def test_an_exception_from_create_bind_group_leaves_the_stream_consistent(monkeypatch):
    device = wg.get_device()
    stream = stream_for(device)
    x = ones(24)
    three = wg.asarray(np.full(24, 3.0, np.float32))
    wg.synchronize()
    stream.bind_groups.clear()  # so that the next op must create its bind group
    stream.groups_by_uid.clear()

    def refuse(*args, **kwargs):
        raise wgpu.GPUValidationError("injected: cannot create this bind group")

    monkeypatch.setattr(device.wgpu, "create_bind_group", refuse)  # the public path ...
    monkeypatch.setattr(native, "create_bind_group", refuse)  # ... and the direct one
    with pytest.raises(wgpu.GPUValidationError, match="injected"):
        x * three
    assert stream.pending == 0  # nothing half-recorded
    monkeypatch.undo()
    assert_works()
    np.testing.assert_array_equal(np.asarray(x * three), np.full(24, 3.0, np.float32))


def test_an_exception_opening_the_encoder_leaves_the_stream_consistent(monkeypatch):
    device = wg.get_device()
    stream = stream_for(device)
    x = ones()
    wg.synchronize()
    stream._close_pass()
    stream.encoder = None  # nothing pending: the next dispatch must open a new encoder

    def refuse():
        raise wgpu.GPUValidationError("injected: no encoder")

    monkeypatch.setattr(device.wgpu, "create_command_encoder", refuse)  # the public path ...
    monkeypatch.setattr(native, "Encoder", lambda gpu_device: refuse())  # ... and the direct one
    with pytest.raises(wgpu.GPUValidationError, match="injected"):
        x + 1
    monkeypatch.undo()
    assert stream.encoder is None and stream.pending == 0
    assert_works()


def test_work_behind_a_download_runs_and_its_failure_leaves_the_stream_usable():
    # stream.download(..., behind): the recorded work is submitted before the wait (histogram's
    # counting pass behind its range's read)
    x = wg.asarray(np.arange(8, dtype=np.float32))
    y = wg.zeros(8, dtype=wg.float32)
    stream = stream_for(x.device)

    def double():
        wg.multiply(x, 2, out=y)

    data = stream.download(x._data().storage, 0, 32, double)
    assert np.frombuffer(data, np.float32).tolist() == list(range(8))
    np.testing.assert_array_equal(np.asarray(y), np.arange(8, dtype=np.float32) * 2)

    def fail():
        raise RuntimeError("injected: behind")

    staged = stream.pool.staging_bytes
    with pytest.raises(RuntimeError, match="injected"):
        stream.download(x._data().storage, 0, 32, fail)
    assert stream.pool.staging_bytes == staged  # the staging buffer came back
    assert_works()


# -- out of memory ---------------------------------------------------------------------------


def out_of_memory(**kwargs):
    raise wgpu.GPUOutOfMemoryError("Not enough memory left.")


def test_out_of_memory_is_a_memory_error_naming_the_size_after_releasing_the_cache(monkeypatch):
    device = wg.get_device()
    pool = pool_for(device)
    pool.empty_cache()
    spare = wg.ones(3000, dtype=wg.float32)
    del spare  # cached now
    monkeypatch.setattr(device.wgpu, "create_buffer", out_of_memory)
    with pytest.raises(MemoryError, match="out of GPU memory allocating an array of 49152 bytes"):
        wg.empty(12288, dtype=wg.float32)  # a size class of its own: 3 * 2**14 bytes
    assert pool.stats()["cached_bytes"] == 0  # released before the retry
    monkeypatch.undo()
    assert_works()


def test_out_of_memory_once_succeeds_on_the_retry(monkeypatch):
    device = wg.get_device()
    pool_for(device).empty_cache()
    create = device.wgpu.create_buffer
    calls = []

    def fail_once(**kwargs):
        calls.append(kwargs["size"])
        if len(calls) == 1:
            out_of_memory()
        return create(**kwargs)

    monkeypatch.setattr(device.wgpu, "create_buffer", fail_once)
    x = wg.zeros(12289, dtype=wg.float32)
    assert calls[0] == calls[1] and len(calls) == 2
    monkeypatch.undo()
    assert float(wg.sum(x + 1)) == 12289.0


def test_out_of_memory_in_uploads_and_downloads(monkeypatch):
    device = wg.get_device()
    pool = pool_for(device)
    x = ones()
    wg.synchronize()

    def write_fails(*args, **kwargs):
        raise wgpu.GPUValidationError("Validation Error\n\nCaused by:\n  In wgpuQueueWriteBuffer\n"
                                      "    Not enough memory left.")

    monkeypatch.setattr(device.queue, "write_buffer", write_fails)
    with pytest.raises(MemoryError, match="an upload of 400 bytes"):
        wg.asarray(np.zeros(100, np.float32))  # nothing pending: written straight away
    monkeypatch.undo()

    y = x + 1  # pending: the upload goes through a temporary buffer
    monkeypatch.setattr(device.wgpu, "create_buffer_with_data", lambda **kwargs: out_of_memory())
    with pytest.raises(MemoryError, match="upload's source buffer of 400 bytes"):
        wg.asarray(np.zeros(100, np.float32))
    monkeypatch.undo()
    np.testing.assert_array_equal(np.asarray(y), np.full(8, 2.0, np.float32))

    pool.empty_cache()  # no staging buffer cached
    monkeypatch.setattr(device.wgpu, "create_buffer", out_of_memory)
    with pytest.raises(MemoryError, match="download staging buffer of 32 bytes"):
        np.asarray(y)
    monkeypatch.undo()
    np.testing.assert_array_equal(np.asarray(y), np.full(8, 2.0, np.float32))
    assert_works()


def test_out_of_memory_creating_the_arena_leaves_no_half_made_stream(monkeypatch):
    device = wg.get_device()
    pool = pool_for(device)
    callbacks = list(pool.on_destroy)
    monkeypatch.setattr(device.wgpu, "create_buffer", out_of_memory)
    with pytest.raises(MemoryError, match="parameter arena"):
        Stream(device)
    assert pool.on_destroy == callbacks


# -- device loss -----------------------------------------------------------------------------


@pytest.fixture
def spare_default_device(monkeypatch):
    """A fresh device as the default one, so that losing it spares the device of other tests."""
    spare = Device(choose_adapter())
    monkeypatch.setattr(device_module, "_default_device", spare)
    return spare


def test_a_destroyed_device_raises_device_lost_and_get_device_makes_a_new_one(spare_default_device):
    lost = spare_default_device
    x = wg.asarray(np.arange(8, dtype=np.float32))
    assert x.device is lost
    assert_works()
    lost.wgpu.destroy()
    with pytest.raises(DeviceLostError, match="the arrays on it are gone"):
        float(wg.sum(x * 2))
    assert lost.lost is not None
    for op in (lambda: x + 1, lambda: np.asarray(x), lambda: wg.synchronize(lost)):
        with pytest.raises(DeviceLostError):
            op()
    fresh = wg.get_device()
    assert fresh is not lost and fresh.lost is None
    assert stream_for(fresh) is not stream_for(lost) and pool_for(fresh) is not pool_for(lost)
    assert_works()
    assert wg.asarray([1.0]).device is fresh


def test_a_device_marked_lost_is_replaced(spare_default_device):
    lost = spare_default_device
    x = ones()
    lost.mark_lost("simulated")
    with pytest.raises(DeviceLostError, match="simulated"):
        x * 2
    assert isinstance(lost.lost_error(), RuntimeError)
    assert wg.get_device() is not lost
    assert_works()


def test_out_of_memory_that_loses_the_device(spare_default_device, monkeypatch):
    lost = spare_default_device
    x = ones()
    errors = iter([wgpu.GPUOutOfMemoryError("Not enough memory left."),
                   wgpu.GPUValidationError("Validation Error\n\nCaused by:\n  In wgpuDeviceCreateBuffer\n"
                                           "    Parent device is lost")])

    def create_buffer(**kwargs):
        raise next(errors)

    monkeypatch.setattr(lost.wgpu, "create_buffer", create_buffer)
    with pytest.raises(MemoryError, match="of 49152 bytes .*lost"):
        wg.empty(12288, dtype=wg.float32)
    with pytest.raises(DeviceLostError):
        x + 1
    assert wg.get_device() is not lost
    assert_works()


# -- the pool's bound ------------------------------------------------------------------------


def test_cached_bytes_stay_under_the_limit_after_many_distinct_sizes(monkeypatch):
    device = wg.get_device()
    pool, stream = pool_for(device), stream_for(device)
    limit = 1 << 20
    monkeypatch.setattr(pool, "cache_limit", limit)
    keep = ones()
    for k in range(1, 120):
        y = wg.full(37 * k * k, 2.0, dtype=wg.float32) + keep[0]  # sizes up to 2 MiB, many classes
        if k % 10 == 0:
            assert float(y[0]) == 3.0
        del y
        assert pool.stats()["cached_bytes"] <= limit
    assert set(stream.groups_by_uid) <= set(pool.buffers)  # destroyed buffers' bind groups are gone
    assert_works()


def test_the_bound_keeps_the_hits_of_repeated_shapes(monkeypatch):
    pool = pool_for(wg.get_device())
    monkeypatch.setattr(pool, "cache_limit", 1 << 20)
    x = wg.ones(4096, dtype=wg.float32)
    y = x * 2 + 1
    wg.synchronize()
    before = pool.stats()
    for _ in range(50):
        y = x * 2 + 1
    after = pool.stats()
    assert after["pool_misses"] - before["pool_misses"] <= 1  # the first new result
    assert after["pool_hits"] - before["pool_hits"] >= 98
    np.testing.assert_array_equal(np.asarray(y), np.full(4096, 3.0, np.float32))


def test_the_default_limit_follows_the_peak():
    pool = pool_for(wg.get_device())
    assert pool.cache_limit is None
    assert pool.limit() == max(MIN_CACHE_BYTES, 2 * pool.peak_active)
    assert wg.memory_stats()["cache_limit_bytes"] == pool.limit()


def test_staging_bytes_stay_bounded(monkeypatch):
    pool = pool_for(wg.get_device())
    monkeypatch.setattr(memory_module, "STAGING_CACHE_BYTES", 4096)
    x = wg.asarray(np.arange(4096, dtype=np.float32))
    for n in (10, 100, 300, 1000, 2000, 4096, 50):
        np.testing.assert_array_equal(np.asarray(x[:n]), np.arange(n, dtype=np.float32))
        assert pool.stats()["staging_bytes"] <= 4 * 4096
    assert pool.stats()["staging_bytes"] <= 4096


def test_a_batch_failing_inside_a_trim_leaves_the_pool_consistent(monkeypatch):
    device = wg.get_device()
    pool, stream = pool_for(device), stream_for(device)
    x = ones()
    wg.synchronize()
    spare = wg.ones(8192, dtype=wg.float32)
    del spare
    stream.dispatch(binary_kernel(device), [x._storage, x._storage, x._storage], bytes(64), (70000, 1))
    with pytest.raises(RuntimeError, match="rejected a batch"):
        monkeypatch.setattr(pool, "cache_limit", 0)
        wg.ones(16, dtype=wg.float32)  # its allocation trims the cache, flushing the bad batch
    monkeypatch.undo()
    stats = pool.stats()
    assert stats["allocated_bytes"] == sum(b.size for b in pool.buffers.values())
    assert_works()
