"""Searching functions vs NumPy: argmax, argmin, count_nonzero, nonzero, searchsorted."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, FLOAT_DTYPES, assert_same, special_values, wg

REAL_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "c")


def small_ints(dtype, shape, seed=0, low=-4, high=5):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    values = rng.integers(0 if dtype.kind == "u" else low, high, shape)
    if dtype.kind == "c":
        return (values + 1j * rng.integers(low, high, shape)).astype(dtype)
    return values.astype(dtype)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_argmax_argmin_every_dtype(dtype):
    x = small_ints(dtype, (4, 5, 6), seed=1)  # few distinct values: ties everywhere, first wins
    a = wg(x)
    v = wgarray.permute_dims(a[:, ::-2], (2, 0, 1))
    xv = x[:, ::-2].transpose(2, 0, 1)
    for arr, host_arr, axis, keepdims in ((a, x, None, False), (a, x, 1, False), (a, x, -1, True),
                                          (v, xv, None, True), (v, xv, 0, False), (v, xv, 2, False)):
        assert_same(wgarray.argmax(arr, axis=axis, keepdims=keepdims), np.argmax(host_arr, axis=axis, keepdims=keepdims))
        assert_same(wgarray.argmin(arr, axis=axis, keepdims=keepdims), np.argmin(host_arr, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES + (np.dtype(np.complex64),), ids=str)
def test_arg_nan_first_wins(dtype):
    x = np.ones((3, 500), dtype=dtype)
    x[0, 10] = x[0, 400] = np.nan
    x[1, 7] = np.inf
    x[1, 8] = -np.inf
    x[2, 499] = np.nan
    if x.dtype.kind == "c":
        x[1, 9] = complex(1, np.nan)
    for f in ("argmax", "argmin"):
        for axis in (None, 1, 0):
            assert_same(getattr(wgarray, f)(wg(x), axis=axis), getattr(np, f)(x, axis=axis))


def test_arg_special_values_and_zero_d():
    for dtype in (np.int8, np.uint64, np.int64, np.float32):
        x = special_values(dtype)
        assert_same(wgarray.argmax(wg(x)), np.argmax(x))
        assert_same(wgarray.argmin(wg(x)), np.argmin(x))
    assert_same(wgarray.argmax(wg(np.array(3.0))), np.argmax(np.array(3.0)))
    assert_same(wgarray.argmin(wg(np.array(3.0)), keepdims=True), np.argmin(np.array(3.0), keepdims=True))


def test_arg_large_multi_pass():
    rng = np.random.default_rng(2)
    x = rng.integers(0, 1000, 3_000_001).astype(np.int32)
    x[[2_000_000, 2_500_000, 2_999_999]] = 5000
    x[[17, 1_999_999]] = -5
    a = wg(x)
    assert_same(wgarray.argmax(a), np.argmax(x))
    assert_same(wgarray.argmin(a[1:]), np.argmin(x[1:]))
    y = x[:3_000_000].reshape(1000, 3000).astype(np.float32)
    y[500, 100] = np.nan
    b = wg(y)
    for axis in (0, 1):
        assert_same(wgarray.argmax(b, axis=axis), np.argmax(y, axis=axis))
        assert_same(wgarray.argmin(b[:, ::-3], axis=axis), np.argmin(y[:, ::-3], axis=axis))


def test_arg_errors():
    with pytest.raises(ValueError, match="argmax of an empty sequence"):
        wgarray.argmax(wg(np.zeros((2, 0))), axis=1)
    with pytest.raises(ValueError, match="argmin of an empty sequence"):
        wgarray.argmin(wg(np.zeros(0)))
    assert_same(wgarray.argmax(wg(np.zeros((0, 3))), axis=1), np.argmax(np.zeros((0, 3)), axis=1))
    with pytest.raises(IndexError):
        wgarray.argmax(wg(np.zeros((2, 3))), axis=2)
    with pytest.raises(TypeError):
        wgarray.argmax(wg(np.zeros((2, 3))), axis=(0, 1))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_count_nonzero(dtype):
    x = np.resize(special_values(dtype), (3, 4, 5))  # includes -0.0 (zero) and nan (nonzero)
    x[1, 2] = 0
    a = wg(x)
    for axis, keepdims in ((None, False), (1, True), ((0, 2), False), ((), False)):
        assert_same(wgarray.count_nonzero(a, axis=axis, keepdims=keepdims),
                    np.asarray(np.count_nonzero(x, axis=axis, keepdims=keepdims), dtype=np.int64))
    assert_same(wgarray.count_nonzero(a[:, ::-1].mT, axis=0), np.count_nonzero(x[:, ::-1].swapaxes(1, 2), axis=0))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_nonzero(dtype):
    x = np.resize(special_values(dtype), (3, 4, 5))
    x[1] = 0
    for arr, host_arr in ((wg(x), x), (wg(x)[::-1, 1:, ::2], x[::-1, 1:, ::2]), (wg(x[0, 0]), x[0, 0])):
        got = wgarray.nonzero(arr)
        exp = np.nonzero(host_arr)
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_same(g, e)


def test_nonzero_edge_cases():
    for x in (np.zeros((3, 4)), np.zeros((2, 0, 3)), np.ones(1, dtype=bool), np.array([np.nan, -0.0, 0.0])):
        got, exp = wgarray.nonzero(wg(x)), np.nonzero(x)
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_same(g, e)
    with pytest.raises(ValueError, match="0-d"):
        wgarray.nonzero(wg(np.array(1)))


def test_nonzero_large():
    x = np.random.default_rng(3).random(1_500_007) < 0.3
    got = wgarray.nonzero(wg(x))
    assert_same(got[0], np.nonzero(x)[0])
    y = x[:1_500_000].reshape(1000, 1500)
    for g, e in zip(wgarray.nonzero(wg(y).T), np.nonzero(y.T)):
        assert_same(g, e)


@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=str)
def test_searchsorted_every_dtype(dtype):
    x1 = np.sort(small_ints(dtype, 40, seed=4, low=-20, high=20))
    x2 = small_ints(dtype, (3, 7), seed=5, low=-25, high=25)
    for side in ("left", "right"):
        assert_same(wgarray.searchsorted(wg(x1), wg(x2), side=side), np.searchsorted(x1, x2, side=side))


def test_searchsorted_sorter_views_and_scalars():
    rng = np.random.default_rng(6)
    x1 = rng.integers(-50, 50, 101).astype(np.float32)
    sorter = np.argsort(x1, kind="stable")
    x2 = rng.integers(-60, 60, 30).astype(np.float32)
    for side in ("left", "right"):
        assert_same(wgarray.searchsorted(wg(x1), wg(x2), side=side, sorter=wg(sorter)),
                    np.searchsorted(x1, x2, side=side, sorter=sorter))
        assert_same(wgarray.searchsorted(wg(x1), wg(x2), side=side, sorter=wg(sorter.astype(np.int16))),
                    np.searchsorted(x1, x2, side=side, sorter=sorter))
    s = np.sort(x1)
    assert_same(wgarray.searchsorted(wg(s[::-1])[::-1], wg(x2)[::2]), np.searchsorted(s, x2[::2]))
    assert_same(wgarray.searchsorted(wg(s), 3), np.searchsorted(s, 3))
    assert_same(wgarray.searchsorted(wg(s), 2.5, side="right"), np.searchsorted(s, 2.5, side="right"))
    ints = np.arange(10, dtype=np.int16)
    assert_same(wgarray.searchsorted(wg(ints), wg(np.array([2.5, -1.0, 11.0]))),
                np.searchsorted(ints, np.array([2.5, -1.0, 11.0])))
    assert_same(wgarray.searchsorted(wg(ints), wg(np.zeros((2, 0), dtype=np.int16))),
                np.searchsorted(ints, np.zeros((2, 0), dtype=np.int16)))


def test_searchsorted_nan_sorts_last():
    x1 = np.array([-np.inf, -1.0, 0.0, 2.0, np.inf, np.nan, np.nan])
    x2 = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 5.0])
    for side in ("left", "right"):
        assert_same(wgarray.searchsorted(wg(x1), wg(x2), side=side), np.searchsorted(x1, x2, side=side))


def test_searchsorted_errors():
    with pytest.raises(ValueError, match="one-dimensional"):
        wgarray.searchsorted(wg(np.zeros((2, 2))), wg(np.zeros(2)))
    with pytest.raises(ValueError, match="side"):
        wgarray.searchsorted(wg(np.zeros(2)), wg(np.zeros(2)), side="middle")
    with pytest.raises(TypeError, match="integer"):
        wgarray.searchsorted(wg(np.zeros(2)), wg(np.zeros(2)), sorter=wg(np.zeros(2)))
    with pytest.raises(ValueError, match="sorter"):
        wgarray.searchsorted(wg(np.zeros(2)), wg(np.zeros(2)), sorter=wg(np.zeros(3, dtype=np.int64)))
    with pytest.raises(TypeError):
        wgarray.searchsorted(object(), wg(np.zeros(2)))
