"""Special values of the standard (2025.12, after C99 Annex G) for the complex functions,
their symmetries on a grid of special values, and the real special cases where the standard
and NumPy differ (floor_divide, remainder). Accuracy: tests/test_math_complex.py."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wgarray

from conftest import host, wg

nan, inf, pi = math.nan, math.inf, math.pi
COMPLEX = [np.dtype("complex128"), np.dtype("complex64")]
# Result parts: a float (zeros and infinities with their sign), "nan", "±0"/"±inf" (sign
# unspecified), or an expression in pi (approximate), optionally with "±".
P2, P4, P34 = "pi/2", "pi/4", "3*pi/4"
N2 = ("nan", "nan")

# (function, input, expected) for the special cases the standard lists, as it words them;
# each case also holds mirrored by conj (the standard requires f(conj z) = conj(f(z))).
CASES = {
    "sqrt": [((0.0, 0.0), (0.0, 0.0)), ((-0.0, 0.0), (0.0, 0.0)),
             *[((a, inf), (inf, inf)) for a in (1.5, -2.5, 0.0, inf, -inf, nan)],
             ((1.5, nan), N2), ((0.0, nan), N2), ((-inf, 1.5), (0.0, inf)), ((inf, 1.5), (inf, 0.0)),
             ((-inf, nan), ("nan", "±inf")), ((inf, nan), (inf, "nan")), ((nan, 1.5), N2), ((nan, 0.0), N2),
             ((nan, nan), N2)],
    "exp": [((0.0, 0.0), (1.0, 0.0)), ((-0.0, 0.0), (1.0, 0.0)), ((1.5, inf), N2), ((0.0, inf), N2),
            ((1.5, nan), N2), ((inf, 0.0), (inf, 0.0)), ((-inf, 1.5), (0.0, 0.0)), ((-inf, 3.0), (-0.0, 0.0)),
            ((inf, 1.5), (inf, inf)), ((inf, 3.0), (-inf, inf)), ((-inf, inf), ("±0", "±0")),
            ((inf, inf), ("±inf", "nan")), ((-inf, nan), ("±0", "±0")), ((inf, nan), ("±inf", "nan")),
            ((nan, 0.0), ("nan", 0.0)), ((nan, 1.5), N2), ((nan, inf), N2), ((nan, nan), N2)],
    "expm1": [((0.0, 0.0), (0.0, 0.0)), ((-0.0, 0.0), (0.0, 0.0)), ((1.5, inf), N2), ((1.5, nan), N2),
              ((inf, 0.0), (inf, 0.0)), ((-inf, 1.5), (-1.0, 0.0)), ((-inf, 4.0), (-1.0, -0.0)),
              ((inf, 1.5), (inf, inf)), ((inf, 3.0), (-inf, inf)), ((-inf, inf), (-1.0, "±0")),
              ((inf, inf), ("±inf", "nan")), ((-inf, nan), (-1.0, "±0")), ((inf, nan), ("±inf", "nan")),
              ((nan, 0.0), ("nan", 0.0)), ((nan, 1.5), N2), ((nan, nan), N2)],
    "log": [((-0.0, 0.0), (-inf, "pi")), ((0.0, 0.0), (-inf, 0.0)), ((1.5, inf), (inf, P2)),
            ((-2.5, inf), (inf, P2)), ((1.5, nan), N2), ((-inf, 1.5), (inf, "pi")), ((inf, 1.5), (inf, 0.0)),
            ((-inf, inf), (inf, P34)), ((inf, inf), (inf, P4)), ((inf, nan), (inf, "nan")),
            ((-inf, nan), (inf, "nan")), ((nan, 1.5), N2), ((nan, inf), (inf, "nan")), ((nan, nan), N2),
            ((1.0, 0.0), (0.0, 0.0)), ((-1.0, 0.0), (0.0, "pi"))],
    "log1p": [((-1.0, 0.0), (-inf, 0.0)), ((1.5, inf), (inf, P2)), ((1.5, nan), N2), ((-inf, 1.5), (inf, "pi")),
              ((inf, 1.5), (inf, 0.0)), ((-inf, inf), (inf, P34)), ((inf, inf), (inf, P4)),
              ((inf, nan), (inf, "nan")), ((-inf, nan), (inf, "nan")), ((nan, 1.5), N2),
              ((nan, inf), (inf, "nan")), ((nan, nan), N2), ((0.0, 0.0), (0.0, 0.0))],
    "log2": [((0.0, 0.0), (-inf, 0.0)), ((1.0, 0.0), (0.0, 0.0)), ((8.0, 0.0), (3.0, 0.0)),
             ((inf, nan), (inf, "nan")), ((nan, 1.5), N2), ((-inf, 1.5), (inf, "pi/ln2"))],
    "log10": [((0.0, 0.0), (-inf, 0.0)), ((1.0, 0.0), (0.0, 0.0)), ((100.0, 0.0), (2.0, 0.0)),
              ((inf, nan), (inf, "nan")), ((nan, 1.5), N2), ((-inf, 1.5), (inf, "pi/ln10"))],
    "sinh": [((0.0, 0.0), (0.0, 0.0)), ((0.0, inf), ("±0", "nan")), ((0.0, nan), ("±0", "nan")),
             ((1.5, inf), N2), ((1.5, nan), N2), ((inf, 0.0), (inf, 0.0)), ((inf, 1.5), (inf, inf)),
             ((inf, 3.0), (-inf, inf)), ((inf, inf), ("±inf", "nan")), ((inf, nan), ("±inf", "nan")),
             ((nan, 0.0), ("nan", 0.0)), ((nan, 1.5), N2), ((nan, nan), N2)],
    "cosh": [((0.0, 0.0), (1.0, 0.0)), ((0.0, inf), ("nan", "±0")), ((0.0, nan), ("nan", "±0")),
             ((1.5, inf), N2), ((1.5, nan), N2), ((inf, 0.0), (inf, 0.0)), ((inf, 1.5), (inf, inf)),
             ((inf, 3.0), (-inf, inf)), ((inf, inf), ("±inf", "nan")), ((inf, nan), (inf, "nan")),
             ((nan, 0.0), ("nan", "±0")), ((nan, 1.5), N2), ((nan, nan), N2)],
    "tanh": [((0.0, 0.0), (0.0, 0.0)), ((1.5, inf), N2), ((0.0, inf), (0.0, "nan")), ((1.5, nan), N2),
             ((0.0, nan), (0.0, "nan")), ((inf, 1.5), (1.0, 0.0)), ((inf, 3.0), (1.0, 0.0)),
             ((inf, inf), (1.0, "±0")), ((inf, nan), (1.0, "±0")), ((nan, 0.0), ("nan", 0.0)),
             ((nan, 1.5), N2), ((nan, inf), N2), ((nan, nan), N2)],
    "asinh": [((0.0, 0.0), (0.0, 0.0)), ((1.5, inf), (inf, P2)), ((1.5, nan), N2), ((0.0, nan), N2),
              ((inf, 1.5), (inf, 0.0)), ((inf, inf), (inf, P4)), ((nan, 0.0), ("nan", 0.0)), ((nan, 1.5), N2),
              ((nan, inf), ("±inf", "nan")), ((nan, nan), N2), ((inf, nan), (inf, "nan"))],
    "acosh": [((0.0, 0.0), (0.0, P2)), ((-0.0, 0.0), (0.0, P2)), ((1.5, inf), (inf, P2)), ((-2.5, inf), (inf, P2)),
              ((1.5, nan), N2), ((0.0, nan), ("nan", "±" + P2)), ((-inf, 1.5), (inf, "pi")),
              ((inf, 1.5), (inf, 0.0)), ((-inf, inf), (inf, P34)), ((inf, inf), (inf, P4)),
              ((inf, nan), (inf, "nan")), ((-inf, nan), (inf, "nan")), ((nan, 1.5), N2),
              ((nan, inf), (inf, "nan")), ((nan, nan), N2), ((1.0, 0.0), (0.0, 0.0))],
    "acos": [((0.0, 0.0), (P2, -0.0)), ((-0.0, 0.0), (P2, -0.0)), ((0.0, nan), (P2, "nan")),
             ((-0.0, nan), (P2, "nan")), ((1.5, inf), (P2, -inf)), ((-2.5, inf), (P2, -inf)), ((1.5, nan), N2),
             ((-inf, 1.5), ("pi", -inf)), ((inf, 1.5), (0.0, -inf)), ((-inf, inf), (P34, -inf)),
             ((inf, inf), (P4, -inf)), ((inf, nan), ("nan", "±inf")), ((-inf, nan), ("nan", "±inf")),
             ((nan, 1.5), N2), ((nan, inf), ("nan", -inf)), ((nan, nan), N2), ((1.0, 0.0), (0.0, -0.0))],
    "atanh": [((0.0, 0.0), (0.0, 0.0)), ((0.0, nan), (0.0, "nan")), ((1.0, 0.0), (inf, 0.0)),
              ((1.5, inf), (0.0, P2)), ((1.5, nan), N2), ((inf, 1.5), (0.0, P2)), ((inf, inf), (0.0, P2)),
              ((inf, nan), (0.0, "nan")), ((nan, 1.5), N2), ((nan, inf), ("±0", P2)), ((nan, nan), N2),
              ((2.0, 0.0), ("atanh2", P2))],
    # sin, cos and tan are -i sinh(iz), cosh(iz) and -i tanh(iz); asin and atan likewise.
    "sin": [((0.0, 0.0), (0.0, 0.0)), ((0.0, inf), (0.0, inf)), ((nan, 0.0), ("nan", "±0")),
            ((inf, 0.0), ("nan", "±0")), ((1.5, inf), ("sin1.5*inf", inf))],
    "cos": [((0.0, 0.0), (1.0, -0.0)), ((0.0, inf), (inf, -0.0)), ((inf, 0.0), ("nan", "±0")),
            ((nan, 0.0), ("nan", "±0"))],
    "tan": [((0.0, 0.0), (0.0, 0.0)), ((1.5, inf), (0.0, 1.0)), ((nan, 0.0), ("nan", "±0")), ((0.0, nan), (0.0, "nan"))],
    "asin": [((0.0, 0.0), (0.0, 0.0)), ((1.5, inf), (0.0, inf)), ((inf, 1.5), (P2, inf)), ((nan, 0.0), N2),
             ((0.0, nan), (0.0, "nan"))],
    "atan": [((0.0, 0.0), (0.0, 0.0)), ((inf, 1.5), (P2, 0.0)), ((0.0, 1.0), (0.0, inf)),
             ((nan, inf), ("nan", "±0")), ((inf, nan), (P2, "±0"))],
    # sign: 0 for 0, NaN for NaN parts, else z / |z| (infinite parts as NumPy).
    # (Not mirrored by conj: sign(0) is 0 + 0j whatever the signs of the zeros.)
    "sign": [((0.0, 0.0), (0.0, 0.0)), ((-0.0, -0.0), (0.0, 0.0)), ((0.0, -0.0), (0.0, 0.0)),
             ((-0.0, 0.0), (0.0, 0.0)), ((nan, 1.5), N2), ((1.5, nan), N2), ((inf, nan), N2), ((nan, nan), N2),
             ((3.0, 4.0), ("0.6", "0.8")), ((inf, 1.5), (1.0, 0.0)), ((-inf, -1.5), (-1.0, -0.0)),
             ((1.5, -inf), (0.0, -1.0)), ((inf, inf), N2)],  # and extreme values: see the test
}
APPROX = {"pi": pi, P2: pi / 2, P4: pi / 4, P34: 3 * pi / 4, "pi/ln2": pi / math.log(2),
          "pi/ln10": pi / math.log(10), "atanh2": 0.5 * math.log(3),
          "sin1.5*inf": inf, "sqrt1/2": math.sqrt(0.5), "0.6": 0.6, "0.8": 0.8}
# abs: real results.
ABS_CASES = [((inf, nan), inf), ((nan, -inf), inf), ((-inf, 1.5), inf), ((0.0, -2.5), 2.5), ((-3.0, -0.0), 3.0),
             ((nan, 1.5), nan), ((1.5, nan), nan), ((nan, nan), nan), ((3.0, 4.0), 5.0), ((-0.0, 0.0), 0.0)]


def _part_ok(got: float, want, dtype) -> bool:
    if want == "nan":
        return math.isnan(got)
    if isinstance(want, str):
        free = want.startswith("±")
        want = want.lstrip("±")
        v = {"0": 0.0, "inf": inf}.get(want, APPROX.get(want))
        if free:
            got = abs(got)
        if math.isinf(v) or v == 0.0:
            return got == v
        tol = 8 * np.finfo(dtype).eps
        return math.isclose(got, v, rel_tol=tol) or (abs(v) <= tol and abs(got) <= tol)
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1, got) == math.copysign(1, want)


def _mirror(part):
    """The expected part of f(conj z) from that of f(z): the imaginary part negated."""
    if isinstance(part, str):
        if part == "nan" or part.startswith("±"):
            return part
        return "-" + part if not part.startswith("-") else part[1:]
    return -part


def _expand(cases):
    """The listed cases and their conj mirrors (conj of input, conj of result)."""
    out = []
    for (a, b), (re, im) in cases:
        out.append(((a, b), (re, im)))
        if not math.isnan(b):
            out.append(((a, -b), (re, _mirror(im))))
    return out


APPROX.update({"-" + k: -v for k, v in list(APPROX.items()) if isinstance(v, float)})


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
@pytest.mark.parametrize("name", sorted(CASES))
def test_complex_special_cases(name, dtype):
    cases = CASES[name] if name == "sign" else _expand(CASES[name])
    if name == "sign":  # z / |z| neither overflows nor loses subnormal bits
        big, tiny = np.finfo(dtype).max / 2, np.finfo(dtype).smallest_subnormal
        cases = cases + [((big, big), ("sqrt1/2", "sqrt1/2")), ((4 * tiny, -3 * tiny), ("0.8", "-0.6"))]
    z = np.zeros(len(cases), dtype)
    z.real, z.imag = [a for (a, _), _ in cases], [b for (_, b), _ in cases]
    got = host(getattr(wgarray, name)(wg(z)))
    assert got.dtype == dtype
    bad = []
    for (a, b), (re, im), g in zip((c[0] for c in cases), (c[1] for c in cases), got):
        if not (_part_ok(float(g.real), re, dtype) and _part_ok(float(g.imag), im, dtype)):
            bad.append(f"{name}({a!r}, {b!r}) = {g!r}, expected ({re}, {im})")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
def test_complex_abs_special_cases(dtype):
    z = np.zeros(len(ABS_CASES), dtype)
    z.real, z.imag = [a for (a, _), _ in ABS_CASES], [b for (_, b), _ in ABS_CASES]
    got = host(wgarray.abs(wg(z)))
    assert got.dtype == np.dtype(dtype).type(0).real.dtype
    for ((a, b), want), g in zip(ABS_CASES, got):
        assert (math.isnan(g) and math.isnan(want)) or (g == want and not np.signbit(g)), (a, b, g)


# -- symmetries on a grid of special values ---------------------------------------------------
GRID = [0.0, -0.0, 0.5, -1.0, 1.0, 2.5, -3.0, 1e300, -1e-300, inf, -inf, nan]
CONJ = ["sqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
        "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sign"]
ODD = ["sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "sign"]
EVEN = ["cos", "cosh"]


def _grid(dtype):
    a, b = np.meshgrid(GRID, GRID, indexing="ij")
    z = np.zeros(a.size, dtype)
    with np.errstate(all="ignore"):
        z.real, z.imag = a.ravel(), b.ravel()
    return z


def _same(x: np.ndarray, y: np.ndarray, signed_zeros: np.ndarray) -> np.ndarray:
    """Parts equal, NaN matching NaN, zeros' signs compared only where signed_zeros."""
    def part(p, q):
        eq = (p == q) | (np.isnan(p) & np.isnan(q))
        return eq & (~signed_zeros | (p != 0) | (np.signbit(p) == np.signbit(q)))
    return part(x.real, y.real) & part(x.imag, y.imag)


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
@pytest.mark.parametrize("name", CONJ)
def test_symmetries(name, dtype):
    z = _grid(dtype)
    f = getattr(wgarray, name)
    # One launch for z, conj(z), -z (as three rows).
    w = host(f(wg(np.stack([z, np.conj(z), -z]))))
    fz, fconj, fneg = w
    # NaN inputs and the results whose signs the standard leaves unspecified are not compared.
    finite_in = np.isfinite(z) & (name != "sign")  # sign(0) is +0 + 0j whatever the zeros' signs
    no_nan = ~np.isnan(z)
    ok = _same(fconj, np.conj(fz), finite_in)
    assert ok[no_nan].all(), f"{name}(conj z) != conj({name}(z)) at {z[no_nan][~ok[no_nan]][:6]}"
    if name in ODD:
        ok = _same(fneg, -fz, finite_in)
        assert ok[no_nan].all(), f"{name}(-z) != -{name}(z) at {z[no_nan][~ok[no_nan]][:6]}"
    if name in EVEN:
        ok = _same(fneg, fz, finite_in)
        assert ok[no_nan].all(), f"{name}(-z) != {name}(z) at {z[no_nan][~ok[no_nan]][:6]}"


# -- real special cases where the standard differs from NumPy -----------------------------------
FLOOR_DIVIDE = [((nan, 1.0), nan), ((1.0, nan), nan), ((inf, -inf), nan), ((-inf, inf), nan), ((0.0, -0.0), nan),
                ((0.0, 2.0), 0.0), ((-0.0, 2.0), -0.0), ((0.0, -2.0), -0.0), ((-0.0, -2.0), 0.0),
                ((2.0, 0.0), inf), ((2.0, -0.0), -inf), ((-2.0, 0.0), -inf), ((-2.0, -0.0), inf),
                ((inf, 2.0), inf), ((inf, -2.0), -inf), ((-inf, 2.0), -inf), ((-inf, -2.0), inf),
                ((2.0, inf), 0.0), ((2.0, -inf), -0.0), ((-2.0, inf), -0.0), ((-2.0, -inf), 0.0),
                ((7.0, 2.0), 3.0), ((-7.0, 2.0), -4.0), ((7.0, -2.0), -4.0), ((1e300, 1e-300), inf)]
REMAINDER = [((nan, 1.0), nan), ((1.0, nan), nan), ((inf, -inf), nan), ((0.0, -0.0), nan), ((0.0, 2.0), 0.0),
             ((-0.0, 2.0), 0.0), ((0.0, -2.0), -0.0), ((-0.0, -2.0), -0.0), ((2.0, 0.0), nan), ((-2.0, -0.0), nan),
             ((inf, 2.0), nan), ((-inf, -2.0), nan), ((2.0, inf), 2.0), ((2.0, -inf), -inf), ((-2.0, inf), inf),
             ((-2.0, -inf), -2.0), ((7.0, -2.0), -1.0), ((-7.0, 2.0), 1.0)]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name, cases", [("floor_divide", FLOOR_DIVIDE), ("remainder", REMAINDER)])
def test_floor_divide_remainder_special_cases(name, cases, dtype):
    with np.errstate(all="ignore"):
        x1 = np.array([a for (a, _), _ in cases], dtype)
        x2 = np.array([b for (_, b), _ in cases], dtype)
    want = np.array([w for _, w in cases], dtype)
    operator = {"floor_divide": "__floordiv__", "remainder": "__mod__"}[name]
    for got in (host(getattr(wgarray, name)(wg(x1), wg(x2))), host(getattr(wg(x1), operator)(wg(x2)))):
        ok = (got == want) & (np.signbit(got) == np.signbit(want)) | (np.isnan(got) & np.isnan(want))
        assert ok.all(), f"{name}{list(zip(x1[~ok], x2[~ok]))} = {got[~ok]}, expected {want[~ok]}"


def test_integer_division_by_zero_is_zero():
    x = np.array([-7, 0, 7, np.iinfo(np.int32).min], np.int32)
    zero = np.zeros_like(x)
    assert (host(wgarray.floor_divide(wg(x), wg(zero))) == 0).all()
    assert (host(wgarray.remainder(wg(x), wg(zero))) == 0).all()
