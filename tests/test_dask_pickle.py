"""Pickling wgarray arrays (what Dask's distributed scheduler does to move chunks between processes)
and Dask's token of an array: no Dask needed here."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import wgarray
from wgarray._core.device import Device, choose_adapter, device_for_key, device_key

from conftest import ALL_DTYPES, assert_same, sample, special_values, wg


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_round_trip_every_dtype(dtype):
    host = special_values(dtype)
    x = wg(host)
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, wgarray.Array) and y.device is x.device
    assert_same(y, host)


@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (2, 3, 4)], ids=str)
def test_round_trip_shapes(shape):
    host = np.arange(int(np.prod(shape)), dtype=np.int16).reshape(shape)
    assert_same(pickle.loads(pickle.dumps(wg(host))), host)


@pytest.mark.parametrize("view", ["transpose", "step", "offset", "broadcast"])
def test_views_pickle_as_their_contents(view):
    host = sample(np.float32, 60, seed=1).reshape(6, 10)
    x = wg(host)
    pick = {"transpose": lambda a: a.T, "step": lambda a: a[::2, 1::3], "offset": lambda a: a[3:, 5:],
            "broadcast": lambda a: wgarray.broadcast_to(a[1], (4, 10))}[view]
    got = pickle.loads(pickle.dumps(pick(x)))
    assert_same(got, pick(host) if view != "broadcast" else np.broadcast_to(host[1], (4, 10)))
    assert got.strides == np.ascontiguousarray(pick(host) if view != "broadcast" else np.empty((4, 10), np.float32)).strides


def test_pickle_is_a_copy():
    x = wg(np.zeros(4, np.float64))
    y = pickle.loads(pickle.dumps(x))
    x[0] = 1.0
    assert_same(y, np.zeros(4, np.float64))


def test_unpickles_onto_the_same_device_in_this_process():
    second = Device(choose_adapter())
    x = wg(np.arange(5, dtype=np.int64)).to_device(second)
    y = pickle.loads(pickle.dumps(x))
    assert y.device is second
    assert_same(y, np.arange(5, dtype=np.int64))


def test_device_key_of_an_unknown_device_falls_back_to_the_default():
    default = wgarray.get_device()
    name, backend, _ = device_key(default)
    assert device_for_key((name, backend, 99)) is default  # no 100th device of that name here
    assert device_for_key(("no such GPU", backend, 0)) is default
    assert device_for_key(device_key(default)) is default


def test_dask_token_is_deterministic_and_reads_nothing(monkeypatch):
    x = wg(np.arange(12.0).reshape(3, 4))
    y = wg(np.arange(12.0).reshape(3, 4))
    monkeypatch.setattr(wgarray.Array, "_to_numpy", lambda self: pytest.fail("the token read the device"))
    token = x.__dask_tokenize__()
    assert token == x.__dask_tokenize__()
    assert token != y.__dask_tokenize__()  # same values, another buffer
    assert token != x.T.__dask_tokenize__() and token != x[1:].__dask_tokenize__()
    assert token != wgarray.asarray(x, dtype=np.float32).__dask_tokenize__()
    hash(token)


def test_ndarray_dumps_and_dump(tmp_path):
    a = wgarray.asarray(np.arange(6.0).reshape(2, 3)).T
    restored = pickle.loads(a.dumps())
    np.testing.assert_array_equal(np.asarray(restored), np.arange(6.0).reshape(2, 3).T)
    path = tmp_path / "a.pkl"
    a.dump(path)
    with open(path, "rb") as f:
        np.testing.assert_array_equal(np.asarray(pickle.load(f)), np.asarray(a))
    a.dump(str(path))
    np.testing.assert_array_equal(np.asarray(pickle.loads(path.read_bytes())), np.asarray(a))
