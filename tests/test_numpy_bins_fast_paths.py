"""The fast paths under bincount and histogram, differential against NumPy: bincount's single
reduction (a signed dtype's negatives found through its unsigned bits) and linspace of NumPy
host scalars (one multiply and one add on the GPU, NumPy's edges bit for bit)."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._array import Array
from wgarray._engines import bin_count
from wgarray._numpy import indices, more_stats

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


# -- the counting pass's loads: vectors of 16 bytes (contiguous float32 histograms, bincount of
# 4- and 8-byte integers) with the items after the last whole vector counted one by one; items
# one by one (other dtypes, strides, offsets inside a vector); the rows of partial counts merged
@pytest.mark.parametrize("size", [1, 3, 4, 7, 4098])
@pytest.mark.parametrize("start", [0, 1, 4, 6])
def test_histogram_of_float32_vectors_and_their_tails(size, start):
    x = np.random.default_rng(size).standard_normal(size + start).astype(np.float32)
    x[::5] = np.float32(np.nan) if size > 4 else x[::5]  # NaN in no bin (with range given)
    view = x[start:]
    _same(wgarray.histogram(wg(x)[start:], bins=33, range=(-2, 2))[0], np.histogram(view, bins=33, range=(-2, 2))[0])
    finite = np.nan_to_num(view)
    _same(wgarray.histogram(wg(finite), bins=256)[0], np.histogram(finite, bins=256)[0])


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64", "int16"])
@pytest.mark.parametrize("size", [1, 5, 8, 1027])
@pytest.mark.parametrize("start", [0, 1, 2, 4])
def test_bincount_of_integer_vectors_and_their_tails(dtype, size, start):
    x = np.random.default_rng(size).integers(0, 700, size + start).astype(dtype)
    _same(wgarray.bincount(wg(x)[start:]), np.bincount(x[start:]))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_histogram_of_many_rows_of_partial_counts(dtype):
    # more items than MAX_GROUPS workgroups take in one round: every invocation loops, every
    # workgroup leaves a row, and the merge adds more rows than its lanes
    n = bin_count.MAX_GROUPS * 256 * bin_count.UNROLL + 4099
    x = np.random.default_rng(11).standard_normal(n).astype(dtype)
    _same(wgarray.histogram(wg(x), bins=300)[0], np.histogram(x, bins=300)[0])
    _same(wgarray.histogram(wg(x)[3:], bins=2)[0], np.histogram(x[3:], bins=2)[0])


def test_bincount_of_many_rows_of_partial_counts_and_past_the_workgroup_counters():
    n = bin_count.MAX_GROUPS * 256 * bin_count.UNROLL + 6
    x = np.random.default_rng(12).integers(0, 2000, n)
    _same(wgarray.bincount(wg(x)), np.bincount(x))
    _same(wgarray.bincount(wg(x)[1:]), np.bincount(x[1:]))  # an offset inside a vector: one by one
    wide = x * 3  # 6000 bins: global atomics, then the merge of one row into int64
    _same(wgarray.bincount(wg(wide)), np.bincount(wide))


@pytest.mark.parametrize("dtype", ["uint32", "int32", "uint64", "int64"])
@pytest.mark.parametrize("bins", [5, 3000])
def test_count_bins_into_each_count_dtype(dtype, bins):
    x = np.random.default_rng(13).integers(0, bins, 5000).astype(np.int32)
    counts = bin_count.count_bins(wg(x)._data(), bins, dtype=np.dtype(dtype))
    _same(Array._wrap(counts), np.bincount(x, minlength=bins).astype(dtype))


# -- histogram over the data's own range with one read at the end: the counting pass makes the
# edges from the (min, max) pair; the host keeps them where the GPU's step is NumPy's, else
# (and for ranges near the subnormals) it makes them itself over the range it read
def _histogram_both_ways(monkeypatch, data, bins):
    try:
        exp_counts, exp_edges = np.histogram(data, bins=bins)
    except ValueError as e:  # too many bins for the range: NumPy's error both ways
        with pytest.raises(ValueError, match="Too many bins") as got:
            wgarray.histogram(wg(data), bins=bins)
        assert str(got.value) == str(e)
        with monkeypatch.context() as m, pytest.raises(ValueError, match="Too many bins"):
            m.setitem(more_stats._NORMAL_ENOUGH, data.dtype, np.inf)
            wgarray.histogram(wg(data), bins=bins)
        return
    counts, edges = wgarray.histogram(wg(data), bins=bins)
    _same(edges, exp_edges)
    _same(counts, exp_counts)
    with monkeypatch.context() as m:  # no step is close enough to zero: every range takes the host's edges
        m.setitem(more_stats._NORMAL_ENOUGH, data.dtype, np.inf)
        counts, edges = wgarray.histogram(wg(data), bins=bins)
    _same(edges, exp_edges)
    _same(counts, exp_counts)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("bins", [1, 3, 10, 256, 2048, 2049])
def test_histogram_over_its_own_range_both_ways(monkeypatch, dtype, bins):
    x = (np.random.default_rng(bins).standard_normal(5003) * 7 - 2).astype(dtype)
    _histogram_both_ways(monkeypatch, x, bins)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", ["subnormal", "tiny_step", "constant", "constant_zero", "one", "huge", "negative"])
def test_histogram_over_its_own_range_special_ranges(monkeypatch, dtype, case):
    info = np.finfo(dtype)
    data = {"subnormal": np.array([info.smallest_subnormal * 3, info.smallest_subnormal * 40, 0.0]),
            "tiny_step": np.array([1.0, 1.0 + 4 * info.eps, 1.0 + info.eps]),
            "constant": np.full(9, -3.25), "constant_zero": np.full(4, -0.0), "one": np.array([5.5]),
            "huge": np.array([info.max, -info.max, 0.0]),
            "negative": -np.abs(np.random.default_rng(4).standard_normal(999)) - 1e3}[case].astype(dtype)
    with np.errstate(all="ignore"):
        _histogram_both_ways(monkeypatch, data, 10)
        _histogram_both_ways(monkeypatch, data, 256)


# every edge over the data's own range and its two neighbouring floats, inside the range (the
# ends fixed by -2.7 and 9.1, many of whose edges a fused multiply-add would change): each lands
# in NumPy's bin only where the edges the counting pass compares with are bit for bit those it
# returns (a version that made them again in the counting loop disagreed with NumPy on an H100)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("bins", [7, 256])
@pytest.mark.parametrize("layout", ["contiguous", "strided"])
def test_histogram_over_its_own_range_on_and_next_to_every_edge(dtype, bins, layout):
    ends = np.array([-2.7, 9.1], dtype)
    inner = np.histogram_bin_edges(ends, bins=bins)[1:-1]
    near = np.concatenate([inner, np.nextafter(inner, -np.inf), np.nextafter(inner, np.inf)])
    x = np.concatenate([ends, near, np.random.default_rng(bins).uniform(-2.7, 9.1, 999).astype(dtype)])
    data = np.repeat(x, 2)[::2] if layout == "strided" else x
    got_x = wg(np.repeat(x, 2))[::2] if layout == "strided" else wg(x)
    exp_counts, exp_edges = np.histogram(data, bins=bins)
    counts, edges = wgarray.histogram(got_x, bins=bins)
    _same(edges, exp_edges)
    _same(counts, exp_counts)


# the range pass leaves a (min, max) pair per workgroup, the last to arrive folds them into the
# data's range, and it zeroes the output; the counting pass adds its counts into the output's
# words (the low word of 64-bit counts)
@pytest.mark.parametrize("dtype", ["uint32", "int32", "uint64", "int64"])
@pytest.mark.parametrize("values", ["float32", "float64"])
def test_count_equal_bins_adds_into_each_count_dtype(dtype, values):
    n = bin_count.RANGE_GROUPS * 256 * bin_count.UNROLL + 4099  # every workgroup loops, a tail after the vectors
    x = np.random.default_rng(21).standard_normal(n).astype(values)
    x[n // 2], x[-1] = -9, 9  # the minimum in a middle workgroup's share, the maximum in the tail
    counts, edges, checks = bin_count.count_equal_bins(wg(x)._data(), 37, np.dtype(dtype))
    exp_counts, exp_edges = np.histogram(x, bins=37)
    _same(Array._wrap(counts), exp_counts.astype(dtype))
    assert checks == (-9.0, 9.0)  # read back as Python floats
    np.testing.assert_array_equal(host(Array._wrap(edges)), exp_edges)


# float32 zeros and subnormals among given edges are placed on their bits (NVIDIA's compares
# flush them to zero): next to an edge at 0.0, among subnormal edges; over the data's own range
# the edges are normal or 0.0 (else the host makes them and they are given), and a negative
# subnormal next to an edge at 0.0 takes -FLT_MIN's bin (own_range_zero_edge: bins -1, 0, 1)
_TINY = np.float32(np.finfo(np.float32).smallest_subnormal)


@pytest.mark.parametrize("case", ["own_range", "own_range_zero_edge", "edge_at_zero", "subnormal_edges", "zeros_only"])
def test_histogram_of_float32_zeros_and_subnormals(case):
    tiny = [-_TINY * 3, -_TINY, -0.0, 0.0, _TINY, _TINY * 2, _TINY * 7, np.float32(1e-38), np.float32(-1e-38)]
    x = np.array(tiny * 50 + [-1.0, 1.0, 0.5, -0.25], np.float32)
    bins = {"own_range": 3, "own_range_zero_edge": 2, "edge_at_zero": 10,
            "subnormal_edges": np.array([-_TINY * 4, -_TINY, 0.0, _TINY, _TINY * 3, _TINY * 7, 1e-38], np.float32),
            "zeros_only": np.array([-1.0, 0.0, 1.0], np.float32)}[case]
    if case == "zeros_only":
        x = np.array([0.0, -0.0] * 7 + [1.0], np.float32)
    range_ = (-5.0, 5.0) if case == "edge_at_zero" else None  # the middle edge is 0.0
    exp_counts, exp_edges = np.histogram(x, bins=bins, range=range_)
    counts, edges = wgarray.histogram(wg(x), bins=wg(bins) if isinstance(bins, np.ndarray) else bins, range=range_)
    _same(edges, exp_edges)
    _same(counts, exp_counts)
    _same(wgarray.histogram(wg(x)[::-1], bins=bins, range=range_)[0], exp_counts)  # items one by one


# both passes over items of several rounds, the last one partial: each item in the range and
# counted once, as vectors and one by one
@pytest.mark.parametrize("dtype, rounds", [("float32", 2), ("float64", 3)])
def test_histogram_over_its_own_range_of_several_rounds(dtype, rounds):
    per_round = bin_count.RANGE_GROUPS * 256 * bin_count.UNROLL * (4 if dtype == "float32" else 1)
    n = (rounds - 1) * per_round + 4099
    x = np.random.default_rng(24).standard_normal(n).astype(dtype)
    x[[5, per_round + 7, n - 9]] = [-7.5, 6.25, 7]  # extremes and far bins in the first, second and last rounds
    counts, edges = wgarray.histogram(wg(x), bins=200)
    exp_counts, exp_edges = np.histogram(x, bins=200)
    _same(edges, exp_edges)
    _same(counts, exp_counts)
    _same(wgarray.histogram(wg(x)[1:], bins=7)[0], np.histogram(x[1:], bins=7)[0])  # items one by one


# both passes over float32 vectors bind the items once (the tail items read from the vectors):
# the stream counts every binding's bytes as work, and 2^24 items bound twice per pass reached
# its early-submit mark, a second submit right before count_equal_bins' read
@pytest.mark.parametrize("size", [4096, 4099])
def test_histogram_passes_bind_float32_vectors_once(size):
    x = wg(np.random.default_rng(25).standard_normal(size).astype(np.float32))
    plan = bin_count._range_plan(x.device, x._dtype, size, 0, 1, 256, np.dtype("int64"))
    assert plan.vector is not None
    for source in (plan.range_source(), plan.count_source()):
        assert source.count("var<storage, read> ") == 1 and "vin0" in source
    _same(wgarray.histogram(x, bins=256)[0], np.histogram(host(x), bins=256)[0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("where", [0, "middle", "tail"])
@pytest.mark.parametrize("bad", [np.nan, -np.nan, np.inf, -np.inf])
def test_histogram_range_pass_carries_a_bad_value_from_any_workgroup(dtype, where, bad):
    # the passes fold order keys: a NaN's lies past +inf's (sign bit clear) or below -inf's (set)
    n = bin_count.RANGE_GROUPS * 256 * 2 + 3
    x = np.random.default_rng(22).standard_normal(n).astype(dtype)
    x[{0: 0, "middle": n // 2 + 5, "tail": n - 1}[where]] = bad
    with pytest.raises(ValueError, match="autodetected range") as exp:
        np.histogram(x, bins=256)
    with pytest.raises(ValueError, match="autodetected range") as got:
        wgarray.histogram(wg(x), bins=256)
    assert str(got.value) == str(exp.value)


@pytest.mark.parametrize("start", [0, 1])
def test_histogram_range_pass_of_a_strided_view_reads_only_the_view(start):
    x = np.random.default_rng(23).standard_normal(70001).astype(np.float32)
    x[1::2] = 50  # outside the view of even items: it must not widen the range
    view = x[start::2] if start == 0 else x[start + 1::2]
    got = wgarray.histogram(wg(x)[start::2] if start == 0 else wg(x)[start + 1::2], bins=64)
    exp = np.histogram(view, bins=64)
    _same(got[1], exp[1])
    _same(got[0], exp[0])


def test_histogram_of_normal_float32_data_keeps_the_gpus_edges(monkeypatch):
    # 256 bins: the step is an exact division on any GPU, so the host's edges are never made
    x = np.random.default_rng(9).standard_normal(70001).astype(np.float32)
    monkeypatch.setattr(more_stats, "_bin_edges", None)
    counts, edges = wgarray.histogram(wg(x), bins=256)
    _same(edges, np.histogram(x, bins=256)[1])
    _same(counts, np.histogram(x, bins=256)[0])
    density, _ = wgarray.histogram(wg(x)[::-1], bins=256, density=True)
    np.testing.assert_allclose(host(density), np.histogram(x[::-1], bins=256, density=True)[0], rtol=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("bins, range_", [(10, (1.0, 1.0 + 1e-15)), (3000, None), (5, (-1e-300, 1e-300)),
                                          (4, (0, 1))])
def test_histogram_too_many_bins_for_the_range_as_numpy(dtype, bins, range_):
    data = np.array([1.0, 1.0 + 1e-15, 1.0], dtype) if dtype != "int64" else np.array([3, 3, 3], dtype)
    try:
        exp = np.histogram(data, bins=bins, range=range_)
    except ValueError as e:
        with pytest.raises(ValueError) as got:
            wgarray.histogram(wg(data), bins=bins, range=range_)
        assert str(got.value) == str(e)
        with pytest.raises(ValueError):
            wgarray.histogram_bin_edges(wg(data), bins=bins, range=range_)
        return
    counts, edges = wgarray.histogram(wg(data), bins=bins, range=range_)
    _same(counts, exp[0])
    _same(edges, exp[1])


# -- bincount's first guess: values below SMALL_VALUES - 1 counted in one pass with one read of
# the summary; a value at or past that (or a negative one) sends it to the largest value first
@pytest.mark.parametrize("dtype", ["int64", "uint64", "int32", "uint16", "int8", "bool"])
@pytest.mark.parametrize("top", ["small", "last_counted", "first_past", "far_past", "negative"])
def test_bincount_small_values_and_past_them(dtype, top):
    guess = indices.SMALL_VALUES
    x = np.random.default_rng(3).integers(0, 2 if dtype == "bool" else 100, 3001).astype(dtype)
    top_value = {"small": 7, "last_counted": guess - 2, "first_past": guess - 1, "far_past": 3 * guess,
                 "negative": -1}[top]
    if dtype == "bool" or (top_value < 0 and dtype.startswith("u")) or top_value > np.iinfo(dtype).max:
        top_value = 1
    x[1234] = top_value
    if top_value < 0:
        with pytest.raises(ValueError, match="negative"):
            wgarray.bincount(wg(x))
        return
    for view in (slice(None), slice(1, None), slice(None, None, -3)):
        _same(wgarray.bincount(wg(x)[view]), np.bincount(x[view]))
        _same(wgarray.bincount(wg(x)[view], minlength=guess - 1), np.bincount(x[view], minlength=guess - 1))
        _same(wgarray.bincount(wg(x)[view], minlength=guess + 5), np.bincount(x[view], minlength=guess + 5))


def test_bincount_of_small_values_needs_no_largest_value_first(monkeypatch):
    x = np.random.default_rng(6).integers(0, 1000, 100003)
    monkeypatch.setattr(indices, "_largest_if_non_negative", None)
    _same(wgarray.bincount(wg(x)), np.bincount(x))
    _same(wgarray.bincount(wg(x[:1])), np.bincount(x[:1]))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("bins", [3, 7, 10, 100, 1000, 2047])
def test_histogram_steps_of_any_bins_are_numpys_on_the_gpu(monkeypatch, dtype, bins):
    # the GPU's step is the correctly rounded division (its own may be off by an ulp): the
    # host's edges are never needed for ordinary ranges
    monkeypatch.setattr(more_stats, "_bin_edges", None)
    rng = np.random.default_rng(bins)
    ranges = [(1.0, 0.0), (3.7, -11.0), (1e-3, 0.5), (1e5, 2e5)]
    ranges += [(scale, rng.uniform(-100, 100) * scale) for scale in 10.0 ** rng.uniform(-6, 6, 12)]
    for scale, shift in ranges:
        x = (rng.standard_normal(501) * scale + shift).astype(dtype)
        counts, edges = wgarray.histogram(wg(x), bins=bins)
        exp_counts, exp_edges = np.histogram(x, bins=bins)
        _same(edges, exp_edges)
        _same(counts, exp_counts)
