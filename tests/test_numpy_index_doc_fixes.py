"""Differential tests of two bugs found while documenting indices.py: union1d and setdiff1d keep one
NaN (NumPy's unique merges them), and bincount refuses complex weights as NumPy does."""

import numpy as np
import pytest

import wgarray
from conftest import assert_same, wg


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("name", ["union1d", "setdiff1d"])
def test_set_functions_merge_nans(name, dtype):
    a = np.array([np.nan, 1.0, np.nan, -0.0, 3.0], dtype=dtype)
    b = np.array([np.nan, 2.0, 0.0], dtype=dtype)[::-1]
    for x, y in ((a, b), (b, a), (a, a[:0]), (a[:0], b)):
        assert_same(getattr(wgarray, name)(wg(x), wg(y)), getattr(np, name)(x, y))


@pytest.mark.parametrize("dtype", ["int16", "uint8", "bool"])
def test_set_functions_of_integers_are_unchanged(dtype):
    a, b = np.array([3, 1, 1, 0], dtype=dtype), np.array([1, 2], dtype=dtype)
    assert_same(wgarray.union1d(wg(a), wg(b)), np.union1d(a, b))
    assert_same(wgarray.setdiff1d(wg(a), wg(b)), np.setdiff1d(a, b))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_bincount_refuses_complex_weights(dtype):
    x, weights = np.array([0, 1, 1]), np.array([1j, 2, 3], dtype=dtype)
    with pytest.raises(TypeError):
        np.bincount(x, weights=weights)
    with pytest.raises(TypeError, match="complex"):
        wgarray.bincount(wg(x), weights=wg(weights))
