"""linalg.norm (NumPy's) and linalg.matrix_norm (the standard's) against NumPy: every ord,
axis, keepdims, dtypes, views, empty and special values, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wgarray as xp
from conftest import host, wg

rng = np.random.default_rng(7)
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def random(shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def check(got, expected, dtype):
    got = host(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=50 * np.finfo(np.dtype(dtype)).eps)


VECTOR_ORDS = [None, 2, 1, 0, 3, -1, -2, 0.5, math.inf, -math.inf]
MATRIX_ORDS = [None, "fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", VECTOR_ORDS)
def test_vector_norms(dtype, ord):
    a = random((3, 5), dtype)
    for axis in (0, 1, -1):
        for keepdims in (False, True):
            check(xp.linalg.norm(wg(a), ord, axis, keepdims), np.linalg.norm(a, ord, axis, keepdims), dtype)
    v = a[1]
    check(xp.linalg.norm(wg(v), ord), np.linalg.norm(v, ord), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", MATRIX_ORDS)
def test_matrix_norms(dtype, ord):
    a = random((2, 4, 3), dtype)
    for axis in ((1, 2), (2, 1), (0, 2), (-1, -3)):
        for keepdims in (False, True):
            check(xp.linalg.norm(wg(a), ord, axis, keepdims), np.linalg.norm(a, ord, axis, keepdims), dtype)
    check(xp.linalg.norm(wg(a[0]), ord), np.linalg.norm(a[0], ord), dtype)
    standard = "fro" if ord is None else ord
    for keepdims in (False, True):
        check(xp.linalg.matrix_norm(wg(a), ord=standard, keepdims=keepdims),
              np.linalg.matrix_norm(a, ord=standard, keepdims=keepdims), dtype)


def test_norm_defaults_views_and_integers():
    a = random((3, 4, 5), np.float64)
    for kwargs in ({}, {"keepdims": True}, {"axis": None, "ord": None}):
        check(xp.linalg.norm(wg(a), **kwargs), np.linalg.norm(a, **kwargs), np.float64)
    view = wg(a)[:, ::2, ::-1].mT
    check(xp.linalg.norm(view, 2, axis=(-2, -1)), np.linalg.norm(a[:, ::2, ::-1].mT, 2, axis=(-2, -1)), np.float64)
    ints = np.arange(-6, 6).reshape(3, 4)
    for ord in (None, 1, "nuc", 2):
        check(xp.linalg.norm(wg(ints), ord), np.linalg.norm(ints, ord), np.float64)
    check(xp.linalg.norm(wg(np.float32(3.0))), np.linalg.norm(np.float32(3.0)), np.float32)
    check(xp.linalg.matrix_norm(wg(np.ones((2, 2), dtype=bool))), np.linalg.matrix_norm(np.ones((2, 2), dtype=bool)),
          np.float64)


def test_norm_empty_and_special():
    for ord in (2, 1, math.inf, "fro", "nuc"):
        check(xp.linalg.norm(wg(np.zeros((0, 3))), ord), np.linalg.norm(np.zeros((0, 3)), ord), np.float64)
    check(xp.linalg.norm(wg(np.zeros((0,))), math.inf), np.linalg.norm(np.zeros((0,)), math.inf), np.float64)
    special = np.array([[np.inf, 1.0], [-2.0, 0.0]])
    for ord in (None, 1, math.inf, -math.inf, 0):
        check(xp.linalg.norm(wg(special), ord, axis=1), np.linalg.norm(special, ord, axis=1), np.float64)
    assert np.isnan(host(xp.linalg.norm(wg([np.nan, 1.0]))))
    with pytest.raises(xp.linalg.LinAlgError):  # the 2-norm needs the SVD, which rejects NaN
        xp.linalg.norm(wg([[np.nan, 1.0], [1.0, 1.0]]), 2)


def test_norm_bad_input():
    a = wg(np.ones((2, 3, 4)))
    with pytest.raises(ValueError, match="Invalid norm order"):
        xp.linalg.norm(a, "fro", axis=0)
    with pytest.raises(ValueError, match="Invalid norm order"):
        xp.linalg.norm(a, 3, axis=(0, 1))
    with pytest.raises(ValueError, match="Duplicate axes"):
        xp.linalg.norm(a, axis=(1, -2))
    with pytest.raises(ValueError, match="Improper number of dimensions"):
        xp.linalg.norm(a, 2, axis=(0, 1, 2))
    with pytest.raises(TypeError):
        xp.linalg.norm(a, axis=1.5)
    with pytest.raises(np.exceptions.AxisError):
        xp.linalg.norm(a, axis=3)
    with pytest.raises(ValueError):
        xp.linalg.norm(wg(np.zeros((0, 3))), -2)  # the smallest of no singular values
