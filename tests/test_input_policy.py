"""One input policy (wgarray/_api/coerce.py) and NumPy's exception types for bad input."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.exceptions import AxisError

import wgarray
from conftest import assert_same, wg

VALUES = [3.0, -1.5, 2.0, 0.0]

# name -> what NumPy computes for the same input (numpy's own function unless noted)
ONE_ARRAY = {
    "abs": np.abs, "exp": np.exp, "negative": np.negative, "isnan": np.isnan, "sqrt": np.sqrt, "sign": np.sign,
    "sum": np.sum, "prod": np.prod, "max": np.max, "min": np.min, "mean": np.mean, "var": np.var, "std": np.std,
    "all": np.all, "any": np.any, "argmax": np.argmax, "argmin": np.argmin, "count_nonzero": np.count_nonzero,
    "sort": np.sort, "argsort": lambda x: np.argsort(x, kind="stable"), "unique_values": np.unique_values,
    "cumulative_sum": np.cumulative_sum, "cumulative_prod": np.cumulative_prod, "flip": np.flip,
    "diff": np.diff, "ravel": np.ravel, "atleast_2d": np.atleast_2d, "nonzero": np.nonzero,
    "zeros_like": np.zeros_like, "ones_like": np.ones_like, "matrix_transpose": lambda x: np.matrix_transpose(x),
    "tril": np.tril, "triu": np.triu,
}
TWO_ARRAYS = {"add": np.add, "multiply": np.multiply, "atan2": np.atan2, "maximum": np.maximum,
              "less": np.less, "matmul": np.matmul, "vecdot": np.vecdot, "isin": np.isin,
              "searchsorted": lambda a, b: np.searchsorted(np.sort(a), b)}
MATRIX_ONLY = {"tril", "triu", "matrix_transpose", "matmul"}


def _inputs(values):
    """The same data as a list, a NumPy array and a wgarray array."""
    return {"list": list(values), "numpy": np.asarray(values), "wgarray": wg(np.asarray(values))}


def _compare(got, exp):
    if isinstance(exp, tuple):
        assert len(got) == len(exp)
        for g, e in zip(got, exp):
            assert_same(g, e)
    else:
        assert_same(got, np.asarray(exp))


@pytest.mark.parametrize("name", sorted(ONE_ARRAY))
@pytest.mark.parametrize("kind", ["list", "numpy", "wgarray"])
def test_every_function_takes_lists_numpy_and_wgarray(name, kind):
    values = [VALUES, VALUES[::-1]] if name in MATRIX_ONLY else VALUES
    data = _inputs(values)[kind]
    _compare(getattr(wgarray, name)(data), ONE_ARRAY[name](np.asarray(values)))


@pytest.mark.parametrize("name", sorted(TWO_ARRAYS))
@pytest.mark.parametrize("kind", ["list", "numpy", "wgarray"])
def test_binary_functions_take_lists_numpy_and_wgarray(name, kind):
    a, b = VALUES, [1.0, 2.0, -3.0, 0.5]
    if name == "matmul":
        a, b = [VALUES, VALUES], [[1.0], [2.0], [-3.0], [0.5]]
    got = getattr(wgarray, name)(_inputs(a)[kind], _inputs(b)[kind])
    _compare(got, TWO_ARRAYS[name](np.asarray(a), np.asarray(b)))


@pytest.mark.parametrize("name", ["abs", "exp", "negative", "isnan", "sum", "max", "any", "count_nonzero"])
def test_python_scalars_are_arrays_too(name):
    _compare(getattr(wgarray, name)(2.5), ONE_ARRAY[name](np.asarray(2.5)))


@pytest.mark.parametrize("bad", ["abc", None, object()])
@pytest.mark.parametrize("name", ["sum", "sort", "exp", "unique_values", "flip", "astype"])
def test_non_arrays_are_type_errors(name, bad):
    args = (bad, wgarray.float32) if name == "astype" else (bad,)
    with pytest.raises(TypeError, match="expects an array"):
        getattr(wgarray, name)(*args)


@pytest.mark.parametrize("call", [
    lambda x: wgarray.sum(x, axis=2), lambda x: wgarray.max(x, axis=-3), lambda x: wgarray.any(x, axis=5),
    lambda x: wgarray.argmax(x, axis=2), lambda x: wgarray.argsort(x, axis=2), lambda x: wgarray.sort(x, axis=2),
    lambda x: wgarray.cumulative_sum(x, axis=2), lambda x: wgarray.take(x, [0], axis=2),
    lambda x: wgarray.std(x, axis=(0, 2)), lambda x: wgarray.concat([x, x], axis=2),
    lambda x: wgarray.stack([x, x], axis=4), lambda x: wgarray.flip(x, axis=2),
    lambda x: wgarray.roll(x, 1, axis=2), lambda x: wgarray.moveaxis(x, 2, 0),
    lambda x: wgarray.expand_dims(x, axis=4), lambda x: wgarray.squeeze(x, axis=3),
])
def test_bad_axes_are_axis_errors(call):
    with pytest.raises(AxisError):
        call(wg(np.ones((2, 3), np.float32)))
    assert issubclass(AxisError, IndexError) and issubclass(AxisError, ValueError)


def test_sort_of_a_scalar_is_an_axis_error():
    with pytest.raises(AxisError):
        wgarray.sort(wg(np.float32(5)))


def test_assigning_into_a_zero_size_target_checks_the_shape():
    x = wg(np.zeros(4, np.float32))
    with pytest.raises(ValueError, match="broadcast"):
        x[:0] = wgarray.ones(3, dtype=wgarray.float32)
    x[:0] = wgarray.ones(1, dtype=wgarray.float32)  # broadcasts: allowed, as in NumPy
    x[:0] = 7.0
    assert_same(x, np.zeros(4, np.float32))


def test_basic_index_assignment_takes_lists_and_numpy_arrays():
    x = wg(np.zeros(5, np.int32))
    x[:2] = [7, 8]
    x[2:4] = np.array([9, 10])
    x[4:] = (11,)
    assert_same(x, np.array([7, 8, 9, 10, 11], np.int32))
    m = wg(np.zeros((2, 3)))
    m[0] = [1.0, 2.0, 3.0]
    m[:, 1] = np.array([5.0, 6.0])
    assert_same(m, np.array([[1.0, 5.0, 3.0], [0.0, 6.0, 0.0]]))


def test_setitem_of_a_string_is_a_value_error():
    x = wg(np.zeros(3))
    with pytest.raises(ValueError, match="string"):
        x[0] = "a"


def test_take_along_axis_shape_mismatch_is_an_index_error():
    with pytest.raises(IndexError, match="shape mismatch"):
        wgarray.take_along_axis(wg(np.ones((2, 3))), wg(np.zeros((3, 3), np.int64)), axis=1)


def test_more_than_64_dimensions_raise_at_creation():
    with pytest.raises(ValueError, match="64"):
        wgarray.empty((1,) * 65)
    x = wgarray.empty((1,) * 64)
    with pytest.raises(ValueError, match="64"):
        wgarray.expand_dims(x, axis=0)
    with pytest.raises(ValueError, match="64"):
        wgarray.reshape(wgarray.ones(1), (1,) * 65)


def test_python_floats_beyond_float32_round_to_inf():
    """As NumPy: a Python float outside float32's range rounds to +-inf, in every use."""
    h = np.array([1.0, -2.0, np.inf], np.float32)
    x = wg(h)
    with np.errstate(over="ignore"):
        assert_same(x < 1e39, h < np.float32(1e39))
        assert_same(x > -1e39, h > np.float32(-1e39))
        assert_same(x * 1e300, h * np.float32(np.inf))
        assert_same(wgarray.clip(x, 0, 1e300), np.clip(h, 0, np.float32(np.inf)))
        assert_same(wgarray.full(3, -1e300, dtype=wgarray.float32), np.full(3, -np.inf, np.float32))
        assert_same(wgarray.full(2, 1e300 + 1e300j, dtype=wgarray.complex64), np.full(2, complex(np.inf, np.inf), np.complex64))
    x[0] = 1e300
    x[wg(np.array([1]))] = -1e300
    assert_same(x, np.array([np.inf, -np.inf, np.inf], np.float32))
