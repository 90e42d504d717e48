"""Reductions and scans vs NumPy: sum, prod, max, min, mean, var, std, all, any,
cumulative_sum, cumulative_prod, diff; axes, keepdims, views, special values, multi-pass sizes."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, FLOAT_DTYPES, assert_same, host, special_values, wg

REAL_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "c")
# (view, axis) cases: every axis kind on the contiguous array, a few on a stepped, reversed
# and transposed view (which the kernels read in place).
CASES = ((0, None), (0, 1), (0, (0, 2)), (0, -1), (0, ()), (1, None), (1, 0), (1, (1, 2)))


def exact_values(dtype, shape, seed=0, low=-3, high=4):
    """Small integers (exactly summable in any order) as dtype."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind == "u":
        low = 0
    values = rng.integers(low, high, shape)
    if dtype.kind == "c":
        return (values + 1j * rng.integers(low, high, shape)).astype(dtype)
    return values.astype(dtype)


def cases(x: np.ndarray):
    """(wgarray array, NumPy twin, axis) for CASES."""
    a = wg(x)
    pairs = [(a, x), (wgarray.permute_dims(a[:, ::2, ::-1], (2, 0, 1)), x[:, ::2, ::-1].transpose(2, 0, 1))]
    return [(*pairs[v], axis) for v, axis in CASES]


def assert_equal_values(got, exp):
    """Same dtype, shape and values, where signed zeros compare equal (tree order decides the
    sign of a zero in complex products)."""
    got = host(got)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    assert np.array_equal(got, exp, equal_nan=True)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_sum_prod_every_dtype(dtype):
    x = exact_values(dtype, (4, 5, 6), low=-2, high=3)
    check = assert_equal_values if x.dtype.kind == "c" else assert_same
    for a, xv, axis in cases(x):
        assert_same(wgarray.sum(a, axis=axis), np.sum(xv, axis=axis))
        check(wgarray.prod(a[:2], axis=axis, keepdims=True), np.prod(xv[:2], axis=axis, keepdims=True))


@pytest.mark.parametrize("dtype,result", [("int8", "int8"), ("uint8", "int16"), ("int16", "float32"),
                                          ("float32", "float64"), ("int32", "bool"), ("float64", "complex128")])
def test_sum_dtype_argument(dtype, result):
    x = np.array([[100, 27, 0], [-3 if np.dtype(dtype).kind != "u" else 3, 120, 1]], dtype=dtype)
    assert_same(wgarray.sum(wg(x), axis=1, dtype=result), np.sum(x, axis=1, dtype=result))
    assert_same(wgarray.prod(wg(x), dtype=result), np.prod(x, dtype=result))


@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=str)
def test_max_min_every_real_dtype(dtype):
    x = exact_values(dtype, (4, 5, 6), seed=1, low=-50, high=50)
    for a, xv, axis in cases(x):
        assert_same(wgarray.max(a, axis=axis), np.max(xv, axis=axis))
        assert_same(wgarray.min(a, axis=axis, keepdims=True), np.min(xv, axis=axis, keepdims=True))


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64, np.uint64, np.float32, np.float64], ids=str)
def test_max_min_extremes(dtype):
    x = special_values(dtype)
    if x.dtype.kind == "f":
        x = x[~np.isnan(x)]
    assert_same(wgarray.max(wg(x)), np.max(x))
    assert_same(wgarray.min(wg(x)), np.min(x))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=str)
def test_nan_propagates(dtype):
    x = np.ones((3, 300), dtype=dtype)
    x[1, 5] = np.nan
    x[2, 299] = np.nan
    x[0, 7] = np.inf
    a = wg(x)
    for f in ("max", "min", "sum", "prod", "mean"):
        assert_same(getattr(wgarray, f)(a, axis=1), getattr(np, f)(x, axis=1))
        assert_same(getattr(wgarray, f)(a, axis=0), getattr(np, f)(x, axis=0))
    assert_same(wgarray.sum(wg(np.array([np.inf, -np.inf], dtype=dtype))), np.array(np.nan, dtype=dtype))


def test_signed_zeros_compare_equal():
    x = np.array([-0.0, 0.0, -0.0], dtype=np.float32)
    assert host(wgarray.max(wg(x))) == 0 and host(wgarray.min(wg(x))) == 0
    assert np.signbit(host(wgarray.sum(wg(np.array([-0.0, -0.0])))))


def test_empty_reductions():
    e = np.zeros((0, 3), dtype=np.float32)
    assert_same(wgarray.sum(wg(e), axis=0), np.sum(e, axis=0))
    assert_same(wgarray.prod(wg(e)), np.prod(e))
    assert_same(wgarray.sum(wg(e), axis=1), np.sum(e, axis=1))
    assert_same(wgarray.all(wg(e)), np.all(e))
    assert_same(wgarray.any(wg(e), axis=0), np.any(e, axis=0))
    assert_same(wgarray.max(wg(e), axis=1), np.max(e, axis=1))  # nothing to reduce per output: no error
    with np.errstate(invalid="ignore"):
        assert_same(wgarray.mean(wg(e)), np.mean(e))
    for f, name in (("max", "maximum"), ("min", "minimum")):
        with pytest.raises(ValueError, match=f"zero-size array to reduction operation {name} which has no identity"):
            getattr(wgarray, f)(wg(e), axis=0)
        with pytest.raises(ValueError, match="no identity"):
            getattr(wgarray, f)(wg(np.zeros((0, 0))), axis=0)


def test_zero_dimensional():
    x = np.array(2.5, dtype=np.float32)
    for f in ("sum", "prod", "max", "min", "mean", "all", "any"):
        assert_same(getattr(wgarray, f)(wg(x)), getattr(np, f)(x))
    assert_same(wgarray.sum(wg(np.array(7, dtype=np.int8)), axis=()), np.sum(np.int8(7), axis=()))


def test_axis_errors():
    a = wg(np.zeros((2, 3)))
    with pytest.raises(IndexError):
        wgarray.sum(a, axis=2)
    with pytest.raises(IndexError):
        wgarray.max(a, axis=(-3,))
    with pytest.raises(ValueError, match="repeated axis"):
        wgarray.sum(a, axis=(0, -2))
    ordered = np.array([1 + 2j, 1 + 3j, 9j], dtype=np.complex64)  # NumPy orders complex lexicographically
    assert_same(wgarray.max(wg(ordered)), np.max(ordered))
    with pytest.raises(TypeError):
        wgarray.sum("123")
    assert_same(wgarray.sum([[1, 2], [3, 4]], axis=0), np.sum([[1, 2], [3, 4]], axis=0))  # as NumPy
    assert_same(wgarray.max(np.float32([1, 5, 2])), np.max(np.float32([1, 5, 2])))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_all_any(dtype):
    x = special_values(dtype)
    x = np.resize(x, 4 * 5 * 6).reshape(4, 5, 6)
    x[1] = 0
    for a, xv, axis in cases(x)[::2]:
        assert_same(wgarray.all(a, axis=axis), np.all(xv, axis=axis))
        assert_same(wgarray.any(a, axis=axis, keepdims=True), np.any(xv, axis=axis, keepdims=True))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128", "int16", "uint64", "bool"])
def test_mean_var_std(dtype):
    rng = np.random.default_rng(3)
    x = (rng.standard_normal((5, 40, 3)) * 4).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal((5, 40, 3)).astype(dtype)
    a = wg(x)
    for axis in (None, 1, (0, 2), -1):
        for got, exp in ((wgarray.mean(a, axis=axis), np.mean(x, axis=axis)),
                         (wgarray.var(a, axis=axis), np.var(x, axis=axis)),
                         (wgarray.std(a, axis=axis, correction=1, keepdims=True),
                          np.std(x, axis=axis, ddof=1, keepdims=True))):
            got = host(got)
            assert got.dtype == exp.dtype and got.shape == exp.shape
            single = exp.dtype in (np.float32, np.complex64)
            np.testing.assert_allclose(got, exp, rtol=3e-6 if single else 1e-12)


def test_var_corrections():
    x = np.array([1.0, 2.0, 4.0, 7.0])
    for correction in (0, 1, 2.5, 4, 6):
        with np.errstate(divide="ignore", invalid="ignore"):
            np.testing.assert_allclose(host(wgarray.var(wg(x), correction=correction)), np.var(x, ddof=correction))
    with pytest.raises(TypeError):
        wgarray.var(wg(x), correction="1")


def test_large_float32_sum_is_accurate():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(2**21 + 3).astype(np.float32)
    exact = np.sum(x, dtype=np.float64)
    got = float(host(wgarray.sum(wg(x))))
    assert abs(got - exact) <= 1e-6 * np.sum(np.abs(x), dtype=np.float64)
    a = wg(x[3:].reshape(2048, 1024))
    np.testing.assert_allclose(host(wgarray.sum(a, axis=0)), x[3:].reshape(2048, 1024).sum(axis=0), rtol=1e-4,
                               atol=1e-3)
    assert_same(wgarray.max(wg(x[1:])), np.max(x[1:]))


def test_large_exact_multi_pass():
    rng = np.random.default_rng(6)
    x = rng.integers(-1000, 1000, (3, 700_001)).astype(np.int64)
    a = wg(x)
    assert_same(wgarray.sum(a, axis=1), x.sum(axis=1))
    assert_same(wgarray.sum(a[:, 1:]), x[:, 1:].sum())
    y = rng.integers(0, 100, (40_000, 30)).astype(np.int32)
    assert_same(wgarray.sum(wg(y), axis=0), y.sum(axis=0))
    assert_same(wgarray.min(wg(y)[::-1, 1:], axis=0), y[::-1, 1:].min(axis=0))
    assert_same(wgarray.sum(wg(y.T.copy()).T, axis=0), y.sum(axis=0))
    z = rng.integers(0, 2, 1_000_003).astype(np.uint8)
    assert_same(wgarray.sum(wg(z)), z.sum())
    f = x[0, :600_000].astype(np.float64)
    f[123_456] = np.nan
    assert_same(wgarray.max(wg(f)), np.max(f))


# -- scans -------------------------------------------------------------------------------------
def _with_initial(expected: np.ndarray, axis: int, identity) -> np.ndarray:
    shape = list(expected.shape)
    shape[axis] = 1
    return np.concatenate([np.full(shape, identity, dtype=expected.dtype), expected], axis=axis)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_cumulative_every_dtype(dtype):
    x = exact_values(dtype, (3, 37), seed=7, low=-2, high=3)
    a = wg(x)
    for axis, include_initial in ((0, False), (-1, True)):
        got = wgarray.cumulative_sum(a, axis=axis, include_initial=include_initial)
        assert_same(got, np.cumulative_sum(x, axis=axis, include_initial=include_initial))
    check = assert_equal_values if x.dtype.kind == "c" else assert_same
    check(wgarray.cumulative_prod(a[:, :20], axis=1, include_initial=True),
          np.cumulative_prod(x[:, :20], axis=1, include_initial=True))


def test_cumulative_views_and_dtype():
    x = np.arange(60, dtype=np.int16).reshape(3, 4, 5)
    a = wg(x)
    assert_same(wgarray.cumulative_sum(a[:, ::-2], axis=1), np.cumulative_sum(x[:, ::-2], axis=1))
    assert_same(wgarray.cumulative_sum(wgarray.permute_dims(a, (2, 0, 1)), axis=2, dtype=wgarray.int8),
                np.cumulative_sum(x.transpose(2, 0, 1), axis=2, dtype=np.int8))
    assert_same(wgarray.cumulative_sum(wg(np.array([3.5], dtype=np.float32))), np.array([3.5], dtype=np.float32))
    assert_same(wgarray.cumulative_sum(wg(np.zeros((2, 0))), axis=1, include_initial=True),
                np.zeros((2, 1)))
    with pytest.raises(ValueError, match="axis"):
        wgarray.cumulative_sum(a)
    with pytest.raises(IndexError):
        wgarray.cumulative_prod(a, axis=3)


@pytest.mark.parametrize("shape,axis", [((2_100_000,), 0), ((3, 5000), 1), ((5000, 3), 0), ((20_000, 7), 1),
                                        ((40, 5000), 0), ((5000, 40), 1)])
def test_cumulative_sum_large(shape, axis):
    x = np.random.default_rng(8).integers(-9, 10, shape).astype(np.int32)
    assert_same(wgarray.cumulative_sum(wg(x), axis=axis, include_initial=True),
                np.cumulative_sum(x, axis=axis, include_initial=True, dtype=np.int64))


def test_cumulative_float_special_values():
    x = np.array([1.0, np.inf, -np.inf, 2.0, np.nan, 3.0])
    assert_same(wgarray.cumulative_sum(wg(x)), np.cumsum(x))
    assert_same(wgarray.cumulative_prod(wg(x[:3])), np.cumprod(x[:3]))
    y = np.random.default_rng(9).standard_normal(5000).astype(np.float32)
    np.testing.assert_allclose(host(wgarray.cumulative_sum(wg(y))), np.cumsum(y, dtype=np.float64), rtol=1e-4,
                               atol=1e-3)


def test_exclusive_sum_helper():
    from wgarray._array import Array
    from wgarray._engines import scan

    def exclusive_sum(x):
        return Array._wrap(scan.exclusive_sum(x._data()))

    counts = np.random.default_rng(10).integers(0, 4, 300_001).astype(np.uint32)
    out = host(exclusive_sum(wg(counts)))
    assert out.dtype == np.uint32 and out.shape == (counts.size + 1,)
    assert out[0] == 0 and np.array_equal(out[1:], np.cumsum(counts, dtype=np.uint32))
    assert_same(exclusive_sum(wg(np.array([5, -2, 7], dtype=np.int64))[::-1]), np.array([0, 7, 5, 10]))
    assert_same(exclusive_sum(wg(np.zeros(0, dtype=np.uint32))), np.zeros(1, dtype=np.uint32))
    with pytest.raises(TypeError):
        exclusive_sum(wg(np.ones(3, dtype=np.float32)))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64", "float32", "complex64"])
def test_diff(dtype):
    x = exact_values(dtype, (4, 6), seed=11, low=-5, high=6)
    a = wg(x)
    for axis in (0, 1, -1):
        for n in (0, 1, 2, 7):
            assert_same(wgarray.diff(a, axis=axis, n=n), np.diff(x, axis=axis, n=n))
    assert_same(wgarray.diff(a[:, ::-2], n=2), np.diff(x[:, ::-2], n=2))
    p, q = x[:, :2], x[:, 1:4]
    assert_same(wgarray.diff(a, axis=1, prepend=wg(p), append=wg(q)), np.diff(x, axis=1, prepend=p, append=q))
    if x.dtype.kind != "b":
        assert_same(wgarray.diff(a, axis=0, prepend=3, append=wg(x[:1])), np.diff(x, axis=0, prepend=3, append=x[:1]))


def test_diff_errors():
    with pytest.raises(ValueError):
        wgarray.diff(wg(np.array(1.0)))
    with pytest.raises(ValueError):
        wgarray.diff(wg(np.ones(3)), n=-1)
    with pytest.raises(IndexError):
        wgarray.diff(wg(np.ones(3)), axis=1)


@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_row_lengths_share_workgroups(dtype):
    """Rows of 64..1025 elements: tree segments of 32..256 invocations, several rows a workgroup."""
    rng = np.random.default_rng(12)
    for length in (64, 100, 257, 1025):
        x = rng.integers(0, 50, (37, length)).astype(dtype)
        a = wg(x)
        assert_same(wgarray.sum(a, axis=1), x.sum(axis=1))
        assert_same(wgarray.max(a[:, 1:], axis=1), x[:, 1:].max(axis=1))
        assert_same(wgarray.argmin(a, axis=1), np.argmin(x, axis=1))


# -- reductions as table rows ------------------------------------------------------------------
def test_reductions_derive_from_rows():
    """Each reduction's combine is its row's fold expression for the accumulator; its subgroup
    operation is the one the row declares (32-bit registers only; never float max/min)."""
    from dataclasses import replace

    from wgarray._engines import folds
    from wgarray._engines.ops import binary

    cases = [(folds.sum_fold, "add"), (folds.prod_fold, "multiply"),
             (lambda d: folds.extreme_fold("max", d), "maximum"), (lambda d: folds.extreme_fold("min", d), "minimum"),
             (lambda d: folds.logical_fold("all", d), "bitwise_and"),
             (lambda d: folds.logical_fold("any", d), "bitwise_or"), (folds.count_fold, "add")]
    for make, name in cases:
        for dtype in REAL_DTYPES:
            fold = make(dtype)
            expr = binary(name).wgsl(fold.acc, fold=True).replace("a0", "a").replace("a1", "b")
            assert fold.combine == f"return {expr};"
            assert fold.subgroup == binary(name).subgroup_op(fold.acc)
    sub = {str(np.dtype(d)): folds.sum_fold(np.dtype(d)).subgroup for d in ("int8", "uint32", "float32", "float64")}
    assert sub == {"int8": "subgroupAdd", "uint32": "subgroupAdd", "float32": "subgroupAdd", "float64": None}
    assert folds.extreme_fold("max", np.dtype("float32")).subgroup is None  # NaN must propagate
    assert folds.extreme_fold("min", np.dtype("int16")).subgroup == "subgroupMin"
    assert folds.logical_fold("all", np.dtype("float64")).subgroup == "subgroupAnd"
    assert folds.prod_fold(np.dtype("complex64")).subgroup is None
    assert folds.sqdev_fold(np.dtype("complex64")).subgroup == "subgroupAdd"  # sums float32 parts
    no_subgroups = replace(binary("add"), subgroup={})
    assert folds.row_fold(no_subgroups, np.dtype("float32")).subgroup is None
    with pytest.raises(ValueError, match="not reorderable"):
        folds.row_fold(binary("subtract"), np.dtype("int32"))


def _reduce_row(name: str, x: np.ndarray, axis: int, values) -> np.ndarray:
    from wgarray._array import Array
    from wgarray._engines import fold, folds
    from wgarray._engines.ops import binary

    f = folds.row_fold(binary(name), np.dtype(values))
    return host(Array._wrap(fold.fold(f, wg(x)._data(), (axis,))))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "bitwise_and", "bitwise_or",
                                  "bitwise_xor", "logical_and", "logical_or", "logical_xor"])
@pytest.mark.parametrize("dtype", ["int32", "uint32", "int16"])
def test_every_reorderable_row_folds_as_numpy_reduce(name, dtype):
    """ufunc.reduce from a row alone: one long row (tree passes, subgroup operations on 32-bit
    registers) and columns, against NumPy's reduce of the same ufunc."""
    rng = np.random.default_rng(13)
    ufunc = getattr(np, name)
    values = "bool" if name.startswith("logical") else dtype
    empty = [((3, 0), 1)] if ufunc.identity is not None else []
    for shape, axis in [((20_001,), 0), ((300, 7), 0)] + empty:
        x = rng.integers(0, 1000, shape).astype(dtype)
        if name == "multiply":
            x = x | np.array(1, dtype=dtype)  # odd factors: the product wraps but never reaches 0
        elif name == "bitwise_and":
            x |= ~np.array(1 << rng.integers(0, 10), dtype=dtype)  # keep some bits set throughout
        expected = ufunc.reduce(x, axis=axis, dtype=None if values == "bool" else dtype)
        got = _reduce_row(name, x, axis, values)
        assert np.array_equal(got.astype(expected.dtype), expected), (shape, axis)


def test_float_rows_fold_from_exact_identities():
    """hypot(0, x) is |x|, so hypot folds start from a sentinel; logaddexp from -inf."""
    x = np.array([[-3.0, 4.0, 12.0], [-5.0, np.nan, 1.0], [-2.0, 0.0, -np.inf]])
    for name in ("hypot", "logaddexp", "add", "maximum"):
        for axis in (0, 1):
            with np.errstate(invalid="ignore"):
                expected = getattr(np, name).reduce(x, axis=axis)
            np.testing.assert_allclose(_reduce_row(name, x, axis, "float64"), expected, rtol=1e-15)
    assert_same(wgarray.asarray(_reduce_row("hypot", np.array([[-3.0]]), 1, "float64")), np.array([-3.0]))
    assert_same(wgarray.asarray(_reduce_row("hypot", np.zeros((2, 0)), 1, "float64")), np.zeros(2))
