"""The fast paths under bincount and histogram, differential against NumPy: bincount's single
reduction (a signed dtype's negatives found through its unsigned bits) and linspace of NumPy
host scalars (one multiply and one add on the GPU, NumPy's edges bit for bit)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray

from conftest import host, wg


def _same(got, exp):
    got = host(got)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    np.testing.assert_array_equal(got, exp)


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64"])
@pytest.mark.parametrize("negative", ["minus_one", "lowest"])
def test_bincount_rejects_negatives_of_every_signed_dtype(dtype, negative):
    x = np.array([3, 0, 5, 1], dtype)
    x[2] = -1 if negative == "minus_one" else np.iinfo(dtype).min
    with pytest.raises(ValueError, match="negative"):
        np.bincount(x)
    with pytest.raises(ValueError, match="negative"):
        wgarray.bincount(wg(x))
    with pytest.raises(ValueError, match="negative"):
        wgarray.bincount(wg(x)[::2])


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16"])
def test_bincount_up_to_the_largest_value(dtype):
    top = np.iinfo(dtype).max
    x = np.array([top, 0, top, 7], dtype)
    _same(wgarray.bincount(wg(x)), np.bincount(x))
    _same(wgarray.bincount(wg(x)[::-1], minlength=400), np.bincount(x[::-1], minlength=400))


@pytest.mark.parametrize("start, stop", [
    (np.float32(-2.7), np.float32(9.1)), (np.float32(0.1), 0.7), (1, np.float32(1e-3)),
    (np.float64(-1e300), np.float64(1e300)), (np.float64(0.3), np.float64(0.3)),
    (np.int64(-7), np.int64(1 << 40)), (np.int32(3), 11.5), (np.float32(0), np.float32(1e-44)),
    (np.float32(-np.inf), np.float32(1)), (np.bool_(True), np.float32(5.5)), (np.float16(-1.5), np.float16(3.25)),
])
@pytest.mark.parametrize("num, endpoint", [(257, True), (11, False), (1, True), (1, False), (0, True), (2, True)])
def test_linspace_of_numpy_scalars_is_numpys_bit_for_bit(start, stop, num, endpoint):
    with np.errstate(all="ignore"):
        exp, exp_step = np.linspace(start, stop, num, endpoint=endpoint, retstep=True)
        got, step = wgarray.linspace(start, stop, num, endpoint=endpoint, retstep=True)
    _same(got, exp)
    assert type(step) is type(exp_step) and (step == exp_step or (np.isnan(step) and np.isnan(exp_step)))


@pytest.mark.parametrize("dtype", ["int16", "int8", "float32", "float64"])
def test_linspace_of_numpy_scalars_into_a_dtype(dtype):
    start, stop = np.float32(-0.5), np.float32(40.25)
    with np.errstate(all="ignore"):
        _same(wgarray.linspace(start, stop, 33, dtype=dtype), np.linspace(start, stop, 33, dtype=dtype))


def test_histogram_edges_of_float32_data_are_numpys():
    x = np.random.default_rng(3).standard_normal(5000).astype(np.float32) * np.float32(3.3)
    for bins in (1, 7, 256):
        counts, edges = wgarray.histogram(wg(x), bins=bins)
        exp_counts, exp_edges = np.histogram(x, bins=bins)
        _same(edges, exp_edges)
        _same(counts, exp_counts)


@pytest.mark.parametrize("edges", [
    [0.0, 0.5, 0.5, 3.0, 3.0, 3.0, 10.0],  # repeated edges: the guess must not stop at an empty bin
    [-1e30, -1.0, 0.0, 1e-30, 1.0, 1e30],  # far from equal: the guess misses, the search answers
    list(np.linspace(-4, 4, 65)),  # equal bins: the guess holds
])
def test_histogram_counts_at_and_between_any_sorted_edges(edges):
    edges = np.array(edges)
    rng = np.random.default_rng(5)
    x = np.concatenate([edges, rng.uniform(-5, 11, 3000), [np.nan, np.inf, -np.inf, -0.0]])
    for data in (x, x.astype(np.float32)):
        got, _ = wgarray.histogram(wg(data), bins=wg(edges))
        _same(got, np.histogram(data, bins=edges)[0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", ["normal", "constant", "negative_zero", "strided", "2d", "passes"])
def test_histogram_range_from_one_reduction_of_pairs(dtype, case):
    x = np.random.default_rng(7).standard_normal(4099).astype(dtype)
    data = {"normal": x, "constant": np.full(300, 2.5, dtype), "negative_zero": np.array([-0.0, 0.0, -0.0], dtype),
            "strided": x, "2d": x[:4096].reshape(64, 64),
            "passes": np.random.default_rng(8).uniform(-3, 9, 300007).astype(dtype)}[case]
    got_x = wg(data)[::-3] if case == "strided" else wg(data)
    exp_x = data[::-3] if case == "strided" else data
    counts, edges = wgarray.histogram(got_x, bins=10)
    exp_counts, exp_edges = np.histogram(exp_x, bins=10)
    _same(edges, exp_edges)
    _same(counts, exp_counts)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_histogram_rejects_a_range_that_is_not_finite(dtype, bad):
    x = np.linspace(0, 1, 1000).astype(dtype)
    x[517] = bad  # one bad value among many: the pairs' fold must carry it through its passes
    with pytest.raises(ValueError, match="autodetected range") as exp:
        np.histogram(x)
    with pytest.raises(ValueError, match="autodetected range") as got:
        wgarray.histogram(wg(x))
    assert str(got.value) == str(exp.value)
