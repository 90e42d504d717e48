"""numpy.testing's assert_array_max_ulp (ULP distances from the bit patterns, on the GPU) and
assert_string_equal, against NumPy: distances, dtypes, shapes, messages and errors."""

import numpy as np
import pytest

import wgarray as wg


def outcome(module, a, b, **kw):
    """The distances (values, dtype, shape) or the exception (type, message)."""
    try:
        got = np.asarray(module.testing.assert_array_max_ulp(a, b, **kw))
    except Exception as e:  # the exception is the result compared
        return type(e).__name__, str(e)
    return got.tolist(), got.dtype, got.shape


CASES = [
    ([1.0, -2.0, 0.0], [1.0 + 2.2e-16, -2.0 - 4.4e-16, -0.0], {"maxulp": 2}),
    ([1.0, np.nan, np.inf], [1.0, -np.nan, np.inf], {}),
    (np.array([1.0], dtype=np.float32), np.array([1.0000001], dtype=np.float32), {"maxulp": 0}),
    (np.array([1.0, 3.0], dtype=np.float32), np.array([1.0, 3.0000005], dtype=np.float32), {"maxulp": 5}),
    (np.array([1.0], dtype=np.float16), np.array([1.001], dtype=np.float16), {}),
    ([1, 2], [1, 2], {}),
    ([1.0, 2.0], [1.0, 2.0], {"dtype": np.float32}),
    ([-1.0, 1e-300], [1.0, -1e-300], {"maxulp": 1e30}),
    (np.array(3.0), np.array(3.0), {}),
    (np.zeros((0, 2)), np.zeros((0, 2)), {}),
    (np.arange(6.0).reshape(2, 3)[:, ::2], np.arange(6.0).reshape(2, 3)[:, ::2] * (1 + 2.3e-16), {"maxulp": 3}),
    ([1.0, 2.0], [1.0], {}),
    ([1j], [1j], {}),
]


@pytest.mark.parametrize("a, b, kw", CASES)
def test_assert_array_max_ulp(a, b, kw):
    expected = outcome(np, np.asarray(a), np.asarray(b), **kw)
    assert outcome(wg, wg.asarray(np.asarray(a)), wg.asarray(np.asarray(b)), **kw) == expected


def test_assert_string_equal():
    wg.testing.assert_string_equal("abc\n", "abc\n")
    with pytest.raises(AssertionError):
        wg.testing.assert_string_equal("abc", "abd")
