"""NumPy code passes axis, n, side, ... positionally; the standard makes them keyword-only, and
its conformance suite allows them to be positional-or-keyword. wgarray takes both."""

import numpy as np
import pytest

import wgarray as wp

A = np.arange(12).reshape(3, 4)

CASES = [
    ("diff", lambda m, a: m.diff(a, 1, 0)),
    ("flip", lambda m, a: m.flip(a, 1)),
    ("repeat", lambda m, a: m.repeat(a, 2, 0)),
    ("moveaxis", lambda m, a: m.moveaxis(a, source=0, destination=1)),
    ("count_nonzero", lambda m, a: m.count_nonzero(a % 3, 0)),
    ("searchsorted", lambda m, a: m.searchsorted(a[0], a[1] - 3, "right")),
    ("isin", lambda m, a: m.isin(a, m.asarray([1, 2]), False, True)),
    ("reshape", lambda m, a: m.reshape(a, (4, 3), "F")),
    ("stack", lambda m, a: m.stack([a, a], 1)),
    ("concat", lambda m, a: m.concat([a, a], 1)),
    ("take", lambda m, a: m.take(a, m.asarray([0, 2]), 1)),
    ("take_along_axis", lambda m, a: m.take_along_axis(a, m.argsort(-a, axis=1), 1)),
    ("tensordot", lambda m, a: m.tensordot(a, a.T, 1)),
]


@pytest.mark.parametrize("name,call", CASES, ids=[c[0] for c in CASES])
def test_positional_like_numpy(name, call):
    np.testing.assert_array_equal(np.asarray(call(wp, wp.asarray(A))), call(np, A))


def test_can_cast_takes_numpy_casting():
    for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
        assert wp.can_cast(wp.float64, wp.float32, casting) == np.can_cast(np.float64, np.float32, casting)
    with pytest.raises(ValueError):
        wp.can_cast(wp.float64, wp.float32, "sometimes")
