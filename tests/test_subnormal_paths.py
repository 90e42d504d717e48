"""float32 subnormals through the paths that NVIDIA's Vulkan driver flushes (every float32 subnormal
operand or result of an arithmetic instruction, comparison or conversion): nextafter, divmod,
complex64 products, ldexp/exp2 results, complex functions of subnormal parts,
float64 -> float32 casts and linspace. Bit for bit against NumPy; lavapipe keeps subnormals, so
these guard the bit-level code paths here and catch the flushing on NVIDIA."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import assert_same, wg

TINY = np.float32(1e-45)  # the smallest subnormal
REAL = np.array([0.0, -0.0, TINY, -TINY, 3 * TINY, 3.918315e-39, -3.918315e-39, 1.1754944e-38, -1.1754944e-38,
                 1.5, -7.0, 8388608.0, 1e30, np.inf, -np.inf, np.nan], dtype=np.float32)


def _pairs(values):
    a, b = np.meshgrid(values, values, indexing="ij")
    return a.ravel(), b.ravel()


@pytest.mark.parametrize("name", ["nextafter", "remainder", "floor_divide", "fmod"])
def test_binary_float32_subnormals(name):
    # (floor_divide by an infinity follows the array API standard, not NumPy: left out)
    a, b = _pairs(REAL[:-3] if name == "floor_divide" else REAL)
    with np.errstate(all="ignore"):
        exp = getattr(np, name)(a, b)
    assert_same(getattr(wgarray, name)(wg(a), wg(b)), exp, inputs=(a, b))


def test_divmod_float32_subnormals():
    a, b = _pairs(REAL)
    with np.errstate(all="ignore"):
        q, r = np.divmod(a, b)
    got_q, got_r = wgarray.divmod(wg(a), wg(b))
    assert_same(got_q, q, inputs=(a, b))
    assert_same(got_r, r, inputs=(a, b))


# Subnormal parts of few significant bits, so that their products with the ordinary parts are exact:
# where a product rounds, NumPy's SIMD loops fuse it into the sum (a result an ulp away).
ORDINARY_PARTS = np.array([1.0, -7.0, 8388608.0, np.inf, np.nan], dtype=np.float32)
PARTS = np.concatenate([np.array([0.0, -0.0, TINY, -TINY, 2.0**-130, -3 * 2.0**-140], dtype=np.float32),
                        ORDINARY_PARTS])
COMPLEX = np.empty(PARTS.size ** 2, np.complex64)
COMPLEX.real, COMPLEX.imag = np.repeat(PARTS, PARTS.size), np.tile(PARTS, PARTS.size)


# Operands with parts of ordinary size: products of two subnormals underflow to zeros whose signs
# NumPy's SIMD loops (fused multiply-adds) choose their own way.
ORDINARY = COMPLEX[np.isin(COMPLEX.real, ORDINARY_PARTS) & np.isin(COMPLEX.imag, ORDINARY_PARTS)]


def test_complex64_products():
    a, b = np.repeat(COMPLEX, ORDINARY.size), np.tile(ORDINARY, COMPLEX.size)
    with np.errstate(all="ignore"):
        exp = np.multiply(a, b)
    assert_same(wgarray.multiply(wg(a), wg(b)), exp, inputs=(a, b))


@pytest.mark.parametrize("order", ["subnormal dividends", "subnormal divisors"])
def test_complex64_quotients(order):
    """Native Smith's algorithm where every part is ordinary, the kept path elsewhere (cdiv_kept)."""
    a, b = np.repeat(COMPLEX, ORDINARY.size), np.tile(ORDINARY, COMPLEX.size)
    if order == "subnormal divisors":
        a, b = b, a
    scaled = np.array([3e-11 + 2e10j, 1e-12 - 1j, 5e12 + 0j, 1.5e-38 + 1e-38j], np.complex64)  # past cm_plain's range
    a, b = np.concatenate([a, scaled, np.ones(4, np.complex64)]), np.concatenate([b, np.ones(4, np.complex64), scaled])
    with np.errstate(all="ignore"):
        exp = np.divide(a, b)
    assert_same(wgarray.divide(wg(a), wg(b)), exp, inputs=(a, b))


@pytest.mark.parametrize("name", ["reciprocal", "square"])
def test_complex64_unary_arithmetic(name):
    with np.errstate(all="ignore"):
        exp = getattr(np, name)(COMPLEX)
    assert_same(getattr(wgarray, name)(wg(COMPLEX)), exp, inputs=(COMPLEX,))


def test_float32_times_python_complex():
    with np.errstate(all="ignore"):
        exp = np.multiply(REAL, 1 - 2j)
    assert_same(wgarray.multiply(wg(REAL), 1 - 2j), exp, inputs=(REAL,))


def test_ldexp_and_exp2_to_subnormal_results():
    x = np.array([1.75, 3.0, 0.75, -1.5, 3.6071e-40, -2.74031e-40, TINY], dtype=np.float32)
    n = np.array([-127, -128, -126, -140, 5, 3, 149], dtype=np.int32)
    assert_same(wgarray.ldexp(wg(x), wg(n)), np.ldexp(x, n), inputs=(x, n))
    e = np.array([-126.5, -127.0, -130.25, -140.0, -149.0, -149.5, -126.0], dtype=np.float32)
    assert_same(wgarray.exp2(wg(e)), np.exp2(e), ulps=1, inputs=(e,))


def test_complex_functions_of_subnormal_parts():
    z = np.array([2.5 + 1e-45j, 22 + 3e-45j, -22 + 1e-45j, 1e30 + 1e-45j, np.inf + 1e-45j, np.nan + 1e-45j,
                  1e-45 - 7j, -1.395e-19 - 3.29e-24j], dtype=np.complex64)
    with np.errstate(all="ignore"):
        for name in ("exp2", "sinh", "cosh", "exp"):
            assert_same(getattr(wgarray, name)(wg(z)), getattr(np, name)(z), ulps=2, inputs=(z,))


def test_complex_sign_and_logs_of_subnormal_parts():
    z = np.array([6e-45 - 4e-45j, -6e-45 + 4e-45j, 3.9712512e37 - 0.39111954j, 2.8470152e37 - 0.7696563j],
                 dtype=np.complex64)
    assert_same(wgarray.sign(wg(z)), np.sign(z), ulps=1, inputs=(z,))
    for name in ("log2", "log10"):
        # the imaginary parts are subnormal: compared on their own, to the ulp
        assert_same(getattr(wgarray, name)(wg(z[2:])).imag, getattr(np, name)(z[2:]).imag, ulps=1)


@pytest.mark.parametrize("src, dst", [(np.float64, np.float32), (np.complex128, np.complex64)])
def test_narrowing_casts_round_subnormals_once(src, dst):
    s = np.float32(TINY).astype(np.float64)
    x = np.array([7.174648137343064e-43, -7.17e-43, s / 2, s * 1.5, s * 2.5, -s * 0.5000001, 1.1754942e-38,
                  1.1754943508222875e-38, 1e-300, -0.0, 3.5e38, np.nan], dtype=np.float64)
    x = x.astype(src) * (1 - 1j) if np.dtype(src).kind == "c" else x
    with np.errstate(all="ignore"):
        exp = x.astype(dst)
    assert_same(wg(x).astype(dst), exp, inputs=(x,))


def test_linspace_over_a_subnormal_range():
    for stop, num in ((np.float32(1e-44), 11), (np.float32(5.6e-44), 11)):
        assert_same(wgarray.linspace(np.float32(0), stop, num), np.linspace(np.float32(0), stop, num))
        assert_same(wgarray.linspace(np.float32(0), stop, num, endpoint=False),
                    np.linspace(np.float32(0), stop, num, endpoint=False))
