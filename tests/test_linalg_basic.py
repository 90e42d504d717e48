"""The linalg extension's simple functions (cross, diagonal, outer, trace, vector_norm, multi_dot) against
numpy.linalg, and NumPy's top-level products (dot, vdot, inner, outer, kron, trace) against NumPy: every
dtype, views, 0-d and empty inputs, special values and NumPy's exception types."""

import warnings

import numpy as np
import pytest

import wgarray as wg
from test_numpy_more import DTYPES, compare, convert, sample

FLOATS = ["float32", "float64", "complex64", "complex128"]
rng = np.random.default_rng(7)


def tolerance(dtype):
    """Sums of products may round differently from NumPy's BLAS or pairwise sums; the rest is exact."""
    return {"float32": 2e-6, "complex64": 2e-6, "float64": 1e-14, "complex128": 1e-14}.get(np.dtype(dtype).name, 0.0)


def check(module, func, *args, rtol=0.0, **kwargs):
    """module.func (np.linalg or np) against wgarray's on the same arguments: equal results, or the same
    exception type."""
    ours = wg.linalg if module is np.linalg else wg
    np_args = [convert(np, a) for a in args]
    wg_args = [convert(wg, a) for a in args]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(module, func)(*np_args, **kwargs)
    except Exception as exc:
        with pytest.raises(type(exc)):
            getattr(ours, func)(*wg_args, **kwargs)
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = getattr(ours, func)(*wg_args, **kwargs)
    compare(expected, got, rtol)
    return got


def values(dtype, shape):
    if np.dtype(dtype).kind in "fc":
        v = rng.standard_normal(shape)
        if np.dtype(dtype).kind == "c":
            v = v + 1j * rng.standard_normal(shape)
        return v.astype(dtype)
    return sample(dtype, shape, nans=False)


# -- linalg.cross ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [d for d in DTYPES if d != "bool"])
def test_cross(dtype):
    a, b = sample(dtype, (4, 3)), sample(dtype, (4, 3))[::-1]
    check(np.linalg, "cross", a, b)
    check(np.linalg, "cross", a.T, b.T, axis=0)
    check(np.linalg, "cross", a, b[1])  # broadcasting
    check(np.linalg, "cross", a[:, None, :], b[None], axis=-1)


def test_cross_edges_and_errors():
    check(np.linalg, "cross", np.array([1.0, -0.0, np.inf]), np.array([np.nan, 2.0, 3.0]))
    check(np.linalg, "cross", np.ones((0, 3)), np.ones((0, 3)))
    check(np.linalg, "cross", np.arange(6.0).reshape(2, 3), np.ones((3, 2)).T[::-1])  # views
    for a, b in [(np.ones(2), np.ones(2)), (np.ones(3), np.ones(2)), (np.ones((3, 4)), np.ones((3, 4)))]:
        with pytest.raises(ValueError):
            wg.linalg.cross(wg.asarray(a), wg.asarray(b))
    for x1, x2, axis in [((2, 3), (2, 3), -3), ((3,), (2, 3), 0), ((2, 3), (2, 3), 2), ((), (3,), -1)]:
        with pytest.raises(ValueError):
            wg.linalg.cross(wg.ones(x1), wg.ones(x2), axis=axis)
    check(np.linalg, "cross", np.ones((3, 2)), np.arange(6.0).reshape(3, 2), axis=0)  # a positive axis
    with pytest.raises(TypeError):
        wg.linalg.cross(wg.ones(3, dtype=wg.bool), wg.ones(3, dtype=wg.bool))


# -- linalg.diagonal, linalg.trace ------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_diagonal_and_trace(dtype):
    a = sample(dtype, (2, 3, 4, 5))
    for offset in (0, 1, -2, 4, -7):
        check(np.linalg, "diagonal", a, offset=offset)
        check(np.linalg, "trace", a, offset=offset, rtol=tolerance(dtype))
    check(np.linalg, "diagonal", np.swapaxes(a, -1, -2)[..., ::-1, :], offset=1)
    check(np.linalg, "trace", np.swapaxes(a, -1, -2)[:, ::2], offset=-1, rtol=tolerance(dtype))


@pytest.mark.parametrize("dtype,expected", [("int8", "int64"), ("uint16", "uint64"), ("int64", "int64"),
                                            ("bool", "int64"), ("float32", "float32"), ("complex64", "complex64")])
def test_trace_dtype_rules(dtype, expected):
    x = wg.asarray(sample(dtype, (3, 3)))
    assert wg.linalg.trace(x).dtype == np.dtype(expected)
    assert wg.linalg.trace(x, dtype=wg.float64).dtype == np.float64 or dtype.startswith("complex")


def test_diagonal_and_trace_errors_and_empty():
    check(np.linalg, "trace", np.zeros((2, 0, 3)))
    check(np.linalg, "diagonal", np.zeros((0, 4)))
    with pytest.raises(ValueError):
        wg.linalg.diagonal(wg.ones(3))
    with pytest.raises(ValueError):
        wg.linalg.trace(wg.ones(3))
    assert not wg.linalg.diagonal(wg.ones((3, 3))).flags.writeable  # a view, read-only as NumPy's


# -- linalg.outer --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_linalg_outer(dtype):
    a, b = sample(dtype, (7,)), sample(dtype, (4,))
    check(np.linalg, "outer", a, b)
    check(np.linalg, "outer", a[::-2], b[:0])
    check(np.linalg, "outer", np.ones((2, 2)), np.ones(2))  # ValueError: not 1-D
    check(np.linalg, "outer", np.arange(3), np.array([0.5, np.inf]))


# -- linalg.vector_norm ----------------------------------------------------------------------------------------------
ORDERS = [2, 1, 0, -1, -2, np.inf, -np.inf, 0.5, 3, -1.5, 7.25]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128", "int16", "bool"])
@pytest.mark.parametrize("ord", ORDERS, ids=str)
def test_vector_norm(dtype, ord):
    a = values(dtype, (3, 4, 5))
    rtol = 4e-6 if dtype in ("float32", "complex64") else 1e-13
    for axis, keepdims in [(None, False), (1, False), ((0, 2), True), (-1, True), ((2, 0), False)]:
        check(np.linalg, "vector_norm", a, axis=axis, keepdims=keepdims, ord=ord, rtol=rtol)
    check(np.linalg, "vector_norm", a[:, ::-2].swapaxes(0, 2), axis=1, ord=ord, rtol=rtol)


def test_vector_norm_scaled():
    """1e200 squared overflows: NumPy's norm gives inf, the scaled sum the right value; tiny values keep
    their digits too (NumPy's underflow to 0)."""
    for scale in (1e200, 1e-200):
        x = np.array([3.0, -4.0]) * scale
        assert float(wg.linalg.vector_norm(wg.asarray(x))) == pytest.approx(5 * scale, rel=1e-15)
        assert float(wg.linalg.vector_norm(wg.asarray(x), ord=3.5)) == pytest.approx(
            scale * (3 ** 3.5 + 4 ** 3.5) ** (1 / 3.5), rel=1e-14)
        assert float(wg.linalg.vector_norm(wg.asarray(x), ord=-2)) == pytest.approx(
            scale * (3.0 ** -2 + 4.0 ** -2) ** -0.5, rel=1e-14)
    x32 = np.array([3e30, 4e30], np.float32)
    assert float(wg.linalg.vector_norm(wg.asarray(x32))) == pytest.approx(5e30, rel=1e-6)


@pytest.mark.parametrize("ord", ORDERS, ids=str)
def test_vector_norm_special_values(ord):
    for x in ([0.0, -0.0], [np.inf, 1.0], [np.nan, 1.0], [np.inf, np.nan], [0.0, 2.0], [-np.inf, 0.0], [5.0]):
        check(np.linalg, "vector_norm", np.array(x), ord=ord, rtol=1e-15)
    check(np.linalg, "vector_norm", np.zeros((2, 0)), axis=1, ord=ord)  # empty: NumPy's values and errors
    check(np.linalg, "vector_norm", np.array(-3.0), ord=ord, rtol=1e-15)  # 0-d (NumPy: sqrt(3) ** 2)


def test_vector_norm_errors():
    x = wg.ones((2, 3))
    for bad in ("fro", "nuc", None, np.nan):
        with pytest.raises(ValueError):
            wg.linalg.vector_norm(x, ord=bad)
    with pytest.raises(ValueError):
        wg.linalg.vector_norm(x, axis=(0, 0))
    with pytest.raises(IndexError):
        wg.linalg.vector_norm(x, axis=2)


# -- linalg.multi_dot -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float64", "complex64", "int32"])
def test_multi_dot(dtype):
    shapes = [(10, 30), (30, 5), (5, 60), (60, 3)]
    arrays = [values(dtype, s) for s in shapes]
    rtol = 1e-4 if dtype == "complex64" else tolerance(dtype) * 10
    check(np.linalg, "multi_dot", arrays, rtol=rtol)
    check(np.linalg, "multi_dot", arrays[:2], rtol=rtol)
    check(np.linalg, "multi_dot", [arrays[0][0]] + arrays[1:], rtol=rtol)  # a row vector first
    check(np.linalg, "multi_dot", arrays[:-1] + [arrays[-1][:, 0]], rtol=rtol)  # a column vector last
    check(np.linalg, "multi_dot", [arrays[0][0], arrays[1], arrays[2][:, 0]], rtol=rtol)  # 0-d result
    check(np.linalg, "multi_dot", [arrays[0].T[::-1].T, arrays[1], arrays[2]], rtol=rtol)  # views


def test_multi_dot_order_and_errors():
    from wgarray.linalg._basic import _chain_order
    assert _chain_order([10, 100, 5, 50])[0][2] == 1  # (A B) C: 7500 multiplications, not 75000
    assert _chain_order([50, 5, 100, 10])[0][2] == 0  # A (B C)
    check(np.linalg, "multi_dot", [np.ones((2, 3))])  # ValueError: fewer than two
    check(np.linalg, "multi_dot", [np.ones((2, 3)), np.ones((4, 2))])  # not aligned
    with pytest.raises(wg.linalg.LinAlgError):  # NumPy's LinAlgError for a 3-D array inside
        wg.linalg.multi_dot([wg.ones((2, 3)), wg.ones((2, 3, 3)), wg.ones((3, 2))])
    out = wg.zeros((2, 2))
    assert wg.linalg.multi_dot([wg.ones((2, 3)), wg.ones((3, 2))], out=out) is out
    assert float(out[0, 0]) == 3.0


# -- NumPy's products: dot ------------------------------------------------------------------------------------------
DOT_SHAPES = [((), ()), ((), (3, 2)), ((4,), ()), ((4,), (4,)), ((3, 4), (4,)), ((4,), (4, 2)), ((3, 4), (4, 2)),
              ((2, 3, 4), (4,)), ((2, 3, 4), (5, 4, 2)), ((4,), (5, 4, 2)), ((3, 4), (2, 4, 3)), ((0, 4), (4, 3)),
              ((3, 0), (0, 2))]


@pytest.mark.parametrize("dtype", DTYPES)
def test_dot_every_ndim(dtype):
    rtol = tolerance(dtype)
    for sa, sb in DOT_SHAPES:
        check(np, "dot", values(dtype, sa), values(dtype, sb), rtol=rtol)


def test_dot_views_mixed_and_errors():
    a, b = values("float64", (6, 5)), values("float32", (6, 5))
    check(np, "dot", a.T, b, rtol=1e-6)  # transposed, float64 x float32
    check(np, "dot", a[::-2], b[:, ::2].T[::-1], rtol=1e-6)
    check(np, "dot", np.arange(4, dtype=np.int8), np.arange(4, dtype=np.uint8))
    check(np, "dot", np.array([1 + 2j, 3j]), np.array([2 - 1j, 1j]))  # no conjugation
    check(np, "dot", np.ones((3, 4)), np.ones((3, 4)))  # ValueError: not aligned
    check(np, "dot", np.array([np.inf, 1.0]), np.array([0.0, 1.0]))  # inf * 0 = nan


def test_dot_out():
    a = wg.asarray(values("float32", (3, 4)))
    out = wg.zeros((3, 3), dtype=wg.float32)
    assert wg.dot(a, a.T, out=out) is out
    np.testing.assert_allclose(np.asarray(out), np.asarray(a) @ np.asarray(a).T, rtol=1e-6)
    for bad in (wg.zeros((3, 3)), wg.zeros((3, 6), dtype=wg.float32)[:, ::2], wg.zeros((3, 3), dtype=wg.float32).T,
                wg.zeros((9,), dtype=wg.float32)):
        with pytest.raises(ValueError, match="not acceptable"):
            wg.dot(a, a.T, out=bad)
    with pytest.raises(ValueError):
        np.dot(np.ones((3, 4), np.float32), np.ones((4, 3), np.float32), out=np.zeros((3, 3)))  # NumPy agrees


# -- vdot, inner, outer, kron, trace ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_vdot_inner_outer_kron(dtype):
    rtol = tolerance(dtype)
    a, b = values(dtype, (3, 4)), values(dtype, (2, 4))
    check(np, "vdot", a, a[:, ::-1], rtol=rtol)  # flattens, conjugates the first
    check(np, "vdot", a[0, 0], a[1, 1], rtol=rtol)  # 0-d
    check(np, "inner", a, b, rtol=rtol)
    check(np, "inner", a[0], b.T[::-1].T, rtol=rtol)
    check(np, "outer", a, b, rtol=rtol)  # flattens (complex products may round unlike NumPy's)
    check(np, "kron", a, b[:, ::3], rtol=rtol)


def test_outer_out_and_trace_numpy_signature():
    a, b = values("float32", (3,)), values("float32", (4,))
    out = wg.zeros((3, 4), dtype=wg.float64)
    assert wg.outer(wg.asarray(a), wg.asarray(b), out=out) is out
    np.testing.assert_array_equal(np.asarray(out), np.outer(a, b).astype(np.float64))
    x = sample("int16", (3, 4, 5))
    for kw in [{}, {"offset": 1}, {"axis1": 2, "axis2": 0}, {"offset": -1, "axis1": 1, "axis2": 2},
               {"dtype": np.float32}, {"axis1": -1, "axis2": -3, "offset": 9}]:
        check(np, "trace", x, **kw)
    check(np, "trace", x, axis1=1, axis2=1)  # ValueError
    check(np, "trace", np.ones(3))  # ValueError: 1-D
    o = wg.zeros((5,), dtype=wg.float64)
    assert wg.trace(wg.asarray(x), out=o) is o
    np.testing.assert_array_equal(np.asarray(o), np.trace(x).astype(np.float64))
