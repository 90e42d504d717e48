"""The core's host-side objects that every op makes: views, operands, the pool's byte-count
sizes, parameter packing. Their fast paths (slots classes, cached contiguous views, remembered
sizes, packing before range checks) must behave as the plain ones did."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import numpy as np
import pytest

import wgarray as wg
from wgarray._array import Array
from wgarray._core import view as view_module
from wgarray._core.kernels import template
from wgarray._core.launch import launch_kernel
from wgarray._core.memory import MAX_SIZES, pool_for, size_class
from wgarray._core.operands import BufferOperand, allocate
from wgarray._core.view import TensorView, contiguous_strides


@pytest.fixture
def device():
    return wg.asarray([1]).device


def test_views_compare_and_hash_by_value():
    a, b = TensorView((2, 3), (3, 1), 4), TensorView((2, 3), (3, 1), 4)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != TensorView((2, 3), (3, 1), 0) and a != TensorView((3, 2), (1, 3), 4)
    assert a != ((2, 3), (3, 1), 4)  # not a tuple
    assert repr(a) == "TensorView(shape=(2, 3), strides=(3, 1), offset=4)"
    assert TensorView((5,), (1,)).offset == 0


@pytest.mark.parametrize("field", ["shape", "strides", "offset", "other"])
def test_views_are_immutable(field):
    v = TensorView((2,), (1,), 0)
    with pytest.raises(FrozenInstanceError):
        setattr(v, field, 1)
    with pytest.raises(FrozenInstanceError):
        delattr(v, field)
    assert v == TensorView((2,), (1,), 0)


def test_views_pickle_and_copy():
    v = TensorView((2, 3), (1, 2), 7)
    for got in (pickle.loads(pickle.dumps(v)), copy.copy(v), copy.deepcopy(v)):
        assert type(got) is TensorView and got == v


@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 0, 3), (4, 1, 6), (2, 3, 4, 5)])
def test_contiguous_views_are_shared_and_right(shape):
    v = TensorView.contiguous(shape)
    assert v.strides == contiguous_strides(shape) and v.offset == 0 and v.is_contiguous
    assert TensorView.contiguous(list(shape)) is v  # one immutable view per shape
    moved = TensorView.contiguous(shape, 3)
    assert moved.offset == 3 and moved.strides == v.strides and moved is not TensorView.contiguous(shape, 3)


def test_contiguous_views_of_numpy_ints_are_not_shared(monkeypatch):
    monkeypatch.setattr(view_module, "_contiguous_views", {})
    odd = TensorView.contiguous((np.int64(3), np.int64(2)))
    assert odd.strides == (2, 1) and type(odd.shape[0]) is np.int64  # as given, as before
    plain = TensorView.contiguous((3, 2))
    assert plain is not odd and all(type(n) is int for n in plain.shape)


def test_contiguous_view_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(view_module, "_contiguous_views", {})
    monkeypatch.setattr(view_module, "_CONTIGUOUS_VIEWS", 8)
    for n in range(1, 30):
        assert TensorView.contiguous((n, 2)).strides == (2, 1)
        assert len(view_module._contiguous_views) <= 8


def test_operands_compare_hash_and_stay_immutable(device):
    x = allocate(device, (2, 3), np.dtype(np.float32))
    same = BufferOperand(x.storage, TensorView((2, 3), (3, 1), 0), np.dtype(np.float32))
    assert x == same and hash(x) == hash(same)
    assert x != allocate(device, (2, 3), np.dtype(np.float32))  # another storage
    assert x != x.with_view(TensorView((3, 2), (1, 3), 0))
    assert x.shape == (2, 3) and x.device is device
    assert x.broadcast_to((2, 3)) is x and x.broadcast_to((4, 2, 3)).view.strides == (0, 3, 1)
    with pytest.raises(FrozenInstanceError):
        x.view = same.view
    assert "BufferOperand(storage=" in repr(x)


def test_allocate_checks_the_dtype_first(device, monkeypatch):
    # an adapter without shader-f64 (this one's features, less it)
    monkeypatch.setattr(device, "features", device.features - {"shader-f64"})
    with pytest.raises(TypeError, match="shader-f64"):
        allocate(device, (3,), np.dtype(np.float64))


@pytest.mark.parametrize("nbytes", [1, 4, 15, 16, 17, 100, 4000, 4096, 12289, 1 << 20])
def test_remembered_sizes_are_the_size_classes(device, nbytes):
    pool = pool_for(device)
    for _ in range(2):  # made, then remembered
        storage = pool.allocate(nbytes)
        assert storage.nbytes == nbytes
        assert storage.capacity == max(min(size_class(nbytes), pool.segment_bytes), (nbytes + 15) // 16 * 16)
    assert pool.sizes[nbytes] == storage.capacity


def test_remembered_sizes_are_bounded(device, monkeypatch):
    pool = pool_for(device)
    monkeypatch.setattr(pool, "sizes", {})
    monkeypatch.setattr("wgarray._core.memory.MAX_SIZES", 4)
    for nbytes in range(100, 120):
        pool.allocate(nbytes)
        assert len(pool.sizes) <= 4
    assert MAX_SIZES > 4


def _words_source() -> str:
    return template("prelude").template + """
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x < pw(0u)) { out[gid.x] = pw(gid.x); }
}
"""


@pytest.mark.parametrize("words", [[3, 7, 9], [4, 2**32 - 1, -1, -2**31], [2, np.int64(-5)], [1]])
def test_parameter_words_pack_as_u32(device, words):
    out = allocate(device, (len(words),), np.dtype(np.uint32))
    launch_kernel(device, ("test_core_host_words",), _words_source, [out.storage], words, len(words))
    expected = np.array([int(w) & 0xFFFFFFFF for w in words], np.uint32)
    np.testing.assert_array_equal(np.asarray(Array._wrap(out)), expected)


@pytest.mark.parametrize("word", [2**32, -2**31 - 1, 2**70])
def test_parameter_words_past_32_bits_raise(device, word):
    out = allocate(device, (2,), np.dtype(np.uint32))
    with pytest.raises(OverflowError, match=f"kernel 'test_core_host_words': parameter {word} does not fit"):
        launch_kernel(device, ("test_core_host_words",), _words_source, [out.storage], [2, word], 2)


def test_parameter_words_must_be_integers(device):
    out = allocate(device, (2,), np.dtype(np.uint32))
    with pytest.raises(TypeError):
        launch_kernel(device, ("test_core_host_words",), _words_source, [out.storage], [2, 1.5], 2)


def test_remembered_sizes_follow_the_segment_size():
    """A byte count seen before a smaller segment size is set still spans several buffers after."""
    pool = pool_for(wg.get_device())
    nbytes = 3 * 4096 + 8
    assert pool.allocate(nbytes).segments is None
    saved = pool.segment_bytes
    pool.segment_bytes = 4096
    try:
        assert pool.allocate(nbytes).segments is not None
    finally:
        pool.segment_bytes = saved
    assert pool.allocate(nbytes).segments is None
