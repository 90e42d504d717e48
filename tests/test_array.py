"""The Array object against NumPy: attributes, basic indexing, assignment, conversions, operators."""

from __future__ import annotations

import operator

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, PACKED_DTYPES, assert_same, host, sample, wg

BASE = np.arange(2 * 3 * 5, dtype=np.int32).reshape(2, 3, 5)


# -- attributes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(), (0,), (4,), (2, 3), (2, 0, 3), (2, 3, 5)])
def test_attributes(shape):
    h = np.zeros(shape, np.float32)
    a = wg(h)
    assert a.shape == shape and isinstance(a.shape, tuple)
    assert a.ndim == len(shape) and a.size == h.size
    assert a.dtype == wgarray.float32
    assert a.device == wgarray.get_device() or a.device is not None
    assert "float32" in repr(a)
    assert_same(a.T, h.T)  # NumPy's T reverses the axes of any array (the standard asks for 2-D only)
    if len(shape) >= 2:
        assert_same(a.mT, np.swapaxes(h, -1, -2))
    else:
        with pytest.raises(ValueError):
            a.mT


def test_transposes_are_views_that_compute():
    a = wg(BASE.astype(np.float64))
    assert_same(a.mT, np.swapaxes(BASE.astype(np.float64), -1, -2))
    assert_same(a[0].T, BASE[0].T.astype(np.float64))
    assert_same(a[0].T[::-1, 1:], BASE[0].T[::-1, 1:].astype(np.float64))


# -- basic indexing --------------------------------------------------------------------------------
KEYS = [0, -1, 1, (1, 2), (-1, -3, -5), slice(None), slice(1, None), slice(None, None, -1),
        (slice(None), slice(None, None, 2)), (Ellipsis, 1), (1, Ellipsis), (Ellipsis,), (None,), (None, 1),
        (slice(None), None, slice(None, None, -2)), (0, slice(1, 3), slice(4, 0, -2)), (Ellipsis, None),
        (slice(-1, None), slice(None, None, -1), 3), (1, None, Ellipsis, None), (slice(5, 0), 0),
        (slice(None, None, 7),), (slice(-100, 100),), (1, 2, 3), (-2, Ellipsis, -5), ()]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_basic_indexing(key):
    a = wg(BASE)
    assert_same(a[key], BASE[key])


def test_nested_indexing():
    a = wg(BASE)
    assert_same(a[::-1][1, ::2][..., ::-3], BASE[::-1][1, ::2][..., ::-3])
    assert_same(a[:, 1:][:, ::-1][1:, 0], BASE[:, 1:][:, ::-1][1:, 0])


@pytest.mark.parametrize("key, error", [
    (2, IndexError), (-3, IndexError), ((0, 3), IndexError), ((0, 0, 5), IndexError), ((0, 0, 0, 0), IndexError),
    ((Ellipsis, Ellipsis), IndexError), (slice(None, None, 0), ValueError), ((0, slice(0, 1, 0)), ValueError),
    (1.0, IndexError), ("a", IndexError)])
def test_index_errors(key, error):
    a = wg(BASE)
    with pytest.raises(error):
        a[key]
    with pytest.raises(error):
        BASE[key]  # the same error in NumPy


def test_index_with_0d_integer_array():
    a = wg(BASE)
    i = wg(np.array(1))
    assert_same(a[i], BASE[1])


# -- assignment --------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_setitem(dtype):
    h = sample(dtype, 7 * 6, seed=1).reshape(7, 6)
    a = wg(h)
    h = h.copy()
    v = sample(dtype, 6, seed=2)
    for key, value in [((1, 2), v[0]), (slice(1, 6, 2), v), ((slice(None, None, -3), 1), v[:3]),
                       ((Ellipsis, 5), v[4]), ((slice(2, 5), slice(5, 0, -2)), v[:3])]:
        h[key] = value
        a[key] = wg(np.asarray(value)) if isinstance(value, np.ndarray) else value.item()
        assert_same(a, h)


@pytest.mark.parametrize("dtype", PACKED_DTYPES, ids=str)
def test_setitem_packed_odd_offsets(dtype):
    # Packed dtypes share u32 words between elements: writes must not clobber neighbours.
    h = sample(dtype, 37, seed=3)
    a = wg(h)
    h = h.copy()
    fill = sample(dtype, 37, seed=4)
    for key in (slice(1, 36, 3), slice(3, 4), slice(34, 2, -5), slice(5, 30, 2), 7, -1, slice(2, 9)):
        value = fill[key]
        h[key] = value
        a[key] = wg(np.asarray(value)) if np.ndim(value) else value.item()
        assert_same(a, h)
    a2 = wg(h.reshape(1, 37)[:, 1:].reshape(4, 9))
    h2 = h.reshape(1, 37)[:, 1:].reshape(4, 9).copy()
    h2[1::2, ::-2] = fill[0]
    a2[1::2, ::-2] = fill[0].item()
    assert_same(a2, h2)


def test_setitem_broadcast_and_scalars():
    h = np.zeros((3, 4, 5), np.float32)
    a = wg(h)
    row = np.arange(5, dtype=np.float32)
    h[...] = row
    a[...] = wg(row)
    assert_same(a, h)
    h[1] = -2.5
    a[1] = -2.5
    assert_same(a, h)
    h[:, 1:3] = row[None, None, :]
    a[:, 1:3] = wg(row[None, None, :])
    assert_same(a, h)
    h[2, ::-1, 0] = 7
    a[2, ::-1, 0] = 7
    assert_same(a, h)
    with pytest.raises(ValueError):
        a[0] = wg(np.zeros(4, np.float32))
    with pytest.raises(ValueError):
        a[0, 0] = wg(np.zeros((2, 5), np.float32))


def test_setitem_scalar_errors():
    a = wg(np.zeros(4, np.int8))
    with pytest.raises(OverflowError):
        a[0] = 300
    with pytest.raises(TypeError):
        a[0] = 1j
    b = wg(np.zeros(3, np.uint8))
    with pytest.raises(OverflowError):
        b[1] = -1
    assert_same(a, np.zeros(4, np.int8))


def test_setitem_overlapping_self():
    h = np.arange(10, dtype=np.int16)
    a = wg(h)
    h = h.copy()
    h[1:] = h[:-1].copy()
    a[1:] = a[:-1]
    assert_same(a, h)


def test_read_only_broadcast_view():
    h = np.arange(3, dtype=np.float64)
    a = wg(h)
    b = wgarray.broadcast_to(a, (4, 3))
    assert_same(b, np.broadcast_to(h, (4, 3)))
    with pytest.raises(ValueError):
        b[0, 0] = 1.0
    assert_same(a, h)


# -- conversions ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_scalar_conversions(dtype):
    v = sample(dtype, 1, seed=9)[0]
    a = wg(np.asarray(v))
    assert bool(a) == bool(v)
    if dtype.kind == "c":
        with pytest.raises(TypeError):
            int(a)
        with pytest.raises(TypeError):
            float(a)
        assert complex(a) == complex(v)
    else:
        assert int(a) == int(v)
        assert float(a) == float(v)
        assert complex(a) == complex(v)
    if dtype.kind in "iu":
        assert operator.index(a) == int(v)
        assert [0, 1, 2, 3][wg(np.array(2, dtype))] == 2 if np.iinfo(dtype).max >= 2 else True
    else:
        with pytest.raises(TypeError):
            operator.index(a)
    one = wg(np.asarray([v]))  # size 1, ndim 1: conversions work as in NumPy
    assert bool(one) == bool(v)


def test_conversion_errors():
    a = wg(np.zeros(3))
    with pytest.raises(ValueError):
        bool(a)
    with pytest.raises(TypeError):
        float(a)
    with pytest.raises(TypeError):
        int(a)
    with pytest.raises(ValueError):
        bool(wg(np.zeros((0,))))
    with pytest.raises(TypeError):
        len(wg(np.array(1.0)))
    with pytest.raises(TypeError):
        iter(wg(np.array(1.0)))


def test_float_special_conversions():
    a = wg(np.array([np.nan, np.inf, -0.0]))
    assert np.isnan(float(a[0])) and float(a[1]) == np.inf
    assert np.signbit(float(a[2]))
    with pytest.raises((ValueError, OverflowError)):
        int(a[0])
    with pytest.raises(OverflowError):
        int(a[1])


def test_len_iter():
    a = wg(BASE)
    assert len(a) == 2
    rows = list(a)
    assert len(rows) == 2
    for r, h in zip(rows, BASE):
        assert_same(r, h)


def test_array_protocol():
    h = BASE.astype(np.uint16)
    a = wg(h)
    assert np.asarray(a).dtype == np.uint16
    assert np.array_equal(np.asarray(a), h)
    assert np.array(a, dtype=np.float64).dtype == np.float64
    assert np.array_equal(np.asarray(a[:, ::-1, 1::2]), h[:, ::-1, 1::2])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dlpack(dtype):
    h = sample(dtype, 12, seed=5).reshape(3, 4)
    a = wg(h)
    assert a.__dlpack_device__()[0] == 1
    out = np.from_dlpack(a[::-1, 1:])
    assert out.dtype == h.dtype
    assert np.array_equal(out, h[::-1, 1:])


# -- operators ----------------------------------------------------------------------------------------------
BINARY_OPS = [("add", operator.add), ("sub", operator.sub), ("mul", operator.mul), ("truediv", operator.truediv),
              ("floordiv", operator.floordiv), ("mod", operator.mod), ("pow", operator.pow), ("and", operator.and_),
              ("or", operator.or_), ("xor", operator.xor), ("lshift", operator.lshift), ("rshift", operator.rshift),
              ("lt", operator.lt), ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge),
              ("eq", operator.eq), ("ne", operator.ne)]


@pytest.mark.parametrize("name, op", BINARY_OPS, ids=[n for n, _ in BINARY_OPS])
@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "bool"])
def test_binary_operators(name, op, dtype):
    dtype = np.dtype(dtype)
    x = sample(dtype, 12, seed=1).reshape(3, 4)
    y = sample(dtype, 4, seed=2)
    if name in ("floordiv", "mod", "pow", "lshift", "rshift") and dtype.kind == "b":
        with pytest.raises(TypeError):  # the standard leaves these out for bool
            op(wg(x), wg(y))
        return
    if name in ("and", "or", "xor", "lshift", "rshift") and dtype.kind == "f":
        with pytest.raises(TypeError):
            op(wg(x), wg(y))
        return
    if name == "sub" and dtype.kind == "b":
        with pytest.raises(TypeError):
            op(wg(x), wg(y))
        return
    if name in ("pow", "lshift", "rshift"):
        x, y = (np.abs(x) % 7).astype(dtype), (np.abs(y) % 5).astype(dtype)
    with np.errstate(all="ignore"):
        exp = op(x, y)
        exp_r = op(y[0].item(), x)
        exp_l = op(x, y[1].item())
    ulps = 2 if name == "pow" and dtype.kind == "f" else 0  # our pow is within 2 ulp, not NumPy's bits
    assert_same(op(wg(x), wg(y)), exp, ulps=ulps)
    assert_same(op(y[0].item(), wg(x)), exp_r, ulps=ulps)  # reflected, with a Python scalar
    assert_same(op(wg(x), y[1].item()), exp_l, ulps=ulps)


@pytest.mark.parametrize("dtype", ["int8", "float64", "complex64", "uint16"])
def test_unary_operators(dtype):
    x = sample(dtype, 10, seed=3)
    a = wg(x)
    if dtype != "uint16":
        assert_same(-a, -x)
    assert_same(+a, +x)
    assert_same(abs(a), np.abs(x), ulps=1)  # complex: a hypot within an ulp of NumPy's
    if dtype in ("int8", "uint16"):
        assert_same(~a, ~x)


def test_operators_with_numpy_operands():
    x = np.arange(6, dtype=np.float32)
    a = wg(x)
    assert_same(a + x, x + x)
    r = x + a  # NumPy defers to wgarray (__array_priority__ / __array_ufunc__)
    assert isinstance(r, wgarray.Array)
    assert_same(r, x + x)
    assert_same(a * np.float32(2), x * np.float32(2))


def test_operator_returns_notimplemented():
    a = wg(np.arange(3))
    with pytest.raises(TypeError):
        a + "x"
    with pytest.raises(TypeError):
        a + object()
    with pytest.raises(TypeError):
        a @ "x"


@pytest.mark.parametrize("name, op, dtype, value", [
    ("iadd", operator.iadd, "int8", 100), ("isub", operator.isub, "uint16", 7), ("imul", operator.imul, "float32", 2.5),
    ("itruediv", operator.itruediv, "float64", 3.0), ("ifloordiv", operator.ifloordiv, "int32", -3),
    ("imod", operator.imod, "int64", 4), ("iand", operator.iand, "uint8", 0x5A), ("ior", operator.ior, "bool", True),
    ("ixor", operator.ixor, "int16", -1), ("ilshift", operator.ilshift, "uint32", 3),
    ("irshift", operator.irshift, "int8", 2), ("ipow", operator.ipow, "int16", 2)])
def test_in_place_operators(name, op, dtype, value):
    x = sample(dtype, 12, seed=7).reshape(3, 4)
    a = wg(x)
    before = a
    with np.errstate(all="ignore"):
        h = x.copy()
        hv = h[1:, ::-2]
        hv = op(hv, value)
        ha = op(x.copy(), value)
    b = op(a, value)
    assert b is before
    assert_same(b, ha)
    # In place on a strided view writes through to the base.
    a2 = wg(x)
    v2 = a2[1:, ::-2]
    v2 = op(v2, value)
    assert_same(a2, h)


def test_in_place_errors():
    a = wg(np.arange(4, dtype=np.int16))
    with pytest.raises(TypeError):
        a += 1.5  # float64 result cannot go into int16 under same-kind casting
    with pytest.raises(OverflowError):
        a += 10**6
    with pytest.raises(ValueError):
        a += wg(np.ones((2, 4), np.int16))  # would change the shape
    b = wg(np.ones((2, 4), np.float32))
    b += wg(np.arange(4, dtype=np.float32))  # broadcasting the other operand is fine
    assert_same(b, np.ones((2, 4), np.float32) + np.arange(4, dtype=np.float32))


def test_in_place_mixed_overlap():
    h = np.arange(10, dtype=np.float64)
    a = wg(h)
    h = h.copy()
    h[1:] += h[:-1].copy()
    a[1:] += a[:-1]
    assert_same(a, h)


def test_lazy_chain_of_many_ops():
    # Thousands of small ops are batched into few submits; the answer must not change.
    h = np.linspace(-1, 1, 7)
    a = wg(h)
    one = wg(np.ones(7))
    for _ in range(3000):
        a = a + one
        h = h + 1.0
    assert_same(a, h)
    b = wg(np.arange(5, dtype=np.int32))
    for i in range(1000):
        b = b * 3 - 2 * b if i % 2 else b + i
    hb = np.arange(5, dtype=np.int32)
    for i in range(1000):
        hb = hb * 3 - 2 * hb if i % 2 else hb + np.int32(i)
    assert_same(b, hb)
