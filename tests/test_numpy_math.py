"""NumPy's further elementwise functions (issue 11, part 3), differentially against NumPy:
the table rows (degrees ... fmod), the ufuncs of two outputs (frexp, modf, divmod) and the
functions built on ufuncs (angle, sinc, nan_to_num, ...). Every dtype, special values and
integer extremes, layouts and bad input; transcendentals also in ulps against long double."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path

import numpy as np
import pytest

import wgarray as wg
from wgarray._engines.ops import BINARY, UNARY

from conftest import ALL_DTYPES, assert_same, host, special_values, wg as up

_spec = importlib.util.spec_from_file_location("accuracy", Path(__file__).parent.parent / "tools" / "accuracy.py")
accuracy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(accuracy)

F32, F64 = np.dtype("float32"), np.dtype("float64")
UNARY_ROWS = ["degrees", "radians", "deg2rad", "rad2deg", "exp2", "cbrt", "fabs", "rint", "spacing", "bitwise_count"]
BINARY_ROWS = ["logaddexp2", "heaviside", "gcd", "lcm", "ldexp", "float_power", "fmax", "fmin", "fmod"]
# Results that are rounded transcendentals: ours are within 1 ulp of exact, NumPy's own too.
ULPS = {"exp2": 2, "cbrt": 2, "float_power": 2, "logaddexp2": 2, "sinc": 3, "angle": 2}
# Complex results of composite arithmetic: within REL * eps * |exact| (signs of zeros aside, see
# test_float_power_complex_zero_signs).
REL = {"float_power": 8}
DTYPE_IDS = [d.name for d in ALL_DTYPES]


def numpy_result(name, *args):
    """NumPy's result, or its exception."""
    f = getattr(np, name)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            result = f(*args)
        except Exception as e:  # noqa: BLE001 - the exception is the expected result
            return e
        if name == "logaddexp2" and np.asarray(result).dtype.kind == "f":
            # NumPy's formula cancels near 0 (-0.3, -2.5: 5 ulp off); long double does not.
            dtype = np.asarray(result).dtype
            result = f(*[np.asarray(a).astype(np.longdouble) for a in args]).astype(dtype)
    return result


def check(name, *args, ulps=None, operands=None):
    """wgarray's `name` agrees with NumPy's: dtype, shape, values or exception. operands: what
    wgarray gets (default: args uploaded, Python scalars kept)."""
    expected = numpy_result(name, *args)
    if operands is None:
        operands = [a if isinstance(a, (bool, int, float, complex)) else up(a) for a in args]
    if isinstance(expected, Exception):
        kind = OverflowError if isinstance(expected, OverflowError) else TypeError
        with pytest.raises(kind):
            getattr(wg, name)(*operands)
        return
    got = getattr(wg, name)(*operands)
    if not isinstance(expected, tuple):
        got, expected = (got,), (expected,)
    assert len(got) == len(expected)
    if name in ("fmax", "fmin") and expected[0].dtype.kind == "f":
        # NumPy's ties of 0.0 and -0.0 depend on its SIMD path (fmax(-0.0, 0.0) is 0.0 in float32
        # and -0.0 in float64): compare zeros without their signs.
        got = (wg.where(wg.equal(got[0], 0), 0.0, got[0]),)
        expected = (np.where(expected[0] == 0, expected[0].dtype.type(0), expected[0]),)
    for g, e in zip(got, expected):
        assert_same(g, e, ulps=ULPS.get(name, 0) if ulps is None else ulps, rel=REL.get(name, 0), inputs=args)


def grid(d1, d2, name=None):
    """Every pair of the special values of two dtypes, as two flat arrays."""
    a, b = np.meshgrid(special_values(d1), special_values(d2))
    a, b = a.ravel(), b.ravel()
    if name == "float_power" and "c" in (a.dtype.kind, b.dtype.kind):
        # complex float_power is pow in complex128 (lib_complex_math's cpow), which differs from
        # NumPy's by ulps for subnormal and overflowing operands: see test_complex_float_power_is_pow
        with np.errstate(all="ignore"):
            keep = np.isfinite(a) & np.isfinite(b) & (np.abs(a) < 1e6) & ((np.abs(a) > 1e-6) | (a == 0))
        a, b = a[keep], b[keep]
    return a, b


# -- table rows: every dtype, special values and extremes -------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", UNARY_ROWS)
def test_unary_rows(name, dtype):
    check(name, special_values(dtype))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", BINARY_ROWS)
def test_binary_rows_same_dtype(name, dtype):
    check(name, *grid(dtype, dtype, name))


MIXED = [("int8", "uint8"), ("int64", "uint64"), ("bool", "int16"), ("float32", "int64"), ("int32", "float32"),
         ("uint32", "int8"), ("float64", "complex64"), ("float32", "bool")]


@pytest.mark.parametrize("d1,d2", MIXED)
@pytest.mark.parametrize("name", BINARY_ROWS)
def test_binary_rows_mixed_dtypes(name, d1, d2):
    check(name, *grid(d1, d2, name))


def test_complex_float_power_is_pow():
    a, b = grid("complex64", "complex64")
    got = wg.float_power(up(a), up(b))
    assert_same(got, host(wg.pow(up(a.astype(np.complex128)), up(b.astype(np.complex128)))))


@pytest.mark.parametrize("name", BINARY_ROWS)
def test_binary_rows_weak_python_scalars(name):
    x = np.array([0.0, -1.5, 3.0, 8.0, np.nan, -np.inf], F32)
    n = np.array([0, -6, 7, 12, -128, 127], np.int8)
    for args in [(x, 2), (x, 0.75), (2.5, x), (n, 3), (-4, n), (n, 2.0), (x, True), (n, 300), (n.astype(np.uint8), -3)]:
        check(name, *args)


def test_python_scalars_alone_compute_as_numpy_defaults():
    assert_same(wg.gcd(12, 18), np.gcd(12, 18))
    assert_same(wg.ldexp(1.5, 3), np.ldexp(1.5, 3))
    assert_same(wg.cbrt(27.0), np.cbrt(27.0))
    for g, e in zip(wg.divmod(7, -2), np.divmod(7, -2)):
        assert_same(g, e)


def test_float_power_complex_zero_signs():
    a, b = np.array([1 + 0j, 0.5 + 0j]), np.array([-1 + 0j, -1 + 0j])
    assert_same(wg.float_power(up(a), up(b)), np.float_power(a, b))


def test_integer_extremes():
    for d in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        info = np.iinfo(d)
        a = np.array([info.min, info.min, info.max, info.min, info.max, 0, info.min, -6 if info.min else 6], d)
        b = np.array([0, info.min, info.max, -1 if info.min else 1, 1, 0, 3, 4], d)
        for name in ("gcd", "lcm", "fmod", "fmax", "fmin", "divmod"):
            check(name, a, b)
        check("bitwise_count", a)


def test_ldexp_exponents_and_subnormal_results():
    x = np.array([1.0, 1.5, -1.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.75, -3.0, 0.0, -0.0])
    for n in ([-1074, -1075, 1023, 2000, -1022, -1, -60, -1100, 5, 7], [2 ** 62, -2 ** 62, 2 ** 31, -2 ** 31 - 1,
                                                                          2 ** 63 - 1, -2 ** 63, 0, 1, 3000, -3000]):
        check("ldexp", x, np.array(n, np.int64))
        check("ldexp", x.astype(F32), np.array(n, np.int64))
    small = np.array([-149, -150, -126, -127, 127, 128, -140, 0, 10, -10], np.int32)
    check("ldexp", np.array([1.0, 1.5, 1.0, 1.75, 1.0, 1.0, 1.25, 1e-45, 1e-45, 3e-38], F32), small)
    check("ldexp", np.array([1.0, 3.0], F32), np.array([2, 3], np.uint32))  # uint32 exponents: NumPy's int64 loop
    with pytest.raises(TypeError):
        wg.ldexp(up(np.ones(2)), up(np.ones(2, np.uint64)))
    with pytest.raises(TypeError):
        wg.ldexp(up(np.ones(2)), up(np.ones(2)))
    check("ldexp", np.ones(2, F32), 2 ** 31 - 1)
    check("ldexp", np.ones(2, F32), -2 ** 31)
    with pytest.raises(OverflowError):  # a Python int exponent must fit NumPy's int32 loop
        wg.ldexp(up(np.ones(2)), 2 ** 40)


def test_reduction_declarations_follow_numpy():
    for name in BINARY_ROWS:
        row, identity = BINARY[name], getattr(np, name).identity
        assert row.identity == identity or (identity is None and row.identity is None), name
    assert BINARY["gcd"].reorderable and BINARY["fmax"].reorderable and BINARY["fmin"].reorderable
    assert BINARY["logaddexp2"].reorderable and not BINARY["lcm"].reorderable
    assert all(BINARY[n].numpy_loop for n in BINARY_ROWS) and all(UNARY[n].numpy_loop for n in UNARY_ROWS)


# -- ufuncs of two outputs ----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", ["frexp", "modf"])
def test_two_output_unary(name, dtype):
    check(name, special_values(dtype))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_divmod(dtype):
    check("divmod", *grid(dtype, dtype))


def test_two_outputs_mixed_and_scalars():
    check("divmod", *grid("int8", "float32"))
    check("divmod", *grid("uint64", "int64"))
    check("divmod", special_values("int16"), 7)
    check("divmod", -7.5, special_values("float32"))
    with pytest.raises(OverflowError):
        wg.divmod(up(np.arange(3, dtype=np.uint8)), -3)
    m, e = wg.frexp(up(np.array([[0.75, 6.0], [-5e-324, 1e300]])).T)
    assert e.dtype == np.int32 and host(e).tolist() == [[0, -1073], [3, 997]]


# -- NumPy functions built on ufuncs ------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", ["fix", "sinc", "isreal", "iscomplex", "isneginf", "isposinf", "nan_to_num",
                                  "real_if_close", "angle"])
def test_functions(name, dtype):
    check(name, special_values(dtype))


@pytest.mark.parametrize("dtype", [F32, F64, np.dtype("complex64"), np.dtype("complex128")])
def test_angle_in_degrees(dtype):
    x = special_values(dtype)
    assert_same(wg.angle(up(x), deg=True), np.angle(x, deg=True), ulps=1)


def test_nan_to_num_arguments():
    x = np.array([np.nan, np.inf, -np.inf, 1.5, -0.0], F32)
    assert_same(wg.nan_to_num(up(x), nan=-1.0, posinf=1e300, neginf=7), np.nan_to_num(x, nan=-1.0, posinf=1e300,
                                                                                    neginf=7))
    z = np.array([complex(np.nan, np.inf), complex(-np.inf, 2), 3 + 4j], np.complex128)
    assert_same(wg.nan_to_num(up(z), nan=2.5), np.nan_to_num(z, nan=2.5))
    # copy=False writes into the array (here a view) and returns it
    base = up(np.array([[np.nan, 1.0, np.inf], [2.0, -np.inf, np.nan]]))
    view = base[:, ::2]
    assert wg.nan_to_num(view, copy=False) is view
    assert_same(base, np.array([[0.0, 1.0, np.finfo(F64).max], [2.0, -np.inf, 0.0]]))
    ints = up(np.arange(3))
    assert wg.nan_to_num(ints, copy=False) is ints
    with pytest.raises(TypeError):
        wg.nan_to_num(up(x), nan=1j)


def test_real_if_close():
    z = np.array([1 + 1e-14j, -2 + 0j, 3 - 1e-15j])
    assert_same(wg.real_if_close(up(z)), np.real_if_close(z))
    z2 = np.array([1 + 1e-10j, 2 + 0j])
    assert_same(wg.real_if_close(up(z2)), np.real_if_close(z2))
    assert_same(wg.real_if_close(up(z2), tol=1e-9), np.real_if_close(z2, tol=1e-9))
    z32 = np.array([1 + 1e-6j], np.complex64)
    assert_same(wg.real_if_close(up(z32), tol=1000), np.real_if_close(z32, tol=1000))
    assert_same(wg.real_if_close(up(z32)), np.real_if_close(z32))
    assert_same(wg.real_if_close(up(z[:0])), np.real_if_close(z[:0]))


def test_bad_inputs():
    c = up(np.array([1 + 1j]))
    for name in ("degrees", "cbrt", "fabs", "spacing", "bitwise_count", "fix", "frexp", "modf"):
        with pytest.raises(TypeError):
            getattr(wg, name)(c)
    for name in ("gcd", "lcm", "heaviside", "fmod", "divmod", "logaddexp2"):
        with pytest.raises(TypeError):
            getattr(wg, name)(c, c)
    with pytest.raises(TypeError, match="ambiguous"):
        wg.isneginf(c)
    with pytest.raises(TypeError):
        wg.gcd(up(np.ones(2)), up(np.ones(2, np.int32)))
    with pytest.raises(OverflowError):
        wg.gcd(up(np.arange(3, dtype=np.int8)), 300)
    with pytest.raises(TypeError):
        wg.cbrt("8")
    with pytest.raises(ValueError, match="shape"):
        wg.isposinf(up(np.ones(2)), out=up(np.ones(3, bool)))


@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
@pytest.mark.parametrize("out_dtype", [np.bool_, np.float32])
def test_signed_infinity_tests_write_into_out(name, out_dtype):
    host = np.array([1.0, np.inf, -np.inf, np.nan, -0.0])
    out, expected = up(np.ones(5, out_dtype)), np.ones(5, out_dtype)
    result = getattr(wg, name)(up(host), out=out)
    assert result is out
    getattr(np, name)(host, out=expected)
    assert_same(out, expected)


# -- layouts: views, broadcasting, 0-d, empty -----------------------------------------------------------
@pytest.mark.parametrize("name", ["cbrt", "spacing", "bitwise_count", "frexp", "sinc", "nan_to_num", "isposinf"])
def test_unary_layouts(name):
    dtype = np.int16 if name == "bitwise_count" else F32
    base = (np.arange(48).reshape(6, 8) * 1.7 - 30).astype(dtype)
    base[0, 0] = -0.0
    base[5, 7] = 1e-40 if dtype == F32 else 0
    x = up(base)
    for view, host_view in [(x[::2, 1::3], base[::2, 1::3]), (x.T, base.T), (x[2, 3], base[2, 3]), (x[:0], base[:0]),
                            (x[::-1], base[::-1])]:
        check(name, host_view, operands=[view])


@pytest.mark.parametrize("name", ["gcd", "ldexp", "fmax", "heaviside", "divmod", "logaddexp2"])
def test_binary_broadcasting_and_views(name):
    a = np.arange(-12, 12).reshape(4, 6)
    b = np.arange(1, 7)
    if name in ("fmax", "heaviside", "logaddexp2"):
        a, b = a.astype(F32) * 0.5, b.astype(F32) - 3
    x, y = up(a), up(b)
    for (g1, g2), (h1, h2) in [((x, y), (a, b)), ((x.T, y[:4]), (a.T, b[:4])),
                               ((x[::2, ::-1], y[::-1]), (a[::2, ::-1], b[::-1])), ((x[1, 2], y), (a[1, 2], b)),
                               ((x[:0], y), (a[:0], b)), ((x[:, :1], y[None, :]), (a[:, :1], b[None, :]))]:
        check(name, h1, h2, operands=[g1, g2])


# -- accuracy of the transcendentals, in ulps against long double -----------------------------------------
def _dense(dtype, n, rng, lo=None, hi=None):
    """n values with log2|x| uniform over dtype's whole range (subnormals included), both signs."""
    fi, emin, emax = accuracy.fparams(dtype)
    return accuracy.loguniform(rng, n, emin - fi.nmant if lo is None else lo, emax if hi is None else hi).astype(dtype)


def _assert_ulps(got, ref, dtype, limit=2.0):
    err, finite, refd = accuracy.ulp_error(got, ref, dtype)
    worst = int(np.argmax(np.where(finite, err, -1)))
    assert err[finite].max(initial=0) <= limit, (worst, got[worst], refd[worst], err[worst])
    assert accuracy.special_mismatch(got, ref, dtype) == 0


pytestmark_ld = pytest.mark.skipif(not accuracy.HAVE_LD, reason="needs x87 long double for the reference")


@pytestmark_ld
@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_exp2_cbrt_accuracy(dtype):
    rng = np.random.default_rng(11)
    fi, emin, emax = accuracy.fparams(dtype)
    x = np.concatenate([rng.uniform(emin - fi.nmant - 2, emax + 1, 6000), rng.uniform(-1, 1, 2000),
                        _dense(dtype, 2000, rng, -fi.nmant - 30, 3)]).astype(dtype)
    _assert_ulps(host(wg.exp2(up(x))), np.exp2(x.astype(np.longdouble)), dtype)
    y = np.concatenate([_dense(dtype, 8000, rng), accuracy.near([1, 8, 27, 0.125, 2, 4, 1e-300, 1e300], dtype)])
    y = y.astype(dtype)
    _assert_ulps(host(wg.cbrt(up(y))), np.cbrt(y.astype(np.longdouble)), dtype, limit=1.0)


@pytestmark_ld
@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_logaddexp2_accuracy(dtype):
    rng = np.random.default_rng(12)
    fi, emin, emax = accuracy.fparams(dtype)
    a = np.concatenate([rng.uniform(emin - 60, emax, 3000), _dense(dtype, 2000, rng, hi=8), rng.uniform(-70, 70, 3000)])
    b = np.concatenate([rng.uniform(emin - 60, emax, 3000), _dense(dtype, 2000, rng, hi=8),
                        a[5000:] + accuracy.loguniform(rng, 3000, -40, 6)])
    a, b = a.astype(dtype), b.astype(dtype)
    # the reference in long double, from the larger argument (no cancellation of like terms)
    m, n = np.maximum(a, b).astype(np.longdouble), np.minimum(a, b).astype(np.longdouble)
    ref = m + np.log1p(np.exp2(n - m)) / np.log(np.longdouble(2))
    _assert_ulps(host(wg.logaddexp2(up(a), up(b))), ref, dtype)


@pytestmark_ld
@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_sinc_accuracy(dtype):
    """NumPy's formula sin(y) / y with y = pi x rounded in x's dtype, against long double."""
    rng = np.random.default_rng(13)
    x = np.concatenate([_dense(dtype, 4000, rng), rng.uniform(-20, 20, 2000)]).astype(dtype)
    x = x[x != 0]
    with np.errstate(all="ignore"):
        y = (dtype.type(np.pi) * x).astype(np.longdouble)
        ref = np.where(y == 0, 1, np.sin(y) / y)
    _assert_ulps(host(wg.sinc(up(x))), ref, dtype, limit=2.5)


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_logaddexp2_near_its_roots(dtype):
    """Where 2^a + 2^b is near 1 the result cancels: against mpmath (long double cancels too).
    float64 keeps 2 ulp; float32 pairs carry 48 bits, enough for results above 2^-20."""
    mpmath = pytest.importorskip("mpmath")
    rng = np.random.default_rng(14)
    a = rng.uniform(-1.5, -0.05, 300)
    b = np.log2(1 - np.exp2(a)) * (1 + rng.uniform(-1e-3, 1e-3, len(a)))
    a, b = a.astype(dtype), b.astype(dtype)
    got = host(wg.logaddexp2(up(a), up(b)))
    with mpmath.workdps(60):
        exact = [mpmath.log(mpmath.mpf(2) ** float(x) + mpmath.mpf(2) ** float(y), 2) for x, y in zip(a, b)]
        err = np.array([float(abs(mpmath.mpf(float(g)) - e) / abs(e)) for g, e in zip(got, exact)])
        keep = np.array([abs(e) > 2.0 ** -20 for e in exact]) if dtype == F32 else np.ones(len(a), bool)
    assert keep.sum() > 200
    assert err[keep].max() <= 2 * np.finfo(dtype).eps


@pytest.mark.parametrize("dtype", [F32, F64], ids=["float32", "float64"])
def test_subnormal_inputs_and_results(dtype):
    """Devices that flush float32 subnormals (NVIDIA) must still see and produce them."""
    fi = np.finfo(dtype)
    ints = np.exp2(np.random.default_rng(15).uniform(0, fi.nmant, 30)).astype(np.int64).clip(1, 2 ** fi.nmant - 1)
    s = np.concatenate([[1, 2, 3, 2 ** fi.nmant - 1], ints]).astype(dtype) * fi.smallest_subnormal
    s = np.concatenate([s, -s]).astype(dtype)
    for name in ("degrees", "radians", "exp2", "cbrt", "fabs", "rint", "spacing", "frexp", "modf", "sinc", "fix"):
        check(name, s)
    normal = np.full_like(s, fi.tiny * 3)
    for name in ("heaviside", "fmax", "fmin", "fmod", "ldexp", "divmod"):
        check(name, s, normal if name != "ldexp" else np.full(len(s), 5, np.int32))
        check(name, normal if name != "ldexp" else s, s if name != "ldexp" else np.full(len(s), -3, np.int32))
    check("radians", (s * 2 ** 10).astype(dtype) + normal)  # normal inputs, subnormal results
    check("ldexp", np.linspace(1, 2, len(s)).astype(dtype), np.full(len(s), fi.minexp - 5, np.int32))
    check("logaddexp2", s, s[::-1])


@pytest.mark.parametrize("dtype", [F32, np.complex64, F64], ids=["float32", "complex64", "float64"])
def test_sums_differences_products_keep_subnormals(dtype):
    """+, - and * where an operand or the result is subnormal, or the result cancels to zero:
    NVIDIA's driver flushes those in float32, so wgsl/lib_f32_wide.wgsl redoes them in float64."""
    real = np.dtype(dtype).type(0).real.dtype
    fi = np.finfo(real)
    rng = np.random.default_rng(16)
    tiny = (rng.integers(1, 2 ** fi.nmant, 64) * rng.choice([-1, 1], 64)).astype(real) * fi.smallest_subnormal
    normal = (rng.uniform(1, 4, 64) * rng.choice([-1, 1], 64)).astype(real) * fi.tiny
    a = np.concatenate([tiny, normal, normal, tiny, [fi.tiny, -fi.tiny, 0.0, -0.0]]).astype(real)
    b = np.concatenate([tiny[::-1], -normal * 0.75, tiny, normal, [-fi.tiny, fi.tiny, -0.0, -0.0]]).astype(real)
    if np.dtype(dtype).kind == "c":
        a, b = (a + 1j * b[::-1]).astype(dtype), (b + 1j * a[::-1]).astype(dtype)
    for name in ("add", "subtract"):
        assert_same(getattr(wg, name)(up(a), up(b)), getattr(np, name)(a, b))
    if np.dtype(dtype).kind == "f":  # complex products: docs/limitations.md
        assert_same(wg.multiply(up(a), up(np.full_like(b, 0.375))), a * np.full_like(b, 0.375))
        assert_same(wg.multiply(up(normal), up(np.full_like(normal, 2.0 ** -10))), normal * real.type(2.0 ** -10))
        assert_same(wg.square(up(np.sqrt(tiny.astype(np.float64)).astype(real))),
                    np.square(np.sqrt(tiny.astype(np.float64)).astype(real)))
