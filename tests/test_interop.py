"""NumPy's functions and ufuncs applied to wgarray arrays run on the GPU (NEP 13 and NEP 18)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same


@pytest.fixture
def pair():
    a = np.arange(12, dtype=np.float32).reshape(3, 4) - 4.5
    return wg.asarray(a), a


def test_numpy_ufuncs_return_wgarray_arrays(pair):
    x, a = pair
    for result, expected in ((np.add(x, 1), a + 1), (np.multiply(2, x), 2 * a), (np.sqrt(np.abs(x)), np.sqrt(np.abs(a))),
                             (np.maximum(x, a[0]), np.maximum(a, a[0])), (np.add.reduce(x, axis=1), np.add.reduce(a, axis=1)),
                             (np.subtract.accumulate(x, axis=0), np.subtract.accumulate(a, axis=0)),
                             (np.multiply.outer(x[0], x[1]), np.multiply.outer(a[0], a[1]))):
        assert isinstance(result, wg.ndarray)
        assert_same(result, expected)


def test_numpy_ufunc_out_must_be_a_wgarray_array(pair):
    x, a = pair
    out = wg.empty((3, 4), dtype=wg.float32)
    assert np.add(x, 1, out=out) is out or isinstance(np.add(x, 1, out=out), wg.ndarray)
    assert_same(out, a + 1)
    with pytest.raises(TypeError, match="out="):
        np.add(x, 1, out=np.empty((3, 4), np.float32))


def test_numpy_functions_dispatch_by_parameter_name(pair):
    x, a = pair
    y = wg.asarray(a * 2)
    assert_same(np.concatenate([x, y]), np.concatenate([a, a * 2]))
    assert_same(np.concatenate((x, y), 1), np.concatenate((a, a * 2), 1))
    assert_same(np.sum(x, 0), np.sum(a, 0))
    assert_same(np.max(x, axis=1, keepdims=True), np.max(a, axis=1, keepdims=True))
    assert_same(np.where(x > 0, x, 0.0), np.where(a > 0, a, np.float32(0.0)))
    assert_same(np.reshape(x, (4, 3)), np.reshape(a, (4, 3)))
    assert isinstance(np.mean(x), wg.ndarray)
    assert float(np.mean(x)) == pytest.approx(float(np.mean(a)))


def test_missing_functions_raise_a_clear_type_error(pair):
    x, _ = pair
    with pytest.raises(TypeError, match="wgarray does not implement numpy.*busday_count"):
        np.busday_count(x, x)


def test_numpy_submodule_functions_dispatch_to_ours():
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    got = np.linalg.det(wg.asarray(a))  # numpy.linalg.det -> wgarray.linalg.det
    assert isinstance(got, wg.ndarray)
    assert float(got) == pytest.approx(5.0)


def test_host_conversion_and_isinstance(pair):
    x, a = pair
    np.testing.assert_array_equal(np.asarray(x), a)
    assert isinstance(x, wg.ndarray)
    assert not isinstance(x, np.ndarray)
