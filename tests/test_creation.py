"""Differential tests of the creation functions against NumPy 2."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wgarray as xp

DTYPES = [np.dtype(n) for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                "float32", "float64", "complex64", "complex128")]
NUMERIC = DTYPES[1:]
REAL_FLOAT = [np.dtype("float32"), np.dtype("float64")]
INTS = [d for d in DTYPES if d.kind in "iu"]


def same(out, expected):
    """out (a wgarray Array) equals the NumPy array expected: dtype, shape and bits (nan-aware)."""
    assert isinstance(out, xp.Array)
    expected = np.asarray(expected)
    assert out.dtype == expected.dtype, (out.dtype, expected.dtype)
    assert out.shape == expected.shape, (out.shape, expected.shape)
    np.testing.assert_array_equal(out._to_numpy(), expected, strict=True)


# -- asarray ---------------------------------------------------------------------------
@pytest.mark.parametrize("value, dtype", [(True, "bool"), (3, "int64"), (-2**63, "int64"), (2.5, "float64"),
                                          (1 - 2j, "complex128"), (float("nan"), "float64"), (-0.0, "float64")])
def test_asarray_python_scalars(value, dtype):
    out = xp.asarray(value)
    same(out, np.asarray(value, dtype=dtype))
    if isinstance(value, float) and value == 0:
        assert math.copysign(1, float(out)) == -1


def test_asarray_scalar_with_dtype():
    same(xp.asarray(7, dtype=xp.uint8), np.uint8(7))
    same(xp.asarray(1.5, dtype=xp.int32), np.array(1, dtype=np.int32))
    same(xp.asarray(True, dtype=xp.float32), np.float32(1))
    same(xp.asarray(3, dtype=xp.complex64), np.complex64(3))


@pytest.mark.parametrize("value", [2**63, -2**63 - 1, 2**70])
def test_asarray_int_overflow(value):
    with pytest.raises(OverflowError):
        xp.asarray(value)
    with pytest.raises(OverflowError):
        xp.asarray([1, value])


def test_asarray_overflow_for_dtype():
    with pytest.raises(OverflowError, match="uint8"):
        xp.asarray(300, dtype=xp.uint8)
    with pytest.raises(OverflowError):
        xp.asarray([-1], dtype=xp.uint8)
    same(xp.asarray([2**63], dtype=xp.uint64), np.array([2**63], dtype=np.uint64))


@pytest.mark.parametrize("obj", [[[1, 2], [3, 4]], [1.5, 2], [True, False], [1j, 2], (1, 2.0), [[]], [],
                                 [[[0.0, -0.0, float("inf")]]], [True, 2]])
def test_asarray_nested(obj):
    same(xp.asarray(obj), np.array(obj))


@pytest.mark.parametrize("dtype", DTYPES)
def test_asarray_numpy_keeps_dtype(dtype):
    host = np.arange(6).reshape(2, 3).astype(dtype)
    same(xp.asarray(host), host)
    same(xp.asarray(host[:, ::2].T), host[:, ::2].T)  # non-contiguous host input
    same(xp.asarray(host[0, 0]), host[0, 0])  # NumPy scalar
    same(xp.asarray(np.asarray(host[0, 1])), np.asarray(host[0, 1]))  # 0-d array
    same(xp.asarray(host.astype(host.dtype.newbyteorder(">")) if dtype.itemsize > 1 else host), host)


def test_asarray_numpy_with_dtype():
    host = np.array([1.7, -2.2, 3.0])
    same(xp.asarray(host, dtype=xp.int16), host.astype(np.int16))
    same(xp.asarray(host, dtype="float32"), host.astype(np.float32))


def test_asarray_mixed_arrays_in_list():
    a = xp.asarray([1.0, 2.0])
    b = xp.asarray([3.0, 4.0])
    same(xp.asarray([a, b]), np.array([[1.0, 2.0], [3.0, 4.0]]))
    same(xp.asarray([xp.asarray(1), 2, 3]), np.array([1, 2, 3]))


def test_asarray_buffer_and_dlpack():
    same(xp.asarray(memoryview(b"\x01\x02\x03")), np.array([1, 2, 3], dtype=np.uint8))
    same(xp.asarray(bytearray(b"\x05")), np.array([5], dtype=np.uint8))
    host = np.arange(4, dtype=np.float32)

    class OnlyDLPack:
        def __dlpack__(self, **kw):
            return host.__dlpack__(**kw)

        def __dlpack_device__(self):
            return host.__dlpack_device__()

    same(xp.asarray(OnlyDLPack()), host)


@pytest.mark.parametrize("bad, name", [(np.array(["a"]), "<U1"),
                                       (np.array([object()], dtype=object), "object"), (["a", "b"], "<U1"),
                                       (np.array([1], dtype=np.longdouble), "float128")])
def test_asarray_unsupported_dtype(bad, name):
    with pytest.raises(TypeError, match=name):
        xp.asarray(bad)


def test_asarray_bad_objects():
    with pytest.raises(TypeError):
        xp.asarray(object())
    with pytest.raises(TypeError):
        xp.asarray(None)
    with pytest.raises(ValueError):
        xp.asarray([[1, 2], [3]])  # ragged


def test_asarray_copy_semantics():
    x = xp.asarray([1, 2, 3], dtype=xp.int32)
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=False) is x
    assert xp.asarray(x, dtype=xp.int32, copy=None) is x
    y = xp.asarray(x, copy=True)
    assert y is not x
    x[0] = 10
    assert y._to_numpy().tolist() == [1, 2, 3]
    z = xp.asarray(x, dtype=xp.float64)
    same(z, np.array([10, 2, 3], dtype=np.float64))
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(x, dtype=xp.float64, copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(np.arange(3), copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.asarray([1, 2], copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(x, copy="yes")
    # A view stays a view with copy=None/False and becomes contiguous with copy=True.
    v = x[::2]
    assert xp.asarray(v) is v
    c = xp.asarray(v, copy=True)
    x[2] = 99
    same(c, np.array([10, 3], dtype=np.int32))
    same(v, np.array([10, 99], dtype=np.int32))


def test_device_argument():
    dev = xp.get_device()
    same(xp.asarray([1, 2], device=dev), np.array([1, 2]))
    for fn, args in [(xp.asarray, ([1],)), (xp.zeros, (2,)), (xp.ones, (2,)), (xp.empty, (2,)), (xp.full, (2, 1)),
                     (xp.arange, (3,)), (xp.linspace, (0, 1, 3)), (xp.eye, (2,))]:
        assert fn(*args, device=dev).device is dev
        with pytest.raises(ValueError, match="device"):
            fn(*args, device="cpu")
    x = xp.ones(2)
    for fn in (xp.zeros_like, xp.ones_like, xp.empty_like):
        assert fn(x, device=dev).device is dev
        with pytest.raises(ValueError, match="device"):
            fn(x, device="gpu")
    with pytest.raises(ValueError, match="device"):
        xp.full_like(x, 1, device=0)


# -- filled arrays -----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_zeros_ones_full(dtype):
    for shape in [(), (0,), (3,), (2, 5), (3, 1, 7)]:
        same(xp.zeros(shape, dtype=dtype), np.zeros(shape, dtype=dtype))
        same(xp.ones(shape, dtype=dtype), np.ones(shape, dtype=dtype))
    value = {"b": True, "i": -7, "u": 200, "f": -1.25, "c": 1.5 - 2j}[dtype.kind]
    same(xp.full((4, 3), value, dtype=dtype), np.full((4, 3), value, dtype=dtype))
    e = xp.empty((2, 3), dtype=dtype)
    assert e.shape == (2, 3) and e.dtype == dtype
    e._to_numpy()  # a real array with readable (if arbitrary) data


@pytest.mark.parametrize("dtype", [np.dtype(n) for n in ("int8", "uint16", "int64", "uint64", "float32")])
def test_full_extremes(dtype):
    if dtype.kind in "iu":
        for v in (np.iinfo(dtype).min, np.iinfo(dtype).max):
            same(xp.full(5, int(v), dtype=dtype), np.full(5, v, dtype=dtype))
    else:
        for v in (float("inf"), -float("inf"), -0.0, 3.4028234663852886e+38, 1e-45):
            same(xp.full(5, v, dtype=dtype), np.full(5, v, dtype=dtype))
        assert np.isnan(xp.full(3, float("nan"), dtype=dtype)._to_numpy()).all()


def test_full_default_dtypes():
    same(xp.full((2,), True), np.full((2,), True))
    same(xp.full((2,), 3), np.full((2,), 3))
    same(xp.full((2,), 3.5), np.full((2,), 3.5))
    same(xp.full((2,), 1j), np.full((2,), 1j))
    same(xp.full((2,), np.float32(2.5)), np.full((2,), np.float32(2.5)))
    same(xp.full(3, 1.9, dtype=xp.int32), np.full(3, 1.9, dtype=np.int32))
    same(xp.zeros(3), np.zeros(3))
    same(xp.ones([2, 2]), np.ones([2, 2]))
    assert xp.empty((1,)).dtype == np.float64
    same(xp.full((2,), xp.asarray(4, dtype=xp.int8)), np.full((2,), 4, dtype=np.int8))


def test_full_bad_values():
    with pytest.raises(OverflowError, match="uint8"):
        xp.full(3, 300, dtype=xp.uint8)
    with pytest.raises(OverflowError):
        xp.full(3, -1, dtype=xp.uint32)
    with pytest.raises(OverflowError):
        xp.full(3, 2**63)
    with pytest.raises(TypeError, match="complex"):
        xp.full(3, 1j, dtype=xp.float64)
    with pytest.raises(ValueError, match="nan"):
        xp.full(3, float("nan"), dtype=xp.int32)
    with pytest.raises(TypeError):
        xp.full(3, "a")
    with pytest.raises(TypeError):
        xp.full(3, None)
    with pytest.raises(ValueError, match="negative"):
        xp.zeros((2, -1))
    with pytest.raises(TypeError):
        xp.zeros(2.5)
    with pytest.raises(TypeError, match="float128"):
        xp.zeros(3, dtype=np.longdouble)


@pytest.mark.parametrize("dtype", DTYPES)
def test_like_functions(dtype):
    host = np.arange(12).reshape(3, 4).astype(dtype)
    x = xp.asarray(host)[:, ::2]  # a view: the result is a fresh contiguous array
    expected_shape = (3, 2)
    same(xp.zeros_like(x), np.zeros(expected_shape, dtype=dtype))
    same(xp.ones_like(x), np.ones(expected_shape, dtype=dtype))
    value = {"b": False, "i": 5, "u": 5, "f": 0.5, "c": 2j}[dtype.kind]
    same(xp.full_like(x, value), np.full(expected_shape, value, dtype=dtype))
    e = xp.empty_like(x)
    assert e.shape == expected_shape and e.dtype == dtype
    same(xp.zeros_like(x, dtype=xp.float32), np.zeros(expected_shape, dtype=np.float32))
    same(xp.full_like(x, 1, dtype=xp.int8), np.full(expected_shape, 1, dtype=np.int8))
    assert xp.empty_like(x, dtype=xp.uint16).dtype == np.uint16


def test_like_of_0d_and_empty():
    same(xp.ones_like(xp.asarray(3.0)), np.ones_like(np.asarray(3.0)))
    same(xp.zeros_like(xp.zeros((0, 3), dtype=xp.int8)), np.zeros((0, 3), dtype=np.int8))


# -- arange ---------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [(10,), (0,), (-3,), (2, 9), (9, 2), (2, 9, 3), (9, 2, -2), (-5, 5, 7), (0, 1, 0.1),
                                  (1.5,), (0.5, 3), (-1.0, 1.0, 0.25), (3, 0, -0.5), (0, 2, 0.3333333333333333),
                                  (1e10, 1e10 + 5), (0.1, 0.5, 0.1), (-2**62, 2**62, 2**60)])
def test_arange_default_dtypes(args):
    same(xp.arange(*args), np.arange(*args))


@pytest.mark.parametrize("dtype", [d for d in NUMERIC if d.kind != "c"])
def test_arange_dtypes(dtype):
    same(xp.arange(0, 20, 3, dtype=dtype), np.arange(0, 20, 3, dtype=dtype))
    same(xp.arange(20, 0, -4, dtype=dtype), np.arange(20, 0, -4, dtype=dtype))
    same(xp.arange(5, 5, dtype=dtype), np.arange(5, 5, dtype=dtype))
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        top = int(info.max)
        same(xp.arange(top - 3, top, dtype=dtype), np.arange(top - 3, top, dtype=dtype))
        same(xp.arange(int(info.min), int(info.min) + 3, dtype=dtype),
             np.arange(int(info.min), int(info.min) + 3, dtype=dtype))
        same(xp.arange(top, top - 10, -3, dtype=dtype), np.arange(top, top - 10, -3, dtype=dtype))


def test_arange_float32_matches_numpy():
    same(xp.arange(0.1, 10.0, 0.37, dtype=xp.float32), np.arange(0.1, 10.0, 0.37, dtype=np.float32))
    same(xp.arange(-3, 3, 0.1, dtype=xp.float64), np.arange(-3, 3, 0.1, dtype=np.float64))


def test_arange_scalar_inputs():
    same(xp.arange(np.int32(4)), np.arange(4))
    same(xp.arange(xp.asarray(3), 9, 2), np.arange(3, 9, 2))


def test_arange_bad_input():
    with pytest.raises(ZeroDivisionError):
        xp.arange(0, 10, 0)
    with pytest.raises(ValueError, match="length"):
        xp.arange(0, float("inf"))
    with pytest.raises(ValueError, match="length"):
        xp.arange(float("nan"))
    with pytest.raises(TypeError, match="complex"):
        xp.arange(1j)
    with pytest.raises(TypeError, match="complex"):
        xp.arange(3, dtype=xp.complex64)
    with pytest.raises(TypeError):
        xp.arange("3")


# -- linspace ----------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [(0, 1, 5), (0, 1, 1), (0, 1, 0), (2.5, -7.25, 11), (-1e300, 1e300, 7), (1, 1, 4),
                                  (0, 5e-324, 3), (0, 1, 49), (3, 10, 2), (0.1, 0.7, 13)])
@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace(args, endpoint):
    same(xp.linspace(*args, endpoint=endpoint), np.linspace(*args, endpoint=endpoint))


@pytest.mark.parametrize("dtype", ["float32", "int32", "uint8", "int64", "complex64"])
def test_linspace_dtypes(dtype):
    same(xp.linspace(0, 10, 7, dtype=dtype), np.linspace(0, 10, 7, dtype=dtype))
    same(xp.linspace(0.3, 7.9, 6, dtype=dtype, endpoint=False), np.linspace(0.3, 7.9, 6, dtype=dtype, endpoint=False))


def test_linspace_complex():
    same(xp.linspace(1 + 1j, 2 - 3j, 5), np.linspace(1 + 1j, 2 - 3j, 5))
    same(xp.linspace(0, 1j, 4, endpoint=False), np.linspace(0, 1j, 4, endpoint=False))


def test_linspace_bad_input():
    with pytest.raises(ValueError, match="non-negative"):
        xp.linspace(0, 1, -1)
    with pytest.raises(TypeError):
        xp.linspace(0, 1, 2.5)
    with pytest.raises(TypeError):
        xp.linspace("a", 1, 3)


# -- eye, tril, triu ---------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_eye_dtypes(dtype):
    same(xp.eye(4, dtype=dtype), np.eye(4, dtype=dtype))
    same(xp.eye(3, 5, k=2, dtype=dtype), np.eye(3, 5, k=2, dtype=dtype))


@pytest.mark.parametrize("n, m, k", [(0, None, 0), (1, None, 0), (3, 0, 0), (3, 4, -1), (4, 3, -3), (4, 3, 3),
                                     (5, 5, 10**20), (5, 5, -10**20), (2, 7, 5)])
def test_eye_shapes(n, m, k):
    same(xp.eye(n, m, k=k), np.eye(n, m, k=k))


def test_eye_bad_input():
    with pytest.raises(ValueError, match="negative"):
        xp.eye(-1)
    with pytest.raises(TypeError):
        xp.eye(2.5)
    with pytest.raises(TypeError):
        xp.eye(2, k=1.5)


@pytest.mark.parametrize("dtype", DTYPES)
def test_tril_triu_dtypes(dtype):
    host = (np.arange(1, 21).reshape(4, 5) % 3).astype(dtype)
    x = xp.asarray(host)
    for k in (-1, 0, 2):
        same(xp.tril(x, k=k), np.tril(host, k=k))
        same(xp.triu(x, k=k), np.triu(host, k=k))


def test_tril_triu_batched_views_and_edges():
    host = np.arange(2 * 3 * 4 * 5, dtype=np.float64).reshape(2, 3, 4, 5)
    x = xp.asarray(host)
    for k in (-10, -2, 0, 1, 10):
        same(xp.tril(x, k=k), np.tril(host, k=k))
        same(xp.triu(x, k=k), np.triu(host, k=k))
    for k, equivalent in ((10**30, 10), (-10**30, -10)):  # huge k, beyond NumPy's C long
        same(xp.tril(x, k=k), np.tril(host, k=equivalent))
        same(xp.triu(x, k=k), np.triu(host, k=equivalent))
    view = x[:, ::2, :, 1:].mT  # strided, transposed input
    hview = host[:, ::2, :, 1:].swapaxes(-1, -2)
    same(xp.tril(view, k=1), np.tril(hview, k=1))
    same(xp.triu(view), np.triu(hview))
    same(xp.tril(xp.zeros((0, 3))), np.zeros((0, 3)))
    same(xp.triu(xp.asarray([[np.nan, -0.0], [1.0, np.inf]])), np.triu([[np.nan, -0.0], [1.0, np.inf]]))
    same(xp.tril(xp.arange(3)), np.tril(np.arange(3)))  # NumPy: a 1-D input is repeated into rows
    with pytest.raises(TypeError):
        xp.tril(xp.ones(()))
    same(xp.triu(np.ones((2, 2))), np.triu(np.ones((2, 2))))  # every function takes NumPy input


# -- meshgrid -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid(indexing):
    a, b, c = np.arange(3), np.arange(4.0) * 2, np.array([True, False])
    for arrays in ([a], [a, b], [a, b, c], [np.array([], dtype=np.int8), b]):
        out = xp.meshgrid(*(xp.asarray(v) for v in arrays), indexing=indexing)
        expected = np.meshgrid(*arrays, indexing=indexing)
        assert isinstance(out, tuple) and len(out) == len(expected)
        for o, e in zip(out, expected):
            same(o, e)
    assert xp.meshgrid() == ()
    view = xp.asarray(np.arange(10))[::3]
    out = xp.meshgrid(view, view, indexing=indexing)
    for o, e in zip(out, np.meshgrid(np.arange(10)[::3], np.arange(10)[::3], indexing=indexing)):
        same(o, e)


def test_meshgrid_bad_input():
    with pytest.raises(ValueError, match="indexing"):
        xp.meshgrid(xp.ones(2), indexing="yx")
    for o, e in zip(xp.meshgrid(xp.ones((2, 2)), xp.arange(3)), np.meshgrid(np.ones((2, 2)), np.arange(3))):
        same(o, e)  # NumPy flattens inputs of any shape


# -- from_dlpack ----------------------------------------------------------------------------------------
def test_from_dlpack():
    host = np.arange(6, dtype=np.int16).reshape(2, 3)
    same(xp.from_dlpack(host), host)
    same(xp.from_dlpack(host.T), host.T)
    x = xp.asarray([1.0, 2.0])
    assert xp.from_dlpack(x) is x
    assert xp.from_dlpack(x, copy=False) is x
    y = xp.from_dlpack(x, copy=True)
    assert y is not x
    same(y, np.array([1.0, 2.0]))
    # round trip through NumPy's importer (our export goes through host memory)
    same(xp.from_dlpack(np.from_dlpack(x)), np.array([1.0, 2.0]))
    with pytest.raises(BufferError):
        xp.from_dlpack(host, copy=False)
    with pytest.raises(TypeError):
        xp.from_dlpack([1, 2])
    with pytest.raises(ValueError, match="device"):
        xp.from_dlpack(host, device="cpu")
