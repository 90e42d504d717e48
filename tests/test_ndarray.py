"""ndarray attributes (flags, strides, base, real/imag views, settable shape, dtype views), copies and
layouts (astype, copy, reshape, ravel, flatten with order), resize, the flat iterator, item, tolist,
tobytes, and the scalar behaviour of 0-d arrays, against NumPy."""

from __future__ import annotations

import copy as copy_module

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, COMPLEX_DTYPES, assert_same, host, sample, wg

REAL_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "c")


def layouts(h):
    x = wg(h)
    return [(h, x), (h.T, x.T), (h[::2, 1:], x[::2, 1:]), (h[:, ::-1], x[:, ::-1])]


def flags_of(a):
    f = a.flags
    return (f.c_contiguous, f.f_contiguous, f["C_CONTIGUOUS"], f["F"], f.writeable, f.aligned)


# -- attributes --------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_layout_attributes(dtype):
    h = sample(dtype, 24).reshape(4, 6)
    for hv, x in layouts(h):
        assert x.strides == hv.strides
        assert (x.itemsize, x.nbytes, x.size, x.ndim, x.shape) == (hv.itemsize, hv.nbytes, hv.size, hv.ndim, hv.shape)
        assert flags_of(x) == flags_of(hv)
        assert x.dtype == hv.dtype
    assert_same(wg(h).T, h.T)
    assert_same(wg(h[0]).T, h[0].T)


def test_base_and_owndata():
    x = wg(np.arange(12.0).reshape(3, 4))
    assert x.base is None and x.flags.owndata and x.flags["OWNDATA"]
    v = x[1:]
    w = v.T
    assert v.base is x and w.base is x and not w.flags.owndata
    assert x.copy().base is None and x.astype(np.float32).base is None


def test_writeable_flag():
    x = wg(np.arange(4.0))
    v = x[1:]
    x.flags.writeable = False
    with pytest.raises(ValueError):
        x[0] = 1.0
    with pytest.raises(ValueError):
        x.fill(2.0)
    with pytest.raises(ValueError):
        x.sort()
    v[0] = 5.0  # a view made earlier keeps its own flag, as in NumPy
    assert host(x)[1] == 5.0
    x.flags["WRITEABLE"] = True
    x[0] = 1.0
    b = wgarray.broadcast_to(x, (2, 4))
    assert not b.flags.writeable
    with pytest.raises(KeyError):
        x.flags["NOPE"]
    with pytest.raises(ValueError):
        x.flags["C_CONTIGUOUS"] = False


def test_shape_setter():
    h = np.arange(12)
    x = wg(h)
    x.shape = (3, 4)
    h.shape = (3, 4)
    assert_same(x, h)
    x.shape = (2, -1)
    assert x.shape == (2, 6)
    t = x.T
    with pytest.raises(AttributeError):
        t.shape = (12,)
    with pytest.raises(ValueError):
        x.shape = (5,)


@pytest.mark.parametrize("dtype", COMPLEX_DTYPES, ids=str)
def test_real_imag_views(dtype):
    h = sample(dtype, 12).reshape(3, 4)
    for hv, x in layouts(h):
        assert_same(x.real, hv.real)
        assert_same(x.imag, hv.imag)
        assert x.real.strides == hv.real.strides and x.imag.base is not None
    hw, x = h.copy(), wg(h)
    x.real[1] = 7
    hw.real[1] = 7
    x.imag = -1.5
    hw.imag = -1.5
    assert_same(x, hw)
    view, hv = x[:, ::2], hw[:, ::2]
    view.imag = wg(np.arange(6.0).reshape(3, 2))
    hv.imag = np.arange(6.0).reshape(3, 2)
    assert_same(x, hw)


@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=str)
def test_real_imag_of_real_arrays(dtype):
    h = sample(dtype, 6)
    x = wg(h)
    assert x.real is x
    assert_same(x.imag, h.imag)
    assert not x.imag.flags.writeable
    with pytest.raises(TypeError):
        x.imag = 1
    x.real = h[0]
    assert_same(x, np.full_like(h, h[0]))


@pytest.mark.parametrize("pair", [("int32", "float32"), ("float64", "uint64"), ("int8", "uint8"), ("uint16", "int16"),
                                  ("bool", "uint8"), ("complex64", "float32"), ("float64", "int32"),
                                  ("int16", "int64"), ("complex128", "uint8"), ("uint8", "int32")], ids=str)
def test_dtype_views(pair):
    src, dst = map(np.dtype, pair)
    h = sample(src, 16).reshape(2, 8)
    if dst == np.bool_:
        h = h.astype(bool)
    for hv, x in ((h, wg(h)), (h[1:], wg(h)[1:]), (h[:, ::1][::-1], wg(h)[::-1])):
        assert_same(x.view(dst), hv.view(dst))
    x = wg(h)
    v = x.view(dst)
    assert v.base is x
    v[...] = np.zeros(1, dst)[0]  # writes go to the same memory
    assert not host(x).view(np.uint8).any()
    assert x.view().base is x and x.view(wgarray.ndarray).dtype == x.dtype


def test_dtype_view_errors():
    h, x = np.arange(6, dtype=np.int32), wg(np.arange(6, dtype=np.int32))
    for bad in (lambda a: a[::2].view(np.int16), lambda a: a[0].view(np.int16), lambda a: a[:5].view(np.int64)):
        with pytest.raises(ValueError):
            bad(h)
        with pytest.raises(ValueError):
            bad(x)
    with pytest.raises(NotImplementedError):  # NumPy allows unaligned views; wgarray cannot address them
        x.reshape(2, 3)[:, 1:].view(np.int64)


# -- copies and orders ---------------------------------------------------------------------------
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_copy_astype_orders(order):
    h = np.arange(24.0).reshape(2, 3, 4)
    for hv, x in ((h, wg(h)), (h.transpose(2, 0, 1), wg(h).transpose(2, 0, 1)), (h[:, ::-1], wg(h)[:, ::-1])):
        for ours, theirs in ((x.copy(order=order), hv.copy(order=order)),
                             (x.astype(np.float32, order=order), hv.astype(np.float32, order=order)),
                             (x.flatten(order), hv.flatten(order)), (x.ravel(order), hv.ravel(order))):
            assert_same(ours, theirs)
            assert flags_of(ours)[:2] == flags_of(theirs)[:2]
        if order != "K":
            assert_same(x.reshape(4, 6, order=order), hv.reshape(4, 6, order=order))
        assert_same(wgarray.ravel(x, order=order), np.ravel(hv, order=order))


def test_astype_casting_and_copy():
    h = np.arange(4.0)
    x = wg(h)
    assert x.astype(np.float64, copy=False) is x
    assert x.astype(np.float64) is not x
    for casting in ("safe", "same_kind", "no"):
        with pytest.raises(TypeError):
            h.astype(np.int32, casting=casting)
        with pytest.raises(TypeError):
            x.astype(np.int32, casting=casting)
    assert_same(x.astype(np.float32, casting="same_kind"), h.astype(np.float32, casting="same_kind"))
    with pytest.raises(ValueError):
        x.astype(np.int32, casting="bogus")
    h2 = np.array([np.nan, 0.0, -0.0, 2.0])
    assert_same(wg(h2).astype(bool, order="F"), h2.astype(bool, order="F"))


def test_reshape_forms():
    h = np.arange(12)
    x = wg(h)
    for args in ((3, 4), ((3, 4),), ([2, -1],), (-1,), (np.int64(6), 2)):
        assert_same(x.reshape(*args), h.reshape(*args))
    with pytest.raises(TypeError):
        x.reshape()
    with pytest.raises(ValueError):
        x.reshape(5)
    with pytest.raises(ValueError):
        x.reshape(3, 4, order="K")


def test_resize_in_place_and_function():
    h = np.arange(6)
    x = wg(h)
    x.resize((2, 5))
    h2 = h.copy()
    h2.resize((2, 5))
    assert_same(x, h2)
    x.resize(3)
    h2.resize(3, refcheck=False)
    assert_same(x, h2)
    with pytest.raises(ValueError):
        x[1:].resize(2)
    for shape in (7, (2, 4), (0,), (1, 2)):
        assert_same(wgarray.resize(wg(h), shape), np.resize(h, shape))
    assert_same(wgarray.resize(wg(np.zeros(0)), 3), np.resize(np.zeros(0), 3))
    with pytest.raises(ValueError):
        wgarray.resize(wg(h), (-1, 2))


# -- flat, item, tolist, tobytes --------------------------------------------------------------------------
def test_flat_iterator():
    h = np.arange(12.0).reshape(3, 4)
    for hv, x in layouts(h):
        f = x.flat
        assert len(f) == hv.size and f.base is x
        assert [float(v) for v in x.flat] == list(hv.flat)
        assert float(f[5]) == hv.flat[5] and float(f[-1]) == hv.flat[-1]
        assert_same(f[2:9:3], hv.flat[2:9:3])
        assert_same(f[[0, 3, 1]], hv.flat[[0, 3, 1]])
        assert_same(x.flat.copy(), hv.flat.copy())
        with pytest.raises(IndexError):
            f[hv.size]
    for key, value in ((3, 9.0), (slice(1, 10, 2), [1.0, 2.0]), ([0, 11], -1.0), (Ellipsis, [5.0, 6.0, 7.0])):
        h2 = h.copy()
        x = wg(h)
        view, hview = x.T, h2.T
        view.flat[key] = value
        hview.flat[key] = value
        assert_same(x, h2)
    x = wg(h)
    x.flat = 4.0
    assert_same(x, np.full_like(h, 4.0))
    mask = (np.arange(12) % 3 == 0)
    x.flat[mask] = 0.0
    h3 = np.full_like(h, 4.0)
    h3.flat[mask] = 0.0
    assert_same(x, h3)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_item_tolist_tobytes(dtype):
    h = sample(dtype, 12).reshape(3, 4)
    for hv, x in layouts(h):
        assert x.item(5) == hv.item(5) and x.item(-1) == hv.item(-1) and x.item((1, 2)) == hv.item((1, 2))
        assert x.item(1, 1) == hv.item(1, 1)
        assert x.tolist() == hv.tolist()
        for order in ("C", "F", "A"):
            assert x.tobytes(order) == hv.tobytes(order)
    assert wg(h)[1, 1].item() == h[1, 1].item() and wg(h)[1, 1].tolist() == h[1, 1].tolist()
    with pytest.raises(ValueError):
        wg(h).item()
    with pytest.raises(IndexError):
        wg(h).item(12)
    with pytest.raises(ValueError):
        wg(h).item(1, 2, 3)


def test_fill_and_copy_protocol():
    x = wg(np.zeros((2, 3), np.int8))
    x[:, ::2].fill(7)
    assert_same(x, np.array([[7, 0, 7], [7, 0, 7]], np.int8))
    with pytest.raises(OverflowError):
        x.fill(300)
    y = copy_module.copy(x)
    z = copy_module.deepcopy(x)
    y[0, 0] = 1
    z[0, 1] = 2
    assert_same(x, np.array([[7, 0, 7], [7, 0, 7]], np.int8))


# -- 0-d arrays as scalars -------------------------------------------------------------------------------
def test_scalar_behaviour():
    f, i, b, c = wg(np.float64(2.5)), wg(np.int32(3)), wg(np.bool_(True)), wg(np.complex64(1 + 2j))
    assert f"{f:.3f}" == "2.500" and f"{i:d}" == "3" and f"{i:>4}" == "   3" and f"{f}" == "2.5"
    assert f"{c}" == format(complex(1, 2)) and format(b) == "True"
    assert int(f) == 2 and float(i) == 3.0 and complex(c) == 1 + 2j and bool(b) is True
    assert [10, 20, 30, 40][i] == 40 and list(range(10))[wg(np.uint8(2))] == 2
    for bad in (f, b, wg(np.array([1]))):
        with pytest.raises(TypeError):
            [1, 2][bad]
    assert hash(f) == hash(2.5) and hash(i) == hash(3) and hash(c) == hash(1 + 2j)
    assert {f: "x"}[2.5] == "x" and len({wg(np.int64(1)), 1, 1.0}) == 1
    with pytest.raises(TypeError):
        hash(wg(np.arange(3)))
    cond = wg(np.int64(3)) > 2
    assert cond.ndim == 0 and cond.dtype == np.bool_
    assert (True if cond else False) and not (wg(np.int64(3)) < 2)
    assert 3 in wg(np.arange(5)) and 7 not in wg(np.arange(5))
    with pytest.raises(TypeError):
        format(wg(np.arange(3)), ".2f")
    assert format(wg(np.arange(3)), "") == str(np.arange(3))


def test_in_place_operators_on_0d_results_rebind_as_on_numpy_scalars():
    for np_ in (np, wgarray):
        x = np_.arange(5)
        s = x[1]
        s += 10  # a scalar: x is unchanged
        total = x.sum()
        alias = total
        total += 1
        total *= 2.5  # promotes, as a NumPy scalar does
        stock, levels = 20, []
        for d in np_.asarray([5, 7, 3]):
            stock -= d
            stock += 1
            levels.append(stock)
        grown = x[0]
        grown += np_.ones(3)  # broadcasting rebinds to the larger result
        zero_d = np_.zeros(())  # a 0-d ndarray: written in place, views and aliases see it
        alias_0d, view_0d = zero_d, zero_d[...]
        zero_d += 3
        results = dict(x=x, s=s, alias=alias, total=total, levels=[int(v) for v in levels], grown=grown,
                       alias_0d=float(alias_0d), view_0d=float(view_0d), made=float(np_.asarray(2.0) + 0))
        if np_ is np:
            expected = results
        else:
            got = results
    assert_same(got.pop("x"), expected.pop("x"))
    assert_same(got.pop("grown"), expected.pop("grown"))
    for key in ("s", "alias", "total"):
        assert_same(got.pop(key), np.asarray(expected.pop(key)))
    assert got == expected
