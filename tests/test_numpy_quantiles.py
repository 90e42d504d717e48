"""quantile, percentile, nanquantile and nanpercentile by each of NumPy's 13 methods, and with
weights (method 'inverted_cdf'), differential against NumPy: dtypes, axes, q as a scalar, a
Python float or an array, NaN slices, and NumPy's exceptions for bad weights."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wgarray

from conftest import host, wg

METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
           "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest")
QS = [0.0, 0.1, 0.5, 0.77, 1.0, [0.05, 0.5, 0.95], np.float32(0.3)]


def _data(dtype, shape=(4, 7), seed=0):
    return (np.random.default_rng(seed).standard_normal(shape) * 10).astype(dtype)


def _same(got, exp):
    got = host(got) if isinstance(got, wgarray.Array) else np.asarray(got)
    assert got.dtype == exp.dtype and got.shape == exp.shape, (got.dtype, exp.dtype, got.shape, exp.shape)
    np.testing.assert_allclose(got, exp, rtol=1e-6, atol=0, equal_nan=True)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8"])
def test_every_method(method, dtype):
    a = _data(dtype) if dtype != "uint8" else np.random.default_rng(1).integers(0, 200, (4, 7)).astype(np.uint8)
    for q in QS:
        for axis in (None, 0, 1, (0, 1)):
            _same(wgarray.quantile(wg(a), q, axis=axis, method=method), np.quantile(a, q, axis=axis, method=method))
    _same(wgarray.percentile(wg(a), [12.5, 90], axis=1, method=method, keepdims=True),
          np.percentile(a, [12.5, 90], axis=1, method=method, keepdims=True))


@pytest.mark.parametrize("method", METHODS)
def test_every_method_of_the_nan_variants(method):
    a = _data("float64", (5, 6))
    a[1, 2] = np.nan
    a[3, :] = np.nan  # a slice of NaNs only: NaN
    for q in (0.0, 0.3, 1.0, [0.2, 0.9]):
        for axis in (None, 1):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's all-NaN slice warning
                exp = np.nanquantile(a, q, axis=axis, method=method)
            _same(wgarray.nanquantile(wg(a), q, axis=axis, method=method), exp)
    _same(wgarray.nanpercentile(wg(a)[::2, ::-1], 40, axis=0, method=method),
          np.nanpercentile(a[::2, ::-1], 40, axis=0, method=method))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_weights(dtype):
    a = _data(dtype)
    weights = np.random.default_rng(2).integers(0, 4, a.shape).astype(float)
    weights[:, 0] += 1  # no row weighs nothing
    for q in (0.0, 0.25, 0.5, 0.999, 1.0, [0.1, 0.6], np.float32(0.4)):
        for axis in (None, 0, 1):
            exp = np.quantile(a, q, axis=axis, method="inverted_cdf", weights=weights)
            _same(wgarray.quantile(wg(a), q, axis=axis, method="inverted_cdf", weights=wg(weights)), exp)
    exp = np.percentile(a, [10, 50], axis=1, method="inverted_cdf", weights=weights[0], keepdims=True)
    _same(wgarray.percentile(wg(a), [10, 50], axis=1, method="inverted_cdf", weights=weights[0], keepdims=True), exp)


def test_weights_with_nans():
    a = _data("float64", (4, 6))
    a[0, 1] = np.nan
    weights = np.arange(1.0, 25.0).reshape(4, 6)
    for q in (0.0, 0.5, 1.0):
        _same(wgarray.quantile(wg(a), q, axis=1, method="inverted_cdf", weights=wg(weights)),
              np.quantile(a, q, axis=1, method="inverted_cdf", weights=weights))
        _same(wgarray.nanquantile(wg(a), q, axis=1, method="inverted_cdf", weights=wg(weights)),
              np.nanquantile(a, q, axis=1, method="inverted_cdf", weights=weights))


@pytest.mark.parametrize("call, error", [
    (lambda xp, a, w: xp.quantile(a, 0.5, weights=w), ValueError),  # weights need inverted_cdf
    (lambda xp, a, w: xp.quantile(a, 0.5, method="linear", weights=w), ValueError),
    (lambda xp, a, w: xp.quantile(a, 0.5, method="inverted_cdf", weights=w[0]), TypeError),
    (lambda xp, a, w: xp.quantile(a, 0.5, axis=1, method="inverted_cdf", weights=w[:, :2]), ValueError),
    (lambda xp, a, w: xp.quantile(a, 0.5, method="inverted_cdf", weights=-w), ValueError),
    (lambda xp, a, w: xp.quantile(a, 0.5, axis=1, method="inverted_cdf", weights=w * 0), ValueError),
    (lambda xp, a, w: xp.quantile(a, 0.5, method="no_such_method"), ValueError),
    (lambda xp, a, w: xp.quantile(a, 1.5, method="hazen"), ValueError),
])
def test_bad_input_raises_numpys_exceptions(call, error):
    a = _data("float64", (3, 4))
    w = np.ones((3, 4))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with pytest.raises(error):
            call(np, a, w)
    with pytest.raises(error):
        call(wgarray, wg(a), wg(w))
