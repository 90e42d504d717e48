"""unique with axis= (distinct sub-arrays, lexicographic order, every NaN distinct) differential
against NumPy, and the types that stay NumPy's raising a TypeError that names NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray

from conftest import host, wg

_RNG = np.random.default_rng(0)
CASES = {
    "int rows": _RNG.integers(0, 3, (12, 2)),
    "int8 3-D": _RNG.integers(0, 2, (3, 5, 4)).astype(np.int8),
    "nan rows": np.array([[np.nan], [np.nan], [1.0]]),
    "no columns": np.zeros((3, 0)),
    "no rows": np.zeros((0, 2)),
    "signed zeros": np.array([[0.0], [-0.0]]),
    "complex": _RNG.integers(0, 2, (6, 3)) + 1j * _RNG.integers(0, 2, (6, 3)),
    "bool": _RNG.integers(0, 2, (5, 4)).astype(bool),
}


@pytest.mark.parametrize("name", CASES)
def test_unique_along_every_axis(name):
    a = CASES[name]
    for axis in (*range(a.ndim), -1):
        expected = np.unique(a, axis=axis, return_index=True, return_inverse=True, return_counts=True)
        got = wgarray.unique(wg(a), axis=axis, return_index=True, return_inverse=True, return_counts=True)
        for e, g in zip(expected, got):
            g = host(g)
            assert g.dtype == e.dtype and g.shape == e.shape
            np.testing.assert_array_equal(g, e)
    np.testing.assert_array_equal(host(wgarray.unique(wg(a)[::-1], axis=0)), np.unique(a[::-1], axis=0))


def test_unique_axis_out_of_range():
    with pytest.raises(np.exceptions.AxisError):
        wgarray.unique(wg(np.zeros((2, 2))), axis=2)


@pytest.mark.parametrize("make, named", [
    (lambda: np.array(["a", "b"]), "strings"), (lambda: np.array([1, None], dtype=object), "objects"),
    (lambda: np.array(["2020-01-01"], dtype="datetime64[D]"), "datetimes"),
    (lambda: np.array([1], dtype="timedelta64[s]"), "timedeltas"),
    (lambda: np.zeros(2, dtype=[("a", "i4"), ("b", "f8")]), "structured"),
    (lambda: np.ma.masked_array([1, 2], mask=[0, 1]), "masked arrays"), (lambda: np.matrix([[1, 2]]), "numpy.matrix"),
])
def test_numpys_own_types_raise_a_type_error_naming_numpy(make, named):
    with pytest.raises(TypeError, match=f"(?s){named}.*(NumPy|numpy)"):
        wgarray.asarray(make())
