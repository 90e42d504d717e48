"""Differential tests of what the corpus (tests/corpus) found missing or wrong: NumPy scalars as
strong operands, and the functions of wgarray/_numpy/logic.py, shaping.py, indices.py and
statistics.py, against NumPy on every dtype they take, views, 0-d, empty, special values and bad input."""

import warnings

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, UINT_DTYPES, assert_same, sample, special_values, wg

REAL_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "c")
NUMBER_DTYPES = tuple(d for d in REAL_DTYPES if d.kind != "b")


def _raises_like(call_np, call_wg):
    with pytest.raises(Exception) as expected:
        call_np()
    with pytest.raises(type(expected.value)):
        call_wg()


# -- NEP 50: NumPy scalars are strong -------------------------------------------------------------
@pytest.mark.parametrize("scalar", [np.float64(1.5), np.complex128(1j), np.float32(2.0), 1.5, np.int64(3)])
@pytest.mark.parametrize("dtype", ["float32", "int8", "uint16", "bool"])
def test_numpy_scalars_are_strong(dtype, scalar):
    host = sample(dtype, 5)
    assert_same(wg(host) + scalar, host + scalar)
    assert_same(wgarray.multiply(scalar, wg(host)), np.multiply(scalar, host))
    assert_same(wgarray.where(wg(host) > 0, wg(host), scalar), np.where(host > 0, host, scalar))


def test_array_from_range():
    assert_same(wgarray.array(range(2, 9, 3)), np.array(range(2, 9, 3)))
    assert_same(wgarray.asarray(range(0)), np.asarray(range(0)))


# -- logic.py -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", REAL_DTYPES)
def test_where_one_argument_is_nonzero(dtype):
    host = sample(dtype, 12).reshape(3, 4)[:, ::2]
    for got, exp in zip(wgarray.where(wg(host)), np.where(host)):
        assert_same(got, exp)
    with pytest.raises(ValueError):
        wgarray.where(wg(host), 1)


@pytest.mark.parametrize("dtype", NUMBER_DTYPES)
def test_clip_numpy_signature(dtype):
    host = special_values(dtype)
    lo, hi = host[1], host[-2]
    assert_same(wgarray.clip(wg(host), lo, hi), np.clip(host, lo, hi))
    assert_same(wgarray.clip(wg(host), max=hi), np.clip(host, max=hi))
    out_np, out_wg = host.copy(), wg(host)
    np.clip(host, lo, None, out=out_np)
    assert wgarray.clip(out_wg, lo, None, out=out_wg) is out_wg
    assert_same(out_wg, out_np)
    with pytest.raises(TypeError):
        wgarray.clip(wg(host), 0, min=0)


@pytest.mark.parametrize("dtype", (*FLOAT_DTYPES, np.dtype("int32"), np.dtype("uint8"), np.dtype("complex64")))
@pytest.mark.parametrize("equal_nan", [False, True])
def test_isclose_allclose(dtype, equal_nan):
    a = special_values(dtype)
    b = a[::-1].copy()
    with np.errstate(all="ignore"):
        exp = np.isclose(a, b, equal_nan=equal_nan)
        assert_same(wgarray.isclose(wg(a), wg(b), equal_nan=equal_nan), exp)
        assert_same(wgarray.isclose(wg(a), wg(a), rtol=0.1, atol=1, equal_nan=equal_nan),
                    np.isclose(a, a, rtol=0.1, atol=1, equal_nan=equal_nan))
        assert wgarray.allclose(wg(a), wg(a), equal_nan=equal_nan) is np.allclose(a, a, equal_nan=equal_nan)
        assert_same(wgarray.isclose(wg(a[:0]), wg(b[:0])), np.isclose(a[:0], b[:0]))
        assert_same(wgarray.isclose(wg(a[0]), 1), np.asarray(np.isclose(a[0], 1)))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_array_equal(dtype):
    a = special_values(dtype)
    for b in (a, a[::-1], a[:-1], a.reshape(1, -1)):
        for equal_nan in (False, True):
            assert wgarray.array_equal(wg(a), wg(b), equal_nan=equal_nan) is np.array_equal(a, b, equal_nan=equal_nan)


@pytest.mark.parametrize("dtype", NUMBER_DTYPES)
def test_select(dtype):
    x = sample(dtype, 10)
    conds = [x > x[3], x < x[5]]
    choices = [x, x[::-1]]
    assert_same(wgarray.select([wg(c) for c in conds], [wg(c) for c in choices], default=1),
                np.select(conds, choices, default=1))
    with pytest.raises(TypeError):
        wgarray.select([wg(x)], [wg(x)])
    with pytest.raises(ValueError):
        wgarray.select([wg(conds[0])], [])


# -- shaping.py ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("k", [-1, 0, 1, 2, 3, 5])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (0, 2), (-1, 1)])
def test_rot90(k, axes):
    host = np.arange(24, dtype=np.int16).reshape(2, 3, 4)[:, ::-1]
    assert_same(wgarray.rot90(wg(host), k, axes), np.rot90(host, k, axes))
    with pytest.raises(ValueError):
        wgarray.rot90(wg(host), 1, (1, 1))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("width", [0, 2, (1, 0), ((0, 1), (2, 1))])
@pytest.mark.parametrize("mode", ["constant", "edge"])
def test_pad(dtype, width, mode):
    host = sample(dtype, 12).reshape(3, 4)[::-1, 1:]
    kwargs = {"constant_values": host.flat[0]} if mode == "constant" and dtype.kind != "b" else {}
    assert_same(wgarray.pad(wg(host), width, mode, **kwargs), np.pad(host, width, mode, **kwargs))


def test_pad_errors():
    x = np.arange(3)
    _raises_like(lambda: np.pad(x, -1), lambda: wgarray.pad(wg(x), -1))
    _raises_like(lambda: np.pad(x[:0], 1, "edge"), lambda: wgarray.pad(wg(x[:0]), 1, "edge"))
    assert np.array_equal(np.asarray(wgarray.pad(wg(x), 1, "reflect")), np.pad(x, 1, "reflect"))  # padding.py


@pytest.mark.parametrize("name", ["hsplit", "vsplit", "dsplit"])
@pytest.mark.parametrize("ndim", [1, 2, 3])
def test_hvd_split(name, ndim):
    host = np.arange(2 ** (2 * ndim)).reshape((4,) * ndim)
    try:
        exp = getattr(np, name)(host, 2)
    except ValueError:
        with pytest.raises(ValueError):
            getattr(wgarray, name)(wg(host), 2)
        return
    got = getattr(wgarray, name)(wg(host), 2)
    assert len(got) == len(exp)
    for g, e in zip(got, exp):
        assert_same(g, e)


def test_shape_ndim_size_roll():
    host = np.zeros((2, 3, 4))
    for obj in (host, [[1, 2], [3, 4]], 5.0):
        assert wgarray.shape(obj) == np.shape(obj) and wgarray.ndim(obj) == np.ndim(obj)
    assert wgarray.shape(wg(host)) == (2, 3, 4) and wgarray.size(wg(host), 1) == 3 and wgarray.size(wg(host)) == 24
    assert_same(wgarray.roll(wg(host[0]) + wg(np.arange(4.0)), 1, 1), np.roll(host[0] + np.arange(4.0), 1, 1))


# -- indices.py ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 3), (2, 0, 3)])
def test_argwhere_flatnonzero(shape):
    host = (np.arange(int(np.prod(shape))) % 3 == 1).reshape(shape)
    assert_same(wgarray.argwhere(wg(host)), np.argwhere(host))
    assert_same(wgarray.flatnonzero(wg(host)), np.flatnonzero(host))


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", INT_DTYPES + UINT_DTYPES)
def test_unravel_and_ravel_multi_index(order, dtype):
    flat = np.array([0, 5, 11, 7], dtype=dtype)
    exp = np.unravel_index(flat, (3, 4), order=order)
    got = wgarray.unravel_index(wg(flat), (3, 4), order=order)
    for g, e in zip(got, exp):
        assert_same(g, e)
    assert_same(wgarray.ravel_multi_index(got, (3, 4), order=order), np.ravel_multi_index(exp, (3, 4), order=order))
    coords = (np.array([0, 5, -1]), np.array([3, 2, 9]))
    for mode in ("wrap", "clip"):
        assert_same(wgarray.ravel_multi_index(tuple(map(wg, coords)), (3, 4), mode=mode),
                    np.ravel_multi_index(coords, (3, 4), mode=mode))
    _raises_like(lambda: np.unravel_index(12, (3, 4)), lambda: wgarray.unravel_index(12, (3, 4)))
    _raises_like(lambda: np.ravel_multi_index(coords, (3, 4)), lambda: wgarray.ravel_multi_index(tuple(map(wg, coords)), (3, 4)))
    _raises_like(lambda: np.unravel_index(1.0, (3, 4)), lambda: wgarray.unravel_index(1.0, (3, 4)))


@pytest.mark.parametrize("n, k, m", [(4, 0, None), (4, 1, None), (3, -1, 5), (0, 0, None), (5, 7, 2)])
def test_triangle_indices(n, k, m):
    for name in ("triu_indices", "tril_indices"):
        for g, e in zip(getattr(wgarray, name)(n, k, m), getattr(np, name)(n, k, m)):
            assert_same(g, e)


@pytest.mark.parametrize("bins", [[0, 10, 20, 30], [30, 20, 10, 0], [1.5], [0, 0, 1]])
@pytest.mark.parametrize("right", [False, True])
def test_digitize(bins, right):
    x = np.array([-5, 0, 5, 10, 20, 25, 30, 31, 1.5, np.nan])
    assert_same(wgarray.digitize(wg(x), wg(np.array(bins, float)), right=right), np.digitize(x, np.array(bins, float), right=right))
    _raises_like(lambda: np.digitize(x, [1, 0, 2]), lambda: wgarray.digitize(wg(x), [1, 0, 2]))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "bool"])
@pytest.mark.parametrize("minlength", [0, 3, 12])
def test_bincount(dtype, minlength):
    x = (np.arange(20) * 7 % 9).astype(dtype)[::2]
    w = np.linspace(-1, 2, 10) ** 3
    assert_same(wgarray.bincount(wg(x), minlength=minlength), np.bincount(x, minlength=minlength))
    assert_same(wgarray.bincount(wg(x), weights=wg(w), minlength=minlength), np.bincount(x, w, minlength))
    assert_same(wgarray.bincount(wg(x[:0]), minlength=minlength), np.bincount(x[:0], minlength=minlength))
    assert_same(wgarray.bincount(wg(np.array([2, 2], dtype)), weights=[-0.0, -0.0]), np.bincount(np.array([2, 2], dtype), [-0.0, -0.0]))


def test_bincount_errors():
    for bad in (np.array([1, -1]), np.array([1.0, 2.0]), np.array([[1, 2]])):
        _raises_like(lambda: np.bincount(bad), lambda: wgarray.bincount(wg(bad)))
    _raises_like(lambda: np.bincount([1, 2], weights=[1.0]), lambda: wgarray.bincount(wg(np.array([1, 2])), weights=[1.0]))


@pytest.mark.parametrize("dtype", NUMBER_DTYPES)
def test_lexsort_and_sets(dtype):
    a, b = sample(dtype, 12, seed=1), sample(dtype, 12, seed=2)
    assert_same(wgarray.lexsort((wg(a), wg(b))), np.lexsort((a, b)))
    assert_same(wgarray.lexsort(wg(np.stack([a, b]))), np.lexsort(np.stack([a, b])))
    for name in ("intersect1d", "union1d", "setdiff1d"):
        assert_same(getattr(wgarray, name)(wg(a), wg(b)), getattr(np, name)(a, b))
        assert_same(getattr(wgarray, name)(wg(a[:0]), wg(b)), getattr(np, name)(a[:0], b))


# -- statistics.py -------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMBER_DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_median_ptp(dtype, axis, keepdims):
    host = sample(dtype, 24).reshape(4, 6)[:, ::-1]
    with np.errstate(all="ignore"):
        assert_same(wgarray.median(wg(host), axis=axis, keepdims=keepdims), np.median(host, axis=axis, keepdims=keepdims))
        assert_same(wgarray.ptp(wg(host), axis=axis, keepdims=keepdims), np.ptp(host, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_median_nan_and_empty(dtype):
    host = special_values(dtype).reshape(-1, 1)[:28].reshape(4, 7)
    # + 0.0: NumPy's partition orders 0.0 and -0.0 as it happens to; the median's sign of zero follows
    assert_same(wgarray.median(wg(host), axis=1) + 0.0, np.median(host, axis=1) + 0.0)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        assert_same(wgarray.median(wg(host[:, :0]), axis=1), np.median(host[:, :0], axis=1))


@pytest.mark.parametrize("dtype", [np.dtype(n) for n in ("int16", "uint8", "int64", "float32", "float64")])
@pytest.mark.parametrize("q", [50, 0, 100, 37.5, [10, 90], [[25.0], [66.6]]])
@pytest.mark.parametrize("axis", [None, 1])
def test_percentile_quantile(dtype, q, axis):
    host = sample(dtype, 15).reshape(3, 5)
    if dtype.kind == "f":
        host[host == 0] = 0.0  # NumPy's partition orders 0.0 and -0.0 as it happens to
    assert_same(wgarray.percentile(wg(host), q, axis=axis), np.percentile(host, q, axis=axis))
    quantiles = np.asarray(q) / 100 if isinstance(q, list) else q / 100
    assert_same(wgarray.quantile(wg(host), quantiles, axis=axis, keepdims=True),
                np.quantile(host, quantiles, axis=axis, keepdims=True))
    _raises_like(lambda: np.percentile(host, 101), lambda: wgarray.percentile(wg(host), 101))


@pytest.mark.parametrize("dtype", (*FLOAT_DTYPES, np.dtype("complex128"), np.dtype("int32")))
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nan_reductions(dtype, axis):
    host = (np.linspace(-3, 5, 24) * (1 + 1j if dtype.kind == "c" else 1)).reshape(4, 6).astype(dtype)
    if dtype.kind in "fc":
        host[:, 2] = host[3] = np.nan  # a column with NaNs, a row of NaNs only
        host[0, 0] = -0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy warns for slices of NaNs only
        if dtype.kind == "c":
            host[1, 4] = complex(1.0, np.nan)  # a NaN imaginary part makes a complex value NaN too
        for name in ("nansum", "nanmean", "nanmax", "nanmin"):
            # sums in another order than NumPy's pairwise one: a few ulps
            assert_same(getattr(wgarray, name)(wg(host), axis=axis), getattr(np, name)(host, axis=axis), ulps=8)


@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "bool"])
def test_average(dtype):
    host = sample(dtype, 12).reshape(3, 4)
    weights = np.array([1.0, 2.0, 0.5])
    assert_same(wgarray.average(wg(host)), np.average(host))
    assert_same(wgarray.average(wg(host), axis=0, weights=wg(weights)), np.average(host, axis=0, weights=weights), ulps=2)
    got, scale = wgarray.average(wg(host), axis=1, weights=wg(host[0] * 0 + 1.5), returned=True)
    exp = np.average(host, axis=1, weights=host[0] * 0 + 1.5, returned=True)
    assert_same(got, exp[0], ulps=2)
    assert_same(scale, exp[1])
    _raises_like(lambda: np.average(host, weights=weights), lambda: wgarray.average(wg(host), weights=wg(weights)))
    _raises_like(lambda: np.average(host, axis=0, weights=weights * 0), lambda: wgarray.average(wg(host), axis=0, weights=wg(weights * 0)))


# -- calculus.py ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex64"])
@pytest.mark.parametrize("axis", [0, -1])
def test_trapezoid(dtype, axis):
    y = (np.arange(12) ** 2 % 7).astype(dtype).reshape(3, 4)
    x = np.array([0.0, 0.5, 2.0, 2.25, 3.0])[: y.shape[axis]]
    assert_same(wgarray.trapezoid(wg(y), axis=axis), np.trapezoid(y, axis=axis), ulps=4)
    assert_same(wgarray.trapezoid(wg(y), dx=0.1, axis=axis), np.trapezoid(y, dx=0.1, axis=axis), ulps=4)
    assert_same(wgarray.trapezoid(wg(y), wg(x), axis=axis), np.trapezoid(y, x, axis=axis), ulps=4)


@pytest.mark.parametrize("p_dtype, x_dtype", [("int64", "int64"), ("float64", "int32"), ("float32", "float32"),
                                              ("int8", "float64")])
def test_polyval(p_dtype, x_dtype):
    p = np.array([3, -2, 0, 1], dtype=p_dtype)
    x = np.linspace(-2, 2, 7).astype(x_dtype)
    assert_same(wgarray.polyval(wg(p), wg(x)), np.polyval(p, x))
    assert_same(wgarray.polyval(wg(p), wg(x[:0])), np.polyval(p, x[:0]))
