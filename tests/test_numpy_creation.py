"""NumPy's creation functions (wgarray/_numpy/creation.py, ranges.py, index_tricks.py),
differential against NumPy: values, dtypes, memory order (byte strides), copies, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as xp
from conftest import ALL_DTYPES, assert_same, sample, special_values

ORDERS = ("C", "F", "A", "K")


def strides_of(a) -> tuple:
    """Byte strides of the dims that have more than one element (others may have any stride)."""
    return tuple(s for s, n in zip(a.strides, a.shape) if n > 1)


def same_layout(got, expected):
    assert_same(got, expected)
    if got.size:  # the strides of an empty array mean nothing
        assert strides_of(got) == strides_of(np.asarray(expected)), (got.strides, expected.strides)


def host_inputs(dtype):
    """C-ordered, F-ordered and strided (non-contiguous, reversed) NumPy arrays of dtype."""
    base = sample(dtype, 2 * 3 * 4).reshape(2, 3, 4)
    return {"C": base, "F": np.asfortranarray(base), "strided": base[:, ::-1, ::2].transpose(2, 0, 1)}


# -- array, asarray, copy -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("order", ORDERS)
def test_array_from_numpy_keeps_numpys_order(dtype, order):
    for name, h in host_inputs(dtype).items():
        same_layout(xp.array(h, order=order), np.array(h, order=order))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("order", ORDERS)
def test_array_of_gpu_views_and_copy(dtype, order):
    for name, h in host_inputs(dtype).items():
        x, h = xp.array(h, order="K"), np.array(h, order="K")
        same_layout(xp.array(x, order=order), np.array(h, order=order))
        same_layout(xp.copy(x, order=order), np.copy(h, order=order))
        same_layout(xp.asarray(x, order=order), np.asarray(h, order=order))
    view = xp.asarray(host_inputs(dtype)["C"])[:, ::-1, 1:]
    same_layout(xp.array(view, order=order), np.array(host_inputs(dtype)["C"][:, ::-1, 1:], order=order))


@pytest.mark.parametrize("dtype", [np.dtype("uint8"), np.dtype("float32"), np.dtype("complex128")], ids=str)
def test_array_dtype_conversion_and_ndmin(dtype):
    h = np.arange(6.0).reshape(2, 3) * 1.5  # in range of every dtype (out-of-range casts are undefined)
    same_layout(xp.array(h, dtype=dtype, order="F", ndmin=4), np.array(h, dtype=dtype, order="F", ndmin=4))
    same_layout(xp.array(xp.asarray(h), dtype=dtype), np.array(h, dtype=dtype))
    assert_same(xp.array(2.5, ndmin=2), np.array(2.5, ndmin=2))
    specials = special_values(np.float64)
    assert_same(xp.array(xp.asarray(specials), dtype=bool, order="F"), np.array(specials, dtype=bool))
    assert_same(xp.array([[]], dtype=dtype), np.array([[]], dtype=dtype))


def test_copy_semantics():
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    assert xp.asarray(x) is x and xp.array(x, copy=None) is x and xp.asarray(x, order="C") is x
    assert xp.array(x) is not x and xp.array(x, copy=False) is x
    y = xp.array(x)
    y[0, 0] = 9
    assert float(x[0, 0]) == 0  # a real copy
    f = xp.asfortranarray(x)
    assert xp.asfortranarray(f) is f and xp.asarray(f, order="F") is f and xp.asarray(f, order="K") is f
    with pytest.raises(ValueError, match="copy"):
        xp.array(x, order="F", copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(x, dtype=xp.float32, copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.array([1, 2], copy=False)  # host data always needs a copy to the GPU
    view = xp.array(x, copy=None, ndmin=3)  # ndmin alone needs no copy: a view
    assert view.shape == (1, 2, 3)
    assert_same(view, np.array(np.arange(6.0).reshape(2, 3), ndmin=3))


def test_sequences_of_gpu_arrays_are_stacked():
    a, b = xp.asarray(np.array([1, 2], np.int8)), xp.asarray(np.array([3.5, 4], np.float32))
    assert_same(xp.array([a, b]), np.array([np.array([1, 2], np.int8), np.array([3.5, 4], np.float32)]))
    assert_same(xp.array([a, [5, 6]]), np.array([np.array([1, 2], np.int8), [5, 6]]))
    assert_same(xp.array([[a], [a]], dtype=xp.uint16), np.array([[[1, 2]], [[1, 2]]], dtype=np.uint16))
    assert_same(xp.asarray([xp.asarray(1.5), 2]), np.asarray([1.5, 2]))
    with pytest.raises(ValueError, match="inhomogeneous"):
        xp.array([a, [1, 2, 3]])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_ascontiguousarray_asfortranarray(dtype):
    for h in (*host_inputs(dtype).values(), sample(dtype, 1)[0], np.asarray(sample(dtype, 1)[0])):
        same_layout(xp.ascontiguousarray(h), np.ascontiguousarray(h))
        same_layout(xp.asfortranarray(h), np.asfortranarray(h))
        same_layout(xp.asfortranarray(xp.asarray(h), dtype=np.complex128),
                    np.asfortranarray(h, dtype=np.complex128))


def test_array_bad_input():
    with pytest.raises(ValueError, match="order"):
        xp.array([1], order="Z")
    with pytest.raises(ValueError, match="copy"):
        xp.asarray([1], copy="yes")
    with pytest.raises(TypeError, match="float128"):
        xp.array([1], dtype=np.longdouble)
    with pytest.raises(TypeError):
        xp.array(["a", "b"])
    with pytest.raises(TypeError):
        xp.array([1], ndmin=1.5)


# -- filled arrays -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
def test_filled_arrays_in_order(dtype, order):
    shape = (2, 3, 4)
    same_layout(xp.zeros(shape, dtype, order), np.zeros(shape, dtype, order))
    same_layout(xp.ones(shape, dtype=dtype, order=order), np.ones(shape, dtype=dtype, order=order))
    value = sample(dtype, 1, seed=3)[0]
    same_layout(xp.full(shape, value, dtype, order), np.full(shape, value, dtype, order))
    e = xp.empty(shape, dtype, order)
    assert e.shape == shape and e.dtype == dtype and strides_of(e) == strides_of(np.empty(shape, dtype, order))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("order", ORDERS)
def test_like_functions_follow_the_prototype(dtype, order):
    value = sample(dtype, 1, seed=5)[0]
    for name, h in host_inputs(dtype).items():
        for proto in (h, xp.asarray(h, order="K")):
            same_layout(xp.zeros_like(proto, order=order), np.zeros_like(h, order=order))
            same_layout(xp.ones_like(proto, np.float32, order), np.ones_like(h, np.float32, order))
            same_layout(xp.full_like(proto, value, order=order), np.full_like(h, value, order=order))
            for shape in ((4, 2, 3), (6, 4)):
                got, expected = xp.empty_like(proto, order=order, shape=shape), np.empty_like(h, order=order,
                                                                                             shape=shape)
                assert got.shape == expected.shape and strides_of(got) == strides_of(expected)


def test_full_broadcasts_an_array_fill_value():
    assert_same(xp.full((2, 3), [1, 2, 3]), np.full((2, 3), [1, 2, 3]))
    assert_same(xp.full((2, 3), xp.asarray([1.5, 2, 3]), dtype=xp.int16, order="F"),
                np.full((2, 3), [1.5, 2, 3], dtype=np.int16, order="F"))
    assert_same(xp.full_like(np.zeros((2, 2)), [[1], [2]]), np.full_like(np.zeros((2, 2)), [[1], [2]]))
    with pytest.raises(ValueError, match="broadcast"):
        xp.full((2, 3), [1, 2])


def test_filled_bad_input():
    for bad in ("A", "K", "Q"):
        with pytest.raises(ValueError, match="order"):
            xp.zeros(3, order=bad)
    with pytest.raises(ValueError, match="order"):
        xp.zeros_like(xp.ones(2), order="X")
    with pytest.raises(OverflowError):
        xp.full(3, 300, xp.uint8, "F")
    with pytest.raises(TypeError):
        xp.full(3, None)


# -- matrices ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_identity_eye_tri(dtype):
    assert_same(xp.identity(3, dtype=dtype), np.identity(3, dtype=dtype))
    for n, m, k in ((3, None, 0), (2, 5, 1), (4, 3, -2), (0, 2, 0), (3, 3, 7)):
        same_layout(xp.eye(n, m, k, dtype, "F"), np.eye(n, m, k, dtype, "F"))
        assert_same(xp.tri(n, m, k, dtype), np.tri(n, m, k, dtype))
    assert_same(xp.tri(3), np.tri(3))
    assert_same(xp.identity(2), np.identity(2))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_tril_triu_numpy_forms(dtype):
    values = sample(dtype, 24, seed=1)
    for h in (values[:4], values.reshape(2, 3, 4), values.reshape(4, 6)[::2, ::-1]):
        for k in (-1, 0, 2):
            assert_same(xp.tril(h, k), np.tril(h, k))
            assert_same(xp.triu(xp.asarray(h), k=k), np.triu(h, k=k))
    with pytest.raises(TypeError):
        xp.triu(values[0])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_diag_and_diagflat(dtype):
    values = special_values(dtype)[:5]
    for k in (-2, 0, 1, 6):
        assert_same(xp.diag(values, k), np.diag(values, k))
        assert_same(xp.diagflat(values.reshape(-1, 1), k), np.diagflat(values.reshape(-1, 1), k))
        square = sample(dtype, 12).reshape(3, 4)
        assert_same(xp.diag(square, k), np.diag(square, k))
        assert_same(xp.diag(xp.asarray(square).T, k), np.diag(square.T, k))
    d = xp.diag(xp.asarray(sample(dtype, 9).reshape(3, 3)))
    with pytest.raises(ValueError, match="read-only"):
        d[0] = d[1]  # a view, read-only as NumPy's
    with pytest.raises(ValueError, match="1- or 2-d"):
        xp.diag(np.ones((2, 2, 2)))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_vander(dtype):
    x = sample(dtype, 5, seed=2)
    if dtype.kind == "f":
        x = np.concatenate([x, np.array([np.nan, np.inf, -0.0], dtype)])
    with np.errstate(all="ignore"):
        for n, increasing in ((None, False), (3, True), (0, False), (1, True)):
            assert_same(xp.vander(x, n, increasing), np.vander(x, n, increasing))
    with pytest.raises(ValueError, match="one-dimensional"):
        xp.vander(np.ones((2, 2)))


def test_fromfunction_fromiter_frombuffer():
    assert_same(xp.fromfunction(lambda i, j: i * 10 + j, (3, 4)), np.fromfunction(lambda i, j: i * 10 + j, (3, 4)))
    assert_same(xp.fromfunction(lambda i: i, (3,), dtype=xp.int8), np.fromfunction(lambda i: i, (3,), dtype=np.int8))
    assert_same(xp.fromiter(range(5), xp.uint16), np.fromiter(range(5), np.uint16))
    assert_same(xp.fromiter((v * 0.5 for v in range(9)), "float32", count=4),
                np.fromiter((v * 0.5 for v in range(9)), "float32", count=4))
    raw = np.arange(6, dtype=np.int16).tobytes()
    assert_same(xp.frombuffer(raw, xp.int16), np.frombuffer(raw, np.int16))
    assert_same(xp.frombuffer(raw, np.int8, count=3, offset=2), np.frombuffer(raw, np.int8, count=3, offset=2))
    with pytest.raises(ValueError):
        xp.fromiter(range(2), xp.int8, count=5)
    assert_same(xp.frombuffer(raw, np.float16), np.frombuffer(raw, np.float16))
    with pytest.raises(TypeError, match="float128"):
        xp.frombuffer(raw[:8] * 2, np.longdouble)
    with pytest.raises(ValueError):
        xp.frombuffer(raw, xp.float64)  # 12 bytes is not a multiple of 8


# -- ranges -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, kwargs", [
    ((5.0,), {}), ((2.5,), {}), ((), {"stop": 4}), ((1, 7, 2, np.int8), {}), ((0, 1, 0.25), {}),
    ((np.float32(3),), {}), ((10, 0, -3), {}), ((3,), {"dtype": xp.uint8}),
])
def test_arange(args, kwargs):
    assert_same(xp.arange(*args, **kwargs), np.arange(*args, **kwargs))


def test_linspace_numpy_extras():
    for endpoint in (True, False):
        for num in (0, 1, 2, 7):
            got, step = xp.linspace(-1, 3, num, endpoint, retstep=True)
            ref, ref_step = np.linspace(-1, 3, num, endpoint, retstep=True)
            assert_same(got, ref)
            assert type(step) is type(ref_step) and np.array_equal(step, ref_step, equal_nan=True)
            args = (np.array([0.0, 1.0, -2.0], np.float32), np.float32(5), num, endpoint)
            got, step = xp.linspace(*args, retstep=True, axis=-1)
            ref, ref_step = np.linspace(*args, retstep=True, axis=-1)
            assert_same(got, ref)
            if (num - 1 if endpoint else num) > 0:
                assert_same(step, ref_step)
            else:
                assert type(step) is float and np.isnan(step) and np.isnan(ref_step)
    assert_same(xp.linspace([[0], [1]], [2, 4, 8], 4, axis=1), np.linspace([[0], [1]], [2, 4, 8], 4, axis=1))
    assert_same(xp.linspace(xp.asarray([0, 1]), 9, 4, dtype=xp.int16), np.linspace([0, 1], 9, 4, dtype=np.int16))
    assert_same(xp.linspace(1j, xp.asarray([2, 3 + 1j]), 3), np.linspace(1j, np.array([2, 3 + 1j]), 3))
    tiny = np.finfo(np.float64).smallest_subnormal
    assert_same(xp.linspace(xp.asarray([0.0]), 3 * tiny, 5), np.linspace(np.array([0.0]), 3 * tiny, 5))
    with pytest.raises(TypeError):
        xp.linspace(0, 1, 2.5)
    with pytest.raises(ValueError, match="non-negative"):
        xp.linspace(0, 1, -1)
    with pytest.raises(np.exceptions.AxisError):
        xp.linspace(xp.asarray([0, 1]), 2, 3, axis=2)


def test_logspace():
    for args in ((0, 3, 4), (-2, 2, 9, False), (0.5, 1.5, 5, True, 2.0), (1, 4, 4, True, 2)):
        assert_same(xp.logspace(*args), np.logspace(*args), ulps=2)
    assert_same(xp.logspace(0, 2, 3, base=[2, 3.0]), np.logspace(0, 2, 3, base=[2, 3.0]), ulps=2)
    assert_same(xp.logspace([0, 1], 3, 4, axis=1), np.logspace([0, 1], 3, 4, axis=1), ulps=2)
    assert_same(xp.logspace(0, 3, 4, dtype=xp.int32), np.logspace(0, 3, 4, dtype=np.int32))
    assert_same(xp.logspace(np.float32(0), np.float32(2), 3, base=np.float32(10)),
                np.logspace(np.float32(0), np.float32(2), 3, base=np.float32(10)), ulps=2)


@pytest.mark.parametrize("start, stop, kwargs", [
    (1, 1000, {"num": 4}), (-1, -1e5, {"num": 6}), (2, 32, {"num": 5, "endpoint": False}), (1, 2, {"num": 1}),
    (1j, 1000j, {"num": 4}), (-1 + 0j, 1 + 0j, {"num": 3}), ([1, 10], [1000, 1e4], {"num": 4, "axis": 1}),
    (1, 256, {"num": 9, "dtype": xp.int32}), (np.float32(1), np.float32(100), {"num": 3, "dtype": xp.float32}),
])
def test_geomspace(start, stop, kwargs):
    got, expected = xp.geomspace(start, stop, **kwargs), np.geomspace(start, stop, **kwargs)
    assert_same(got, expected, ulps=4, rel=8)
    if np.ndim(start) == 0 and kwargs.get("dtype") is None:  # NumPy's exact endpoints
        assert complex(got[0]) == complex(start)
        if kwargs.get("endpoint", True) and kwargs["num"] > 1:
            assert complex(got[-1]) == complex(stop)


def test_geomspace_bad_input():
    with pytest.raises(ValueError, match="zero"):
        xp.geomspace(0, 10)
    with pytest.raises(ValueError, match="zero"):
        xp.geomspace([1, 2], [0, 3])
    with pytest.raises(ValueError, match="non-negative"):
        xp.geomspace(1, 10, -2)


# -- index tricks ----------------------------------------------------------------------------------------
def each_same(got, expected):
    assert isinstance(got, tuple) and len(got) == len(expected)
    for g, e in zip(got, expected):
        assert_same(g, e)


@pytest.mark.parametrize("key", [
    np.s_[0:5], np.s_[-1:1:0.25], np.s_[0:1:5j], np.s_[3:0:-1], np.s_[0:1:1j],
    np.s_[0:3, 0:2], np.s_[0:1:3j, 2:4], np.s_[0:2.5, -1:1:0.5, 0:1:2j],
])
def test_mgrid_ogrid(key):
    assert_same(xp.mgrid[key], np.mgrid[key])
    if isinstance(key, tuple):
        each_same(xp.ogrid[key], np.ogrid[key])
    else:
        assert_same(xp.ogrid[key], np.ogrid[key])


@pytest.mark.parametrize("dtype", [int, np.int8, np.uint32, np.float32, np.complex64])
def test_indices(dtype):
    for dims in ((2, 3), (4,), (), (2, 0, 3)):
        assert_same(xp.indices(dims, dtype), np.indices(dims, dtype))
        each_same(xp.indices(dims, dtype, sparse=True), np.indices(dims, dtype, sparse=True))


def test_ix_():
    each_same(xp.ix_([0, 1], [True, False, True], xp.asarray([2, 0])),
              np.ix_([0, 1], [True, False, True], np.array([2, 0])))
    each_same(xp.ix_([], [1]), np.ix_([], [1]))
    grid = np.arange(20).reshape(4, 5)
    assert_same(xp.asarray(grid)[xp.ix_([1, 3], [0, 4])], grid[np.ix_([1, 3], [0, 4])])
    with pytest.raises(ValueError, match="1 dimensional"):
        xp.ix_(np.ones((2, 2)))


@pytest.mark.parametrize("build", [
    lambda m: m.r_[1:4, 0, m.array([7, 8])],
    lambda m: m.r_[0:1:4j, 2.5],
    lambda m: m.r_[m.array([1, 2], dtype=m.int8), 100],
    lambda m: m.r_[m.array([1.5], dtype=m.float32), 2],
    lambda m: m.r_["-1", m.ones((2, 2)), m.zeros((2, 1))],
    lambda m: m.r_["0,2", [1, 2], [3, 4]],
    lambda m: m.r_["0,2,0", [1, 2], [3, 4]],
    lambda m: m.r_["2,3,1", m.ones((2, 2)), [5, 6]],
    lambda m: m.c_[m.array([1, 2]), m.array([3, 4])],
    lambda m: m.c_[m.array([[1, 2]]), 0, 0, m.array([[4, 5]])],
    lambda m: m.c_[0:3, 5:8],
])
def test_r_c_(build):
    assert_same(build(xp), build(np))


def test_r_bad_input_and_s_():
    with pytest.raises(NotImplementedError, match="matrix"):
        xp.r_["r", [1, 2], [3, 4]]
    with pytest.raises(ValueError, match="first"):
        xp.r_[[1], "0,2"]
    with pytest.raises(ValueError, match="directive"):
        xp.r_["a,b", [1]]
    with pytest.raises(OverflowError):
        xp.r_[xp.asarray([1, 2], dtype=xp.int8), 300]  # NEP 50, as NumPy
    with pytest.raises(ValueError, match="dimension"):
        xp.r_["1,3,1", xp.ones((2, 2)), [5, 6]]
    assert xp.s_[1:2, ::3] == np.s_[1:2, ::3] and xp.index_exp[1] == np.index_exp[1]


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("copy", [True, False])
def test_meshgrid_numpy_keywords(indexing, sparse, copy):
    a, b, c = np.arange(3, dtype=np.int8), np.linspace(0, 1, 4), np.array([[True], [False]])
    for arrays in ([a], [a, b], [a, b, c]):
        got = xp.meshgrid(*arrays, copy=copy, sparse=sparse, indexing=indexing)
        each_same(got, np.meshgrid(*arrays, copy=copy, sparse=sparse, indexing=indexing))
    with pytest.raises(ValueError, match="indexing"):
        xp.meshgrid(a, indexing="yx")
