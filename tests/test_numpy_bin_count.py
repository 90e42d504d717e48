"""bincount and histogram counts through the counting engine (_engines/bin_count.py), differential
against NumPy: every integer dtype, views, empty input, minlength, bins in workgroup memory and
past it (global atomics), edges from every rule, NaN/inf/out-of-range values, constant data."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._engines import bin_count

from conftest import host, wg


def _same(got, exp):
    got = host(got)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    np.testing.assert_array_equal(got, exp)


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "int64", "uint64", "bool"])
def test_bincount_every_integer_dtype(dtype):
    x = np.random.default_rng(0).integers(0, 2 if dtype == "bool" else 100, 10007).astype(dtype)
    _same(wgarray.bincount(wg(x)), np.bincount(x))
    _same(wgarray.bincount(wg(x), minlength=300), np.bincount(x, minlength=300))
    _same(wgarray.bincount(wg(x)[::3]), np.bincount(x[::3]))
    _same(wgarray.bincount(wg(x)[::-2]), np.bincount(x[::-2]))


def test_bincount_past_the_workgroup_counters_and_empty():
    x = np.random.default_rng(1).integers(0, 3 * bin_count.LOCAL_BINS, 30000)
    _same(wgarray.bincount(wg(x)), np.bincount(x))
    empty = np.array([], np.int64)
    _same(wgarray.bincount(wg(empty)), np.bincount(empty))
    _same(wgarray.bincount(wg(empty), minlength=3), np.bincount(empty, minlength=3))
    with pytest.raises(ValueError):
        wgarray.bincount(wg(np.array([1, -1, 2])))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "uint8"])
@pytest.mark.parametrize("kwargs", [{}, {"bins": 256}, {"bins": 7, "range": (-10, 10)},
                                    {"bins": [-100, -3, 0, 0.5, 2, 150]}, {"bins": 3000}, {"bins": 5, "density": True},
                                    {"bins": "auto"}], ids=str)
def test_histogram_counts(dtype, kwargs):
    rng = np.random.default_rng(2)
    x = (rng.standard_normal(20000) * 50).astype(dtype) if dtype.startswith("float") else \
        rng.integers(0, 200, 20000).astype(dtype)
    counts, edges = np.histogram(x, **kwargs)
    got_counts, got_edges = wgarray.histogram(wg(x), **kwargs)
    _same(got_counts, counts)
    _same(got_edges, edges)


def test_histogram_special_values_views_and_constant_data():
    xs = np.array([np.nan, np.inf, -np.inf, 1.0, 2.0, 3.0, 3.0, 1.0])
    _same(wgarray.histogram(wg(xs), bins=4, range=(1, 3))[0], np.histogram(xs, bins=4, range=(1, 3))[0])
    constant = np.full(100, 5.0, np.float32)
    _same(wgarray.histogram(wg(constant))[0], np.histogram(constant)[0])
    x2 = np.random.default_rng(3).standard_normal((30, 40)).astype(np.float32)
    _same(wgarray.histogram(wg(x2)[:, ::3], bins=9)[0], np.histogram(x2[:, ::3], bins=9)[0])
    # float64 data against float32 edges given as an array: compared in float64, as NumPy does
    edges = np.array([-1.0, 0.1, 0.2, 1.0], np.float32)
    data = np.array([0.1, 0.10000000149011612, 0.2, -1.0, 1.0])
    _same(wgarray.histogram(wg(data), bins=wg(edges))[0], np.histogram(data, bins=edges)[0])
