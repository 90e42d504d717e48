"""The NaN-ignoring functions of wgarray/_numpy/more_nan.py against NumPy: every dtype, axes, keepdims,
views, 0-d and empty inputs, all-NaN slices, infinities and NumPy's errors."""

import warnings

import numpy as np
import pytest

import wgarray as wg

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]
REAL_DTYPES = DTYPES[:-2]


def convert(lib, a):
    """NumPy arrays (also inside lists and tuples) uploaded for wgarray; everything else as given."""
    if isinstance(a, np.ndarray):
        return a if lib is np else wg.asarray(a)
    if isinstance(a, (list, tuple)) and a and all(isinstance(i, np.ndarray) for i in a):
        return type(a)(convert(lib, i) for i in a)
    return a


def compare(expected, got, rtol=0.0):
    """Same type structure, dtype, shape and values (NaN == NaN; exact unless rtol)."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(expected)
        for e, g in zip(expected, got):
            compare(e, g, rtol)
        return
    if isinstance(expected, (bool, int, float, complex)) and not isinstance(expected, np.generic):
        assert type(got) is type(expected) and (got == expected or (got != got and expected != expected))
        return
    expected, got = np.asarray(expected), np.asarray(got)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    if rtol:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected)


def check(func, *args, rtol=0.0, view=None, **kwargs):
    """func under NumPy and wgarray on the same arguments: equal results, or the same exception type.
    view: a function applied to the uploaded/host first argument (to test non-contiguous inputs)."""
    np_args = [convert(np, a) for a in args]
    wg_args = [convert(wg, a) for a in args]
    if view is not None:
        np_args[0], wg_args[0] = view(np_args[0]), view(wg_args[0])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(np, func)(*np_args, **kwargs)
    except Exception as exc:
        with pytest.raises(type(exc)):
            getattr(wg, func)(*wg_args, **kwargs)
        return
    got = getattr(wg, func)(*wg_args, **kwargs)
    compare(expected, got, rtol)
    return got


def sample(dtype, shape=(4, 5), nans=True):
    """Small values of dtype; floats get NaNs (one whole NaN row when shape allows), infinities and -0.0."""
    values = (np.arange(int(np.prod(shape))).reshape(shape) * 5) % 7 - (0 if dtype in ("bool",) or
                                                                         dtype.startswith("u") else 3)
    if dtype == "bool":
        return values > 2
    out = values.astype(dtype)
    if nans and out.dtype.kind in "fc" and out.size > 3:
        flat = out.reshape(-1)
        flat[[1, 3]] = np.nan
        flat[2] = -0.0
        flat[-1] = np.inf
    return out


def with_nan_row(dtype):
    a = sample(dtype)
    a[2] = np.nan
    return a


# -- nanprod, nancumsum, nancumprod --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("func", ["nanprod", "nancumsum", "nancumprod"])
def test_nan_products_and_scans(func, dtype):
    a = sample(dtype)
    for axis in (None, 0, 1, -1):
        check(func, a, axis=axis)
    check(func, a, view=lambda x: x[::2, ::-2])
    check(func, a[:0], axis=0)


@pytest.mark.parametrize("func", ["nanprod", "nancumsum", "nancumprod"])
def test_nan_products_keywords(func):
    a = with_nan_row("float32")
    check(func, a, axis=1, dtype="float64")
    check(func, np.array(np.nan))
    check(func, a, axis=2)  # AxisError
    if func == "nanprod":
        check(func, a, axis=0, keepdims=True, initial=2.0)
        check(func, a, axis=1, where=np.array([True, False, True, True, False]))


# -- nanargmax, nanargmin ---------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("func", ["nanargmax", "nanargmin"])
def test_nan_arg_extremes(func, dtype):
    a = sample(dtype)
    for axis in (None, 0, 1):
        check(func, a, axis=axis)
    check(func, a, axis=1, keepdims=True)
    check(func, a, view=lambda x: x.T[::-1])


@pytest.mark.parametrize("func", ["nanargmax", "nanargmin"])
def test_nan_arg_extremes_raise_on_all_nan_slices(func):
    check(func, with_nan_row("float64"), axis=1)  # ValueError: All-NaN slice encountered
    check(func, with_nan_row("float64"), axis=0)
    check(func, np.full(3, np.nan))
    check(func, np.zeros((0, 3)), axis=1)
    check(func, np.zeros((0, 3)), axis=0)  # ValueError: empty sequence
    check(func, np.array([np.nan, -np.inf, np.inf, np.nan]))
    check(func, np.array(2.5))


# -- nanvar, nanstd -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("func", ["nanvar", "nanstd"])
def test_nan_variances(func, dtype):
    a = sample(dtype)
    a[:, 0] = a[0, 0]  # a constant column: exact zero variance
    for axis in (None, 0, 1):
        check(func, a, axis=axis, rtol=1e-5 if dtype in ("float32", "complex64") else 1e-12)
    check(func, a, axis=0, ddof=1, keepdims=True, rtol=1e-5)
    check(func, a, view=lambda x: x[1:, ::2], rtol=1e-5)


@pytest.mark.parametrize("func", ["nanvar", "nanstd"])
def test_nan_variances_degrees_of_freedom(func):
    a = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 4.0], [np.nan] * 3, [2.0, 5.0, 7.0]])
    for ddof in (0, 1, 2, 3):
        check(func, a, axis=1, ddof=ddof, rtol=1e-12)  # NaN wherever count - ddof <= 0
    check(func, a, axis=1, correction=1, rtol=1e-12)
    check(func, a, axis=1, ddof=1, correction=1)  # ValueError
    check(func, a, axis=1, where=np.array([True, True, False]), rtol=1e-12)
    check(func, a, axis=0, dtype="float32", rtol=1e-6)
    check(func, np.zeros((0, 3)), axis=0)
    check(func, np.array(np.nan))


# -- nanmedian, nanquantile, nanpercentile ---------------------------------------------------------------
@pytest.mark.parametrize("dtype", REAL_DTYPES)
def test_nanmedian(dtype):
    a = with_nan_row(dtype) if dtype.startswith("float") else sample(dtype)
    for axis in (None, 0, 1, (0, 1)):
        check("nanmedian", a, axis=axis)
    check("nanmedian", a, axis=1, keepdims=True)
    check("nanmedian", a, view=lambda x: x[::-1, 1::2], axis=0)


def test_nanmedian_special_cases():
    check("nanmedian", np.array([np.inf, -np.inf, np.nan, 1.0]))  # (-inf + inf) / 2 = nan as NumPy
    check("nanmedian", np.array([np.inf, np.nan, 1.0, 2.0, np.inf]))
    check("nanmedian", np.full((2, 3), np.nan), axis=1)
    check("nanmedian", np.zeros((0, 3)), axis=0)
    check("nanmedian", np.zeros((3, 0)), axis=0)
    check("nanmedian", np.array(np.nan))
    check("nanmedian", np.array(4.5, dtype=np.float32))
    check("nanmedian", np.ones((2, 2)), axis=2)  # AxisError


@pytest.mark.parametrize("method", ["linear", "lower", "higher", "nearest", "midpoint"])
@pytest.mark.parametrize("dtype", ["int16", "uint32", "float32", "float64"])
def test_nanquantile_methods(dtype, method):
    a = with_nan_row(dtype) if dtype.startswith("float") else sample(dtype)
    check("nanquantile", a, 0.3, axis=1, method=method)
    check("nanquantile", a, [0.0, 0.25, 0.5, 1.0], axis=0, method=method)
    check("nanquantile", a, np.array([[0.1], [0.9]]), method=method, keepdims=True)
    check("nanpercentile", a, [12.5, 50, 99], axis=1, method=method)


def test_nanquantile_special_cases():
    a = np.array([[np.nan, 1.0, np.inf, 3.0], [np.nan] * 4, [2.0, np.nan, np.nan, np.nan]])
    check("nanquantile", a, [0.0, 0.4, 1.0], axis=1)
    check("nanquantile", a.astype(np.float32), np.float32(0.7), axis=1)
    check("nanpercentile", a, 101)  # ValueError
    check("nanquantile", a, -0.1)  # ValueError
    check("nanquantile", a + 1j, 0.5)  # TypeError
    check("nanquantile", np.zeros((0, 2)), 0.5, axis=0)
    check("nanpercentile", a, 50, axis=(0, 1))


def test_nanquantile_other_methods_and_a_misspelt_one():
    assert float(wg.nanquantile(wg.asarray([1.0, np.nan, 2.0]), 0.5, method="hazen")) == \
        np.nanquantile([1.0, np.nan, 2.0], 0.5, method="hazen")
    with pytest.raises(ValueError):
        wg.nanquantile(wg.asarray([1.0, np.nan, 2.0]), 0.5, method="no-such-method")
