"""Dask arrays of wgarray chunks on a dask.distributed LocalCluster of two worker processes.

Each worker creates its own wgpu device; chunks travel between processes pickled (host bytes
plus dtype, shape and device) and unpickle onto the receiving worker's device.
"""

from __future__ import annotations

import importlib
import os

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import wgarray  # noqa: E402
import wgarray.dask  # noqa: E402,F401  (registers)

pytestmark = pytest.mark.slow


def _register_on_worker():
    # An installed wgarray registers through its entry points; a source checkout registers here.
    importlib.import_module("wgarray.dask")
    return os.getpid()


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  worker_dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        pids = client.run(_register_on_worker)
        assert len(set(pids.values())) == 2
        yield client


@pytest.fixture(scope="module")
def data():
    return np.random.default_rng(3).standard_normal((256, 256))


def test_acceptance_on_two_processes(client, data):
    x = da.from_array(wgarray.asarray(data), chunks=(64, 64), asarray=False)  # a 4x4 grid
    gram, normalised = client.compute([(x @ x.T).sum(axis=0), (x - x.mean(axis=0)) / x.std(axis=0)], sync=True)
    assert isinstance(gram, wgarray.Array) and isinstance(normalised, wgarray.Array)
    np.testing.assert_allclose(np.asarray(gram), (data @ data.T).sum(axis=0), rtol=1e-11, atol=1e-9)
    np.testing.assert_allclose(np.asarray(normalised), (data - data.mean(axis=0)) / data.std(axis=0), rtol=1e-11,
                               atol=1e-12)


def _chunk_facts(block):
    return np.array([[os.getpid(), isinstance(block, wgarray.Array) and block.device is wgarray.get_device()]])


def test_chunks_are_wgarray_arrays_on_the_workers_devices(client, data):
    x = da.from_array(data, chunks=(64, 256)).map_blocks(wgarray.asarray, meta=wgarray.empty((0, 0)))
    doubled = (x * 2).persist()
    facts = doubled.map_blocks(_chunk_facts, chunks=(1, 2), dtype=np.int64, meta=np.empty((0, 0), np.int64))
    facts = client.compute(facts, sync=True)
    assert facts[:, 1].all()  # wgarray chunks on their worker's own (default) device
    assert set(facts[:, 0]) <= set(client.run(os.getpid).values()) and os.getpid() not in facts[:, 0]
    got = client.compute(doubled.sum(axis=1), sync=True)
    np.testing.assert_allclose(np.asarray(got), (data * 2).sum(axis=1), rtol=1e-12)


def test_round_trip_through_a_worker(client):
    host = np.arange(24, dtype=np.int16).reshape(4, 6)
    future = client.scatter(wgarray.asarray(host)[:, ::2])  # a view travels as its contents
    back = client.submit(lambda a: a + 1, future).result()
    assert isinstance(back, wgarray.Array) and back.device is wgarray.get_device()
    assert np.array_equal(np.asarray(back), host[:, ::2] + 1)
