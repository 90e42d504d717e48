"""What the numpy.polynomial tests share: NumPy and wgarray copies of a series, the comparison
(dtype, shape, values) and the check that both raise the same exception type."""

import numpy as np
import pytest

import wgarray as wg


def tolerance(*dtypes, single=2e-5, double=1e-12):
    return single if any(np.dtype(d) in (np.float32, np.complex64) for d in dtypes) else double


def check(expected, got, rtol=1e-12):
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape, expected.shape)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol)


def both(values, dtype):
    host = np.asarray(values).astype(dtype)
    return host, wg.asarray(host)


def same_error(call_numpy, call_wgarray):
    with pytest.raises(Exception) as expected:
        call_numpy()
    with pytest.raises(type(expected.value)):
        call_wgarray()
