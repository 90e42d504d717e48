"""gradient, block, insert, delete, piecewise and array2string against NumPy: dtypes, axes, views,
empty and 0-d inputs, special values and NumPy's errors for bad arguments."""

import numpy as np
import pytest

import wgarray as wg

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]


def same(expected, got):
    if expected is None and got is None:  # both raised the same exception type (see both())
        return
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, type(expected)) and len(got) == len(expected)
        for e, g in zip(expected, got):
            same(e, g)
        return
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def close(expected, got, rtol=1e-12):
    if isinstance(expected, (tuple, list)):
        assert len(got) == len(expected)
        for e, g in zip(expected, got):
            close(e, g, rtol)
        return
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=1e-12 if expected.dtype.itemsize > 4 else 1e-5)


def both(func, *args, **kwargs):
    """func under NumPy and wgarray on host arguments converted to each, or the exception type of both."""
    def convert(lib, a):
        if isinstance(a, np.ndarray):
            return a if lib is np else wg.asarray(a)
        if isinstance(a, list) and a and all(isinstance(i, np.ndarray) for i in a):
            return [convert(lib, i) for i in a]
        return a

    try:
        expected = getattr(np, func)(*(convert(np, a) for a in args), **kwargs)
    except Exception as exc:  # the same exception type from wgarray
        with pytest.raises(type(exc)):
            getattr(wg, func)(*(convert(wg, a) for a in args), **kwargs)
        return None, None
    return expected, getattr(wg, func)(*(convert(wg, a) for a in args), **kwargs)


def sample(dtype, shape=(4, 5)):
    values = np.arange(int(np.prod(shape))).reshape(shape) % 7
    return (values > 2) if dtype == "bool" else values.astype(dtype)


# -- gradient ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8", "float32", "float64", "complex128"])
@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient_dtypes(dtype, edge_order):
    f = (np.arange(30).reshape(5, 6) ** 2 % 11).astype(dtype)
    close(*both("gradient", f, edge_order=edge_order), rtol=1e-6)


@pytest.mark.parametrize("spacing", [(2.0,), (0.5, 3), (np.array([0.0, 1.0, 1.5, 3.5, 4.0]), 2.0),
                                     (np.array([0.0, 1.0, 2.0, 3.0, 4.0]), np.arange(6)),
                                     (np.float32(0.25),)])
@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient_spacing(spacing, edge_order):
    f = np.sin(np.arange(30.0).reshape(5, 6))
    expected, got = both("gradient", f, *spacing, edge_order=edge_order)
    close(expected, got)


@pytest.mark.parametrize("axis", [0, 1, -1, (0, 1), (1, 0)])
def test_gradient_axis_and_views(axis):
    f = np.cos(np.arange(60.0)).reshape(6, 10)[::2, 1::2]
    close(*both("gradient", f, axis=axis))


def test_gradient_special_values_and_float32():
    f = np.array([1.0, np.inf, 2.0, np.nan, -0.0, 3.0], dtype=np.float32)
    x = np.array([0.0, 1.0, 3.0, 4.0, 7.0, 8.0])
    close(*both("gradient", f, x))
    close(*both("gradient", f, 0.5, edge_order=2))


@pytest.mark.parametrize("args, kwargs", [
    ((np.arange(2.0),), {"edge_order": 2}), ((np.arange(5.0),), {"edge_order": 3}),
    ((np.arange(5.0), 1.0, 2.0), {}), ((np.arange(5.0), np.arange(4.0)), {}),
    ((np.arange(5.0), np.ones((5, 1))), {}), ((np.arange(5.0),), {"axis": 1}),
    ((np.array([True, False, True]),), {}),
])
def test_gradient_errors(args, kwargs):
    assert both("gradient", *args, **kwargs) == (None, None)


# -- block -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_block_matrix(dtype):
    a, b = sample(dtype, (2, 2)), sample(dtype, (2, 3))
    same(*both("block", [[a, b], [b[:, :2], b]]))


@pytest.mark.parametrize("arrays", [
    [np.arange(3), np.arange(2.0)], [1, 2, np.int8(3)], [[np.ones((2, 2)), np.zeros((2, 1))]],
    [[[np.ones(2)]], [[np.zeros(2)]]], [np.eye(2)[:, ::-1], np.ones((2, 1), np.float32)],
    [[np.zeros((0, 2)), np.zeros((0, 1))]], np.float64(2.5), 3,
])
def test_block_shapes(arrays):
    same(*both("block", arrays))


@pytest.mark.parametrize("arrays", [[], [[1], 2], (np.ones(2), np.ones(2)), [[np.ones((2, 2)), np.ones((3, 1))]]])
def test_block_errors(arrays):
    assert both("block", arrays) == (None, None)


# -- delete ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_delete_dtypes(dtype):
    x = sample(dtype)
    same(*both("delete", x, [0, 2], axis=1))
    same(*both("delete", x, 3))


@pytest.mark.parametrize("obj", [0, -1, np.int64(2), slice(1, 4), slice(None, None, 2), slice(None, None, -2),
                                 slice(3, 1), [], [1, 1, -1], np.array([True, False, True, False, False]),
                                 np.array([3]), np.array([], dtype=np.int64)])
@pytest.mark.parametrize("axis", [None, 0, -1])
def test_delete_obj(obj, axis):
    x = np.arange(25.0).reshape(5, 5)[:, ::-1]
    same(*both("delete", x, obj, axis=axis))


@pytest.mark.parametrize("obj, axis", [(5, 0), (-6, 0), ([0, 7], 0), (np.array([True, False]), 0),
                                       (np.array([0.5]), 0), (0, 2), (np.array([1.0, 2.0]), 0)])
def test_delete_errors(obj, axis):
    assert both("delete", np.ones((5, 2)), obj, axis=axis) == (None, None)


# -- insert ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_insert_dtypes(dtype):
    x = sample(dtype)
    same(*both("insert", x, 1, 1, axis=0))
    same(*both("insert", x, [0, 5, 5], [1, 0, 1], axis=1))
    same(*both("insert", x, 7, True))


@pytest.mark.parametrize("obj, values, axis", [
    (1, 9, None), (-1, [7, 8], None), (0, [[1, 2, 3]], 0), (1, [1, 2, 3], 0), ([1], [[1], [2], [3]], 1),
    (1, [[1], [2], [3]], 1), ([0, 2, 2], [5, 6, 7], 1), ([2, 0, -1], 9.5, 0), (slice(0, 3), 0, 1),
    (np.array([True, False, True]), [[8], [9], [10]], 1), ([], [], 0), (3, np.array([1.5, 2.5, 3.5]), 0),
])
def test_insert_obj(obj, values, axis):
    x = np.arange(9).reshape(3, 3)
    same(*both("insert", x, obj, values, axis=axis))


@pytest.mark.parametrize("obj, axis", [(4, 0), (-5, 0), ([0, 9], 0), ([[0, 1]], 0), (1, 3), (1.5, 0)])
def test_insert_errors(obj, axis):
    assert both("insert", np.ones((3, 2)), obj, 0, axis=axis) == (None, None)


# -- piecewise ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int16", "int64", "uint32", "float32", "float64", "complex64"])
def test_piecewise_dtypes(dtype):
    x = (np.arange(-4, 5) % 5).astype(dtype)
    xs = {np: x, wg: wg.asarray(x)}
    expected, got = (lib.piecewise(xs[lib], [xs[lib].real < 2, xs[lib].real > 3], [lambda v: v * 2, 7, 1])
                     for lib in (np, wg))
    same(expected, got)


@pytest.mark.parametrize("case", ["scalar_condition", "array_condition", "zero_d", "empty", "args"])
def test_piecewise_forms(case):
    def run(lib):
        x = lib.linspace(-2.0, 2.0, 9)
        if case == "scalar_condition":
            return lib.piecewise(x, x > 0, [lambda v: v ** 2, -1.0])
        if case == "array_condition":
            return lib.piecewise(x, [x < 0, x >= 1], [lambda v: -v, lambda v: v + 1])
        if case == "zero_d":
            return lib.piecewise(lib.asarray(1.5), [True, False], [lambda v: v * 2, 0])
        if case == "empty":
            return lib.piecewise(x[:0], [x[:0] > 0], [1.0])
        return lib.piecewise(x, [x > 0], [lambda v, k, c=0: v * k + c], 3, c=1)
    same(run(np), run(wg))


def test_piecewise_errors():
    for lib in (np, wg):
        with pytest.raises(ValueError):
            lib.piecewise(lib.arange(3.0), [lib.arange(3) > 0], [1, 2, 3])


# -- array2string ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs", [{}, {"separator": ", "}, {"precision": 2}, {"suppress_small": True},
                                    {"max_line_width": 20}, {"prefix": "x = "}, {"threshold": 5, "edgeitems": 1},
                                    {"formatter": {"float_kind": lambda v: f"{v:.1f}"}}, {"sign": "+"},
                                    {"floatmode": "fixed", "precision": 3}, {"legacy": "1.13"}])
@pytest.mark.parametrize("values", [np.array([1e-9, 1.5, -2.25, np.nan, np.inf]), np.arange(40.0).reshape(5, 8),
                                    np.array(3.5), np.array([], np.float32), np.array([1, 2, 3], np.uint8)])
def test_array2string(kwargs, values):
    assert wg.array2string(wg.asarray(values), **kwargs) == np.array2string(values, **kwargs)


def test_array2string_follows_print_options_and_checks_values():
    x = np.linspace(0, 1, 7)
    with wg.printoptions(precision=3), np.printoptions(precision=3):
        assert wg.array2string(wg.asarray(x)) == np.array2string(x)
    for lib in (np, wg):
        with pytest.raises(ValueError):
            lib.array2string(lib.asarray(x), floatmode="bogus")
