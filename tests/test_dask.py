"""Dask arrays of wgarray chunks under Dask's threaded scheduler (issue 16, part 4).

Each result is compared with the same Dask graph over NumPy chunks, or with NumPy itself, and
must come back as wgarray arrays: the chunks computed on the GPU.
"""

from __future__ import annotations

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

import wgarray  # noqa: E402
import wgarray.dask  # noqa: E402,F401  (registers)
from wgarray._core.device import Device, choose_adapter  # noqa: E402

from conftest import ALL_DTYPES, assert_same, sample, special_values  # noqa: E402

SHAPE, CHUNKS = (256, 256), (64, 64)  # a 4x4 grid of chunks


def threaded(x):
    return x.compute(scheduler="threads")


@pytest.fixture(scope="module")
def data():
    return np.random.default_rng(7).standard_normal(SHAPE)


@pytest.fixture(scope="module")
def pair(data):
    """(Dask array of wgarray chunks, Dask array of NumPy chunks) of the same data."""
    x = da.from_array(wgarray.asarray(data), chunks=CHUNKS, asarray=False)
    return x, da.from_array(data, chunks=CHUNKS)


def test_from_array_keeps_wgarray_chunks(pair):
    x, _ = pair
    assert isinstance(x._meta, wgarray.Array) and x.numblocks == (4, 4)
    assert all(isinstance(threaded(x.blocks[i, j]), wgarray.Array) for i in range(4) for j in range(4))


def test_acceptance_gram_column_sums(pair, data):
    x, _ = pair
    got = threaded((x @ x.T).sum(axis=0))
    assert isinstance(got, wgarray.Array)
    np.testing.assert_allclose(np.asarray(got), (data @ data.T).sum(axis=0), rtol=1e-11, atol=1e-9)


def test_acceptance_mean_std_normalisation(pair, data):
    x, _ = pair
    got = threaded((x - x.mean(axis=0)) / x.std(axis=0))
    assert isinstance(got, wgarray.Array)
    np.testing.assert_allclose(np.asarray(got), (data - data.mean(axis=0)) / data.std(axis=0), rtol=1e-11, atol=1e-12)


OPS = {
    "exp": lambda x: da.exp(x),
    "add_scalar": lambda x: x * 2 + 1,
    "where": lambda x: da.where(x > 0, x, -x),
    "sum": lambda x: x.sum(),
    "sum_axis1": lambda x: x.sum(axis=1),
    "prod_axis0": lambda x: (x[:8] / 2 + 1).prod(axis=0),
    "max_min": lambda x: x.max(axis=0) - x.min(axis=1),
    "argmax": lambda x: x.argmax(axis=0),
    "argmin_flat": lambda x: x.argmin(),
    "var": lambda x: x.var(axis=1, ddof=1),
    "any_all": lambda x: da.stack([(x > 3).any(axis=0), (x > -5).all(axis=0)]),
    "nanmean": lambda x: da.nanmean(da.where(x > 1, np.nan, x), axis=0),
    "nansum": lambda x: da.nansum(da.where(x > 1, np.nan, x)),
    "cumsum": lambda x: x.cumsum(axis=1),
    "matmul": lambda x: x @ x,
    "tensordot": lambda x: da.tensordot(x, x, axes=((0,), (0,))),
    "einsum": lambda x: da.einsum("ij,kj->ik", x, x),
    "concatenate": lambda x: da.concatenate([x, x[:64]], axis=0),
    "take": lambda x: x[[3, 100, 7, 255, 64]],
    "take_axis1": lambda x: x[:, np.array([250, 1, 128])],
    "slice_transpose": lambda x: x[10:200:3, ::-2].T,
    "reshape": lambda x: x.reshape(4, 64, 256),
    "rechunk": lambda x: x.rechunk((100, 50)),
    "map_blocks": lambda x: x.map_blocks(lambda b: b * b - 1),
    "blockwise": lambda x: da.blockwise(lambda a, b: a + b.T, "ij", x, "ij", x.T, "ij", dtype=x.dtype),
    "map_overlap": lambda x: x.map_overlap(lambda b: b + 0 * b.sum(), depth=1, boundary="reflect"),
    "mean_of_square_rows": lambda x: (x ** 2).mean(axis=1, keepdims=True),
}


@pytest.mark.parametrize("op", sorted(OPS))
def test_op_matches_numpy_chunks(pair, op):
    x, ref = pair
    got = threaded(OPS[op](x))
    exp = threaded(OPS[op](ref))
    assert isinstance(got, wgarray.Array), type(got)
    got = np.asarray(got)
    assert (got.dtype, got.shape) == (exp.dtype, exp.shape)
    np.testing.assert_allclose(got, exp, rtol=1e-11, atol=1e-9)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dtypes_and_special_values_move_exactly(dtype):
    values = special_values(dtype)
    host = np.resize(values, (max(len(values), 16), 6))
    x = da.from_array(wgarray.asarray(host), chunks=(5, 4), asarray=False)
    assert_same(threaded(x.rechunk((7, 6))), host)  # concatenations of slices, bit for bit
    assert_same(threaded(x[[len(host) - 1, 0, 3]]), host[[len(host) - 1, 0, 3]])
    assert_same(threaded(x.T[1:, ::-2]), host.T[1:, ::-2])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dtypes_sum(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind in "fc":  # finite values of one scale: sums in another order agree to rounding
        host = (np.random.default_rng(2).standard_normal((40, 6, 2)) @ [1, 1j if dtype.kind == "c" else 0]).astype(dtype)
    else:  # integers wrap the same in any order
        host = sample(dtype, 40 * 6, seed=2).reshape(40, 6)
    x = da.from_array(wgarray.asarray(host), chunks=(16, 4), asarray=False)
    exp = da.from_array(host, chunks=(16, 4)).sum(axis=0).compute(scheduler="threads")
    got = threaded(x.sum(axis=0))
    if dtype.kind in "fc":
        assert np.asarray(got).dtype == exp.dtype
        np.testing.assert_allclose(np.asarray(got), exp, rtol=1e-5 if dtype.char in "fF" else 1e-12)
    else:
        assert_same(got, exp)


def test_empty_and_zero_dim():
    host = np.zeros((0, 5), np.float32)
    x = da.from_array(wgarray.asarray(host), chunks=(2, 2), asarray=False)
    assert_same(threaded(x.sum(axis=0)), host.sum(axis=0))
    scalar = threaded(da.from_array(wgarray.asarray(np.arange(10.0)), chunks=3, asarray=False).sum())
    assert isinstance(scalar, wgarray.Array) and scalar.shape == ()
    assert_same(scalar, np.float64(45.0))


def test_percentile_matches_dask_over_numpy(pair):
    x, ref = pair
    got = threaded(da.percentile(x[:, 5], [5, 50, 99]))
    exp = threaded(da.percentile(ref[:, 5], [5, 50, 99]))
    np.testing.assert_allclose(np.asarray(got), exp, rtol=1e-12)


def test_mixed_operands_use_the_chunk_type(pair, data):
    x, _ = pair
    w = wgarray.asarray(data[0])
    got = threaded(x + w)  # a wgarray array as an operand of a Dask array: a registered chunk type
    assert isinstance(got, wgarray.Array)
    np.testing.assert_allclose(np.asarray(got), data + data[0], rtol=1e-15)


def test_sizeof_and_to_numpy_dispatch(data):
    from dask.array.dispatch import to_numpy_dispatch
    from dask.sizeof import sizeof

    w = wgarray.asarray(data[:3])
    assert sizeof(w) == w.nbytes == 3 * 256 * 8
    host = to_numpy_dispatch(w)
    assert type(host) is np.ndarray and np.array_equal(host, data[:3])


def test_to_backend_both_ways(data):
    ref = da.from_array(data, chunks=CHUNKS)
    on_gpu = ref.to_backend("wgarray")
    assert isinstance(on_gpu._meta, wgarray.Array) and isinstance(threaded(on_gpu.blocks[1, 2]), wgarray.Array)
    back = on_gpu.to_backend("numpy")
    got = threaded(back)
    assert type(got) is np.ndarray and np.array_equal(got, data)


@pytest.fixture
def wgarray_backend():
    with dask.config.set({"array.backend": "wgarray"}):
        yield


@pytest.mark.parametrize("make, expected", [
    (lambda: da.ones((10, 7), chunks=4, dtype=np.int32), np.ones((10, 7), np.int32)),
    (lambda: da.zeros((5, 3), chunks=2), np.zeros((5, 3))),
    (lambda: da.full((6,), -2.5, chunks=4, dtype=np.float32), np.full((6,), -2.5, np.float32)),
    (lambda: da.arange(3, 30, 4, chunks=3), np.arange(3, 30, 4)),
    (lambda: da.empty((4, 4), chunks=2).shape, (4, 4)),
])
def test_backend_creation(wgarray_backend, make, expected):
    made = make()
    if isinstance(made, tuple):
        assert made == expected
        return
    assert isinstance(made._meta, wgarray.Array)
    got = threaded(made)
    assert_same(got, expected)


def test_backend_random(wgarray_backend):
    from wgarray.dask._random import Philox

    legacy = da.random.random((100, 30), chunks=(25, 10))
    assert isinstance(legacy._meta, wgarray.Array)
    values = np.asarray(threaded(legacy))
    assert values.shape == (100, 30) and ((values >= 0) & (values < 1)).all() and values.std() > 0.2
    rng = da.random.default_rng(42)
    assert isinstance(rng._bit_generator, Philox)
    normal = rng.standard_normal((200, 50), chunks=(50, 50))
    first, again = np.asarray(threaded(normal)), np.asarray(threaded(normal))
    assert np.array_equal(first, again)  # the graph's seeds are fixed: a recompute draws the same numbers
    assert abs(first.mean()) < 0.05 and abs(first.std() - 1) < 0.05
    blocks = [np.asarray(threaded(normal.blocks[i, 0])) for i in range(4)]
    assert len({b.tobytes() for b in blocks}) == 4  # every chunk its own stream
    ints = threaded(da.random.default_rng(1).integers(0, 10, size=(40,), chunks=10))
    assert isinstance(ints, wgarray.Array) and 0 <= int(ints.min()) and int(ints.max()) < 10


@pytest.fixture(scope="module")
def two_devices():
    """The default device and a second device on the same adapter: round-robin placement needs
    several devices, and this machine may have one GPU (or none)."""
    return wgarray.get_device(), Device(choose_adapter())


def test_local_devices_start_with_the_default():
    found = wgarray.dask.local_devices()
    assert found[0] is wgarray.get_device() and wgarray.dask.local_devices() == found


def test_local_devices_on_a_machine_of_several_gpus(monkeypatch):
    """The GPUs of the default device's backend, from wgarray.all_devices() (which lists
    identical GPUs each): not the GL adapter, not a CPU adapter."""
    from types import SimpleNamespace

    from wgarray.dask import _placement

    def device(name, backend, cpu=False):
        return SimpleNamespace(name=name, backend=backend, is_cpu=cpu, lost=None)

    default = device("gpu0", "Vulkan")
    others = [device("gl", "OpenGL"), device("cpu", "Vulkan", cpu=True), device("gpu0", "Vulkan"),
              device("gpu1", "Vulkan")]
    monkeypatch.setattr(_placement, "_devices", ())
    monkeypatch.setattr(_placement, "get_device", lambda: default)
    monkeypatch.setattr(_placement, "all_devices", lambda: (default, *others))
    found = _placement.local_devices()
    assert found[0] is default and found[1:] == (others[2], others[3])
    assert _placement.local_devices() is found  # made once


def test_round_robin_placement(data, two_devices):
    devices = two_devices  # chunk (i, j) is chunk 4i + j
    x = wgarray.dask.from_array(data, chunks=CHUNKS, devices=devices)
    for i in range(4):
        for j in range(4):
            block = threaded(x.blocks[i, j])
            assert block.device is devices[(4 * i + j) % 2]
            assert np.array_equal(np.asarray(block), data[64 * i:64 * (i + 1), 64 * j:64 * (j + 1)])
    # Reductions and chunk-local work combine chunks through concatenate, which gathers them.
    col = threaded(x.sum(axis=0))
    np.testing.assert_allclose(np.asarray(col), data.sum(axis=0), rtol=1e-12, atol=1e-12)
    normalised = threaded((x - x.mean(axis=0)) / x.std(axis=0))
    np.testing.assert_allclose(np.asarray(normalised), (data - data.mean(axis=0)) / data.std(axis=0), rtol=1e-11,
                               atol=1e-12)
    # Chunks of two devices meeting elementwise are refused; gathered onto one device they work.
    with pytest.raises(ValueError, match="different devices"):
        threaded(x + x.T)
    gathered = wgarray.dask.to_device(x, devices[1])
    assert all(threaded(gathered.blocks[i, i]).device is devices[1] for i in range(4))
    gram = threaded((gathered @ gathered.T).sum(axis=0))
    assert gram.device is devices[1]
    np.testing.assert_allclose(np.asarray(gram), (data @ data.T).sum(axis=0), rtol=1e-11, atol=1e-9)


def test_round_robin_from_a_wgarray_array(data, two_devices):
    devices = two_devices
    x = wgarray.dask.from_array(wgarray.asarray(data[:100, :10]), chunks=(25, 10), devices=devices)
    assert [threaded(x.blocks[i, 0]).device for i in range(4)] == [devices[0], devices[1]] * 2
    assert np.array_equal(np.asarray(threaded(x)), data[:100, :10])


def test_to_device_uploads_numpy_chunks(data, two_devices):
    second = two_devices[1]
    x = wgarray.dask.to_device(da.from_array(data[:8], chunks=4), second)
    assert isinstance(x._meta, wgarray.Array)
    got = threaded(x)
    assert isinstance(got, wgarray.Array) and got.device is second and np.array_equal(np.asarray(got), data[:8])


def test_round_robin_bad_devices():
    with pytest.raises(ValueError, match="wgarray device"):
        wgarray.dask.to_device(da.ones(3), "cpu")
    with pytest.raises(ValueError, match="wgarray devices"):
        wgarray.dask.from_array(np.ones(4), chunks=2, devices=[])
    with pytest.raises(ValueError, match="wgarray devices"):
        wgarray.dask.from_array(np.ones(4), chunks=2, devices=["cpu"])


@pytest.mark.parametrize("call", [
    lambda np_, a: np_.transpose(a, axes=(1, 0, 2)),  # Dask's chunk transpose
    lambda np_, a: np_.transpose(a=a, axes=(2, 0, 1)),
    lambda np_, a: np_.transpose(a),
])
def test_numpy_transpose_keywords_on_wgarray(call):
    # NumPy's `a` is wgarray's positional-or-keyword `x` here: __array_function__ maps it by position.
    host = np.arange(24, dtype=np.int8).reshape(2, 3, 4)
    got = call(np, wgarray.asarray(host))
    assert isinstance(got, wgarray.Array)
    assert_same(got, call(np, host))
