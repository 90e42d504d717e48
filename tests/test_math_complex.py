"""Complex math (wgsl/lib_complex_math.wgsl): componentwise ulp error against mpmath, layouts,
dtypes, and pow against NumPy. Special values and symmetries: tests/test_special_values.py."""

from __future__ import annotations


import numpy as np
import pytest

import wgarray

from conftest import host, wg

mpmath = pytest.importorskip("mpmath")
mp = mpmath.mp

COMPLEX = [np.dtype("complex128"), np.dtype("complex64")]
LN2, LN10 = mpmath.log(2), mpmath.log(10)
REFERENCE = {
    "sqrt": mpmath.sqrt, "exp": mpmath.exp, "expm1": mpmath.expm1, "log": mpmath.log,
    "log1p": lambda z: mpmath.log(1 + z), "log2": lambda z: mpmath.log(z) / LN2,
    "log10": lambda z: mpmath.log(z) / LN10, "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan,
    "asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan, "sinh": mpmath.sinh, "cosh": mpmath.cosh,
    "tanh": mpmath.tanh, "asinh": mpmath.asinh, "acosh": mpmath.acosh, "atanh": mpmath.atanh,
    "sign": lambda z: z / abs(z),
}
# Componentwise bound in ulps. expm1's real part cancels near e^x cos(y) = 1; there its
# accuracy is that of the real library's sin/cos pairs (about 2^-57), so more ulps.
MAX_ULPS = {"expm1": 32}
DEFAULT_ULPS = 4


def sample(dtype, n=240, seed=7):
    """Points where complex functions are hard: ordinary, huge and tiny magnitudes, the unit
    circle, and the neighbourhoods of the branch points +-1 and +-i."""
    rng = np.random.default_rng(seed)
    k = n // 6
    big = 2.0 ** (np.finfo(dtype).maxexp - 3)
    parts = [
        rng.uniform(-4, 4, (k, 2)),
        10.0 ** rng.uniform(-25, 25, (k, 2)) * rng.choice([-1, 1], (k, 2)),
        np.stack([np.full(k, big) * rng.uniform(0.5, 1, k), rng.uniform(-3, 3, k)], 1) * rng.choice([-1, 1], (k, 1)),
    ]
    th = rng.uniform(-np.pi, np.pi, k)
    r = 1 + rng.standard_normal(k) * 1e-5
    parts.append(np.stack([r * np.cos(th), r * np.sin(th)], 1))
    for centre in ([1, 0], [0, 1]):
        d = rng.standard_normal((k, 2)) * 10.0 ** rng.uniform(-8, -1, (k, 1))
        parts.append((np.array(centre) + d) * rng.choice([-1, 1], (k, 1)))
    p = np.concatenate(parts)
    z = np.zeros(len(p), dtype)
    with np.errstate(over="ignore"):
        z.real, z.imag = p[:, 0], p[:, 1]
    return z


def reference(name, z):
    """mpmath at high precision, as complex128 (atan and atanh cancel heavily far out)."""
    out = np.empty(z.shape, np.complex128)
    prec = 1300 if name in ("atan", "atanh") else 160
    with mpmath.workprec(prec):
        for i, v in enumerate(z):
            r = REFERENCE[name](mpmath.mpc(float(v.real), float(v.imag)))
            out[i] = complex(float(r.real), float(r.imag))
    return out


def ulp_error(got, ref, dtype):
    """Componentwise |got - ref| in ulps of the reference rounded to the result's format."""
    real = np.finfo(dtype).dtype
    with np.errstate(all="ignore"):
        ref = ref.astype(dtype)  # over/underflow as the format does
        errs = []
        for g, r in ((got.real, ref.real), (got.imag, ref.imag)):
            g, r = g.astype(np.float64), r.astype(np.float64)
            ulp = np.spacing(np.abs(r).astype(real)).astype(np.float64)
            e = np.abs(g - r) / ulp
            e[(g == r) | (np.isnan(g) & np.isnan(r))] = 0  # equal infinities too
            errs.append(e)
    return np.maximum(*errs)


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_accuracy(name, dtype):
    z = sample(dtype)
    got = host(getattr(wgarray, name)(wg(z)))
    assert got.dtype == dtype
    err = ulp_error(got, reference(name, z), dtype)
    bound = MAX_ULPS.get(name, DEFAULT_ULPS)
    worst = np.argmax(err)
    assert err[worst] <= bound, f"{name}({z[worst]!r}) = {got[worst]!r}: {err[worst]:.1f} ulp (bound {bound})"


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
def test_abs_accuracy(dtype):
    z = sample(dtype)
    got = host(wgarray.abs(wg(z)))
    assert got.dtype == np.finfo(dtype).dtype
    with mpmath.workprec(160):
        ref = np.array([float(abs(mpmath.mpc(float(v.real), float(v.imag)))) for v in z])
    with np.errstate(over="ignore"):
        ref = ref.astype(got.dtype)
    ok = (got == ref) | (np.abs(got.astype(np.float64) - ref) <= np.spacing(ref))
    assert ok.all(), f"abs{z[~ok][:4]} = {got[~ok][:4]}, expected {ref[~ok][:4]}"


def test_against_numpy_ordinary_values():
    """Away from cancellation and cuts, NumPy (the C library) agrees to a few ulp."""
    rng = np.random.default_rng(3)
    z = rng.uniform(-3, 3, 64) + 1j * rng.uniform(-3, 3, 64)
    for name in ("exp", "log", "sqrt", "sin", "tanh", "arcsin"):
        ours = host(getattr(wgarray, {"arcsin": "asin"}.get(name, name))(wg(z)))
        np.testing.assert_allclose(ours, getattr(np, name)(z), rtol=4e-15, atol=0)


# -- layouts and dtypes ---------------------------------------------------------------------
def test_layouts():
    base = sample(np.dtype("complex128"), 48).reshape(6, 8)
    x = wg(base)
    for view, h in ((x[::-1, 1::3], base[::-1, 1::3]), (x.T, base.T), (x[2], base[2])):
        got = host(wgarray.sqrt(view))
        np.testing.assert_array_equal(got, host(wgarray.sqrt(wg(np.ascontiguousarray(h)))))
    assert host(wgarray.log(wg(np.complex64(1j)))).shape == ()
    assert host(wgarray.log(wg(np.zeros((0, 3), np.complex64)))).shape == (0, 3)
    # Broadcasting through pow.
    a, b = wg(base[:, :1]), wg(np.array([2.0, 0.5j], np.complex128))
    got = host(wgarray.pow(a, b))
    assert got.shape == (6, 2)


@pytest.mark.parametrize("name", ["abs", "sqrt", "exp", "sign"])
def test_result_dtypes(name):
    for dtype in COMPLEX:
        r = getattr(wgarray, name)(wg(np.ones(3, dtype)))
        expected = np.finfo(dtype).dtype if name == "abs" else dtype
        assert r.dtype == expected


# -- pow ------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
def test_pow_small_integer_exponents_as_numpy(dtype):
    """NumPy multiplies repeatedly for integer exponents below 100 in magnitude."""
    rng = np.random.default_rng(5)
    a = (rng.uniform(-2, 2, 40) + 1j * rng.uniform(-2, 2, 40)).astype(dtype)
    for n in (1, 2, 3, 7, -1, -4, 33, 0):
        got = host(wgarray.pow(wg(a), complex(n)))
        with np.errstate(all="ignore"):
            want = np.power(a, np.array(n, dtype))
        np.testing.assert_allclose(got, want, rtol=64 * np.finfo(dtype).eps, atol=0)


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
def test_pow_general(dtype):
    rng = np.random.default_rng(6)
    a = (rng.uniform(-3, 3, 60) + 1j * rng.uniform(-3, 3, 60)).astype(dtype)
    b = (rng.uniform(-2, 2, 60) + 1j * rng.uniform(-2, 2, 60)).astype(dtype)
    got = host(wgarray.pow(wg(a), wg(b)))
    with mpmath.workprec(160):
        ref = np.array([complex(mpmath.power(mpmath.mpc(complex(x)), mpmath.mpc(complex(y)))) for x, y in zip(a, b)])
    # exp(b log a): the error grows with |b log a|, as in the C library's cpow.
    scale = 1 + np.abs(b.astype(np.complex128) * np.log(a.astype(np.complex128)))
    rel = np.abs(got - ref) / np.abs(ref)
    assert (rel <= 8 * np.finfo(dtype).eps * scale).all()


def test_pow_zero_cases():
    a = wg(np.array([0, 0, 0, 2 + 1j, 0], np.complex128))
    b = wg(np.array([2.5, -1, 1j, 0, 0], np.complex128))
    got = host(wgarray.pow(a, b))
    assert got[0] == 0 and got[3] == 1 and got[4] == 1
    assert np.isnan(got[1].real) and np.isnan(got[2].real)
    assert host(wgarray.pow(wg(np.array([1j], np.complex64)), 2.0)).dtype == np.complex64


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_huge_components(dtype):
    """log and the inverse functions with components near the top of the range (they once gave
    NaN through atan2 of huge arguments)."""
    big = np.finfo(dtype).max
    vals = [big, big / 3, 1.0, 0.5, -big]
    z = np.array([complex(a, b) for a in vals for b in vals], dtype)
    names = {"acos": "arccos", "asin": "arcsin", "acosh": "arccosh", "asinh": "arcsinh"}
    for name in ("log", "acos", "asin", "acosh", "asinh", "sqrt", "log10"):
        with np.errstate(all="ignore"):
            got = np.asarray(getattr(wgarray, name)(wgarray.asarray(z)))
            exp = getattr(np, names.get(name, name))(z)
        finite = np.isfinite(exp)
        assert not np.isnan(got[finite]).any(), name
        assert np.allclose(got[finite], exp[finite], rtol=1e-5), name
