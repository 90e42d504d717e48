"""Arrays larger than one storage binding: storages of several buffers, worked on in pieces.

Most tests shrink the pool's segment size to 4 KiB, so that small arrays span several buffers
and every cut (between rows, inside a row, in a packed word's neighbourhood) is exercised
quickly; the slow test allocates past lavapipe's real 128 MiB binding.
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from conftest import ALL_DTYPES, assert_same, sample
from wgarray._core.memory import pool_for

SEGMENT = 4096


@pytest.fixture
def small_segments():
    pool = pool_for(wg.get_device())
    saved = pool.segment_bytes
    pool.segment_bytes = SEGMENT
    yield
    pool.segment_bytes = saved


def _split(host: np.ndarray):
    x = wg.asarray(host)
    assert x._storage.segments is not None and len(x._storage.segments) >= 2
    return x


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_round_trip_and_elementwise_across_segments(small_segments, dtype):
    host = sample(dtype, 37 * 301, seed=1).reshape(37, 301)
    x = _split(host)
    assert_same(x, host)
    assert_same(x[3:29:2, ::-3], host[3:29:2, ::-3])  # a download of a strided view
    if dtype.kind == "b":
        assert_same(wg.logical_xor(x, x.T.T[::-1]), np.logical_xor(host, host[::-1]))
    else:
        assert_same(x + x[::-1], host + host[::-1])
        assert_same(wg.negative(x.T) if dtype.kind != "u" else x.T * 3, -host.T if dtype.kind != "u" else host.T * 3)
    assert_same(wg.equal(x, x[:, ::-1]), host == host[:, ::-1])  # a packed output in boxes
    if dtype.kind not in "fc":
        assert_same(x.astype(wg.int8), host.astype(np.int8))


def test_broadcast_and_mixed_sizes(small_segments):
    a = sample(np.dtype("float64"), 41 * 53, seed=2).reshape(41, 53)
    b = sample(np.dtype("float32"), 53, seed=3)
    assert_same(wg.asarray(a) * wg.asarray(b), a * b)
    c = sample(np.dtype("int16"), 41 * 53, seed=4).reshape(41, 53)
    assert_same(wg.asarray(c) + wg.asarray(a), c + a)  # int16 (packed) and float64 segments cut apart


def test_assignment_into_a_storage_of_segments(small_segments):
    host = np.zeros((3000, 7))
    z = wg.zeros((3000, 7), dtype=wg.float64)
    assert z._storage.segments is not None
    z[5:2000:3] = 2.5
    host[5:2000:3] = 2.5
    z[::-1, 2] = wg.asarray(np.arange(3000.0))
    host[::-1, 2] = np.arange(3000)
    assert_same(z, host)
    flags = wg.zeros(30001, dtype=wg.bool)
    flags[1::7] = True
    expected = np.zeros(30001, bool)
    expected[1::7] = True
    assert_same(flags, expected)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "bool", "complex64"])
def test_reductions_across_segments(small_segments, dtype, axis):
    rng = np.random.default_rng(5)
    values = rng.standard_normal((2, 57, 211))
    host = {"bool": values[0] > 0.5, "int8": (values[0] * 40).astype(np.int8),
            "complex64": (values[0] + 1j * values[1]).astype(np.complex64)}.get(dtype, values[0].astype(dtype))
    x = _split(host)
    for view, h in ((x, host), (x.T, host.T), (x[::2, ::-1], host[::2, ::-1])):
        if dtype == "bool":
            assert_same(wg.any(view, axis=axis), np.any(h, axis=axis))
            assert_same(wg.all(view, axis=axis), np.all(h, axis=axis))
            assert_same(wg.count_nonzero(view, axis=axis), np.count_nonzero(h, axis=axis))
            continue
        assert_summed(wg.sum(view, axis=axis), np.sum(h, axis=axis), h)
        if dtype != "complex64":
            assert_same(wg.max(view, axis=axis), np.max(h, axis=axis))
            assert_same(wg.min(view, axis=axis), np.min(h, axis=axis))
        if dtype.startswith("float"):
            assert_summed(wg.mean(view, axis=axis), np.mean(h, axis=axis), h)
            assert_summed(wg.var(view, axis=axis), np.var(h, axis=axis), h)


def assert_summed(got, exp, inputs):
    """Equal up to the rounding of a sum in another order (exact for integers)."""
    got = np.asarray(got)
    assert got.dtype == exp.dtype and got.shape == np.shape(exp)
    if got.dtype.kind in "fc":
        tolerance = 8 * inputs.size * np.finfo(got.dtype).eps * float(np.max(np.abs(inputs)))
        np.testing.assert_allclose(got, exp, rtol=0, atol=tolerance)
    else:
        np.testing.assert_array_equal(got, exp)


@pytest.mark.slow
def test_arrays_past_the_real_binding_limit():
    device = wg.get_device()
    pool = pool_for(device)
    n = pool.segment_bytes // 4 * 2 + 12345  # float32: two segments and a piece
    x = wg.ones(n, dtype=wg.float32)
    assert x._storage.segments is not None
    y = x * 2 + wg.arange(3, dtype=wg.float32)[1:2]  # 3.0 everywhere
    assert float(wg.sum(y, dtype=wg.float64)) == 3.0 * n
    assert float(wg.max(y)) == 3.0 and float(wg.min(y[::-1])) == 3.0
    y[n // 2 - 2: n // 2 + 3] = -1.0
    assert_same(y[n // 2 - 4: n // 2 + 5], np.array([3, 3, -1, -1, -1, -1, -1, 3, 3], np.float32))
    assert float(wg.sum(y, dtype=wg.float64)) == 3.0 * (n - 5) - 5
    del x, y
    wg.empty_cache()


@pytest.mark.parametrize("include_initial", [False, True])
@pytest.mark.parametrize("dtype", ["float64", "int8", "bool", "int32"])
def test_cumulative_sums_across_segments(small_segments, dtype, include_initial):
    rng = np.random.default_rng(7)
    values = rng.standard_normal((61, 97))
    host = {"bool": values > 0.3, "int8": (values * 30).astype(np.int8)}.get(dtype, (values * 10).astype(dtype))
    x = _split(host)
    for view, h in ((x, host), (x.T, host.T), (x[::-2, 3:], host[::-2, 3:])):
        for axis in (0, 1):
            expected = np.cumulative_sum(h, axis=axis, include_initial=include_initial)
            assert_summed(wg.cumulative_sum(view, axis=axis, include_initial=include_initial), expected, h)
    flat = wg.reshape(x, (-1,))  # one row of many segments: scanned in pieces with carries
    assert_summed(wg.cumulative_sum(flat, include_initial=include_initial),
                  np.cumulative_sum(host.reshape(-1), include_initial=include_initial), host)
    if dtype == "float64":
        assert_same(wg.maximum.accumulate(flat), np.maximum.accumulate(host.reshape(-1)))
        small = wg.asarray(host[:7, :5] / 10)
        assert_summed(wg.cumulative_prod(small, axis=0), np.cumulative_prod(host[:7, :5] / 10, axis=0), host[:7, :5])


def test_creation_from_the_index_across_segments(small_segments):
    assert_same(wg.arange(5000, dtype=wg.float64), np.arange(5000, dtype=np.float64))
    assert_same(wg.arange(3, 20000, 7, dtype=wg.int32), np.arange(3, 20000, 7, dtype=np.int32))
    assert_same(wg.linspace(-1.0, 2.0, 3001), np.linspace(-1.0, 2.0, 3001))
    assert_same(wg.eye(70, 90, k=3, dtype=wg.float32), np.eye(70, 90, k=3, dtype=np.float32))
    host = np.arange(80 * 60, dtype=np.float64).reshape(80, 60)
    assert_same(wg.tril(_split(host), k=-2), np.tril(host, k=-2))
    assert_same(wg.triu(_split(host).T, k=5), np.triu(host.T, k=5))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "bool", "complex64"])
def test_matmul_across_segments(small_segments, dtype):
    rng = np.random.default_rng(11)

    def make(*shape):
        values = rng.standard_normal((2, *shape))
        return {"bool": values[0] > 0.5, "int8": (values[0] * 5).astype(np.int8),
                "complex64": (values[0] + 1j * values[1]).astype(np.complex64)}.get(dtype, values[0].astype(dtype))

    a, b = make(37, 53), make(53, 41)
    assert_product(wg.asarray(a) @ wg.asarray(b), a, b)
    assert_product(wg.asarray(b).T @ wg.asarray(a).T, b.T, a.T)
    long_rows, long_cols = make(3, 3000), make(3000, 2)  # rows of A longer than a segment: K in pieces
    assert_product(wg.asarray(long_rows) @ wg.asarray(long_cols), long_rows, long_cols)
    batch_a, batch_b = make(4, 9, 30), make(30, 17)
    assert_product(wg.asarray(batch_a) @ wg.asarray(batch_b), batch_a, batch_b)
    column, row = make(200, 1), make(1, 300)  # small inputs, an output of several segments
    assert_product(wg.asarray(column) @ wg.asarray(row), column, row)


def assert_product(got, a, b):
    """got equals a @ b up to the rounding of its sums in another order (exact for integers)."""
    expected = a @ b
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if got.dtype.kind in "fc":
        terms = a.shape[-1]
        tolerance = 4 * terms * np.finfo(got.dtype).eps * float(np.abs(a).max() * np.abs(b).max())
        np.testing.assert_allclose(got, expected, rtol=0, atol=tolerance)
    else:
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "int64", "bool", "complex64"])
def test_sort_across_segments(small_segments, dtype, descending):
    rng = np.random.default_rng(13)
    values = rng.standard_normal((2, 5000))
    host = {"bool": values[0] > 0.2, "int8": (values[0] * 3).astype(np.int8),  # many repeats
            "complex64": (np.round(values[0], 1) + 1j * values[1]).astype(np.complex64)}.get(
        dtype, np.round(values[0] * 4).astype(dtype))
    if dtype.startswith("float"):
        host[::97] = np.nan
        host[5::89] = -0.0
    x = _split(host)
    if descending:  # stable descending: NaN first, equal elements in their order
        ordered = host[np.argsort(-host.astype(np.float64) if dtype == "bool" else -host, kind="stable")]
        nan = np.isnan(ordered) if dtype != "bool" else np.zeros(ordered.shape, bool)
        expected = np.concatenate([ordered[nan], ordered[~nan]])
    else:
        expected = np.sort(host, kind="stable")
    assert_same(wg.sort(x, descending=descending), expected)
    order = np.argsort(host, kind="stable") if not descending else None
    if descending:  # the same order as `expected`, by position
        order = np.argsort(-host.astype(np.float64) if dtype == "bool" else -host, kind="stable")
        nan = np.isnan(host[order]) if dtype != "bool" else np.zeros(order.shape, bool)
        order = np.concatenate([order[nan], order[~nan]])
    assert_same(wg.argsort(x, descending=descending), order)
    rows = host[:4800].reshape(48, 100)  # rows that each fit: sorted in boxes of rows
    assert_same(wg.sort(_split(rows), axis=1), np.sort(rows, axis=1, kind="stable"))
    assert_same(wg.sort(_split(rows), axis=0), np.sort(rows, axis=0, kind="stable"))
    assert_same(wg.argsort(_split(rows), axis=1), np.argsort(rows, axis=1, kind="stable"))


def test_sort_of_one_repeated_value_across_segments(small_segments):
    host = np.full(9000, 7, np.int32)
    host[4000] = 3
    assert_same(wg.sort(_split(host)), np.sort(host))


def test_sort_of_a_bucket_still_too_long_sorts_it_in_turn(small_segments, monkeypatch):
    from wgarray._engines import sort_pieces

    chosen = sort_pieces._splitters
    monkeypatch.setattr(sort_pieces, "_splitters", lambda pieces_, buckets: chosen(pieces_, 2))  # 1 splitter
    host = np.random.default_rng(17).standard_normal(6000)
    host[::50] = np.nan
    assert_same(wg.sort(_split(host)), np.sort(host))
    assert_same(wg.sort(_split(host), descending=True)[120:], np.sort(host)[::-1][120:].copy())  # after the NaNs
    assert_same(wg.argsort(_split(host)), np.argsort(host, kind="stable"))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "bool", "uint16"])
def test_argmax_and_argmin_across_segments(small_segments, dtype):
    rng = np.random.default_rng(19)
    values = rng.standard_normal((60, 120))
    host = {"bool": values > 2.5, "int8": (values * 10).astype(np.int8),
            "uint16": (np.abs(values) * 50).astype(np.uint16)}.get(dtype, np.round(values, 1).astype(dtype))
    if dtype.startswith("float"):
        host[37, 11] = np.nan  # the first NaN wins, as in NumPy
        host[45, 3] = np.nan
    x = _split(host)
    for view, h in ((x, host), (x.T, host.T), (x[::-1, 5:], host[::-1, 5:])):
        for axis in (None, 0, 1):
            assert_same(wg.argmax(view, axis=axis), np.argmax(h, axis=axis))
            assert_same(wg.argmin(view, axis=axis), np.argmin(h, axis=axis))
