"""cov, corrcoef, ediff1d, interp, histogram and histogram_bin_edges (wgarray/_numpy/more_stats.py)
against NumPy: dtypes, views, 0-d and empty inputs, special values, weights and NumPy's errors."""

import numpy as np
import pytest

import wgarray as wg
from test_numpy_more import DTYPES, REAL_DTYPES, check, sample

NUMERIC = [d for d in DTYPES if d != "bool"]


def tolerance(dtype):
    return 1e-5 if dtype in ("float32", "complex64") else 1e-12


@pytest.mark.parametrize("dtype", DTYPES)
def test_cov_and_corrcoef(dtype):
    m = sample(dtype, (3, 6), nans=False)
    rtol = tolerance(dtype)
    check("cov", m, rtol=rtol)
    check("cov", m, rowvar=False, rtol=rtol)
    check("cov", m, view=lambda x: x[::-1, ::2], bias=True, rtol=rtol)
    check("cov", m[0], m[1], ddof=2, rtol=rtol)
    check("corrcoef", m, rtol=rtol)
    check("corrcoef", m[0], m[2], rtol=rtol)


def test_cov_weights_and_keywords():
    m = np.array([[1.0, 2.0, 4.0, 7.0, 0.5], [3.0, 1.0, 0.0, 2.0, -1.0]])
    f, a = np.array([1, 2, 1, 3, 1]), np.array([0.5, 1.0, 2.0, 1.0, 0.25])
    for kwargs in ({"fweights": f}, {"aweights": a}, {"fweights": f, "aweights": a}, {"aweights": a, "ddof": 0},
                   {"fweights": f, "bias": True}, {"dtype": np.float32}, {"ddof": 5}, {"ddof": 7}):
        check("cov", m, rtol=1e-6, **kwargs)
    check("cov", m, fweights=[1.5, 1, 1, 1, 1])  # TypeError: fweights must be integer
    check("cov", m, fweights=[-1, 1, 1, 1, 1])  # ValueError
    check("cov", m, aweights=[1, 1, 1])  # RuntimeError
    check("cov", m, aweights=np.ones((5, 1)))  # RuntimeError
    check("cov", m, ddof=1.5)  # ValueError
    check("cov", np.ones((2, 2, 2)))  # ValueError
    check("cov", np.zeros((0, 3)))
    check("cov", m.T, m.T, rowvar=False, rtol=1e-12)
    check("corrcoef", np.array([1.0, 2.0, 4.0]), rtol=1e-12)  # one variable: c / c
    check("corrcoef", np.array([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]]), rtol=1e-12)  # zero variance: nan
    check("corrcoef", m + 1j * m[::-1], rtol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
def test_ediff1d(dtype):
    a = sample(dtype, (3, 4))
    check("ediff1d", a)
    check("ediff1d", a, view=lambda x: x[:, ::-2])
    check("ediff1d", a, to_begin=0, to_end=[1, 1])


def test_ediff1d_edge_cases():
    check("ediff1d", np.array(3.0))
    check("ediff1d", np.zeros(0), to_end=[2.0])
    check("ediff1d", np.array([1.0, np.inf, np.inf, -0.0]))
    check("ediff1d", np.arange(4), to_begin=[1.5])  # TypeError: same_kind
    check("ediff1d", np.arange(4, dtype=np.uint8), to_end=[300])  # a NumPy integer conversion error


@pytest.mark.parametrize("dtype", REAL_DTYPES)
def test_interp(dtype):
    xp = np.array([0, 1, 2, 4, 7]).astype(dtype) if dtype != "bool" else np.array([False, True])
    fp = np.arange(xp.size, dtype=np.float64) ** 2
    x = np.linspace(-2, 9, 23)
    check("interp", x, xp, fp)
    check("interp", x.reshape(-1, 1)[::2], xp, fp, left=-1, right=np.nan)
    check("interp", 3.5, xp, fp)


@pytest.mark.parametrize("xp, fp, period", [([1.0, 2.0], [1.0], None), ([], [], None), ([1.0, 2.0], [1.0, 2.0], 0)])
def test_interp_error_messages_are_numpys(xp, fp, period):
    """Code prints these: the same words as NumPy's, up to the full stop."""
    with pytest.raises(ValueError) as expected:
        np.interp([1.5], xp, fp, period=period)
    with pytest.raises(ValueError) as got:
        wg.interp([1.5], xp, fp, period=period)
    assert str(got.value) == str(expected.value)


def test_interp_special_cases():
    xp, fp = np.array([0.0, 1.0, 2.0, 3.0]), np.array([1.0, np.inf, 3.0, -np.inf])
    x = np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 3.0, 4.0, np.inf, -np.inf, -0.0])
    check("interp", x, xp, fp)
    check("interp", x, xp, fp + 1j * fp[::-1])
    check("interp", x, xp, fp, period=2.5)
    check("interp", x, xp[:1], fp[:1])
    check("interp", x, xp, fp, period=0)  # ValueError
    check("interp", x, xp[:2], fp)  # ValueError
    check("interp", x, np.zeros(0), np.zeros(0))  # ValueError
    check("interp", x, xp.reshape(2, 2), fp)  # ValueError
    check("interp", np.zeros(0), xp, fp)


@pytest.mark.parametrize("dtype", [d for d in REAL_DTYPES if d != "bool"])
def test_histogram(dtype):
    a = sample(dtype, (6, 5), nans=False)
    check("histogram", a)
    check("histogram", a, bins=3, range=(0, 4))
    check("histogram", a, view=lambda x: x[::2].T, bins=4)
    check("histogram", a, bins=[-3, 0, 1, 2.5, 6])
    check("histogram", a, bins=5, density=True, rtol=1e-12)
    check("histogram", a, bins=4, weights=np.linspace(0, 1, a.size).reshape(a.shape))
    check("histogram_bin_edges", a, bins=7)
    check("histogram_bin_edges", a, bins=[0, 2, 5])


def test_histogram_special_cases():
    a = np.array([0.5, 1.0, 1.0, 2.0, np.inf, 3.0, -0.0])
    check("histogram", a, bins=3, range=(0, 3))
    check("histogram", np.array([2.0, 2.0]), bins=4)  # one value: a range of width one
    check("histogram", np.zeros(0), bins=3)
    check("histogram", np.array([1, 2, 3]), bins=[0, 1, 1, 3])  # an empty bin
    check("histogram", np.arange(5.0), bins=[0, 1, 2.5], weights=[1, 2, 3, 4, 5], rtol=1e-12)
    check("histogram", np.arange(5.0, dtype=np.float32), bins=2, weights=np.ones(5, np.float32))
    check("histogram", a)  # ValueError: autodetected range is not finite
    check("histogram", a, bins=0)  # ValueError
    check("histogram", a, bins=2.5)  # TypeError
    check("histogram", a, bins=[2, 1, 3])  # ValueError: must increase
    check("histogram", a, range=(3, 1))  # ValueError
    check("histogram", a, weights=np.ones(3))  # ValueError
    check("histogram", np.array([1.0, 2.0, 2.5, 7.0]), bins="auto")  # the estimators: test_numpy_part2_routines
    check("histogram", a, bins="no_such_rule")  # ValueError
