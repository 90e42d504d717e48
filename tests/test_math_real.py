"""Real-valued math (wgsl/lib_math.wgsl): ulp error against a long-double reference, every
special case of the standard, layouts, dtype promotion and the fast-math switch."""

from __future__ import annotations

import importlib.util
import math
import zlib
from pathlib import Path

import numpy as np
import pytest

import wgarray as wg

from conftest import host, wg as up

_spec = importlib.util.spec_from_file_location("accuracy", Path(__file__).parent.parent / "tools" / "accuracy.py")
accuracy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(accuracy)

F32, F64 = np.dtype("float32"), np.dtype("float64")
SAMPLES = 3000
nan, inf, pi = math.nan, math.inf, math.pi


def call(name, *args):
    return host(getattr(wg, name)(*[up(a) for a in args]))


# -- special cases of the standard: (inputs, expected); "~v" means an approximation of v ---------
UNARY_SPECIAL = {
    "exp": [(nan, nan), (0.0, 1.0), (-0.0, 1.0), (inf, inf), (-inf, 0.0)],
    "expm1": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, inf), (-inf, -1.0)],
    "log": [(nan, nan), (-1.0, nan), (-inf, nan), (0.0, -inf), (-0.0, -inf), (1.0, 0.0), (inf, inf)],
    "log1p": [(nan, nan), (-2.0, nan), (-inf, nan), (-1.0, -inf), (-0.0, -0.0), (0.0, 0.0), (inf, inf)],
    "log2": [(nan, nan), (-1.0, nan), (0.0, -inf), (-0.0, -inf), (1.0, 0.0), (inf, inf), (8.0, 3.0)],
    "log10": [(nan, nan), (-1.0, nan), (0.0, -inf), (-0.0, -inf), (1.0, 0.0), (inf, inf), (1000.0, 3.0)],
    "sin": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, nan), (-inf, nan)],
    "cos": [(nan, nan), (0.0, 1.0), (-0.0, 1.0), (inf, nan), (-inf, nan)],
    "tan": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, nan), (-inf, nan)],
    "asin": [(nan, nan), (1.5, nan), (-1.5, nan), (inf, nan), (0.0, 0.0), (-0.0, -0.0), (1.0, "~pi/2"),
             (-1.0, "~-pi/2")],
    "acos": [(nan, nan), (1.5, nan), (-1.5, nan), (-inf, nan), (1.0, 0.0), (0.0, "~pi/2"), (-1.0, "~pi")],
    "atan": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, "~pi/2"), (-inf, "~-pi/2")],
    "sinh": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, inf), (-inf, -inf)],
    "cosh": [(nan, nan), (0.0, 1.0), (-0.0, 1.0), (inf, inf), (-inf, inf)],
    "tanh": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, 1.0), (-inf, -1.0)],
    "asinh": [(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, inf), (-inf, -inf)],
    "acosh": [(nan, nan), (0.5, nan), (0.0, nan), (-inf, nan), (1.0, 0.0), (inf, inf)],
    "atanh": [(nan, nan), (1.5, nan), (-1.5, nan), (-1.0, -inf), (1.0, inf), (0.0, 0.0), (-0.0, -0.0)],
}
_ATAN2 = [((nan, 1.0), nan), ((1.0, nan), nan), ((1.0, 0.0), "~pi/2"), ((1.0, -0.0), "~pi/2"),
          ((0.0, 1.0), 0.0), ((0.0, 0.0), 0.0), ((0.0, -0.0), "~pi"), ((0.0, -1.0), "~pi"),
          ((-0.0, 1.0), -0.0), ((-0.0, 0.0), -0.0), ((-0.0, -0.0), "~-pi"), ((-0.0, -1.0), "~-pi"),
          ((-1.0, 0.0), "~-pi/2"), ((-1.0, -0.0), "~-pi/2"), ((1.0, inf), 0.0), ((1.0, -inf), "~pi"),
          ((-1.0, inf), -0.0), ((-1.0, -inf), "~-pi"), ((inf, 1.0), "~pi/2"), ((-inf, 1.0), "~-pi/2"),
          ((inf, inf), "~pi/4"), ((inf, -inf), "~3*pi/4"), ((-inf, inf), "~-pi/4"), ((-inf, -inf), "~-3*pi/4")]
_POW = [((2.0, nan), nan), ((nan, 0.0), 1.0), ((nan, -0.0), 1.0), ((nan, 1.0), nan), ((1.0, nan), 1.0),
        ((2.0, inf), inf), ((-2.0, -inf), 0.0), ((1.0, inf), 1.0), ((-1.0, inf), 1.0), ((-1.0, -inf), 1.0),
        ((1.0, -3.5), 1.0), ((0.5, inf), 0.0), ((-0.5, -inf), inf), ((inf, 2.0), inf), ((inf, -1.0), 0.0),
        ((-inf, 3.0), -inf), ((-inf, 2.0), inf), ((-inf, 0.5), inf), ((-inf, -3.0), -0.0), ((-inf, -2.0), 0.0),
        ((0.0, 3.0), 0.0), ((0.0, -3.0), inf), ((-0.0, 3.0), -0.0), ((-0.0, 2.0), 0.0), ((-0.0, -3.0), -inf),
        ((-0.0, -2.5), inf), ((-2.0, 0.5), nan), ((-2.0, 3.0), -8.0), ((-2.0, -2.0), 0.25), ((2.0, 10.0), 1024.0),
        ((9.0, 0.5), 3.0), ((-1.0, 2.0 ** 60), 1.0)]
_HYPOT = [((inf, nan), inf), ((nan, -inf), inf), ((-inf, 1.0), inf), ((0.0, -3.0), 3.0), ((-0.0, 0.0), 0.0),
          ((nan, 1.0), nan), ((1.0, nan), nan), ((3.0, 4.0), 5.0), ((-3.0, 4.0), 5.0)]
_LOGADDEXP = [((nan, 1.0), nan), ((1.0, nan), nan), ((inf, 1.0), inf), ((1.0, inf), inf), ((inf, -inf), inf),
              ((inf, inf), inf), ((-inf, -inf), -inf), ((-inf, 3.0), 3.0), ((0.0, 0.0), "~log(2)")]
BINARY_SPECIAL = {"atan2": _ATAN2, "pow": _POW, "hypot": _HYPOT, "logaddexp": _LOGADDEXP}


def _check_special(name, dtype, got, cases):
    for g, (args, want) in zip(got, cases):
        if isinstance(want, str):  # an approximation of a constant, within 1 ulp of it
            v = eval(want[1:], {"pi": pi, "log": math.log})
            assert abs(float(g) - v) <= float(np.spacing(dtype.type(abs(v)))), (name, args, g, want)
        elif math.isnan(want):
            assert np.isnan(g), (name, args, g)
        else:
            assert g == want and np.signbit(g) == np.signbit(want), (name, dtype, args, g, want)


def _ulp_check(name, dtype, args, got):
    ref = accuracy.ref_longdouble(name, args) if accuracy.HAVE_LD else accuracy.ref_mpmath(name, args)
    err, finite, refd = accuracy.ulp_error(got, ref, dtype)
    normal = finite & (np.abs(refd) >= np.finfo(dtype).tiny)
    worst = int(np.argmax(np.where(normal, err, -1)))
    assert err[normal].max(initial=0) <= 2.0, (name, dtype, [a[worst] for a in args], got[worst], refd[worst], err[worst])
    assert accuracy.special_mismatch(got, ref, dtype) == 0


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
@pytest.mark.parametrize("name", accuracy.UNARY)
def test_unary_accuracy_and_special_cases(name, dtype):
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    samples = SAMPLES if accuracy.HAVE_LD else 300
    (x,) = accuracy.inputs(name, dtype, samples, rng)
    cases = UNARY_SPECIAL[name]
    special = np.array([c[0] for c in cases], dtype=dtype)
    got = call(name, np.concatenate([x, special]))
    assert got.dtype == dtype
    _ulp_check(name, dtype, (x,), got[:len(x)])
    _check_special(name, dtype, got[len(x):], cases)


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
@pytest.mark.parametrize("name", accuracy.BINARY)
def test_binary_accuracy_and_special_cases(name, dtype):
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    samples = SAMPLES if accuracy.HAVE_LD else 300
    a, b = accuracy.inputs(name, dtype, samples, rng)
    cases = BINARY_SPECIAL[name]
    sa = np.array([c[0][0] for c in cases], dtype=dtype)
    sb = np.array([c[0][1] for c in cases], dtype=dtype)
    got = call(name, np.concatenate([a, sa]), np.concatenate([b, sb]))
    assert got.dtype == dtype
    _ulp_check(name, dtype, (a, b), got[:len(a)])
    _check_special(name, dtype, got[len(a):], cases)


def test_pow_integer_powers_are_exact():
    x = np.arange(-12, 13, dtype=np.float64)
    for y in (2.0, 3.0, 7.0, -1.0, -2.0):
        got = call("pow", x[x != 0], np.full(np.count_nonzero(x), y))
        np.testing.assert_array_equal(got, x[x != 0] ** y)


def test_huge_trig_arguments():
    # Values whose reduction needs the full 2/pi (Payne-Hanek), against mpmath.
    mpmath = pytest.importorskip("mpmath")
    x = np.array([1e22, 1e300, 6381956970095103.0 * 2.0 ** 797, 1.7976931348623157e308, -3.5e200, 2.0 ** 1000])
    with mpmath.workdps(60):
        for name in ("sin", "cos", "tan"):
            got = call(name, x)
            want = [float(getattr(mpmath, name)(mpmath.mpf(v))) for v in x]
            np.testing.assert_allclose(got, want, rtol=3e-16, atol=0)
    x32 = np.array([1e10, 3.4e38, -1.5e30, 16367173.0 * 2.0 ** 72, 6433.0, 6434.0], dtype=np.float32)
    with mpmath.workdps(40):
        got = call("sin", x32)
        want = [float(mpmath.sin(mpmath.mpf(float(v)))) for v in x32]
        np.testing.assert_allclose(got, want, rtol=1.2e-7, atol=0)


def _subnormals(dtype, n=40, seed=3):
    """Subnormals of dtype: the extremes and random ones of both signs (log-uniform magnitudes)."""
    fi = np.finfo(dtype)
    rng = np.random.default_rng(seed)
    ints = np.exp2(rng.uniform(0, fi.nmant, n)).astype(np.int64).clip(1, 2 ** fi.nmant - 1)
    x = np.concatenate([[1, 2, 3, 2 ** fi.nmant - 1], ints]).astype(dtype) * fi.smallest_subnormal
    return np.concatenate([x, -x]).astype(dtype)


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_subnormal_inputs(dtype):
    # Devices that flush subnormals (NVIDIA, float32) must still see them: every function at
    # subnormal inputs, and binary functions with a subnormal against a normal operand chosen
    # so that the result is normal. Within 2 ulp of the long-double reference, special values exact.
    s = _subnormals(dtype)
    sp = np.abs(s)
    for name in accuracy.UNARY:
        _ulp_check(name, dtype, (s,), call(name, s))
    tiny = float(np.finfo(dtype).tiny)
    ovf = math.log(float(np.finfo(dtype).max))
    rng = np.random.default_rng(4)
    normal = (rng.uniform(1, 4, len(s)) * tiny * rng.choice([-1, 1], len(s))).astype(dtype)
    pairs = {
        "atan2": [(s, s[::-1]), (s, normal), (normal, s), (s, np.ones_like(s))],
        "hypot": [(s, s[::-1]), (s, normal), (normal, s)],
        "logaddexp": [(s, s[::-1]), (sp, np.full_like(s, -ovf + 1)), (np.full_like(s, -ovf + 0.5), sp),
                      (s, np.full_like(s, 1.5)), (normal, np.full_like(s, -ovf + 0.3))],
        "pow": [(sp, np.array([0.5, 0.75, 0.9, 1.0, -0.25, -1.0] * len(s))[:len(s)].astype(dtype)),
                (np.full_like(s, 2.5), s), (np.full_like(s, -2.5), s), (s, np.full_like(s, 2.0))],
    }
    for name, cases in pairs.items():
        for a, b in cases:
            _ulp_check(name, dtype, (a, b), call(name, a, b))


# -- layouts, promotion, scalars -----------------------------------------------------------------
@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
@pytest.mark.parametrize("name", ["sin", "log1p", "tanh"])
def test_unary_layouts(name, dtype):
    rng = np.random.default_rng(1)
    base = rng.uniform(0.1, 3, (6, 8)).astype(dtype)
    full = call(name, base)
    x = up(base)
    np.testing.assert_array_equal(host(getattr(wg, name)(x[::2, 1::3])), full[::2, 1::3])
    np.testing.assert_array_equal(host(getattr(wg, name)(x.T)), full.T)
    zero_d = getattr(wg, name)(x[2, 3])
    assert zero_d.shape == () and host(zero_d) == full[2, 3]
    empty = getattr(wg, name)(x[:0])
    assert empty.shape == (0, 8) and empty.dtype == dtype


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
@pytest.mark.parametrize("name", ["pow", "atan2"])
def test_binary_layouts_and_scalars(name, dtype):
    rng = np.random.default_rng(2)
    a = rng.uniform(0.1, 3, (4, 6)).astype(dtype)
    b = rng.uniform(-3, 3, (4, 6)).astype(dtype)
    full = call(name, a, b)
    x, y = up(a), up(b)
    f = getattr(wg, name)
    np.testing.assert_array_equal(host(f(x.T, y.T)), full.T)
    np.testing.assert_array_equal(host(f(x[:, ::2], y[:, ::2])), full[:, ::2])
    row = host(f(x, y[1]))  # broadcast a row
    np.testing.assert_array_equal(row[1], full[1])
    s = host(f(x, 1.5))  # weak Python scalar keeps the array's dtype
    assert s.dtype == dtype
    np.testing.assert_array_equal(s, call(name, a, np.full_like(a, 1.5)))
    assert f(x[:0], y[:0]).shape == (0, 6)


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint32", "bool"])
def test_integer_inputs_promote_like_numpy(dtype):
    x = np.arange(1, 6).astype(dtype)
    got = wg.exp(up(x))
    expected = np.exp(x)  # float16 for bool, int8 and uint8 (computed in float32, rounded once)
    assert got.dtype == expected.dtype
    np.testing.assert_allclose(host(got), expected, rtol=2e-7 if expected.dtype.itemsize > 2 else 1e-3)


def test_fast_math_switch():
    x = np.linspace(-3, 3, 101, dtype=np.float32)
    accurate = call("sin", x)
    assert not wg._core.config.fast_math_enabled()
    with wg.fast_math():
        fast = call("sin", x)
        f64 = call("sin", x.astype(np.float64))  # float64 stays accurate
        negative = call("pow", np.array([-2.0, -2.0, 2.0], np.float32), np.array([3.0, 0.5, 0.5], np.float32))
    assert not wg._core.config.fast_math_enabled()
    np.testing.assert_allclose(fast, np.sin(x), atol=2e-3)
    np.testing.assert_array_equal(f64, call("sin", x.astype(np.float64)))
    np.testing.assert_array_equal(call("sin", x), accurate)  # both kernels coexist
    assert negative[0] == -8.0 and np.isnan(negative[1]) and abs(negative[2] - 2 ** 0.5) < 1e-6
    wg.set_fast_math(True)
    try:
        assert wg._core.config.fast_math_enabled()
    finally:
        wg.set_fast_math(False)


def test_bad_inputs():
    with pytest.raises(TypeError):
        wg.exp("1.0")
    with pytest.raises(TypeError):
        wg.atan2(object(), 2.0)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_atan2_across_the_whole_finite_range(dtype):
    """Huge operands once overflowed the residual's exact product (NaN for atan2(MAX, 1e38))."""
    big = np.finfo(dtype).max
    y = np.array([big, big, -big, big, big / 3, big, 1.0, -big], dtype)
    x = np.array([dtype(4e16), big / 2, dtype(5.0), big, big, dtype(1e-30), big, -big], dtype)
    got = np.asarray(wg.atan2(wg.asarray(y), wg.asarray(x))).astype(np.float64)
    exp = np.arctan2(y.astype(np.float64), x.astype(np.float64))
    assert not np.isnan(got).any()
    assert np.all(np.abs(got - exp) <= np.spacing(np.abs(exp).astype(dtype)).astype(np.float64))


def test_float32_subnormal_results_are_kept():
    """NVIDIA's driver flushes float32 subnormals; the math functions, division and sqrt build
    them from bits instead (wgsl/lib_f32_wide.wgsl). On lavapipe this holds trivially."""
    f = np.float32
    cases = {
        "exp": (np.array([-88.0, -95.0, -100.0, -103.0], f),),
        "tanh": (np.array([1e-39, -3e-40], f),),
        "atan": (np.array([1e-39, -3e-40], f),),
        "sqrt": (np.array([1e-39, 4e-45], f),),
        "pow": (np.array([1e-20, 0.5, 2.0], f), np.array([2.0, 130.0, -128.5], f)),
        "atan2": (np.array([1e-38, 3e-39, -1e-30], f), np.array([10.0, 2.0, 1e10], f)),
        "divide": (np.array([1e-38, 3e-39, -1e-45, -0.0], f), np.array([10.0, 2.0, 3.0, 5.0], f)),
        "hypot": (np.array([1e-39, 3e-40], f), np.array([1e-39, 0.0], f)),
    }
    names = {"pow": "power", "atan2": "arctan2", "atan": "arctan"}
    for name, args in cases.items():
        got = np.asarray(getattr(wg, name)(*(wg.asarray(a) for a in args))).astype(np.float64)
        exp = getattr(np, names.get(name, name))(*args)
        assert np.all((got == exp) & (np.signbit(got) == np.signbit(exp)) |
                      (np.abs(got - exp) <= 2 * np.spacing(np.abs(exp)).astype(np.float64))), (name, got, exp)
