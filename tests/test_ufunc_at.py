"""ufunc.at against NumPy's: every dtype, binary and unary ufuncs, repeated indices, several
axes, slices, masks, views, empty indices, 0-d b, GPU index arrays, bad input."""

import numpy as np
import pytest

import wgarray as wg

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float32", "float64", "complex64", "complex128"]
INDEX = [0, 3, 3, -1, 5, 0, 3, 2]  # repeated, negative


def _data(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(1, 7, shape).astype(dtype)
    values = rng.integers(-8, 9, shape) / 4
    if dtype.kind == "c":
        values = values + 1j * rng.integers(-8, 9, shape) / 4
    return values.astype(dtype)


def _check(ufunc_name, host, index, b=None, gpu_index=False, exact=True):
    """Run NumPy's and wgarray's ufunc.at on copies of host; compare (exactly, or for float
    add and multiply up to the rounding of a reordered sum)."""
    expected = host.copy()
    args = () if b is None else (b,)
    getattr(np, ufunc_name).at(expected, index, *args)
    x = wg.asarray(host.copy())
    windex = wg.asarray(np.asarray(index)) if gpu_index else index
    wargs = () if b is None else (wg.asarray(b) if isinstance(b, np.ndarray) else b,)
    getattr(wg, ufunc_name).at(x, windex, *wargs)
    got = np.asarray(x)
    assert got.dtype == expected.dtype
    if exact:
        np.testing.assert_array_equal(got, expected)
        assert np.array_equal(np.signbit(got.real), np.signbit(expected.real)) if got.dtype.kind in "fc" else True
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "bitwise_or", "logical_and", "fmax"])
def test_commutative_every_dtype(name, dtype):
    host = _data(dtype, 8)
    b = _data(dtype, len(INDEX), seed=1)
    if name == "bitwise_or" and np.dtype(dtype).kind in "fc":
        with pytest.raises(TypeError):
            wg.bitwise_or.at(wg.asarray(host), INDEX, wg.asarray(b))
        return
    _check(name, host, INDEX, b)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["subtract", "divide", "power"])
def test_ordered_every_dtype(name, dtype):
    host = _data(dtype, 8)
    b = _data(dtype, len(INDEX), seed=1)
    if dtype == "bool" and name in ("subtract", "power"):  # (NumPy's power of bools is int8: wgarray's raises)
        with pytest.raises(TypeError):
            getattr(wg, name).at(wg.asarray(host), INDEX, wg.asarray(b))
        return
    if name == "power" and np.dtype(dtype).kind in "iu":
        b = np.abs(b) % 3
    if name == "divide" and np.dtype(dtype).kind in "iub":
        b = b | 1 if dtype != "bool" else np.ones_like(b)
    # complex power is a transcendental: within the library's rounding of NumPy's, not bit for bit
    _check(name, host, INDEX, b, exact=not (name == "power" and np.dtype(dtype).kind == "c"))


@pytest.mark.parametrize("dtype", ["int8", "int32", "float32", "float64", "complex64"])
@pytest.mark.parametrize("name", ["negative", "square", "positive"])
def test_unary(name, dtype):
    _check(name, _data(dtype, 8), INDEX)


def test_float32_add_order_is_rounding_only():
    rng = np.random.default_rng(2)
    host = rng.standard_normal(64).astype(np.float32)
    index = rng.integers(0, 64, 4000)
    b = rng.standard_normal(4000).astype(np.float32)
    _check("add", host, index, b, exact=False)
    _check("multiply", host, index[:200], (1 + b[:200] / 100).astype(np.float32), exact=False)


@pytest.mark.parametrize("name", ["maximum", "minimum", "fmax", "fmin"])
def test_float_extremes_keep_numpy_order(name):
    host = np.array([-1.0, np.nan, 2.0, -0.0, 0.0], np.float32)
    index = [0, 0, 0, 1, 2, 2, 3, 4, 4, 0]
    b = np.array([-0.0, 0.0, -0.0, 1.0, np.nan, 3.0, 0.0, -0.0, 0.0, -5.0], np.float32)
    if name in ("fmax", "fmin"):  # wgarray's elementwise fmax/fmin break signed-zero ties unlike NumPy's
        host, b = np.where(host == 0, 0.5, host), np.where(b == 0, -0.5, b)
    _check(name, host, index, b)
    _check(name, host.astype(np.float64), index, b.astype(np.float64))


@pytest.mark.parametrize("gpu_index", [False, True])
def test_multi_axis_slices_and_masks(gpu_index):
    host = _data("float64", (4, 5, 3))
    _check("add", host, ([0, 0, 3], [1, 1, 4]), 1.5, gpu_index=False)
    _check("subtract", host, (slice(None), [0, 0, 2]), _data("float64", (4, 3, 3), seed=3))
    _check("subtract", host, (slice(1, None, 2), [0, 0, 2], slice(None)), _data("float64", (3,), seed=3))
    _check("multiply", host, ([1, 1], slice(None), [2, 2]), _data("float64", (2, 5), seed=4))
    _check("add", host, (Ellipsis, [0, 0]), 1.0)
    _check("add", host, np.array([True, False, True, True]), 2.0)
    _check("add", host, ([[0, 1], [1, 1]],), 1.0)
    if gpu_index:
        _check("subtract", host[0, :, 0].copy(), [0, 0, 4, -5], np.arange(4.0), gpu_index=True)
        _check("add", _data("int32", 6), [0, 0, 5, -6], np.int32(3), gpu_index=True)


def test_basic_indices_int_slice_ellipsis():
    host = _data("float32", (3, 4))
    _check("add", host, 1, np.arange(4, dtype=np.float32))
    _check("subtract", host, (slice(None), 2), 1)
    _check("power", host, Ellipsis, 2)
    _check("negative", host, (slice(None, None, -1), slice(1, 3)))
    _check("add", _data("int8", (5,)), slice(None, None, 2), 100)


def test_noncontiguous_view_is_modified_in_place():
    base_host = _data("float32", (6, 8))
    base = wg.asarray(base_host.copy())
    view = base[1::2, ::-3]
    wg.subtract.at(view, ([0, 0, 2], [1, 1, 2]), wg.asarray([1.0, 2.0, 3.0], dtype=wg.float32))
    expected = base_host.copy()
    np.subtract.at(expected[1::2, ::-3], ([0, 0, 2], [1, 1, 2]), np.array([1.0, 2.0, 3.0], np.float32))
    np.testing.assert_array_equal(np.asarray(base), expected)
    packed = wg.asarray(_data("int16", 10))
    host = np.asarray(packed).copy()
    wg.add.at(packed[1::3], [0, 0, 2], 7)
    np.add.at(host[1::3], [0, 0, 2], 7)
    np.testing.assert_array_equal(np.asarray(packed), host)


def test_empty_and_zero_d():
    _check("add", _data("float32", 4), [], 1.0)
    _check("add", _data("float32", 4), np.array([], np.int64), np.array([], np.float32))
    _check("add", np.array(5.0), (), 2.0)
    _check("add", _data("int64", 4), [1, 1], np.array(3))  # 0-d b


def test_casting_as_numpy():
    """b is an array (Python scalars in their default dtype), results are cast back 'unsafe'."""
    _check("add", np.zeros(3, np.int32), [0, 0], 1.5)
    _check("add", np.zeros(3, np.int8), [0, 0], 300)
    _check("add", np.ones(3, np.uint8), [0, 0], -1)
    _check("add", np.ones(1, np.float32), [0, 0], 2.0 ** -24 + 2.0 ** -50)
    _check("divide", np.ones(3, np.int32), [0, 0, 1], 2)
    _check("sqrt", np.array([4, 9, 16], np.int32), [0, 0, 1])
    _check("logical_and", np.array([1, 2, 3], np.int32), [0, 0, 1], np.array([3, 0, 1]))
    _check("equal", np.ones(3, np.float32), [0, 0, 1], 1)
    _check("add", np.ones(3, np.bool_), [0, 0, 1], np.array([1, -1, 0]))


def test_large_run_sorted_path():
    """More items than one dispatch's loop: a run past MAX_LOOP continues in further dispatches."""
    n = 70000
    index = np.zeros(n, np.int64)
    index[::7] = 1
    b = np.full(n, 1.0000001, np.float64)
    _check("multiply", np.ones(2, np.float64), index, b)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16"])  # atomic, sorted, packed paths
@pytest.mark.parametrize("index", [[0, 5], [-4], (0, [0])])
def test_out_of_bounds(index, dtype):
    host = np.zeros(3, dtype)
    for at_index in (index, wg.asarray(np.asarray(index)) if not isinstance(index, tuple) else index):
        x = wg.asarray(host)
        with pytest.raises(IndexError):
            wg.add.at(x, at_index, 1)
        np.testing.assert_array_equal(np.asarray(x), host)  # nothing written


def test_bad_input():
    x = wg.zeros(3, dtype=wg.float32)
    with pytest.raises(ValueError):
        wg.add.at(x, [0, 1], wg.asarray([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError):
        wg.add.at(x, [0, 1])
    with pytest.raises(ValueError):
        wg.negative.at(x, [0, 1], 1.0)
    with pytest.raises(IndexError):
        wg.add.at(x, [0.0], 1)
    with pytest.raises(IndexError):
        wg.add.at(wg.asarray(5.0), [0], 1)
    with pytest.raises(TypeError):
        wg.bitwise_and.at(x, [0], 1)
    with pytest.raises(TypeError):
        wg.add.at(np.zeros(3), [0], 1)
    readonly = wg.broadcast_to(wg.zeros(1), (3,))
    with pytest.raises(ValueError):
        wg.add.at(readonly, [0], 1)


def test_index_array_sharing_the_buffer():
    x = wg.asarray(np.array([0, 1, 1, 2, 0], np.int64))
    host = np.asarray(x).copy()
    wg.add.at(x, x, 1)
    np.add.at(host, host.copy(), 1)
    np.testing.assert_array_equal(np.asarray(x), host)
    y = wg.asarray(np.array([1.0, 2.0, 3.0]))
    host = np.asarray(y).copy()
    wg.subtract.at(y, [0, 0, 1], y)
    np.subtract.at(host, [0, 0, 1], host.copy())
    np.testing.assert_array_equal(np.asarray(y), host)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("exponent", ["bool", "int8", "int32", "int64", "uint16"])
def test_at_with_numpys_mixed_loops_ldexp(dtype, exponent):
    host = np.array([1.5, -3.0, 0.0, -0.0, np.inf, 1e-30], dtype)
    _check("ldexp", host, INDEX[:6], np.array([1, 2, 3, 0, 1, 1]).astype(exponent))


@pytest.mark.parametrize("name", ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"])
@pytest.mark.parametrize("pair", [("int8", "uint64"), ("int64", "uint64"), ("uint64", "int32"), ("uint64", "int64")])
def test_at_compares_signed_with_uint64_exactly(name, pair):
    host = np.array([-3 if pair[0] != 'uint64' else 2**63 + 1, 0, 5, 7, 1, 2], pair[0])
    b = np.array([2**63 + 5, 0, 5, 1, 2**64 - 1, 3, 7, 5], np.uint64) if pair[1] == "uint64" \
        else np.array([-1, 0, 5, 1, 2, -3, 7, 5], pair[1])
    _check(name, host, INDEX, b)
