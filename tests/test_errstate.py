"""Floating-point error handling (wgarray.errstate, seterr, geterr, seterrcall, geterrcall),
differentially against NumPy: which errors an op reports, and what each mode does with them.

wgarray's defaults are 'ignore' everywhere (NumPy's are not), so every comparison sets the same
state in both libraries.
"""

from __future__ import annotations

import io
import threading
import warnings

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same, wg as upload
from wgarray._api import elementwise_functions as ew
from wgarray._core.kernels import kernel_cache
from wgarray._core.memory import pool_for
from wgarray._engines import map as map_engine

CATEGORIES = ("divide", "over", "under", "invalid")
MODES = ("ignore", "warn", "raise", "call", "print", "log")


@pytest.fixture(autouse=True)
def default_state():
    """Every test starts and ends with wgarray's defaults (a test failing midway must not leak)."""
    assert wg.geterr() == dict.fromkeys(CATEGORIES, "ignore") and wg.geterrcall() is None
    yield
    wg.seterr(all="ignore")
    wg.seterrcall(None)


def _reports(lib, compute, **settings) -> tuple:
    """(result, messages of the RuntimeWarnings) of compute() under lib.errstate(**settings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with lib.errstate(**settings):
            result = compute()
    return result, [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]


def assert_reports_like_numpy(function: str, *host_args, **kwargs):
    """wgarray's function on the uploaded arguments gives NumPy's result and NumPy's warnings."""
    ufunc = getattr(np, function)
    args = [upload(a) if isinstance(a, np.ndarray) else a for a in host_args]
    expected, expected_messages = _reports(np, lambda: ufunc(*host_args, **kwargs), all="warn")
    got, messages = _reports(wg, lambda: getattr(wg, function)(*args, **kwargs), all="warn")
    assert messages == expected_messages
    assert_same(got, expected)


def _a(values, dtype):
    return np.array(values, dtype=dtype)


# -- which errors an op reports: (function, arguments) per case, NumPy decides the expectation -------
# B is a quarter of the dtype's largest value, S four times its smallest normal one.
FLOAT_CASES = {
    "divide by zero and invalid": ("divide", [1, 0, -1, 2], [0, 0, -0.0, 4]),
    "divide overflow": ("divide", ["B", 1], ["1/B", 1]),
    "divide underflow to zero": ("divide", ["S", 1], ["B", 1]),
    "divide exact": ("divide", [6, 1], [3, 2]),
    "multiply overflow": ("multiply", ["B", 2], [8, 2]),
    "multiply underflow": ("multiply", ["S", 1], ["S", 1]),
    "multiply inf times zero": ("multiply", [np.inf, 1], [0, 2]),
    "multiply inf and nan are no error": ("multiply", [np.inf, np.nan], [2, 1]),
    "subtract inf minus inf": ("subtract", [np.inf, 1], [np.inf, 1]),
    "add overflow": ("add", ["B", 1], ["B*3", 1]),
    "floor_divide by zero": ("floor_divide", [1, 0], [0, 0]),
    "remainder by zero": ("remainder", [1, 2], [0, 1]),
    "fmod by zero": ("fmod", [1, 2], [0, 1]),
    "power pole and overflow": ("power", [0, 10, 2], [-1, 400, 0.5]),
    "power underflow": ("power", [0.5, 0], [2000, 2]),
    "square overflow and underflow": ("square", ["B", "S", 3]),
    "reciprocal of zero": ("reciprocal", [0, -0.0, 4]),
    "sqrt of negative": ("sqrt", [-1, 4, -0.0]),
    "log of zero and negative": ("log", [0, -1, 1]),
    "log10 of zero": ("log10", [0, 10]),
    "log1p at -1": ("log1p", [-1, -2, 0]),
    "arctanh at 1": ("arctanh", [1, -1, 0.5, 2]),
    "exp overflow and underflow": ("exp", [1000, -1000, 0]),
    "cos of inf": ("cos", [np.inf, 0]),
    "nan input is no error": ("sqrt", [np.nan, 4]),
    "spacing of inf is no error": ("spacing", [np.inf, 1]),
    "comparison of nan is no error": ("less", [np.nan, 1], [1, np.nan]),
    "ldexp overflow and underflow": ("ldexp", [1, 1, 1], np.array([5000, 3, -5000])),
}


def _values(values, dtype):
    if isinstance(values, np.ndarray):  # integer operands stay as they are
        return values
    info = np.finfo(dtype)
    names = {"B": info.max / 4, "1/B": 4 / info.max, "S": info.smallest_normal * 4, "B*3": info.max / 4 * 3}
    return np.array([names.get(v, v) if isinstance(v, str) else v for v in values], dtype=dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", FLOAT_CASES, ids=str)
def test_float_errors_reported_like_numpy(case, dtype):
    function, *values = FLOAT_CASES[case]
    assert_reports_like_numpy(function, *(_values(v, dtype) for v in values))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_underflow_only_for_inexact_tiny_results(dtype):
    tiny = np.finfo(dtype).smallest_subnormal
    normal = np.finfo(dtype).smallest_normal
    a = _a([tiny * 3, normal, normal * 1.5, normal, tiny * 6, normal * 3], dtype)
    b = _a([1.0, 0.5, 0.25, 1 / 3, 0.5, 0.1], dtype)
    for i in range(len(a)):  # each pair on its own: a report names no element
        assert_reports_like_numpy("multiply", a[i:i + 1], b[i:i + 1])
        assert_reports_like_numpy("divide", a[i:i + 1], 1 / b[i:i + 1])
    assert_reports_like_numpy("subtract", _a([normal * 1.5], dtype), _a([normal], dtype))  # exact
    lowest = np.finfo(dtype).minexp - np.finfo(dtype).nmant  # 2**lowest: the smallest subnormal
    assert_reports_like_numpy("ldexp", _a([3.0, 1.0], dtype), np.array([lowest + 1, lowest - 1]))
    assert_reports_like_numpy("ldexp", _a([3.0], dtype), np.array([lowest - 1]))  # 1.5 * 2**lowest: inexact


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
@pytest.mark.parametrize("function", ["floor_divide", "remainder", "fmod"])
def test_integer_division_by_zero_and_overflow(function, dtype):
    info = np.iinfo(dtype)
    a = _a([7, info.min, info.max, 0], dtype)
    assert_reports_like_numpy(function, a, _a([0, 1, 2, 3], dtype))  # by zero
    assert_reports_like_numpy(function, a, _a([1, 1, 2, 3], dtype))  # none
    if info.min < 0:  # MIN // -1 overflows; MIN % -1 is no error
        assert_reports_like_numpy(function, a[1:2], _a([-1], dtype))
    assert_reports_like_numpy("add", _a([info.max], dtype), _a([1], dtype))  # wraps, silently


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_errors(dtype):
    big = np.finfo(np.dtype(dtype).char.lower()).max / 2
    assert_reports_like_numpy("divide", _a([1 + 1j, 0], dtype), _a([0, 0], dtype))
    assert_reports_like_numpy("multiply", _a([big, 4j], dtype), _a([4, complex(0, big)], dtype))
    assert_reports_like_numpy("multiply", _a([complex(np.inf, 0)], dtype), _a([0], dtype))
    assert_reports_like_numpy("exp", _a([1000 + 0j, 0], dtype))
    assert_reports_like_numpy("log", _a([0, 1], dtype))
    assert_reports_like_numpy("sqrt", _a([-1, 4], dtype))
    assert_reports_like_numpy("absolute", _a([big * (1 + 1j)], dtype))  # a real result of complex input


def test_integer_inputs_computing_in_float():
    assert_reports_like_numpy("divide", np.array([1, 0, 3]), np.array([0, 0, 3]))
    assert_reports_like_numpy("log", np.array([0, 1], dtype=np.int16))


def test_views_scalars_zero_d_and_empty():
    host = np.array([[1.0, 0.0, -1.0], [4.0, 0.0, 2.0]])
    assert_reports_like_numpy("divide", host[:, ::-2], host.T[::2, 0])  # strided and broadcast
    assert_reports_like_numpy("divide", host, 0.0)  # a Python scalar
    assert_reports_like_numpy("divide", 1.0, host[1])  # a scalar first
    assert_reports_like_numpy("log", np.array(0.0))  # 0-d
    assert_reports_like_numpy("log", np.array(-1.0, np.float32))
    assert_reports_like_numpy("divide", np.zeros((0, 3)), np.zeros((0, 3)))  # empty: nothing to report
    # a packed output (int8) in whole words and in a strided view
    assert_reports_like_numpy("floor_divide", np.arange(-5, 5, dtype=np.int8)[::3], np.int8(0))


def test_operators_inplace_and_ufunc_keywords():
    host = np.array([1.0, 0.0, 2.0])
    for op in (lambda x: x / 0, lambda x: 0 / x, lambda x: x // 0, lambda x: x % 0, lambda x: x ** -1):
        expected, expected_messages = _reports(np, lambda: op(host.copy()), all="warn")
        got, messages = _reports(wg, lambda: op(wg.asarray(host)), all="warn")
        assert messages == expected_messages
        assert_same(got, expected)
    x = wg.asarray(host)
    with pytest.raises(FloatingPointError, match="^divide by zero encountered in divide$"):
        with wg.errstate(divide="raise"):
            x /= 0
    out = wg.zeros(3)
    with pytest.raises(FloatingPointError, match="^invalid value encountered in log$"):
        with wg.errstate(invalid="raise"):
            wg.log(wg.asarray([-1.0, 1.0, 2.0]), out=out)


def test_storage_of_several_buffers():
    pool = pool_for(wg.get_device())
    saved = pool.segment_bytes
    pool.segment_bytes = 4096
    try:
        host = np.ones(3000)
        host[2500] = 0.0
        x = wg.asarray(host)
        assert x._storage.segments is not None
        assert_reports_like_numpy("reciprocal", host)
        with pytest.raises(FloatingPointError, match="divide by zero"):
            with wg.errstate(divide="raise"):
                wg.reciprocal(x)
    finally:
        pool.segment_bytes = saved


# -- what each mode does ---------------------------------------------------------------------------
# One triggering op per category (all four raise exactly their category) and NumPy's text for it.
TRIGGERS = {"divide": ("log", [0.0], "divide by zero"), "over": ("exp", [1000.0], "overflow"),
            "under": ("exp", [-1000.0], "underflow"), "invalid": ("sqrt", [-1.0], "invalid value")}


def _run_mode(lib, category, mode, call=None):
    """(RuntimeWarning messages, exception or None) of the category's trigger under `mode`."""
    function, values, _ = TRIGGERS[category]
    data = np.array(values) if lib is np else wg.asarray(values)
    settings = dict.fromkeys(CATEGORIES, "ignore") | {category: mode}
    if call is not None:
        settings["call"] = call
    try:
        _, messages = _reports(lib, lambda: getattr(lib, function)(data), **settings)
    except FloatingPointError as e:
        return [], str(e)
    return messages, None


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("category", CATEGORIES)
def test_every_category_and_mode(category, mode, capsys):
    function, _, what = TRIGGERS[category]
    numpy_calls, calls = [], []
    log, numpy_log = io.StringIO(), io.StringIO()
    call = {"call": lambda *a: calls.append(a), "log": log}.get(mode)
    numpy_call = {"call": lambda *a: numpy_calls.append(a), "log": numpy_log}.get(mode)
    messages, error = _run_mode(wg, category, mode, call)
    expected_messages, expected_error = _run_mode(np, category, mode, numpy_call)
    assert (messages, error) == (expected_messages, expected_error)
    assert calls == numpy_calls and log.getvalue() == numpy_log.getvalue()
    message = f"{what} encountered in {function}"
    assert {"warn": messages, "raise": [error], "call": [c[0] for c in calls],
            "log": log.getvalue().splitlines(), "ignore": [], "print": []}[mode] == (
        [message] if mode in ("warn", "raise") else [what] if mode == "call" else
        [f"Warning: {message}"] if mode == "log" else [])
    if mode == "print":  # NumPy prints from C, past pytest's capture: its text is checked by hand
        assert capsys.readouterr().err == f"Warning: {message}\n"


def test_several_categories_in_numpy_order_and_the_callback_gets_all_flags():
    host = np.array([1.0, 0.0, 1e308])
    calls, numpy_calls = [], []
    args = (np.array([0.0, 0.0, 0.1]),)
    with np.errstate(all="call", call=lambda *a: numpy_calls.append(a)):
        np.divide(host, *args)
    with wg.errstate(all="call", call=lambda *a: calls.append(a)):
        wg.divide(wg.asarray(host), upload(*args))
    assert calls == numpy_calls == [("divide by zero", 11), ("overflow", 11), ("invalid value", 11)]
    with pytest.raises(FloatingPointError, match="^divide by zero"):  # the first category raises
        with wg.errstate(all="raise"):
            wg.divide(wg.asarray(host), upload(*args))


def test_missing_callback_is_a_name_error():
    for mode, text in (("call", r"python callback specified for divide by zero \(in  divide\) but no function"),
                       ("log", r"log specified for divide by zero \(in divide\) but no object with write method")):
        with pytest.raises(NameError, match=text):
            with wg.errstate(divide=mode):
                wg.divide(wg.asarray([1.0]), 0.0)
        with pytest.raises(NameError, match=text):
            with np.errstate(divide=mode):
                np.divide(np.array([1.0]), 0.0)


def test_warning_names_the_callers_line():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with wg.errstate(divide="warn"):
            wg.asarray([1.0]) / 0
    assert [w.filename for w in caught] == [__file__]


# -- the settings --------------------------------------------------------------------------------
def test_seterr_and_geterr_like_numpy():
    numpy_saved = np.geterr()
    try:
        np.seterr(all="ignore")
        for kwargs in ({"all": "raise"}, {"divide": "warn"}, {"all": "call", "under": "ignore"},
                       {"over": "log", "invalid": "print"}, {}):
            assert wg.seterr(**kwargs) == np.seterr(**kwargs)
            assert wg.geterr() == np.geterr()
    finally:
        np.seterr(**numpy_saved)


def test_bad_settings():
    for lib in (np, wg):
        with pytest.raises(ValueError, match="invalid error mode 'foo'"):
            lib.seterr(divide="foo")
        with pytest.raises(TypeError):
            lib.seterr(division="ignore")
        with pytest.raises(ValueError, match="invalid error mode"):
            with lib.errstate(all="sometimes"):
                pass
        with pytest.raises(TypeError, match="must be callable or have a callable write method"):
            lib.seterrcall(3)
    assert wg.geterr() == dict.fromkeys(CATEGORIES, "ignore")


def test_seterrcall_returns_the_old_callback():
    log = io.StringIO()
    assert wg.seterrcall(print) is None and wg.geterrcall() is print
    assert wg.seterrcall(log) is print and wg.geterrcall() is log
    with wg.errstate(call=None):
        assert wg.geterrcall() is None
    assert wg.geterrcall() is log


def test_nested_contexts_restore_on_exit_and_on_error():
    x = wg.asarray([1.0, -1.0])
    with wg.errstate(all="raise"):
        with wg.errstate(divide="ignore"):
            assert wg.geterr() == {"divide": "ignore", "over": "raise", "under": "raise", "invalid": "raise"}
            x / 0  # ignored
            with pytest.raises(FloatingPointError, match="invalid value encountered in sqrt"):
                wg.sqrt(x)
        with pytest.raises(FloatingPointError, match="divide by zero encountered in divide"):
            x / 0
        with pytest.raises(FloatingPointError):
            with wg.errstate(over="warn"):
                wg.log(x)
        assert wg.geterr() == dict.fromkeys(CATEGORIES, "raise")
    assert wg.geterr() == dict.fromkeys(CATEGORIES, "ignore")
    assert ew.FLOAT_ERRORS.get() is None
    state = wg.errstate(all="raise")
    with state:
        with pytest.raises(TypeError, match="twice"):
            with state:
                pass
    with state:  # reusable once exited, as NumPy's
        assert wg.geterr()["divide"] == "raise"


def test_decorator():
    @wg.errstate(divide="raise")
    def divide_by_zero(x):
        return x / 0

    with pytest.raises(FloatingPointError, match="divide by zero"):
        divide_by_zero(wg.asarray([1.0]))
    divide_by_zero.__wrapped__(wg.asarray([1.0]))  # outside, the default 'ignore'
    assert divide_by_zero.__name__ == "divide_by_zero"
    with pytest.raises(FloatingPointError):
        divide_by_zero(wg.asarray([2.0]))  # again: each call enters its own context


def test_state_is_local_to_each_thread():
    barrier = threading.Barrier(2, timeout=60)
    results = {}

    def strict():
        with wg.errstate(all="raise"):
            barrier.wait()  # both threads are inside their states now
            try:
                wg.asarray([1.0]) / 0
                results["strict"] = "no error"
            except FloatingPointError as e:
                results["strict"] = str(e)
            barrier.wait()

    def lenient():
        barrier.wait()
        results["lenient settings"] = wg.geterr()
        results["lenient"] = float((wg.asarray([1.0]) / 0)[0])
        barrier.wait()

    wg.seterr(over="raise")  # this thread's setting reaches neither thread
    threads = [threading.Thread(target=strict), threading.Thread(target=lenient)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {"strict": "divide by zero encountered in divide", "lenient": np.inf,
                       "lenient settings": dict.fromkeys(CATEGORIES, "ignore")}
    assert wg.geterr()["over"] == "raise"


def test_default_state_adds_no_work(monkeypatch):
    """With every category 'ignore', ops never take the checked path nor compile a flag variant."""
    def flagged_map_kernels():
        return {k for k in kernel_cache(wg.get_device()).kernels if k[0] == "map" and k[1].flags}

    before = flagged_map_kernels()
    monkeypatch.setattr(ew, "run_checked", lambda *a: pytest.fail("checked in the default state"))
    x = wg.asarray(np.linspace(-3, 3, 37, dtype=np.float32))
    results = [x / 0, wg.log(x), wg.exp(x * 1000), x // 0, wg.sqrt(x), wg.asarray([1, 2]) // 0]
    with wg.errstate(all="ignore"):  # set explicitly: still the default path
        results.append(wg.arctanh(x))
    [np.asarray(r) for r in results]
    assert flagged_map_kernels() == before
    assert ew.FLOAT_ERRORS.get() is None
