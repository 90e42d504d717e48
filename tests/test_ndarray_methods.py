"""ndarray methods against NumPy's: every dtype, views (transposed, strided, broadcast), 0-d, empty,
special values, NumPy's keywords (out, where, initial, ddof, order, mode) and NumPy's exceptions."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, assert_same, host, sample, special_values, wg

ORDERED = tuple(d for d in ALL_DTYPES if d.kind != "c")
NUMERIC = tuple(d for d in ALL_DTYPES if d.kind != "b")


def grid(dtype, shape=(4, 6), seed=0):
    return sample(dtype, int(np.prod(shape)), seed).reshape(shape)


def tame(dtype, shape=(4, 6), seed=0):
    """Small nonzero values (halves and small integers): sums and products exact in any order."""
    rng = np.random.default_rng(seed)
    h = rng.choice([-3, -2, -1, 1, 2, 3], shape) * (0.5 if np.dtype(dtype).kind in "fc" else 1)
    if np.dtype(dtype).kind == "c":
        h = h + 1j * rng.integers(-2, 3, shape)
    return h.astype(dtype) if np.dtype(dtype).kind != "u" else np.abs(h).astype(dtype)


def views(h):
    """(host view, device view) pairs: contiguous, transposed, strided with a negative step."""
    x = wg(h)
    return [(h, x), (h.T, x.T), (h[::2, ::-1], x[::2, ::-1])]


def raises_like(exc, f_np, f_wg):
    with pytest.raises(exc):
        f_np()
    with pytest.raises(exc):
        f_wg()


# -- reductions ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "all", "any"])
def test_reductions_axes(dtype, name):
    data = tame(dtype) if name in ("sum", "prod") else grid(dtype)
    for h, x in views(data):
        for kwargs in ({}, {"axis": 0}, {"axis": (0, 1)}, {"axis": -1, "keepdims": True}):
            # complex products round in between (their parts are sums of products)
            assert_same(getattr(x, name)(**kwargs), getattr(h, name)(**kwargs), rel=64 if dtype.kind == "c" else 0)


@pytest.mark.parametrize("dtype", [np.dtype(t) for t in ("bool", "int8", "uint16", "int64", "float32", "float64")],
                         ids=str)
def test_where_and_initial(dtype):
    h = tame(dtype, (3, 5), seed=1) if dtype.kind == "f" else grid(dtype, (3, 5), seed=1)
    mask = np.array([True, False, True, True, False])
    x = wg(h)
    for name, initial in (("sum", 3), ("prod", 2), ("max", 5), ("min", 1)):
        for kwargs in ({"where": mask, "initial": initial}, {"initial": initial, "axis": 1},
                       {"where": mask[None], "initial": initial, "axis": 0, "keepdims": True}):
            if name in ("sum", "prod") and "where" in kwargs and dtype.kind == "f":
                kwargs = dict(kwargs, initial=0.5)
            exp = getattr(h, name)(**kwargs)
            assert_same(getattr(x, name)(**kwargs), exp)
            assert_same(getattr(wgarray, name)(x, **kwargs), getattr(np, name)(h, **kwargs))
    for name in ("all", "any"):
        assert_same(getattr(x, name)(axis=0, where=mask), getattr(h, name)(axis=0, where=mask))


def test_where_errors_and_empty_initial():
    h = np.arange(6.0).reshape(2, 3)
    x = wg(h)
    raises_like(ValueError, lambda: h.max(where=h > 2), lambda: x.max(where=x > 2))
    e = np.zeros((0, 3))
    assert_same(wg(e).max(axis=0, initial=-1.5), e.max(axis=0, initial=-1.5))
    assert_same(wg(e).sum(axis=0, initial=2), e.sum(axis=0, initial=2))
    raises_like(ValueError, lambda: e.min(axis=0), lambda: wg(e).min(axis=0))
    assert_same(wg(np.arange(3)).sum(initial=2.5), np.arange(3).sum(initial=2.5))  # initial cast to int


def test_out_argument():
    h = np.arange(12.0).reshape(3, 4)
    x = wg(h)
    out = wg(np.zeros(4))
    assert x.sum(axis=0, out=out) is out
    assert_same(out, h.sum(axis=0))
    out_int = wg(np.zeros(3, np.int64))
    x.mean(axis=1, out=out_int)  # reductions cast unsafely into out, as in NumPy
    assert_same(out_int, h.mean(axis=1, out=np.zeros(3, np.int64)))
    raises_like(ValueError, lambda: h.sum(out=np.zeros(1)), lambda: x.sum(out=wg(np.zeros(1))))
    with pytest.raises(TypeError):
        x.sum(out=np.zeros(()))
    out_idx = wg(np.zeros(4, np.int64))
    x.argmax(axis=0, out=out_idx)
    assert_same(out_idx, h.argmax(axis=0))
    ro = wgarray.broadcast_to(wg(np.zeros(4)), (4,))
    with pytest.raises(ValueError):
        x.sum(axis=0, out=ro)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES + COMPLEX_DTYPES + (np.dtype("int32"),), ids=str)
def test_mean_var_std(dtype):
    h = grid(dtype, (4, 6), seed=2)
    for hv, x in views(h):
        for name in ("mean", "var", "std"):
            for kwargs in ({}, {"axis": 0}, {"axis": 1, "keepdims": True}):
                extra = {"ddof": 1} if name != "mean" else {}
                exp = getattr(hv, name)(**kwargs, **extra)
                got = getattr(x, name)(**kwargs, **extra)
                assert host(got).dtype == exp.dtype
                np.testing.assert_allclose(host(got), exp, rtol=1e-4 if dtype.itemsize <= 8 else 1e-10)
    mask = grid(np.dtype(bool), (4, 6), seed=3)
    for name in ("mean", "var", "std"):
        exp = getattr(h, name)(axis=1, where=mask)
        np.testing.assert_allclose(host(getattr(wg(h), name)(axis=1, where=mask)), exp, rtol=1e-4, equal_nan=True)
    centre = h.mean(axis=0, keepdims=True)
    np.testing.assert_allclose(host(wg(h).var(axis=0, mean=wg(centre))), h.var(axis=0, mean=centre), rtol=1e-4)


def test_variance_keywords():
    h = np.arange(10.0)
    x = wg(h)
    assert float(wgarray.std(x, correction=1)) == pytest.approx(np.std(h, ddof=1))
    assert float(wgarray.var(x, axis=0, correction=2, keepdims=False)) == pytest.approx(np.var(h, ddof=2))
    assert float(x.var(correction=1)) == pytest.approx(np.var(h, correction=1))
    raises_like(ValueError, lambda: np.var(h, ddof=1, correction=1), lambda: x.var(ddof=1, correction=1))
    assert_same(x.mean(dtype=np.float32), h.mean(dtype=np.float32))
    assert_same(wg(np.arange(5)).mean(dtype=np.int64), np.arange(5).mean(dtype=np.int64))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
def test_cumulative(dtype, name):
    h = grid(dtype, (3, 4), seed=4)
    if dtype.kind in "fc":
        h = (h / 1e3).astype(dtype) if name == "cumprod" else h
    for hv, x in views(h):
        for axis in (None, 0, -1):
            exp = getattr(hv, name)(axis=axis)
            got = getattr(x, name)(axis=axis)
            if dtype.kind in "fc":
                assert host(got).dtype == exp.dtype
                np.testing.assert_allclose(host(got), exp, rtol=1e-4)
            else:
                assert_same(got, exp)
    if dtype.kind != "c":
        np.testing.assert_allclose(host(getattr(wg(h), name)(dtype=np.float64)), getattr(h, name)(dtype=np.float64),
                                   rtol=1e-12)


@pytest.mark.parametrize("dtype", ORDERED, ids=str)
def test_argmax_argmin(dtype):
    h = special_values(dtype)[: 24 // 2 * 2]
    h = np.resize(h, 24).reshape(4, 6)
    for hv, x in views(h):
        for kwargs in ({}, {"axis": 0}, {"axis": 1, "keepdims": True}):
            assert_same(x.argmax(**kwargs), hv.argmax(**kwargs))
            assert_same(x.argmin(**kwargs), hv.argmin(**kwargs))


def test_trace_and_diagonal():
    h = np.arange(24).reshape(2, 3, 4)
    x = wg(h)
    for kwargs in ({}, {"offset": 1}, {"offset": -1, "axis1": 1, "axis2": 2}, {"offset": 5}, {"axis1": 2, "axis2": 0}):
        assert_same(x.diagonal(**kwargs), h.diagonal(**kwargs))
        assert_same(x.trace(**kwargs), h.trace(**kwargs))
        assert_same(wgarray.trace(x, **kwargs), np.trace(h, **kwargs))
    assert not x.diagonal().flags.writeable
    assert_same(wg(h[:, ::-1]).diagonal(offset=-1), h[:, ::-1].diagonal(offset=-1))
    assert_same(x.trace(dtype=np.float32), h.trace(dtype=np.float32))
    raises_like(ValueError, lambda: np.arange(3).diagonal(), lambda: wg(np.arange(3)).diagonal())
    raises_like(ValueError, lambda: h.diagonal(axis1=1, axis2=1), lambda: x.diagonal(axis1=1, axis2=1))


# -- rounding and clipping ----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMERIC, ids=str)
@pytest.mark.parametrize("decimals", [0, 1, 2, -1, -2])
def test_round(dtype, decimals):
    h = special_values(dtype)
    if dtype.kind in "iu" and decimals < 0:  # NumPy rounds integers in float64: extremes overflow the cast back
        info = np.iinfo(dtype)
        h = h[(h > info.min // 2) & (h < info.max // 2)]
    if dtype.kind == "f":
        h = np.concatenate([h, np.array([0.125, 2.675, 1234.5678, -0.05, 25, 35, -150], dtype)])
    with np.errstate(all="ignore"):
        exp = np.round(h, decimals)
    assert_same(wg(h).round(decimals), exp)
    assert_same(wgarray.round(wg(h), decimals), exp)


def test_round_bool_and_out():
    assert_same(wg(np.array([True, False])).round(), np.array([True, False]))  # the standard's round (NumPy: float16)
    with pytest.raises(TypeError):
        wg(np.array([True])).round(1)
    out = wg(np.zeros(3))
    wgarray.around(wg(np.array([0.5, 1.5, 2.5])), out=out)
    assert_same(out, np.array([0.0, 2.0, 2.0]))


@pytest.mark.parametrize("dtype", [np.dtype(t) for t in ("int8", "uint32", "int64", "float32", "float64")], ids=str)
def test_clip(dtype):
    h = special_values(dtype)
    x = wg(h)
    assert_same(x.clip(1, 5), h.clip(1, 5))
    assert_same(x.clip(max=3), h.clip(max=3))
    out = wg(np.zeros_like(h))
    x.clip(1, 2, out=out)
    assert_same(out, h.clip(1, 2))


@pytest.mark.parametrize("dtype", COMPLEX_DTYPES + FLOAT_DTYPES, ids=str)
def test_conj(dtype):
    h = special_values(dtype)
    assert_same(wg(h).conj(), h.conj())
    assert_same(wg(h).conjugate(), h.conjugate())


def test_dot():
    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    c = np.arange(24.0).reshape(2, 3, 4)
    v = np.arange(3.0)
    for p, q in ((a, b), (v, v), (a, v), (v, b), (c, np.arange(8.0).reshape(4, 2)), (a, np.float64(2.0))):
        assert_same(wg(p).dot(wg(q)), p.dot(q))
        assert_same(wgarray.dot(wg(p), wg(q)), np.dot(p, q))
    z = np.array([1 + 2j, 3 - 1j])
    assert_same(wg(z).dot(wg(z)), z.dot(z))  # no conjugation
    raises_like(ValueError, lambda: a.dot(a), lambda: wg(a).dot(wg(a)))


# -- sorting and searching -------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_sort_in_place_and_argsort(dtype):
    h = grid(dtype, (4, 6), seed=5)
    for axis in (-1, 0):
        h2, x = h.copy(), wg(h)
        view, hview = x[:, ::-1], h2[:, ::-1]
        assert view.sort(axis=axis) is None
        hview.sort(axis=axis, kind="stable")
        assert_same(x, h2)
        assert_same(wg(h).argsort(axis=axis), h.argsort(axis=axis, kind="stable"))
    assert_same(wg(h).argsort(axis=None), h.argsort(axis=None, kind="stable"))
    assert_same(wg(h).argsort(stable=True), h.argsort(stable=True))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_sort_complex(dtype):
    h = grid(dtype, (3, 5), seed=6)
    assert_same(wgarray.sort_complex(wg(h)), np.sort_complex(h))
    assert_same(wgarray.sort_complex(wg(h)[:, ::-2]), np.sort_complex(h[:, ::-2]))
    if dtype.kind in "fc":
        s = special_values(dtype)  # 0.0 and -0.0 tie: NumPy's quicksort leaves them in either order
        got, expected = wgarray.sort_complex(wg(s)), np.sort_complex(s)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(np.asarray(got), expected)
    raises_like(np.exceptions.AxisError, lambda: np.sort_complex(h[0, 0]), lambda: wgarray.sort_complex(wg(h)[0, 0]))


def test_sort_errors():
    h, x = np.arange(4.0), wg(np.arange(4.0))
    raises_like(ValueError, lambda: h.sort(order="f"), lambda: x.sort(order="f"))
    raises_like(ValueError, lambda: h.sort(kind="stable", stable=True), lambda: x.sort(kind="stable", stable=True))
    raises_like(np.exceptions.AxisError, lambda: h.sort(axis=1), lambda: x.sort(axis=1))
    raises_like(TypeError, lambda: h.sort(axis=None), lambda: x.sort(axis=None))


def _is_partition(values, kth, axis):
    values = np.moveaxis(values, axis, -1)
    for k in np.atleast_1d(kth) % values.shape[-1]:
        pivot = values[..., k:k + 1]
        assert (values[..., :k] <= pivot).all() and (values[..., k + 1:] >= pivot).all()


@pytest.mark.parametrize("dtype", [np.dtype(t) for t in ("int8", "uint32", "int64", "float32", "float64")], ids=str)
def test_partition(dtype):
    h = grid(dtype, (3, 8), seed=6)
    for kth, axis in ((3, -1), ([1, 5], -1), (-1, -1), (1, 0), (4, None)):
        data, along = (h.reshape(-1), -1) if axis is None else (h, axis)
        got = host(wgarray.partition(wg(h), kth, axis=axis))
        assert np.array_equal(np.sort(got, axis=along), np.sort(np.partition(h, kth, axis=axis), axis=along))
        _is_partition(got, kth, along)
        idx = host(wg(h).argpartition(kth, axis=axis))
        _is_partition(np.take_along_axis(data, idx, axis=along), kth, along)
    x = wg(h)
    x[::2].partition(2)
    assert_same(x[1], h[1])
    _is_partition(host(x[::2]), 2, -1)
    raises_like(ValueError, lambda: h.partition(8), lambda: wg(h).partition(8))
    raises_like(ValueError, lambda: h.partition(-9), lambda: wg(h).partition(-9))
    raises_like(ValueError, lambda: np.argpartition(h, 1, order="x"), lambda: wg(h).argpartition(1, order="x"))


def test_searchsorted_nonzero_repeat_squeeze_swapaxes():
    s = np.array([1.0, 2.0, 2.0, 5.0, np.nan])
    for side in ("left", "right"):
        assert_same(wg(s).searchsorted(wg(np.array([2.0, 0.0, 9.0, np.nan])), side=side),
                    s.searchsorted(np.array([2.0, 0.0, 9.0, np.nan]), side=side))
    perm = np.array([3, 0, 2, 1])
    u = np.array([5, 1, 3, 2])
    assert_same(wg(u).searchsorted(3, sorter=wg(perm)), u.searchsorted(3, sorter=perm))
    h = np.array([[0, 3, 0], [1, 0, 2]])
    for ours, theirs in zip(wg(h).T.nonzero(), h.T.nonzero()):
        assert_same(ours, theirs)
    assert_same(wg(h).repeat(2), h.repeat(2))
    assert_same(wg(h).repeat([1, 2], axis=0), h.repeat([1, 2], axis=0))
    e = np.zeros((1, 3, 1))
    assert_same(wg(e).squeeze(), e.squeeze())
    assert_same(wg(e).squeeze(axis=2), e.squeeze(axis=2))
    raises_like(ValueError, lambda: e.squeeze(axis=1), lambda: wg(e).squeeze(axis=1))
    assert_same(wg(e).swapaxes(0, 1), e.swapaxes(0, 1))
    t = np.arange(24).reshape(2, 3, 4)
    for axes in ((), ((1, 0, 2),), (2, 0, 1), (None,)):
        assert_same(wg(t).transpose(*axes), t.transpose(*axes))
    assert_same(wgarray.transpose(wg(t), (2, 1, 0)), np.transpose(t, (2, 1, 0)))


# -- selection --------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_take_put_choose_compress(dtype):
    h = grid(dtype, (3, 4), seed=7)
    for hv, x in views(h):
        for mode in ("raise", "wrap", "clip"):
            idx = [0, -1, 2] if mode == "raise" else [0, 7, -5, 2]
            assert_same(x.take(idx, mode=mode), hv.take(idx, mode=mode))
            assert_same(x.take(wg(np.array(idx)), axis=1, mode=mode), hv.take(idx, axis=1, mode=mode))
        cond = [True, False, True]
        assert_same(x.compress(cond[: hv.shape[0]], axis=0), hv.compress(cond[: hv.shape[0]], axis=0))
        assert_same(x.compress([0, 1, 1]), hv.compress([0, 1, 1]))
    vals = sample(dtype, 2, seed=8)
    for mode, ind in (("raise", [0, -1, 5]), ("wrap", [13, -2]), ("clip", [20, -20])):
        h2, x = h.copy(), wg(h)
        view, hview = x.T, h2.T  # put works in C order over the view
        view.put(ind, vals, mode=mode)
        hview.put(ind, vals, mode=mode)
        assert_same(x, h2)
        wgarray.put(x, wg(np.array([1])), vals[:1])
        np.put(h2, [1], vals[:1])
        assert_same(x, h2)
    a = np.array([[0, 1, 2], [2, 1, 0]])
    choices = [sample(dtype, 3, seed=s) for s in (9, 10, 11)]
    assert_same(wg(a).choose([wg(c) for c in choices]), a.choose(choices))
    for mode in ("wrap", "clip"):
        assert_same(wgarray.choose(wg(a + 2), choices, mode=mode), np.choose(a + 2, choices, mode=mode))


def test_selection_errors():
    h = np.arange(6)
    x = wg(h)
    raises_like(IndexError, lambda: h.take([6]), lambda: x.take([6]))
    raises_like(IndexError, lambda: h.take(np.array([6])), lambda: x.take(wg(np.array([6]))))
    raises_like(IndexError, lambda: h.put([7], 1), lambda: x.put([7], 1))
    raises_like(IndexError, lambda: h.put(np.array([-7]), 1), lambda: x.put(wg(np.array([-7])), 1))
    raises_like(ValueError, lambda: h.put([1], 1, mode="bogus"), lambda: x.put([1], 1, mode="bogus"))
    raises_like(ValueError, lambda: np.choose([0, 3], [[1, 2], [3, 4]]), lambda: wgarray.choose([0, 3], [[1, 2], [3, 4]]))
    raises_like(TypeError, lambda: np.choose([0.0, 1.0], [[1, 2], [3, 4]]),
                lambda: wgarray.choose(wg(np.array([0.0, 1.0])), [[1, 2], [3, 4]]))
    raises_like(IndexError, lambda: np.compress([0, 1, 1, 1], h[:3]), lambda: wgarray.compress([0, 1, 1, 1], x[:3]))
    assert_same(wgarray.compress([0, 1, 1, 0], x[:3]), np.compress([0, 1, 1, 0], h[:3]))
    ro = wgarray.broadcast_to(x, (2, 6))
    with pytest.raises(ValueError):
        ro.put([0], 1)
    out = wg(np.zeros(2, np.int32))
    with pytest.raises(TypeError):  # take's out casts safely only, as in NumPy
        x.take([0, 1], out=out)
    out64 = wg(np.zeros(2, np.int64))
    assert x.take([0, 1], out=out64) is out64
    assert_same(out64, h.take([0, 1]))


# -- byteswap -------------------------------------------------------------------------------------------
def _same_bytes(got, exp):
    got = host(got)
    assert (got.dtype, got.shape) == (exp.dtype, exp.shape)
    assert got.tobytes() == exp.tobytes()  # bit for bit: swapped floats are often NaNs or subnormals


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_byteswap(dtype):
    h = np.resize(special_values(dtype), (4, 6))
    for hv, xv in views(h) + [(h[1, 2], wg(h)[1, 2]), (h[:0], wg(h)[:0])]:
        _same_bytes(xv.byteswap(), hv.byteswap())
        _same_bytes(xv.byteswap().byteswap(), hv)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_byteswap_in_place_on_a_view(dtype):
    h = np.resize(special_values(dtype), (4, 6))
    x = wg(h)
    result = x[::2, ::-1].byteswap(inplace=True)
    h[::2, ::-1].byteswap(inplace=True)
    _same_bytes(x, h)
    _same_bytes(result, h[::2, ::-1])
    with pytest.raises(ValueError):
        wgarray.broadcast_to(x[0], (2, 6)).byteswap(inplace=True)
