"""The runtime under the namespace: device, memory pool, kernel cache, lazy stream, GPU errors."""

import gc

import numpy as np
import pytest

import wgarray
from wgarray._core import dtypes as dt
from wgarray._core.kernels import KernelCompileError, grid, kernel_cache
from wgarray._core.memory import pool_for, size_class
from wgarray._core import native as _native, stream as _stream
from wgarray._core.stream import stream_for


def test_device_repr_and_namespace_devices():
    device = wgarray.get_device()
    assert device.name in repr(device)
    info = wgarray.__array_namespace_info__()
    assert isinstance(info.devices(), tuple)
    assert device in info.devices()
    assert wgarray.asarray([1.0]).device is device


def test_size_classes_bound_the_waste():
    for n in (1, 15, 16, 17, 100, 1000, 4097, 10**6, 3 * 2**20 + 1):
        size = size_class(n)
        assert size >= n and size % 16 == 0
        assert size <= max(16, 3 * n // 2 + 16)  # at most a third of a buffer is slack


def test_pool_reuses_freed_buffers_and_counts():
    pool = pool_for(wgarray.get_device())
    x = wgarray.ones(1000, dtype=wgarray.float32)
    wgarray.synchronize()
    before = pool.stats()
    for _ in range(20):
        x = x + 1  # the previous x dies each time, so its buffer comes back
    wgarray.synchronize()
    after = pool.stats()
    assert after["pool_hits"] - before["pool_hits"] >= 19
    assert after["pool_misses"] - before["pool_misses"] <= 1
    assert after["active_bytes"] <= after["allocated_bytes"]
    assert after["peak_active_bytes"] >= after["active_bytes"]
    np.testing.assert_array_equal(np.asarray(x), np.full(1000, 21, np.float32))


def test_buffers_survive_garbage_cycles():
    class Holder:
        pass

    holder = Holder()
    holder.me = holder
    holder.x = wgarray.asarray(np.arange(4.0))
    del holder
    gc.collect()
    y = wgarray.asarray(np.arange(4.0)) * 2
    np.testing.assert_array_equal(np.asarray(y), np.arange(4.0) * 2)


def test_array_beyond_the_storage_binding_limit_is_made_of_several_buffers():
    device = wgarray.get_device()
    past_one_binding = device.max_binding // 4 + 1024
    x = wgarray.empty(past_one_binding, dtype=wgarray.float32)
    assert x.shape == (past_one_binding,) and len(x._storage.segments) == 2
    assert all(s.buffer.size <= device.max_binding for s in x._storage.segments)
    del x
    wgarray.empty_cache()


def test_empty_cache_releases_free_buffers():
    x = wgarray.ones(4096)
    del x
    wgarray.empty_cache()
    assert wgarray.memory_stats()["cached_bytes"] == 0
    np.testing.assert_array_equal(np.asarray(wgarray.ones(3) + 1), [2.0, 2.0, 2.0])


def test_dispatches_are_recorded_lazily_and_batched():
    stream = stream_for(wgarray.get_device())
    x = wgarray.ones(16)
    wgarray.synchronize()
    submits = stream.submits
    for _ in range(10):
        x = x + 1
    assert stream.pending >= 10 and stream.submits == submits  # nothing submitted yet
    assert float(x[0]) == 11.0  # a download submits once
    assert stream.submits == submits + 1 and stream.pending == 0


def test_parameter_blocks_are_uploaded_once():
    stream = stream_for(wgarray.get_device())
    x = wgarray.ones(16)
    y = x + 1
    wgarray.synchronize()
    used = stream.arena_used
    for _ in range(20):
        y = x + 1  # same kernel, same shapes: the parameter block already in the arena is reused
    wgarray.synchronize()
    assert stream.arena_used == used
    np.testing.assert_array_equal(np.asarray(y), np.full(16, 2.0))


def test_synchronize_waits_for_the_gpu():
    stream = stream_for(wgarray.get_device())
    x = wgarray.ones(1 << 20, dtype=wgarray.float32)
    y = wgarray.exp(x)
    wgarray.synchronize()
    assert stream.pending == 0
    if _native.AVAILABLE:
        assert stream._gpu_idle()
    assert float(y[7]) == pytest.approx(np.e)


@pytest.mark.parametrize("spin_seconds", [0.0, 1.0])
def test_waits_spin_then_block(monkeypatch, spin_seconds):
    stream = stream_for(wgarray.get_device())
    monkeypatch.setattr(stream, "spin_seconds", spin_seconds)
    x = wgarray.ones(1 << 20, dtype=wgarray.float32)
    y = x * 3.0 + 1.0
    wgarray.synchronize()
    if _native.AVAILABLE:
        assert stream._gpu_idle()
    z = y * 2.0  # recorded into the encoder opened while waiting
    assert float(z[5]) == 8.0
    w = wgarray.asarray(np.arange(4.0))  # an upload with nothing recorded writes at once
    np.testing.assert_array_equal(np.asarray(w + z[:4]), np.arange(4.0) + 8.0)


@pytest.mark.parametrize("start, stop", [(0, 0), (0, 5), (3, 8), (4, 8), (1, 37), (0, 37)])
def test_downloads_of_any_byte_range_read_back_exactly(start, stop):
    host = np.arange(37, dtype=np.uint8)
    x = wgarray.asarray(host)
    np.testing.assert_array_equal(np.asarray(x[start:stop]), host[start:stop])
    np.testing.assert_array_equal(np.asarray((x + 1)[start:stop]), host[start:stop] + 1)  # work pending


def test_each_read_sees_the_work_recorded_before_it():
    # The map is requested right after the submit and the next pass opens before the wait:
    # every read must still see its own batch's result, never an earlier or later one.
    x = wgarray.asarray(np.arange(1000, dtype=np.float32))
    stream = stream_for(wgarray.get_device())
    for k in range(20):
        assert float(wgarray.sum(x + k)) == 499500.0 + 1000 * k
        assert stream.pending == 0 and stream.encoder is not None  # opened for the next op
    assert int(wgarray.asarray(np.int8(-3))) == -3


@pytest.mark.skipif(not _native.AVAILABLE, reason="needs wgpu-native to see when the GPU idles")
def test_large_work_is_submitted_as_soon_as_the_gpu_idles(monkeypatch):
    stream = stream_for(wgarray.get_device())
    monkeypatch.setattr(_stream, "IDLE_SUBMIT_BYTES", 1 << 20)
    x = wgarray.ones(1 << 18, dtype=wgarray.float32)  # 1 MiB
    small = wgarray.ones(16)
    wgarray.synchronize()
    monkeypatch.setattr(stream, "submit_seconds", 0.0)  # a submit is due as soon as the GPU idles
    submits = stream.submits
    y = x + x
    assert stream.submits == submits + 1 and stream.pending == 0  # submitted without a wait
    z = small + small
    assert stream.pending == 1  # small work stays batched
    np.testing.assert_array_equal(np.asarray(y)[:4], [2.0] * 4)
    np.testing.assert_array_equal(np.asarray(z), [2.0] * 16)


@pytest.mark.skipif(not _native.AVAILABLE, reason="needs wgpu-native to see when the GPU idles")
def test_an_idle_gpu_waits_for_a_share_of_host_time_between_submits(monkeypatch):
    stream = stream_for(wgarray.get_device())
    monkeypatch.setattr(_stream, "IDLE_SUBMIT_BYTES", 1 << 20)
    x = wgarray.ones(1 << 18, dtype=wgarray.float32)  # 1 MiB
    wgarray.synchronize()
    monkeypatch.setattr(stream, "submit_seconds", 3600.0)  # submits "cost an hour": none is due
    submits = stream.submits
    y = x + x
    z = y + x
    assert stream.submits == submits and stream.pending == 2
    monkeypatch.setattr(stream, "submit_seconds", 0.0)
    w = z + x
    assert stream.submits == submits + 1 and stream.pending == 0
    np.testing.assert_array_equal(np.asarray(w)[:4], [4.0] * 4)
    assert stream.submit_seconds > 0.0  # measured again by each submit


def test_pipelines_are_cached_by_key():
    cache = kernel_cache(wgarray.get_device())
    x = wgarray.ones(8, dtype=wgarray.int16)
    x + x
    count = len(cache.kernels)
    for _ in range(5):
        x + x
    assert len(cache.kernels) == count


def test_grids_fold_past_65535_workgroups():
    assert grid(256 * 65535) == (65535, 1)
    assert grid(256 * 65535 + 1) == (32768, 2)  # rows of equal length: few workgroups idle
    assert grid(256 * (3 * 65535 - 7)) == (65533, 3)
    assert grid(0) == (1, 1)


def test_a_shader_that_fails_to_compile_is_an_exception():
    cache = kernel_cache(wgarray.get_device())
    with pytest.raises(KernelCompileError, match="not valid wgsl"):
        cache.get(("test", "broken"), ("rw",), lambda: "this is not valid wgsl")


def test_a_rejected_batch_raises_and_leaves_a_working_stream():
    device = wgarray.get_device()
    stream = stream_for(device)
    x = wgarray.ones(8, dtype=wgarray.float32)
    y = x + x
    wgarray.synchronize()  # only what the rejected batch records is lost
    kernel = next(k for k in kernel_cache(device).kernels.values() if k.signature == ("rw", "r", "r"))
    stream.dispatch(kernel, [y._storage, x._storage, x._storage], bytes(64), (70000, 1))  # over the limit
    with pytest.raises(RuntimeError, match="rejected a batch"):
        stream.flush()
    np.testing.assert_array_equal(np.asarray(x + 1), np.full(8, 2.0, np.float32))


class _AdapterWithout64Bit:
    """Stands in for an adapter like Metal's, which has no shader-f64."""
    name = "Metal-like adapter"
    features = frozenset({"shader-int64"})


def test_dtypes_an_adapter_lacks_are_not_offered():
    device = _AdapterWithout64Bit()
    assert dt.float64 not in dt.supported_dtypes(device)
    assert dt.complex128 not in dt.supported_dtypes(device)
    assert dt.default_float(device) == dt.float32
    assert dt.default_complex(device) == dt.complex64
    with pytest.raises(TypeError, match="Metal-like adapter"):
        dt.check_supported(dt.float64, device)
