"""Index routines, stride tricks, sets, histograms, windows, bits, emath and testing (wgarray/_numpy:
index_routines.py, stride_tricks.py, sets.py, histograms.py, bin_estimators.py, windows.py, bits.py,
scimath.py, assertions.py) against NumPy: dtypes, views, 0-d and empty input, NaN, bad input."""

import warnings

import numpy as np
import pytest

import wgarray as wg
from wgarray.lib.stride_tricks import as_strided, sliding_window_view

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]


def sample(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    host = rng.integers(0 if dtype in ("bool",) or np.dtype(dtype).kind == "u" else -4, 5 if dtype != "bool" else 2,
                        shape).astype(dtype)
    return host


def check(expected, got, rtol=0):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for e, g in zip(expected, got):
            check(e, g, rtol)
        return
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    if rtol:
        finite = np.abs(expected[np.isfinite(expected)])
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol * float(finite.max(initial=0)))
    else:
        np.testing.assert_array_equal(got, expected)


def raises_like(call):
    with pytest.raises(Exception) as expected:
        call(np)
    with pytest.raises(type(expected.value)):
        call(wg)


# -- index routines -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_extract_place_putmask(dtype):
    a = sample(dtype, (3, 4))
    mask = sample("bool", (3, 4), seed=1)
    check(np.extract(mask, a), wg.extract(wg.asarray(mask), wg.asarray(a)))
    values = sample(dtype, (3,), seed=2)
    for name in ("place", "putmask"):
        e, g = a.copy(), wg.asarray(a)
        getattr(np, name)(e, mask, values)
        getattr(wg, name)(g, wg.asarray(mask), wg.asarray(values))
        check(e, g)


def test_place_putmask_views_and_errors():
    a = np.arange(12.0).reshape(3, 4)
    e, g = a.copy(), wg.asarray(a)
    np.putmask(e[:, ::2], e[:, ::2] > 3, [-1.0, -2.0])
    wg.putmask(g[:, ::2], g[:, ::2] > 3, [-1.0, -2.0])
    check(e, g)
    raises_like(lambda m: m.place(m.arange(3.0), m.asarray([True, False, True]), []))
    raises_like(lambda m: m.putmask(m.arange(3.0), m.asarray([True, False]), 1))


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_put_along_axis(axis):
    a = np.arange(12).reshape(3, 4)
    idx = np.argsort(-a, axis=axis)[..., :2] if axis is not None else np.array([1, 5, 7])
    if axis == 0:
        idx = np.argsort(-a, axis=0)[:2]
    e, g = a.copy(), wg.asarray(a)
    np.put_along_axis(e, idx, -5, axis)
    wg.put_along_axis(g, wg.asarray(idx), -5, axis)
    check(e, g)
    raises_like(lambda m: m.put_along_axis(m.asarray(a), m.asarray(np.ones((2,), int)), 1, 0))


def test_index_builders():
    check(np.diag_indices(4, 3), wg.diag_indices(4, 3))
    check(np.diag_indices_from(np.ones((3, 3))), wg.diag_indices_from(wg.ones((3, 3))))
    for k in (-1, 0, 2):
        check(np.tril_indices_from(np.ones((3, 5)), k), wg.tril_indices_from(wg.ones((3, 5)), k))
        check(np.triu_indices_from(np.ones((4, 2)), k), wg.triu_indices_from(wg.ones((4, 2)), k))
        check(np.mask_indices(4, np.triu, k), wg.mask_indices(4, wg.triu, k))
    raises_like(lambda m: m.diag_indices_from(m.ones((3, 4))))
    raises_like(lambda m: m.diag_indices_from(m.ones(3)))
    raises_like(lambda m: m.tril_indices_from(m.ones(3)))


@pytest.mark.parametrize("shape, wrap", [((3, 3), False), ((7, 3), True), ((7, 3), False), ((3, 5), False),
                                         ((3, 3, 3), False), ((0, 0), False)])
@pytest.mark.parametrize("dtype", ["int8", "float32", "complex128", "bool"])
def test_fill_diagonal(shape, wrap, dtype):
    e, g = np.zeros(shape, dtype), wg.zeros(shape, dtype=dtype)
    values = np.array([1, 2], dtype)
    np.fill_diagonal(e, values, wrap)
    wg.fill_diagonal(g, wg.asarray(values), wrap)
    check(e, g)


def test_fill_diagonal_view_and_errors():
    e, g = np.zeros((4, 6)), wg.zeros((4, 6))
    np.fill_diagonal(e[:, ::2], 5)
    wg.fill_diagonal(g[:, ::2], 5)
    check(e, g)
    raises_like(lambda m: m.fill_diagonal(m.zeros(3), 1))
    raises_like(lambda m: m.fill_diagonal(m.zeros((2, 3, 2)), 1))


@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_trim_zeros(trim, axis):
    z = np.array([[0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 2.5, 0]])
    check(np.trim_zeros(z, trim, axis=axis), wg.trim_zeros(wg.asarray(z), trim, axis=axis))
    check(np.trim_zeros(np.zeros(3), trim), wg.trim_zeros(wg.zeros(3), trim))
    check(np.trim_zeros(np.array([0, 0, 1, 0]), trim), wg.trim_zeros(wg.asarray([0, 0, 1, 0]), trim))
    raises_like(lambda m: m.trim_zeros(m.asarray([0, 1]), "x"))


@pytest.mark.parametrize("axis, start", [(3, 1), (2, 0), (1, 4), (-1, -2), (0, 0)])
def test_rollaxis(axis, start):
    b = np.arange(360).reshape(3, 4, 5, 6)
    check(np.rollaxis(b, axis, start), wg.rollaxis(wg.asarray(b), axis, start))
    raises_like(lambda m: m.rollaxis(m.ones((2, 3)), 0, 5))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("kwargs", [{}, {"discont": 4.0}, {"axis": 0}, {"period": 360}])
def test_unwrap(dtype, kwargs):
    rng = np.random.default_rng(3)
    phases = np.cumsum(rng.uniform(-4, 4, (4, 12)), axis=1) * (60 if "period" in kwargs else 1)
    p = phases.astype(dtype)
    check(np.unwrap(p, **kwargs), wg.unwrap(wg.asarray(p), **kwargs), rtol=1e-5 if dtype == "float32" else 1e-12)
    check(np.unwrap(np.array([0, 3, 9, 1, 15, -3]), period=4),
          wg.unwrap(wg.asarray([0, 3, 9, 1, 15, -3]), period=4))


def test_array_equiv_and_apply():
    assert wg.array_equiv([1, 2], wg.asarray([[1, 2], [1, 2]])) is True
    assert wg.array_equiv(wg.asarray([1, 2]), [[1, 2, 1, 2]]) is False
    assert wg.array_equiv(wg.asarray([1, 2]), [1, 3]) is False
    a = np.arange(12.0).reshape(3, 4)
    check(np.apply_along_axis(lambda v: v[::-1] * 2, 1, a), wg.apply_along_axis(lambda v: v[::-1] * 2, 1, wg.asarray(a)))
    check(np.apply_along_axis(lambda v: np.outer(v, v), 0, a),
          wg.apply_along_axis(lambda v: wg.outer(v, v), 0, wg.asarray(a)))
    check(np.apply_along_axis(np.sum, 0, a), wg.apply_along_axis(wg.sum, 0, wg.asarray(a)))
    b = np.arange(24.0).reshape(2, 3, 4)
    check(np.apply_over_axes(np.sum, b, [0, 2]), wg.apply_over_axes(wg.sum, wg.asarray(b), [0, 2]))
    raises_like(lambda m: m.apply_along_axis(m.sum, 0, m.ones((3, 0))))
    check(np.apply_along_axis(np.sum, 0, np.ones((0, 3))), wg.apply_along_axis(wg.sum, 0, wg.ones((0, 3))))


# -- stride tricks -----------------------------------------------------------------------------------
def test_stride_tricks():
    x = np.arange(24.0).reshape(4, 6)
    g = wg.asarray(x)
    check(np.lib.stride_tricks.sliding_window_view(x, (2, 3)), sliding_window_view(g, (2, 3)))
    check(np.lib.stride_tricks.sliding_window_view(x, 3, axis=1), sliding_window_view(g, 3, axis=1))
    check(np.lib.stride_tricks.sliding_window_view(x[:, ::2], 2, axis=0), sliding_window_view(g[:, ::2], 2, axis=0))
    check(np.lib.stride_tricks.as_strided(x, (3, 3), (48, 8)), as_strided(g, (3, 3), (48, 8)))
    check(np.broadcast_to(x[0], (2, 6)), wg.lib.stride_tricks.broadcast_to(g[0], (2, 6)))
    view = sliding_window_view(g, 2, axis=0)
    assert view._storage is g._storage and not view._writeable
    with pytest.raises(ValueError):
        as_strided(g, (4, 6), (96, 8))
    with pytest.raises(NotImplementedError):
        as_strided(g, (2,), (3,))
    raises_like(lambda m: m.lib.stride_tricks.sliding_window_view(m.ones(3), 4))
    raises_like(lambda m: m.lib.stride_tricks.sliding_window_view(m.ones((3, 3)), 2))


# -- sets ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float32", "float64"])
@pytest.mark.parametrize("assume_unique", [False, True])
def test_sets(dtype, assume_unique):
    a, b = sample(dtype, (12,), 1), sample(dtype, (9,), 2)
    if assume_unique:
        a, b = np.unique(a), np.unique(b)
    check(np.intersect1d(a, b, assume_unique, return_indices=True),
          wg.intersect1d(wg.asarray(a), wg.asarray(b), assume_unique, return_indices=True))
    check(np.setxor1d(a, b, assume_unique), wg.setxor1d(wg.asarray(a), wg.asarray(b), assume_unique))
    check(np.setxor1d(a[:0], b[:0]), wg.setxor1d(wg.asarray(a[:0]), wg.asarray(b[:0])))
    nans_a, nans_b = np.array([1.0, np.nan, np.nan, 2.0]), np.array([np.nan, 2.0, np.nan])  # NaNs merge per input
    check(np.setxor1d(nans_a, nans_b), wg.setxor1d(wg.asarray(nans_a), wg.asarray(nans_b)))
    check(np.intersect1d(nans_a, nans_b), wg.intersect1d(wg.asarray(nans_a), wg.asarray(nans_b)))
    with pytest.warns(DeprecationWarning):
        got = wg.in1d(wg.asarray(a.reshape(3, 4) if a.size == 12 else a), wg.asarray(b))
    check(np.isin(a, b).ravel(), got)


# -- histograms ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("estimator", ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"])
@pytest.mark.parametrize("dtype", ["float64", "int32"])
def test_histogram_estimators(estimator, dtype):
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(300) * 20 + 50).astype(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check(np.histogram(x, estimator), wg.histogram(wg.asarray(x), estimator), rtol=1e-12)
        check(np.histogram(x, estimator, range=(40, 60)), wg.histogram(wg.asarray(x), estimator, range=(40, 60)),
              rtol=1e-12)


def test_histogram_estimator_errors():
    raises_like(lambda m: m.histogram(m.asarray([1.0, 2.0]), "bogus"))
    raises_like(lambda m: m.histogram(m.asarray([1.0, 2.0]), "auto", weights=m.asarray([1.0, 1.0])))
    check(np.histogram(np.zeros(0), "auto"), wg.histogram(wg.zeros(0), "auto"))


@pytest.mark.parametrize("kwargs", [{}, {"bins": 5}, {"bins": [3, 4]}, {"bins": [np.array([-1, 0, 1.0]), 4]},
                                    {"range": [[-1, 1], [-2, 2]]}, {"density": True}, {"weights": True}])
def test_histogram2d(kwargs):
    rng = np.random.default_rng(1)
    x, y, w = rng.standard_normal(60), rng.standard_normal(60), rng.uniform(size=60)
    if kwargs.get("weights"):
        kwargs = {"weights": w}
    converted = {k: wg.asarray(v) if k == "weights" else v for k, v in kwargs.items()}
    check(np.histogram2d(x, y, **kwargs), wg.histogram2d(wg.asarray(x), wg.asarray(y), **converted), rtol=1e-12)


def test_histogramdd():
    rng = np.random.default_rng(2)
    s = rng.standard_normal((40, 3))
    e, g = np.histogramdd(s, bins=(2, 3, 4)), wg.histogramdd(wg.asarray(s), bins=(2, 3, 4))
    check(e[0], g[0])
    for a, b in zip(e[1], g[1]):
        check(a, b, rtol=1e-12)
    check(np.histogramdd(s[:, 0])[0], wg.histogramdd(wg.asarray(s[:, 0]))[0])
    xi = rng.integers(0, 5, 30).astype(np.int8)
    check(np.histogram2d(xi, xi)[0], wg.histogram2d(wg.asarray(xi), wg.asarray(xi))[0])
    nan = np.array([0.5, np.nan, 0.2])
    check(np.histogramdd(nan.reshape(3, 1), bins=2, range=[(0, 1)])[0],
          wg.histogramdd(wg.asarray(nan.reshape(3, 1)), bins=2, range=[(0, 1)])[0])
    raises_like(lambda m: m.histogram2d(m.ones(3), m.ones(4)))
    raises_like(lambda m: m.histogramdd(m.ones((3, 2)), bins=[2, 2, 2]))
    raises_like(lambda m: m.histogramdd(m.ones((3, 2)), bins=0))
    raises_like(lambda m: m.histogram2d(m.ones(3), m.ones(3), weights=m.ones(3, dtype=m.complex128)))


# -- windows, i0, bits ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["hanning", "hamming", "blackman", "bartlett"])
@pytest.mark.parametrize("m", [0, 1, 2, 7, 16, 5.0, -3])
def test_windows(name, m):
    check(getattr(np, name)(m), getattr(wg, name)(m), rtol=1e-14)


@pytest.mark.parametrize("m, beta", [(1, 3), (8, 0), (12, 14), (5, 2.5)])
def test_kaiser_i0(m, beta):
    check(np.kaiser(m, beta), wg.kaiser(m, beta), rtol=1e-13)
    x = np.array([0, 0.5, 3, 8, 9, -20, 700.0])
    check(np.i0(x), wg.i0(wg.asarray(x)), rtol=1e-13)
    check(np.i0(np.float32([1, 2])), wg.i0(wg.asarray(np.float32([1, 2]))), rtol=1e-6)
    check(np.i0(np.array([1, 2])), wg.i0(wg.asarray([1, 2])), rtol=1e-13)
    raises_like(lambda mod: mod.i0(mod.asarray([1j])))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("bitorder", ["big", "little"])
def test_packbits(dtype, axis, bitorder):
    a = sample(dtype, (3, 11))
    check(np.packbits(a, axis, bitorder), wg.packbits(wg.asarray(a), axis, bitorder))
    check(np.packbits(a[:, ::2], axis, bitorder), wg.packbits(wg.asarray(a)[:, ::2], axis, bitorder))


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("count", [None, 0, 5, -3, 40])
@pytest.mark.parametrize("bitorder", ["big", "little"])
def test_unpackbits(axis, count, bitorder):
    u = np.random.default_rng(0).integers(0, 256, (3, 4)).astype(np.uint8)
    check(np.unpackbits(u, axis, count, bitorder), wg.unpackbits(wg.asarray(u), axis, count, bitorder))


def test_bits_errors_and_reprs():
    raises_like(lambda m: m.packbits(m.asarray([1.0])))
    raises_like(lambda m: m.unpackbits(m.asarray([1], dtype=m.int32)))
    raises_like(lambda m: m.packbits(m.asarray([1]), bitorder="middle"))
    for num, width in [(5, None), (-5, 8), (0, 4), (-3, None)]:
        assert wg.binary_repr(num, width) == np.binary_repr(num, width)
    assert wg.binary_repr(wg.asarray(6)) == "110"
    assert wg.base_repr(255, 16, 2) == np.base_repr(255, 16, 2)


# -- emath -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"])
@pytest.mark.parametrize("values", [[-4.0, 0.25, 2.0], [0.25, 0.5], [-1, 2], [0.5 + 0j, -2 + 0j]])
@pytest.mark.parametrize("dtype", [None, "float32", "int16"])
def test_emath(name, values, dtype):
    host = np.array(values) if dtype is None or np.iscomplexobj(values) else np.array(values).astype(dtype)
    with np.errstate(all="ignore"):
        expected = getattr(np.emath, name)(host)
    check(expected, getattr(wg.emath, name)(wg.asarray(host)), rtol=1e-5 if expected.dtype.itemsize <= 8 else 1e-12)


def test_emath_power_logn():
    check(np.emath.logn(2, [4.0, -8.0]), wg.emath.logn(2, wg.asarray([4.0, -8.0])), rtol=1e-12)
    check(np.emath.power([2.0, -4.0], 0.5), wg.emath.power(wg.asarray([2.0, -4.0]), 0.5), rtol=1e-12)
    check(np.emath.power([2, 4], -1), wg.emath.power(wg.asarray([2, 4]), -1), rtol=1e-12)
    assert wg.lib.scimath.sqrt is wg.emath.sqrt


# -- testing -------------------------------------------------------------------------------------------
def test_testing_passes_and_fails():
    from wgarray import testing as wt
    wt.assert_allclose(wg.asarray([1.0, np.nan]), [1.0 + 1e-9, np.nan], rtol=1e-7)
    wt.assert_array_equal(wg.asarray([1, 2]), [1, 2])
    wt.assert_array_equal(wg.asarray([np.nan, 1.0]), wg.asarray([np.nan, 1.0]))
    wt.assert_array_almost_equal(wg.asarray([1.0, 2.0]), [1.0000001, 2.0])
    wt.assert_array_almost_equal(wg.asarray([True, False]), wg.asarray([True, False]))
    wt.assert_equal({"a": wg.asarray([1, 2]), "b": [1, (2, 3)]}, {"a": [1, 2], "b": [1, (2, 3)]})
    wt.assert_array_less(wg.asarray([1, 2]), [2, 3])
    wt.assert_array_less(wg.asarray([1 + 5j, 2 + 1j]), wg.asarray([2 + 0j, 2 + 2j]))
    wt.assert_array_equal(wg.asarray([3, 3]), 3)
    failures = [
        lambda: wt.assert_allclose(wg.asarray([1.0, 2.0]), [1.0, 2.1]),
        lambda: wt.assert_array_equal(wg.asarray([1.0, 2.0]), [1.0, 2.0, 3.0]),
        lambda: wt.assert_array_equal(wg.asarray([1, 2]), [1, 3]),
        lambda: wt.assert_array_equal(wg.asarray([1, 2]), wg.asarray([1.0, 2.0]), strict=True),
        lambda: wt.assert_array_almost_equal(wg.asarray([1.0]), [1.001]),
        lambda: wt.assert_array_almost_equal(wg.asarray([0], dtype=wg.int8), wg.asarray([-128], dtype=wg.int8)),
        lambda: wt.assert_equal(wg.asarray([1, 2]), [2, 1]),
        lambda: wt.assert_array_less(wg.asarray([1, 3]), [2, 3]),
        lambda: wt.assert_array_less(wg.asarray([2 + 2j]), wg.asarray([2 + 1j])),
        lambda: wt.assert_allclose(wg.asarray([np.nan]), [np.nan], equal_nan=False),
    ]
    for fail in failures:
        with pytest.raises(AssertionError):
            fail()
