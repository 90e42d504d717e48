"""wgarray.errstate beyond the elementwise table: reductions and accumulations (sum, prod, mean,
var, std, cumsum, cumprod, ufunc.reduce and accumulate), casts (astype), divmod, and the
functions that report nothing (frexp, modf, nan_to_num), differentially against NumPy's
warnings under errstate(all='warn'); and that the default state does no extra work."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same, wg as upload
from wgarray._api import data_type_functions, elementwise_functions, reductions, statistical_functions
from wgarray._numpy import math_functions


@pytest.fixture(autouse=True)
def default_state():
    yield
    wg.seterr(all="ignore")


def _reports(lib, compute) -> tuple:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with lib.errstate(all="warn"):
            result = compute(lib)
    return result, [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]


def assert_reports_like_numpy(compute, *host_args, values: bool = True):
    """compute(lib, *args) gives NumPy's RuntimeWarnings in wgarray, and NumPy's result (values:
    False where NumPy's values are undefined, as C's for casts out of range)."""
    expected, expected_messages = _reports(np, lambda lib: compute(lib, *host_args))
    got, messages = _reports(wg, lambda lib: compute(lib, *(upload(a) for a in host_args)))
    assert messages == expected_messages
    if not values:
        return
    for g, e in zip(got, expected) if isinstance(expected, tuple) else [(got, expected)]:
        assert_same(g, e, ulps=4)


def _big(dtype):
    return float(np.finfo(dtype).max) / 2


# (function of lib and x, values as multiples: "B" a half of the dtype's largest value)
REDUCTIONS = {
    "sum overflow": (lambda L, x: L.sum(x), ["B", "B", "B"]),
    "sum inf - inf": (lambda L, x: L.sum(x), [np.inf, -np.inf, 1]),
    "sum nan input is no error": (lambda L, x: L.sum(x), [np.nan, 1, np.inf]),
    "sum of infinities is no error": (lambda L, x: L.sum(x), [np.inf, 1, np.inf]),
    "sum exact": (lambda L, x: L.sum(x), [1, 2, 3]),
    "sum along an axis": (lambda L, x: L.sum(L.reshape(x, (2, 2)), axis=1), ["B", "B", np.inf, 1]),
    "sum of a view": (lambda L, x: L.sum(x[::2]), ["B", 1, "B", 1, "B"]),
    "sum empty": (lambda L, x: L.sum(x[:0]), [1]),
    "prod overflow": (lambda L, x: L.prod(x), ["B", 4]),
    "prod underflow": (lambda L, x: L.prod(x), [1e-30, 1e-30, 1e-30, 1e-30, 1e-30, 1e-30, 1e-30, 1e-30, 1e-30,
                                             1e-30, 1e-30]),
    "prod with a zero is no underflow": (lambda L, x: L.prod(x), [1e-30, 0, 1e-30]),
    "prod inf times zero": (lambda L, x: L.prod(x), [np.inf, 0]),
    "mean overflow": (lambda L, x: L.mean(x), ["B", "B", "B"]),
    "var overflow in the mean": (lambda L, x: L.var(x), ["B", "B", "B"]),
    "var invalid in the mean": (lambda L, x: L.std(x), [np.inf, -np.inf]),
    "var inf - inf in subtract": (lambda L, x: L.var(x), [np.inf, np.inf]),
    "var square overflow": (lambda L, x: L.var(x), [1e30, -1e30]),
    "var exact": (lambda L, x: L.var(x), [1, 2, 4]),
    "cumsum overflow": (lambda L, x: L.cumsum(x), ["B", "B", 1]),
    "cumprod overflow": (lambda L, x: L.cumprod(x), ["B", 4, 1]),
    "cumulative_sum inf - inf": (lambda L, x: L.cumulative_sum(x), [np.inf, -np.inf]),
    "add.reduce overflow": (lambda L, x: L.add.reduce(x), ["B", "B"]),
    "multiply.reduce overflow": (lambda L, x: L.multiply.reduce(x), ["B", 3]),
    "add.accumulate inf - inf": (lambda L, x: L.add.accumulate(x), [np.inf, 1, -np.inf]),
    "maximum.reduce is no error": (lambda L, x: L.maximum.reduce(x), [np.inf, -np.inf]),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", REDUCTIONS, ids=str)
def test_reductions_report_like_numpy(case, dtype):
    compute, values = REDUCTIONS[case]
    x = np.array([_big(dtype) if v == "B" else v for v in values], dtype=dtype)
    assert_reports_like_numpy(compute, x)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_reductions_report_like_numpy(dtype):
    big = _big(dtype)  # (finfo of a complex dtype is its parts')
    x = np.array([big + 1j] * 3, dtype=dtype)
    assert_reports_like_numpy(lambda L, x: L.sum(x), x)
    assert_reports_like_numpy(lambda L, x: L.var(x), np.array([1e30 + 1e30j, -1e30 - 1e30j], dtype=dtype))


def test_integer_reductions_report_nothing():
    x = np.array([2**62, 2**62, 2**62], dtype=np.int64)
    assert_reports_like_numpy(lambda L, x: L.sum(x), x)
    assert_reports_like_numpy(lambda L, x: L.mean(x), np.array([1, 2], dtype=np.int8))


def test_raise_mode_stops_a_reduction():
    x = upload(np.array([1e308, 1e308]))
    with wg.errstate(over="raise"), pytest.raises(FloatingPointError, match="overflow encountered in reduce"):
        wg.sum(x)
    with wg.errstate(invalid="raise"):
        assert float(wg.sum(x)) == np.inf  # overflow is not invalid


# -- casts: NumPy's x86-64 rules (the range of the machine conversion its C casts compile to) ----------
CASTS = [
    ("float64", "int32", [1.5, np.nan, -1]), ("float64", "int32", [2.0**31, 1]), ("float64", "int32", [-2.0**31, 7]),
    ("float64", "int8", [300.0, -1000.0]), ("float64", "int8", [2.0**31]), ("float64", "uint8", [-1.0, 255]),
    ("float64", "uint16", [np.inf]), ("float64", "int64", [2.0**63]), ("float64", "int64", [-2.0**63, 9e18]),
    ("float64", "uint32", [-1.0, 2.0**32]), ("float64", "uint32", [2.0**63]), ("float64", "uint64", [-1.0, 2.0**63]),
    ("float64", "uint64", [2.0**64]), ("float64", "uint64", [-2.0**64]), ("float32", "int32", [3e9]),
    ("float32", "int16", [1e5, -np.inf]), ("float64", "float32", [1e300, 1]), ("float64", "float32", [1e-300]),
    ("float64", "float32", [1e-40]), ("float64", "float32", [2.0**-140, np.nan, np.inf]),
    ("float32", "float64", [np.inf, np.nan]), ("complex128", "complex64", [1e300 + 1j]),
    ("float64", "bool", [np.nan]), ("int64", "int8", [300]), ("float32", "int32", [np.nan, 0]),
]


@pytest.mark.parametrize("source, target, values", CASTS, ids=str)
def test_casts_report_like_numpy(source, target, values):
    x = np.array(values, dtype=source)
    assert_reports_like_numpy(lambda L, x: x.astype(target), x, values=False)


def test_cast_view_and_empty():
    x = np.array([np.nan, 1.0, 5e9, 2.0]).reshape(2, 2).T
    assert_reports_like_numpy(lambda L, x: x.astype("int32"), x, values=False)
    assert_reports_like_numpy(lambda L, x: x[:0].astype("int32"), x)
    assert_reports_like_numpy(lambda L, x: x[1:].astype("int32"), x)


# -- divmod, and the functions that report nothing -------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("a, b", [([1, 0, 3], [0, 0, 2]), ([np.inf, 1], [2, np.inf]), (["B"], [0.25]),
                                  ([7, -7], [2, 2]), ([np.nan], [0])], ids=str)
def test_divmod_reports_like_numpy(a, b, dtype):
    host = [np.array([_big(dtype) if v == "B" else v for v in vs], dtype=dtype) for vs in (a, b)]
    assert_reports_like_numpy(lambda L, x, y: L.divmod(x, y), *host)


def test_integer_divmod_reports_like_numpy():
    assert_reports_like_numpy(lambda L, x, y: L.divmod(x, y), np.array([5, -2**31, 7], dtype=np.int32),
                              np.array([0, -1, 2], dtype=np.int32))


@pytest.mark.parametrize("function", ["frexp", "modf", "nan_to_num"])
def test_functions_that_report_nothing(function):
    x = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 5e-324, 1e308])
    assert_reports_like_numpy(lambda L, x: getattr(L, function)(x), x)


# -- the default state costs nothing -------------------------------------------------------------------
def test_default_state_runs_no_checks(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a check ran under the default error state")

    for module in (reductions, statistical_functions, data_type_functions, math_functions):
        monkeypatch.setattr(module, "launch_checked", forbidden)
    monkeypatch.setattr(elementwise_functions, "run_checked", forbidden)
    x = upload(np.array([1e308, 1e308, np.inf, -np.inf]))
    wg.sum(x), wg.prod(x), wg.mean(x), wg.var(x), wg.cumsum(x), wg.add.reduce(x), wg.add.accumulate(x)
    x.astype(wg.int32), wg.divmod(x, 0.0), wg.add(x, x)
    with wg.errstate(over="raise"), pytest.raises(AssertionError, match="a check ran"):
        wg.sum(x)  # (the test would see a check)
