"""Differential tests of the non-transcendental elementwise functions against NumPy 2.

Results must match NumPy bit for bit (floats included: nan positions and the sign of zero),
since every function here is exact or correctly rounded in IEEE arithmetic.
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, FLOAT_DTYPES, PACKED_DTYPES, assert_same, sample, special_values, wg

# name -> (NumPy oracle, arity, kinds wgarray accepts, kinds that are NotImplemented for now)
# Kinds: b bool, i int, u uint, f float, c complex. Kinds outside both sets must be a TypeError.
UNARY = {
    "negative": (np.negative, "iufc", ""),
    "positive": (np.positive, "iufc", ""),
    "abs": (np.abs, "biufc", ""),
    "sign": (np.sign, "iufc", ""),
    "square": (np.square, "iufc", ""),  # bool: NumPy gives int8, wgarray bool (not in the standard)
    "sqrt": (np.sqrt, "biufc", ""),
    "reciprocal": (np.reciprocal, "fc", ""),
    "ceil": (np.ceil, "biuf", ""),
    "floor": (np.floor, "biuf", ""),
    "trunc": (np.trunc, "biuf", ""),
    "round": (np.round, "iufc", ""),  # bool: NumPy gives float16 (not in the standard)
    "real": (np.real, "biufc", ""),
    "imag": (np.imag, "biufc", ""),
    "conj": (np.conj, "iufc", ""),  # bool: NumPy gives int8
    "isfinite": (np.isfinite, "biufc", ""),
    "isinf": (np.isinf, "biufc", ""),
    "isnan": (np.isnan, "biufc", ""),
    "signbit": (np.signbit, "f", ""),
    "logical_not": (np.logical_not, "biufc", ""),
    "bitwise_invert": (np.invert, "biu", ""),
}
BINARY = {
    "add": (np.add, "biufc", ""),
    "subtract": (np.subtract, "iufc", ""),
    "multiply": (np.multiply, "biufc", ""),
    "divide": (np.divide, "biufc", ""),
    "floor_divide": (np.floor_divide, "iuf", ""),
    "remainder": (np.remainder, "iuf", ""),
    "pow": (np.power, "iufc", ""),
    "maximum": (np.maximum, "biufc", ""),
    "minimum": (np.minimum, "biufc", ""),
    "copysign": (np.copysign, "biuf", ""),
    "nextafter": (np.nextafter, "biuf", ""),
    "bitwise_and": (np.bitwise_and, "biu", ""),
    "bitwise_or": (np.bitwise_or, "biu", ""),
    "bitwise_xor": (np.bitwise_xor, "biu", ""),
    "bitwise_left_shift": (np.left_shift, "iu", ""),
    "bitwise_right_shift": (np.right_shift, "iu", ""),
    "logical_and": (np.logical_and, "biufc", ""),
    "logical_or": (np.logical_or, "biufc", ""),
    "logical_xor": (np.logical_xor, "biufc", ""),
    "equal": (np.equal, "biufc", ""),
    "not_equal": (np.not_equal, "biufc", ""),
    "less": (np.less, "biufc", ""),  # complex: NumPy's lexicographic order
    "less_equal": (np.less_equal, "biufc", ""),  # complex: NumPy's lexicographic order
    "greater": (np.greater, "biufc", ""),  # complex: NumPy's lexicographic order
    "greater_equal": (np.greater_equal, "biufc", ""),  # complex: NumPy's lexicographic order
}
TRANSCENDENTAL_BINARY = ("atan2", "hypot", "logaddexp")

def oracle(name):
    return {**UNARY, **BINARY}[name][0]


def expected(name, *args):
    """NumPy's answer (float16 where NumPy picks it: sqrt(int8))."""
    with np.errstate(all="ignore"):
        result = np.asarray(oracle(name)(*args))
        if name == "floor_divide" and result.dtype.kind == "f":
            # The standard's special cases, where NumPy differs: an infinite operand against a
            # finite one divides as is (inf // 2 = inf, not nan; -1 // inf = -0, not -1).
            a, b = (np.asarray(v, result.dtype) for v in args)
            one_inf = (np.isinf(a) != np.isinf(b)) & ~np.isnan(a) & ~np.isnan(b)
            result = np.where(one_inf, np.divide(a, b), result).astype(result.dtype)
    return result


def call(name, *args):
    return getattr(wgarray, name)(*args)


# Allowed differences (rel applies to complex results only). Complex multiply and divide are
# composite, and drivers may contract a*b + c*d into an fma or reassociate it (lavapipe does),
# so allow a small relative error there. Everything else, real divide and sqrt included, is exact.
TOLERANCE = {"multiply": dict(rel=4), "square": dict(rel=4), "divide": dict(rel=4), "reciprocal": dict(rel=4),
             "pow": dict(ulps=2)}  # real pow: wgarray's own (tests/test_math_real.py), within 2 ulp


def check(name, *args):
    """Run wgarray.<name> on args (NumPy arrays are uploaded) and compare with NumPy."""
    if name == "pow" and isinstance(args[1], np.ndarray) and args[1].dtype.kind == "i":
        # NumPy raises for negative integer exponents; the standard leaves them unspecified.
        args = (args[0], np.where(args[1] < 0, args[1] & 7, args[1]).astype(args[1].dtype))
    wargs = [wg(a) if isinstance(a, np.ndarray) else a for a in args]
    assert_same(call(name, *wargs), expected(name, *args), inputs=args, **TOLERANCE.get(name, {}))


# NumPy accepts these but gives another dtype (square(bool) -> int8 ...); the standard does not.
NOT_COMPARED = {("square", "b"), ("conj", "b"), ("round", "b"),
                # Complex math: the standard's special values, not NumPy's (tests/test_math_complex.py).
                ("abs", "c"), ("sign", "c"), ("sqrt", "c"), ("pow", "c")}


def cases(table):
    for name, (_, ok, todo) in table.items():
        for d in ALL_DTYPES:
            if (name, d.kind) not in NOT_COMPARED:
                yield pytest.param(name, d, ok, todo, id=f"{name}-{d}")


# -- every function, every dtype ------------------------------------------------------------
@pytest.mark.parametrize("name, dtype, ok, todo", list(cases(UNARY)))
def test_unary_all_dtypes(name, dtype, ok, todo):
    x = special_values(dtype)
    if dtype.kind in todo:
        with pytest.raises(NotImplementedError):
            call(name, wg(x))
    elif dtype.kind in ok:
        check(name, x)
    else:
        with pytest.raises(TypeError):
            call(name, wg(x))


def pair_grid(d1, d2):
    """All pairs of the special values of d1 and d2, as two flat arrays."""
    a, b = special_values(d1), special_values(d2)
    g1, g2 = np.meshgrid(a, b, indexing="ij")
    return g1.ravel(), g2.ravel()


@pytest.mark.parametrize("name, dtype, ok, todo", list(cases(BINARY)))
def test_binary_all_dtypes(name, dtype, ok, todo):
    x1, x2 = pair_grid(dtype, dtype)
    if dtype.kind in todo:
        with pytest.raises(NotImplementedError):
            call(name, wg(x1), wg(x2))
    elif dtype.kind in ok:
        check(name, x1, x2)
    else:
        with pytest.raises(TypeError):
            call(name, wg(x1), wg(x2))


FLOAT_RESULT = ("divide", "copysign", "nextafter")
LOGICAL = ("logical_and", "logical_or", "logical_xor")
COMPARISONS = ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")


def param(*values, id):
    return pytest.param(*values, id=id)


# -- mixed dtypes (NumPy 2 promotion) -------------------------------------------------------
MIXED = [("int8", "uint8"), ("int16", "uint32"), ("uint64", "int64"), ("int32", "float32"), ("uint16", "float32"),
         ("int64", "float32"), ("float32", "float64"), ("bool", "int16"), ("uint8", "float64"),
         ("float64", "complex64"), ("int8", "complex64"), ("uint32", "int64"), ("bool", "float32"),
         ("int64", "int8"), ("uint16", "int32")]


def _mixed_cases():
    for name, (_, ok, todo) in BINARY.items():
        pairs = MIXED if name not in ("add", "equal") else [(a.name, b.name) for a in ALL_DTYPES for b in ALL_DTYPES
                                                           if a != b]
        for a, b in pairs:
            common = np.promote_types(a, b)
            if (common.kind in ok and np.dtype(a).kind in ok + "b" and np.dtype(b).kind in ok + "b"
                    and (name, common.kind) not in NOT_COMPARED):
                yield param(name, np.dtype(a), np.dtype(b), id=f"{name}-{a}-{b}")


@pytest.mark.parametrize("name, d1, d2", list(_mixed_cases()))
def test_binary_mixed_dtypes(name, d1, d2):
    x1, x2 = pair_grid(d1, d2)
    check(name, x1, x2)
    check(name, x2, x1)


# -- Python scalars (NEP 50: weak) ----------------------------------------------------------
SCALAR_DTYPES = [np.dtype(n) for n in ("bool", "int8", "uint16", "int64", "uint64", "float32", "complex128")]
SCALARS = [True, 3, -2, 2.5, -0.0, float("nan"), 1 - 2j]


def _scalar_cases():
    for name, (_, ok, todo) in BINARY.items():
        for d in SCALAR_DTYPES:
            if d.kind in ok:
                yield pytest.param(name, d, id=f"{name}-{d}")


@pytest.mark.parametrize("name, dtype", list(_scalar_cases()))
def test_binary_python_scalars(name, dtype):
    ok, todo = BINARY[name][1:]
    x = special_values(dtype)
    for s in SCALARS:
        if isinstance(s, int) and s < 0 and dtype.kind == "u":
            continue  # an OverflowError: tested below
        for args in ((x, s), (s, x)):
            if name == "pow" and args[1] is s and s == -2:
                continue  # NumPy raises for negative integer powers
            wargs = [wg(a) if isinstance(a, np.ndarray) else a for a in args]
            common = np.result_type(*args).kind  # NEP 50 promotion
            if (name, common) in NOT_COMPARED:
                continue
            if common in todo:
                with pytest.raises(NotImplementedError):
                    call(name, *wargs)
            elif common in ok:
                check(name, *args)
            else:
                with pytest.raises(TypeError):
                    call(name, *wargs)


@pytest.mark.parametrize("name, dtype, value", [
    ("add", "int8", 300), ("add", "uint8", -1), ("multiply", "int16", 2**15), ("subtract", "uint64", 2**64),
    ("add", "int64", -2**63 - 1), ("bitwise_and", "int8", 128), ("maximum", "uint32", -1)])
def test_out_of_range_int_scalars(name, dtype, value):
    x = wg(np.arange(3, dtype=dtype))
    with pytest.raises(OverflowError):
        call(name, x, value)
    with pytest.raises(OverflowError):
        call(name, value, x)


@pytest.mark.parametrize("name", ["less", "greater_equal", "equal", "not_equal"])
@pytest.mark.parametrize("dtype, value", [("int8", 1000), ("uint8", -1), ("int16", -40000)])
def test_comparison_out_of_range_scalars(name, dtype, value):
    x = special_values(dtype)
    assert_same(call(name, wg(x), value), expected(name, x, value))
    assert_same(call(name, value, wg(x)), expected(name, value, x))


@pytest.mark.parametrize("dtype, value", [("int64", 2**63), ("uint64", 2**64)])
def test_comparison_out_of_range_scalars_64bit(dtype, value):
    x = special_values(dtype)
    for name in ("less", "greater_equal", "equal"):
        assert_same(call(name, wg(x), value), expected(name, x, value))


def test_float_result_with_out_of_range_int_scalar():
    x = special_values("int8")
    assert_same(call("divide", wg(x), 1000), expected("divide", x, 1000))


def test_scalars_only_compute_as_default_dtypes():
    """As in NumPy: Python scalars alone compute as arrays of their default dtypes."""
    assert_same(wgarray.add(1, 2), np.add(1, 2))
    assert_same(wgarray.add(1, 2.5), np.add(1, 2.5))
    assert_same(wgarray.negative(3), np.negative(3))


# -- real-only functions ------------------------------------------------------------------------
def test_real_only_functions_reject_complex():
    """Complex math: tests/test_math_complex.py; these have no complex form in the standard."""
    x = wg(np.ones(3, dtype="complex128"))
    for name in TRANSCENDENTAL_BINARY:
        with pytest.raises(TypeError):
            call(name, x, x)


def test_clip():
    x = special_values("float64")
    assert_same(wgarray.clip(wg(x), -1.0, 2.0), np.clip(x, -1.0, 2.0))
    i = special_values("int16")
    assert_same(wgarray.clip(wg(i), wg(np.array(-5, "int16")), 7), np.clip(i, np.array(-5, "int16"), 7))


# -- random bit patterns: rounding, subnormals, nan payloads ------------------------------------
@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=str)
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide", "floor_divide", "remainder",
                                  "maximum", "nextafter", "copysign", "sqrt", "round", "floor", "equal", "less"])
def test_random_bits(name, dtype):
    rng = np.random.default_rng(1)
    ui = np.uint32 if dtype.itemsize == 4 else np.uint64
    bits = rng.integers(0, np.iinfo(ui).max, size=(2, 2048), dtype=ui, endpoint=True)
    # Also values of nearby magnitude, so that sums and quotients land in ordinary ranges.
    near = rng.standard_normal((2, 2048)) * 10.0 ** rng.integers(-8, 8, (2, 2048))
    x = np.concatenate([bits.view(dtype), near.astype(dtype)], axis=1)
    args = (x[0],) if name in UNARY else (x[0], x[1])
    check(name, *args)


# -- layouts: views, broadcasting, 0-d, empty ---------------------------------------------------
def _unary_for(dtype):
    return "logical_not" if dtype.kind == "b" else "negative"


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_noncontiguous_views(dtype):
    base = sample(dtype, 6 * 7, seed=3).reshape(6, 7)
    other = sample(dtype, 7 * 6, seed=4).reshape(7, 6)
    a, b = wg(base), wg(other)
    views = [(a[::-1, 1::2], base[::-1, 1::2]), (a.T, base.T), (a[1:, ::-3], base[1:, ::-3]),
             (a[2], base[2]), (a[:, 3], base[:, 3]), (a[None, ::2, ..., None], base[None, ::2, ..., None])]
    f = _unary_for(dtype)
    for v, h in views:
        assert_same(call(f, v), expected(f, h))
    # Two strided operands of different layouts.
    assert_same(wgarray.equal(a[::-1, 1:], b.T[:, ::-1][:, :6]), np.equal(base[::-1, 1:], other.T[:, ::-1][:, :6]))
    assert_same(wgarray.add(a.T[::2], b[::2]), expected("add", base.T[::2], other[::2]))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_broadcasting(dtype):
    x = sample(dtype, 4 * 3, seed=5).reshape(4, 1, 3)
    y = sample(dtype, 5, seed=6).reshape(5, 1)
    for a, b in ((x, y), (y, x), (y, y[:1]), (x[:, :, :1], x[0, 0])):
        assert_same(wgarray.add(wg(a), wg(b)), expected("add", a, b))
        assert_same(wgarray.not_equal(wg(a), wg(b)), np.not_equal(a, b))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint64", "float32", "complex128"])
def test_zero_d(dtype):
    x = sample(dtype, 6, seed=5).reshape(2, 3)
    z = np.asarray(sample(dtype, 1, seed=7)[0])
    for a, b in ((x, z), (z, x), (z, z)):
        assert_same(wgarray.add(wg(a), wg(b)), expected("add", a, b))
        assert_same(wgarray.equal(wg(a), wg(b)), np.equal(a, b))
    f = _unary_for(np.dtype(dtype))
    assert_same(call(f, wg(z)), expected(f, z))


def test_broadcast_of_views():
    base = special_values("float64")[:24].reshape(4, 6)
    a = wg(base)
    h = base[::-1, ::2]  # (4, 3)
    assert_same(wgarray.multiply(a[::-1, ::2], a[0, :3]), h * base[0, :3])
    assert_same(wgarray.subtract(a[:, None, 1], a[None, ::-2, 0]), base[:, None, 1] - base[None, ::-2, 0])


@pytest.mark.parametrize("dtype", ["bool", "int8", "float32", "complex128"])
def test_empty(dtype):
    for s1, s2 in (((0,), (0,)), ((0, 3), (1, 3)), ((2, 0), (1,)), ((0,), (1,)), ((3, 0, 2), (1, 2))):
        e1, e2 = np.zeros(s1, dtype), np.ones(s2, dtype)
        assert_same(wgarray.add(wg(e1), wg(e2)), expected("add", e1, e2))
    e = np.zeros((0, 4), dtype)
    assert_same(wgarray.isnan(wg(e)), np.isnan(e))
    assert_same(wgarray.add(wg(e), 1), expected("add", e, 1))


@pytest.mark.parametrize("s1, s2", [((3,), (4,)), ((2, 3), (3, 2)), ((0,), (2,))])
def test_broadcast_errors(s1, s2):
    with pytest.raises(ValueError):
        wgarray.add(wg(np.zeros(s1)), wg(np.zeros(s2)))


@pytest.mark.parametrize("dtype", PACKED_DTYPES, ids=str)
def test_packed_results_odd_sizes(dtype):
    # Packed outputs are written a word per invocation; sizes that end mid-word matter.
    for n in (1, 2, 3, 5, 7, 9, 13):
        x = sample(dtype, n, seed=n)
        y = sample(dtype, n, seed=n + 50)
        f = "logical_xor" if dtype.kind == "b" else "subtract"
        assert_same(call(f, wg(x), wg(y)), expected(f, x, y))
        assert_same(wgarray.less_equal(wg(x), wg(y)), np.less_equal(x, y))


def test_unary_takes_what_numpy_takes():
    assert_same(wgarray.negative([1, 2]), np.negative([1, 2]))
    assert_same(wgarray.isnan(1.0), np.isnan(1.0))
    assert_same(wgarray.sqrt(np.float32(4)), np.sqrt(np.float32(4)))
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.negative("1")
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.add(wg(np.ones(2)), None)


def test_integer_specials():
    i8 = np.array([-128, 127, -1, 0], np.int8)
    assert_same(wgarray.floor_divide(wg(i8), wg(np.array([-1, 0, 0, 0], np.int8))),
                np.array([-128, 0, 0, 0], np.int8))
    assert_same(wgarray.remainder(wg(i8), wg(np.array([-1, 0, 0, 0], np.int8))), np.zeros(4, np.int8))
    assert_same(wgarray.abs(wg(i8)), np.abs(i8))
    assert_same(wgarray.multiply(wg(i8), wg(i8)), i8 * i8)
    big = np.array([2**63 - 1, -2**63], np.int64)
    assert_same(wgarray.add(wg(big), 1), np.array([-2**63, -2**63 + 1], np.int64))
    u64 = np.array([2**64 - 1, 2**63], np.uint64)
    assert_same(wgarray.multiply(wg(u64), 3), u64 * np.uint64(3))
    assert_same(wgarray.divide(wg(u64), wg(np.array([1, 3], np.int64))), u64 / np.array([1, 3], np.int64))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_self_comparison_with_nan(dtype):
    # One buffer on both sides: a compiler that assumes no NaN could fold x == x to true.
    x = special_values(dtype)
    a = wg(x)
    names = ["equal", "not_equal", "subtract"]
    if dtype.startswith("float"):
        names += ["less_equal", "greater_equal", "maximum", "minimum"]
    for name in names:
        assert_same(call(name, a, a), expected(name, x, x))
