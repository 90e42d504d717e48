"""Advanced indexing on arrays larger than one storage binding: gathers, scatters, take,
take_along_axis and boolean masks, with the pool's segment size shrunk to 4 KiB so that small
arrays span several buffers (see test_segments.py)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from conftest import ALL_DTYPES, assert_same, sample
from test_segments import _split, small_segments  # noqa: F401  (the fixture)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_gather_from_an_array_of_segments(small_segments, dtype):
    host = sample(dtype, 61 * 173, seed=5).reshape(61, 173)
    x = _split(host)
    rng = np.random.default_rng(6)
    rows, cols = rng.integers(-61, 61, 500), rng.integers(0, 173, 500)
    assert_same(x[rows, cols], host[rows, cols])  # addresses in every segment
    assert_same(x[rows[:40]], host[rows[:40]])  # whole rows, an output of several buffers too
    assert_same(x[::-2, [3, -1, 7]], host[::-2, [3, -1, 7]])  # strided x and a slice
    assert_same(wg.take(x, wg.asarray(cols), axis=1), np.take(host, cols, axis=1))
    order = np.argsort(host[:, :50], axis=0, kind="stable")
    assert_same(wg.take_along_axis(x[:, :50], wg.asarray(order), axis=0), np.take_along_axis(host[:, :50], order, 0))


def test_gather_with_index_arrays_of_segments(small_segments):
    host = sample(np.dtype("float32"), 300, seed=7)
    index = np.random.default_rng(8).integers(-300, 300, (40, 90))  # int64: 28 KiB, seven buffers
    ix = _split(index)
    assert_same(wg.asarray(host)[ix], host[index])
    assert_same(wg.asarray(host)[ix.T[::3]], host[index.T[::3]])
    x = _split(np.arange(20000, dtype=np.int16))
    assert_same(x[ix + 300], np.arange(20000, dtype=np.int16)[index + 300])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_scatter_into_an_array_of_segments(small_segments, dtype):
    host = sample(dtype, 61 * 173, seed=9).reshape(61, 173)
    x = _split(host)
    expected = host.copy()
    rng = np.random.default_rng(10)
    flat = rng.choice(host.size, 700, replace=False)  # distinct: which of equal writes wins is unspecified
    rows, cols = np.unravel_index(flat, host.shape)
    values = sample(dtype, 700, seed=11)
    x[rows, cols] = wg.asarray(values)
    expected[rows, cols] = values
    assert_same(x, expected)
    x[[5, -2, 30], ::2] = values[0]  # a scalar into whole strided rows across buffers
    expected[[5, -2, 30], ::2] = values[0]
    assert_same(x, expected)


def test_scatter_with_values_and_masks_of_segments(small_segments):
    host = np.zeros((70, 90))
    x = _split(host.copy())
    values = sample(np.dtype("float64"), 70 * 90, seed=12).reshape(70, 90)
    x[np.arange(70)[::-1]] = _split(values)  # every operand in several buffers
    host[np.arange(70)[::-1]] = values
    assert_same(x, host)
    mask = values > 0
    x[_split(mask)] = -1.0
    host[mask] = -1.0
    assert_same(x, host)
    x[wg.asarray(mask)] = wg.asarray(values)[wg.asarray(mask)] * 2  # a mask selection on both sides
    with np.errstate(over="ignore"):
        host[mask] = values[mask] * 2
    assert_same(x, host)


@pytest.mark.parametrize("dtype", [np.dtype("bool"), np.dtype("int8"), np.dtype("float32"), np.dtype("complex128")],
                         ids=str)
def test_boolean_masks_and_nonzero_across_segments(small_segments, dtype):
    host = sample(dtype, 97 * 151, seed=13).reshape(97, 151)
    mask = np.random.default_rng(14).random(host.shape) < 0.6
    x, m = _split(host), _split(mask)
    assert_same(x[m], host[mask])
    assert_same(x[m[:, 0]], host[mask[:, 0]])
    for got, expected in zip(wg.nonzero(m), np.nonzero(mask)):
        assert_same(got, expected)
    assert_same(wg.count_nonzero(m), np.count_nonzero(mask))


@pytest.mark.slow
def test_indexing_past_the_real_binding_limit():
    from wgarray._core.memory import pool_for

    n = pool_for(wg.get_device()).segment_bytes // 4 + 4099  # int32: a segment and a piece
    x = wg.arange(n, dtype=wg.int32)
    assert x._storage.segments is not None
    picks = np.array([0, 5, n - 1, n // 2, n - 4098, -1])
    assert_same(x[picks], np.arange(n, dtype=np.int32)[picks])
    x[picks[:3]] = -7
    assert_same(x[picks], np.array([-7, -7, -7, n // 2, n - 4098, -7], np.int32))
    tail = x[x > n - 10]
    assert_same(tail, np.arange(n - 9, n - 1, dtype=np.int32))
    assert_same(wg.nonzero(x < 0)[0], np.array([0, 5, n - 1]))
    wg.add.at(x, picks[3:], 3)  # atomic
    wg.floor_divide.at(x, [n - 1, n - 1, 1], 2)  # sorted
    assert_same(x[picks], np.array([-7, -7, -1, n // 2 + 3, n - 4095, -1], np.int32))
    assert int(x[1]) == 0
    del x, tail
    wg.empty_cache()


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [np.dtype("float32"), np.dtype("int16"), np.dtype("float64")], ids=str)
def test_searchsorted_across_segments(small_segments, dtype, side):
    rng = np.random.default_rng(15)
    data = sample(dtype, 6000, seed=16)
    keys = np.concatenate([data[:300], sample(dtype, 2500, seed=17)])  # hits and misses, nan, -0.0
    ordered = np.sort(data)
    got = wg.searchsorted(_split(ordered), _split(keys), side=side)
    assert_same(got, np.searchsorted(ordered, keys, side=side))
    sorter = rng.permutation(data.size)
    by_sorter = data[sorter]
    order = np.argsort(by_sorter, kind="stable")
    got = wg.searchsorted(_split(by_sorter), wg.asarray(keys[:50]), side=side, sorter=_split(order))
    assert_same(got, np.searchsorted(by_sorter, keys[:50], side=side, sorter=order))
    assert_same(wg.searchsorted(_split(np.repeat(ordered, 2))[::2], wg.asarray(keys[:9]), side=side),  # strided
                np.searchsorted(ordered, keys[:9], side=side))


@pytest.mark.parametrize("dtype", [np.dtype("bool"), np.dtype("int16"), np.dtype("float32"), np.dtype("float64"),
                                   np.dtype("complex64")], ids=str)
def test_unique_across_segments(small_segments, dtype):
    host = sample(dtype, 5000, seed=18)
    host = np.concatenate([host, host[::3], host[:41]]).reshape(-1, 2)  # repeats, nan, -0.0 and 0.0
    x = _split(host)
    got = wg.unique_all(x)
    expected = np.unique(host, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
    for g, e in zip(got, expected):
        assert_same(g, e.reshape(host.shape) if e.size == host.size and g.ndim == 2 else e)
    values, counts = wg.unique(x, return_counts=True)  # NumPy's: NaNs merged
    expected_values, expected_counts = np.unique(host, return_counts=True)
    # without return_index NumPy sorts unstably, so the sign of a zero run's value is its choice
    assert values.dtype == expected_values.dtype
    np.testing.assert_array_equal(np.asarray(values), expected_values)
    assert_same(counts, expected_counts)


@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("dtype", [np.dtype("int8"), np.dtype("float64"), np.dtype("complex64")], ids=str)
def test_isin_across_segments(small_segments, dtype, invert):
    a = sample(dtype, 6000, seed=19)
    b = np.concatenate([a[::7], sample(dtype, 6000, seed=20)])
    assert_same(wg.isin(_split(a), _split(b), invert=invert), np.isin(a, b, invert=invert))
    assert_same(wg.isin(wg.asarray(a[:100]), _split(b), invert=invert), np.isin(a[:100], b, invert=invert))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_ufunc_at_into_an_array_of_segments(small_segments, dtype):
    host = (np.arange(61 * 173) % 23).astype(dtype).reshape(61, 173)
    x = _split(host)
    expected = host.copy()
    rng = np.random.default_rng(13)
    rows, cols = rng.integers(-61, 61, 900), rng.integers(0, 173, 900)  # repeated elements
    values = rng.integers(0, 5, 900).astype(dtype)  # small integers: sums exact in any order
    for name in ("add", "maximum", "subtract"):  # atomic, compare-exchange and sorted paths
        if name == "subtract" and dtype == np.bool_:
            continue
        getattr(wg, name).at(x, (wg.asarray(rows), cols), wg.asarray(values))
        getattr(np, name).at(expected, (rows, cols), values)
    wg.multiply.at(x, (slice(2, 50), slice(None, None, 7)), values[1])  # no index array: each item its own element
    np.multiply.at(expected, (slice(2, 50), slice(None, None, 7)), values[1])
    if dtype != np.bool_:  # a unary ufunc on a strided view
        wg.negative.at(x[::-3], [4, 4, 7])
        np.negative.at(expected[::-3], [4, 4, 7])
    assert_same(x, expected)


def test_ufunc_at_with_index_and_value_arrays_of_segments(small_segments):
    rng = np.random.default_rng(14)
    index = rng.integers(-300, 300, (40, 90))  # int64: 28 KiB, seven buffers
    values = rng.standard_normal((40, 90))  # float64 sums: exact only in NumPy's order
    whole = rng.standard_normal(300 * 7)
    for x, expected in ((wg.asarray(whole[:300]), whole[:300].copy()), (_split(whole)[::7], whole[::7].copy())):
        # float64 add keeps NumPy's order, within and across boxes of consecutive items
        wg.add.at(x, _split(index).T[::2], _split(values).T[::2])
        np.add.at(expected, index.T[::2], values.T[::2])
        wg.add.at(x, _split(np.zeros_like(index)), _split(values))  # one run of 3600 items over many boxes
        np.add.at(expected, np.zeros_like(index), values)
        assert_same(x, expected)


def test_ufunc_at_out_of_bounds_across_segments_writes_nothing(small_segments):
    host = np.arange(5000, dtype=np.float64)
    x = _split(host)
    index = np.arange(0, 10000, 3)  # past the end in a later box
    for name in ("add", "maximum"):
        with pytest.raises(IndexError):
            getattr(wg, name).at(x, wg.asarray(index), 1.0)
        assert_same(x, host)
    x32 = _split(host.astype(np.float32))
    with pytest.raises(IndexError):
        wg.add.at(x32, _split(index), 1.0)
    assert_same(x32, host.astype(np.float32))
