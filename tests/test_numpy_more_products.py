"""outer, inner, vdot, kron, cross, convolve and correlate (wgarray/_numpy/more_products.py) against NumPy:
every dtype, views, 0-d and empty inputs, special values and NumPy's errors."""

from contextlib import nullcontext

import numpy as np
import pytest

from test_numpy_more import DTYPES, check, sample

INEXACT = ("float32", "float64", "complex64", "complex128")


def tolerance(dtype):
    """Sums of products (matmul engine) may round differently from NumPy's BLAS; elementwise ones are exact."""
    return {"float32": 1e-5, "complex64": 1e-5, "float64": 1e-12, "complex128": 1e-12}.get(dtype, 0.0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_outer_and_kron(dtype):
    a, b = sample(dtype, (3, 4)), sample(dtype, (2, 3))
    check("outer", a, b)
    check("outer", a, b, view=lambda x: x[::-1, ::2])
    check("kron", a, b)
    check("kron", a[0], b)
    check("kron", a, b[1])
    check("kron", a, b, view=lambda x: x.T)


def test_outer_and_kron_edge_cases():
    check("outer", np.array(2.0), np.array([1.0, -0.0, np.inf, np.nan]))
    check("outer", np.zeros(0), np.ones(3))
    check("outer", np.arange(3), np.array([1.5, 2.0]))  # int * float promotes
    check("kron", np.array(3), np.array([[1, 2]]))
    check("kron", np.array(3.0), np.array(-0.0))
    check("kron", np.zeros((0, 2)), np.ones((2, 2)))
    check("kron", np.ones((2, 1, 2), dtype=np.int8), np.arange(6, dtype=np.uint8).reshape(3, 2))


@pytest.mark.parametrize("dtype", DTYPES)
def test_inner_and_vdot(dtype):
    a, b = sample(dtype, (3, 4)), sample(dtype, (2, 4))
    rtol = tolerance(dtype)
    check("inner", a, b, rtol=rtol)
    check("inner", a[1], b, rtol=rtol)
    check("inner", a[::-1, 1:], b[:, :3], rtol=rtol)
    check("vdot", a, a, rtol=rtol)
    check("vdot", a[:2], b, view=lambda x: x[:, ::-1], rtol=rtol)


def test_inner_and_vdot_edge_cases():
    check("inner", np.array(2.0), np.arange(4.0))
    check("inner", np.zeros((2, 0)), np.zeros((3, 0)))
    check("inner", np.ones((2, 3)), np.ones((2, 4)))  # ValueError
    check("vdot", np.ones(3), np.ones(4))  # ValueError
    check("vdot", np.array([1 + 2j, 3 - 1j]), np.array([2 - 1j, 1j]))  # the first is conjugated
    check("vdot", np.zeros(0), np.zeros(0))
    check("vdot", np.array([np.inf, 1.0]), np.array([0.0, 1.0]))  # inf * 0 = nan


@pytest.mark.parametrize("dtype", DTYPES)
def test_cross(dtype):
    a, b = sample(dtype, (4, 3)), sample(dtype, (4, 3))[::-1]
    check("cross", a, b)
    check("cross", a.T, b.T, axis=0)
    check("cross", a, b.T, axisb=0, axisc=0)
    check("cross", a[:, :2], b)
    check("cross", a, b[:, :2])
    check("cross", a[:, :2], b[0, :2])


def test_cross_edge_cases():
    check("cross", np.array([1.0, -0.0, np.inf]), np.array([np.nan, 2.0, 3.0]))
    check("cross", np.ones((2, 1, 3)), np.ones((5, 3)))  # broadcasting
    check("cross", np.ones((0, 3)), np.ones((0, 3)))
    check("cross", np.ones(4), np.ones(3))  # ValueError: dimension must be 2 or 3
    check("cross", np.array(1.0), np.ones(3))  # ValueError: zero dimension
    check("cross", np.ones((2, 3)), np.ones((2, 3)), axisa=2)  # AxisError
    check("cross", np.ones((2, 3)), np.ones((2, 3)), axisc=2)  # AxisError
    # 2-vectors: deprecated in NumPy 2.0 (a warning), a ValueError from 2.5 on, both as the installed NumPy
    with pytest.warns(DeprecationWarning) if np.lib.NumpyVersion(np.__version__) < "2.5.0" else nullcontext():
        check("cross", np.ones(2), np.ones(2))


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_convolve_and_correlate(dtype, mode):
    rtol = tolerance(dtype)
    long, short = sample(dtype, (9,)), sample(dtype, (4,))[::-1].copy()
    if dtype.startswith("complex"):  # complex infinities: BLAS's complex dot and a product-then-sum differ
        long[np.isinf(long)] = 7
        short = short * (1 - 2j)
    for func in ("convolve", "correlate"):
        check(func, long, short, mode=mode, rtol=rtol)
        check(func, short, long, mode=mode, rtol=rtol)  # the longer one second: swapped as NumPy
        check(func, long, short, mode=mode, rtol=rtol, view=lambda x: x[::2])
        check(func, long, short[:1], mode=mode, rtol=rtol)
        check(func, long[:4], short, mode=mode, rtol=rtol)  # equal lengths


@pytest.mark.parametrize("func", ["convolve", "correlate"])
def test_convolve_and_correlate_edge_cases(func):
    check(func, np.array(2.0), np.array([1.0, 3.0]), mode="full")
    check(func, np.array([1, 2, 3]), np.array([0.5, 1.5]), mode="same")  # int and float promote
    check(func, np.array([1.0, np.inf, 2.0]), np.array([1.0, 0.0]), mode="full")
    check(func, np.zeros(0), np.ones(2))  # ValueError: empty
    check(func, np.ones(3), np.zeros(0))
    check(func, np.ones((2, 2)), np.ones(2))  # ValueError: too deep
    check(func, np.ones(3), np.ones(2), mode="bogus")  # ValueError
    check(func, np.ones(3), np.ones(2), mode=2)  # NumPy's integer modes
