"""Regression tests of fixed mismatches with NumPy: fmax/fmin of signed zeros, clip keeping -0.0,
clip of small unsigned integers by Python ints beyond their range, float32 logaddexp2 near its
roots, and exact float32 sums of subnormal values."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same, wg as upload

FLOATS = ["float32", "float64"]


# -- fmax / fmin: NumPy's own loops disagree on signed zeros (its scalar loop returns the first
# operand, its x86 SIMD loop the second, and maximum/minimum also differ by loop); wgarray orders
# -0.0 below 0.0 (IEEE 754-2019's maximumNumber), so the result never depends on operand order.
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["fmax", "fmin"])
def test_fmax_fmin_order_negative_zero_below_zero(name, dtype):
    a = np.array([-0.0, 0.0, -0.0, 0.0, 1.0, -1.0, np.nan, 2.0, np.nan], dtype=dtype)
    b = np.array([0.0, -0.0, -0.0, 0.0, -0.0, 0.0, -0.0, np.nan, np.nan], dtype=dtype)
    zero = np.array(0.0 if name == "fmax" else -0.0, dtype=dtype)
    expected = getattr(np, name)(a, b)  # NumPy where no two zeros of different signs meet
    expected[:2] = zero
    assert_same(getattr(wg, name)(upload(a), upload(b)), expected)
    assert_same(getattr(wg, name)(upload(b), upload(a)), expected)
    assert_same(getattr(wg, name)(upload(a[::2]), upload(b[::2])), expected[::2])


def test_fmax_of_negative_and_positive_zero_is_positive_zero():
    assert_same(wg.fmax(upload(np.array(-0.0)), 0.0), np.array(0.0))
    assert_same(wg.fmin(upload(np.array(0.0)), -0.0), np.array(-0.0))
    assert_same(wg.fmax.reduce(upload(np.array([-0.0, 0.0, -0.0]))), np.array(0.0))
    assert_same(wg.fmin.reduce(upload(np.array([0.0, -0.0, 0.0], dtype=np.float32))), np.array(-0.0, np.float32))


# -- clip --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("x, low, high", [(-0.0, 0, 2), (0.0, -0.0, 2), (0.0, -2, -0.0), (-0.0, -0.0, 0.0),
                                          (np.nan, 0, 1), (1.0, np.nan, 2), (1.0, 0, np.nan), (-3.0, -1, 1),
                                          (3.0, -1, 1), (5e-324, 0, 1)], ids=str)
def test_clip_keeps_x_unless_a_bound_lies_beyond(x, low, high, dtype):
    host = np.full(5, x, dtype=dtype)
    assert_same(wg.clip(upload(host), low, high), np.clip(host, low, high))
    assert_same(wg.clip(upload(host[0]), low, high), np.clip(host[0], low, high))


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "int8", "int16", "uint32", "int64", "uint64"])
@pytest.mark.parametrize("low, high", [(-1, 5), (-1, None), (None, 10**20), (3, 10**20), (-10**20, 10**20)],
                         ids=str)
def test_clip_drops_python_int_bounds_beyond_the_dtype(low, high, dtype):
    host = np.array([0, 5, 100, 127], dtype=dtype)
    expected = np.clip(host, low, high)
    assert_same(wg.clip(upload(host), low, high), expected)
    assert_same(wg.clip(upload(host)[::2], low, high), expected[::2])


@pytest.mark.parametrize("low, high", [(300, 400), (None, -1), (-5, -1)], ids=str)
def test_clip_python_int_bounds_on_the_wrong_side_overflow(low, high):
    host = np.array([0, 5, 200], dtype=np.uint8)
    with pytest.raises(OverflowError):
        np.clip(host, low, high)
    with pytest.raises(OverflowError, match="out of bounds for uint8"):
        wg.clip(upload(host), low, high)


def test_clip_of_integers_by_float_bounds_is_float_as_numpy():
    host = np.array([0, 5, 200], dtype=np.uint8)
    assert_same(wg.clip(upload(host), -1.5, 7), np.clip(host, -1.5, 7))


# -- logaddexp2 --------------------------------------------------------------------------------------
def test_float32_logaddexp2_near_its_roots_within_half_an_ulp():
    mpmath = pytest.importorskip("mpmath")
    mpmath.mp.prec = 120
    rng = np.random.default_rng(5)
    x = rng.uniform(-6, -0.01, 300)
    a = x.astype(np.float32)
    b = np.log2(-np.expm1(a.astype(np.float64) * np.log(2))).astype(np.float32)  # 2^a + 2^b close to 1
    got = wg.logaddexp2(upload(a), upload(b))
    exact = np.array([float(mpmath.log(mpmath.mpf(2) ** float(p) + mpmath.mpf(2) ** float(q), 2))
                      for p, q in zip(a, b)])
    assert np.abs(exact).min() < 1e-9  # the cancelling cases are there
    assert_same(got, exact.astype(np.float32), ulps=1)


def test_logaddexp2_away_from_roots_matches_numpy():
    rng = np.random.default_rng(6)
    for dtype in FLOATS:
        a, b = (rng.uniform(-200, 200, 2000).astype(dtype) for _ in range(2))
        specials = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1.0], dtype=dtype)
        a, b = np.concatenate([a, np.repeat(specials, 6)]), np.concatenate([b, np.tile(specials, 6)])
        with np.errstate(invalid="ignore"):  # logaddexp2(inf, -inf)
            expected = np.logaddexp2(a.astype(np.float64), b).astype(dtype)
        assert_same(wg.logaddexp2(upload(a), upload(b)), expected, ulps=1)


# -- float32 sums of subnormals: exact while every partial sum stays subnormal (where the device keeps
# subnormals; NVIDIA's folds flush them: docs/limitations.md) --------------------------------------------
@pytest.mark.parametrize("n", [2, 7, 258, 4097, 70000])
def test_float32_sums_of_subnormals_are_exact(n):
    rng = np.random.default_rng(n)
    host = (rng.choice([-1, 1], n) * rng.integers(0, 2**23 // n, n) * 2.0**-149).astype(np.float32)
    exact = np.array(np.sum(host.astype(np.float64)), dtype=np.float32)  # every partial sum is exact
    assert_same(wg.sum(upload(host)), exact)
    assert_same(wg.add.reduce(upload(host)), exact)
    assert_same(wg.cumulative_sum(upload(host))[-1], exact)
    assert_same(wg.sum(upload(host.reshape(-1, 1)), axis=0), exact.reshape(1))


def test_float32_sum_reported_as_flushed():
    host = np.array([-5e-39, -2.8e-39], dtype=np.float32)  # NumPy: -7.8e-39 (the smallest normal is 1.18e-38)
    assert_same(wg.sum(upload(host)), np.sum(host))
