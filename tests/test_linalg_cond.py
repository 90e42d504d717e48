"""numpy.linalg.cond on wgarray arrays, differential against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from wgarray.linalg import LinAlgError

ORDS = [None, 2, -2, 1, -1, np.inf, -np.inf, "fro", "nuc"]
_rng = np.random.default_rng(0)
MATRICES = {
    "batch f64": _rng.standard_normal((3, 4, 4)),
    "f32": _rng.standard_normal((5, 5)).astype(np.float32),
    "c64 batch": (_rng.standard_normal((2, 3, 3)) + 1j * _rng.standard_normal((2, 3, 3))).astype(np.complex64),
    "c128": _rng.standard_normal((4, 4)) + 1j * _rng.standard_normal((4, 4)),
    "ill-conditioned": np.vander(np.linspace(1, 2, 6)),
    "transposed view": _rng.standard_normal((4, 6))[:, ::-1][:, :4].T,
    "int": np.array([[4, 1], [2, 3]]),
}


@pytest.mark.parametrize("p", ORDS, ids=repr)
@pytest.mark.parametrize("name", list(MATRICES))
def test_cond_matches_numpy(name, p):
    a = MATRICES[name]
    got, expected = wg.linalg.cond(wg.asarray(a), p), np.linalg.cond(a, p)
    assert got.dtype == np.asarray(expected).dtype and got.shape == np.shape(expected)
    rtol = 1e-4 if a.dtype in (np.float32, np.complex64) else 1e-9
    if name == "ill-conditioned":
        rtol = 1e-3 if a.dtype in (np.float32, np.complex64) else 1e-6
    np.testing.assert_allclose(np.asarray(got), expected, rtol=rtol)


@pytest.mark.parametrize("p", ORDS, ids=repr)
def test_singular_zero_and_nan_matrices(p):
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    if p == "nuc":  # the inverse of a singular matrix is NaN, whose SVD fails, in NumPy too
        for a in (singular, np.zeros((2, 2))):
            with pytest.raises(np.linalg.LinAlgError, match="SVD did not converge"):
                np.linalg.cond(a, p)
            with pytest.raises(LinAlgError, match="SVD did not converge"):
                wg.linalg.cond(wg.asarray(a), p)
        return
    # LAPACK's smallest singular value is rounding noise (cond ~ 1e16); ours is exactly 0 (inf)
    got = float(wg.linalg.cond(wg.asarray(singular), p))
    assert got <= 1e-15 if p == -2 else got >= 1e15
    assert np.isinf(float(wg.linalg.cond(wg.zeros((2, 2)), p))) == np.isinf(np.linalg.cond(np.zeros((2, 2)), p))
    with_nan = wg.asarray([[1.0, np.nan], [0.0, 1.0]])
    if p in (None, 2, -2, "nuc"):  # through the SVD, which refuses NaN, as NumPy's does
        with pytest.raises(LinAlgError, match="SVD did not converge"):
            wg.linalg.cond(with_nan, p)
    else:
        assert np.isnan(float(wg.linalg.cond(with_nan, p)))


def test_cond_bad_input():
    with pytest.raises(LinAlgError, match="empty"):
        wg.linalg.cond(wg.zeros((0, 0)))
    with pytest.raises(LinAlgError, match="square"):
        wg.linalg.cond(wg.ones((2, 3)), 1)
    with pytest.raises(LinAlgError):
        wg.linalg.cond(wg.ones(3))
    np.testing.assert_allclose(float(wg.linalg.cond(wg.asarray(np.arange(6.0).reshape(2, 3) + 1))),
                               np.linalg.cond(np.arange(6.0).reshape(2, 3) + 1))  # p=None takes any shape
