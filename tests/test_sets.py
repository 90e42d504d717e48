"""unique_* and isin against NumPy: every dtype, NaN (each distinct), -0.0, shapes, scalars."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, assert_same, host, special_values, wg


def data(dtype, shape, seed: int = 0) -> np.ndarray:
    """Values with many repeats, plus the dtype's specials (nan, -0.0, inf, extremes)."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    special = special_values(dtype)
    few = special[rng.integers(0, min(len(special), 6), n)]  # heavy repeats
    picks = special[rng.integers(0, len(special), n)]
    return np.where(rng.random(n) < 0.6, few, picks).astype(dtype).reshape(shape)


def check_unique(x: np.ndarray, a=None):
    a = wg(x) if a is None else a
    exp = np.unique_all(x)  # stable: NaNs each distinct, in order of appearance
    got = wgarray.unique_all(a)
    assert type(got).__name__ == "UniqueAllResult"
    for field in ("values", "indices", "inverse_indices", "counts"):
        assert_same(getattr(got, field), getattr(exp, field))
    counts = wgarray.unique_counts(a)
    assert_same(counts.values, exp.values)
    assert_same(counts.counts, exp.counts)
    inverse = wgarray.unique_inverse(a)
    assert_same(inverse.values, exp.values)
    assert_same(inverse.inverse_indices, exp.inverse_indices)
    assert_same(wgarray.unique_values(a), exp.values)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_unique_every_dtype(dtype):
    check_unique(data(dtype, (3, 37), seed=dtype.num))


def test_unique_nan_and_zeros():
    x = np.array([np.nan, 1.0, -0.0, np.nan, 0.0, 1.0, -np.nan, -0.0, np.inf], dtype=np.float64)
    check_unique(x)
    got = wgarray.unique_counts(wg(x))
    assert host(got.counts).tolist() == [3, 2, 1, 1, 1, 1]  # one zero; three distinct NaNs
    assert np.signbit(host(got.values)[0])  # the first zero seen is -0.0
    z = np.array([complex(np.nan, 0), 1 + 2j, complex(0, np.nan), 1 + 2j, complex(-0.0, 0)], dtype=np.complex64)
    check_unique(z)


@pytest.mark.parametrize("shape", [(), (1,), (0,), (3, 0), (4, 5, 6)])
def test_unique_shapes(shape):
    check_unique(data("int32", shape, seed=2))
    check_unique(data("float32", shape, seed=3))


def test_unique_views_and_large():
    x = data("int16", (60, 40), seed=4)
    a = wg(x)
    check_unique(x[::-3, 1::2], a=a[::-3, 1::2])
    check_unique(x.T, a=a.T)
    rng = np.random.default_rng(5)
    big = rng.integers(-1000, 1000, 1 << 17).astype(np.int64)
    check_unique(big)


def test_unique_bad_input():
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.unique_values("12")
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.unique_all(None)
    assert_same(wgarray.unique_values([2, 1, 2]), np.unique_values([2, 1, 2]))  # lists are uploaded
    assert_same(wgarray.unique_all(np.arange(3)).counts, np.ones(3, np.int64))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_isin_every_dtype(dtype):
    x1 = data(dtype, (4, 9), seed=dtype.num)
    x2 = data(dtype, (7,), seed=dtype.num + 1)
    for invert in (False, True):
        assert_same(wgarray.isin(wg(x1), wg(x2), invert=invert), np.isin(x1, x2, invert=invert))


def test_isin_mixed_and_specials():
    x1 = np.array([[1, 2, 200], [-5, 7, 0]], dtype=np.int16)
    x2 = np.array([0, 200, 7, 7, 12], dtype=np.uint8)
    assert_same(wgarray.isin(wg(x1), wg(x2)), np.isin(x1, x2))
    f = np.array([np.nan, 0.0, -0.0, 1.5, np.inf], dtype=np.float32)
    g = np.array([np.nan, -0.0, np.inf], dtype=np.float64)
    assert_same(wgarray.isin(wg(f), wg(g)), np.isin(f, g))  # NaN is never in anything
    a = wg(np.arange(20, dtype=np.int32))
    assert_same(wgarray.isin(a[::3], a[5:9]), np.isin(np.arange(20)[::3], np.arange(5, 9)))


def test_isin_scalars_and_empty():
    x = np.array([3, 1, 4, 1, 5], dtype=np.int64)
    assert_same(wgarray.isin(wg(x), 1), np.isin(x, 1))
    got = wgarray.isin(4, wg(x), invert=True)
    assert got.shape == () and got.dtype == np.bool_ and not bool(got)
    assert_same(wgarray.isin(wg(x), wg(np.array([], dtype=np.int64))), np.zeros(5, bool))
    assert_same(wgarray.isin(wg(x), wg(np.array([], dtype=np.int64)), invert=True), np.ones(5, bool))
    assert_same(wgarray.isin(wg(np.zeros((0, 3), np.int8)), wg(x)), np.zeros((0, 3), bool))
    assert_same(wgarray.isin(wg(np.int8(5)), wg(x)), np.array(True))


def test_isin_bad_input():
    with pytest.raises(TypeError, match="at least one array"):
        wgarray.isin(1, 2)
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.isin(wg(np.arange(3)), "x")


@pytest.mark.parametrize("equal_nan", [True, False])
def test_numpy_unique(equal_nan):
    x = np.array([[np.nan, 2.0, -0.0], [np.nan, 0.0, 2.0]], dtype=np.float32)
    z = np.array([complex(np.nan, 1), 1, complex(1, np.nan), complex(np.nan, 2), 1], dtype=np.complex128)
    for arr in (x, z, np.array([3, 1, 1, 7], dtype=np.uint16)):
        got = wgarray.unique(wg(arr), True, True, True, equal_nan=equal_nan)
        exp = np.unique(arr, True, True, True, equal_nan=equal_nan)
        for g, e in zip(got, exp):
            assert_same(g, e)
        if arr is not z:  # without return_index, NumPy may keep another of the merged complex NaNs
            plain, expected = wgarray.unique(wg(arr), equal_nan=equal_nan), np.unique(arr, equal_nan=equal_nan)
            if arr is x:  # ... and another of the equal zeros -0.0, 0.0 (2.4 the first, 2.5 0.0): signs cleared
                plain, expected = plain + 0.0, expected + np.float32(0)  # -0.0 + 0.0 is 0.0
            assert_same(plain, expected)
    assert len(wgarray.unique(wg(x), return_counts=True)) == 2
    assert_same(wgarray.unique(wg(x), axis=0), np.unique(x, axis=0))  # more in test_numpy_unique_axis.py
