"""repr/str/format of arrays as NumPy prints them, print options, and summarised printing that
downloads only the edge items."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, sample, wg


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 3), (0, 3), (2, 1, 2)], ids=str)
def test_repr_and_str_like_numpy(dtype, shape):
    h = sample(dtype, int(np.prod(shape)), seed=1).reshape(shape)
    x = wg(h)
    assert repr(x) == repr(h)
    assert str(x) == str(h)


@pytest.mark.parametrize("dtype", [np.dtype(t) for t in ("float32", "float64", "int16", "complex64", "bool")], ids=str)
def test_special_values_and_views(dtype):
    h = sample(dtype, 12).reshape(3, 4)
    if dtype.kind == "f":
        h[0, :3] = [np.nan, np.inf, -0.0]
    x = wg(h)
    for hv, xv in ((h.T, x.T), (h[::2, ::-1], x[::2, ::-1]), (h[1], x[1])):
        assert repr(xv) == repr(hv) and str(xv) == str(hv)


@pytest.mark.parametrize("shape", [(2000,), (40, 40), (3, 500), (1001,), (12, 12, 12)], ids=str)
def test_summarised_like_numpy(shape):
    h = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) / 7
    x = wg(h)
    assert repr(x) == repr(h)
    assert str(x) == str(h)
    assert repr(x.T) == repr(h.T)


def test_summary_downloads_only_the_edges(monkeypatch):
    x = wg(np.arange(10**6, dtype=np.int32).reshape(1000, 1000))
    sizes = []
    original = wgarray.Array._to_numpy

    def spy(self):
        sizes.append(self.size)
        return original(self)

    monkeypatch.setattr(wgarray.Array, "_to_numpy", spy)
    text = repr(x)
    assert "..." in text and sizes and max(sizes) <= 49  # (2 * 3 + 1) ** 2 elements
    assert text == repr(np.arange(10**6, dtype=np.int32).reshape(1000, 1000))


def test_printoptions():
    h = np.array([1.123456789, 2.5e-9, 3.0])
    x = wg(h)
    default = wgarray.get_printoptions()
    assert default == np.get_printoptions()
    with wgarray.printoptions(precision=3, suppress=True) as opts:
        assert opts["precision"] == 3
        with np.printoptions(precision=3, suppress=True):
            assert repr(x) == repr(h) and str(x) == str(h)
    assert wgarray.get_printoptions() == default and repr(x) == repr(h)
    try:
        wgarray.set_printoptions(threshold=5, edgeitems=1, linewidth=40)
        with np.printoptions(threshold=5, edgeitems=1, linewidth=40):
            big = np.arange(100.0)
            assert repr(wg(big)) == repr(big)
            assert str(wg(np.arange(30.0))) == str(np.arange(30.0))
        assert np.get_printoptions()["threshold"] == 1000  # NumPy's own options are left alone
    finally:
        wgarray.set_printoptions(**{k: v for k, v in default.items()})
    assert wgarray.get_printoptions() == default
    with pytest.raises(ValueError):
        wgarray.set_printoptions(floatmode="bogus")
    with wgarray.printoptions(formatter={"float": lambda v: f"<{v:.1f}>"}):
        assert repr(x) == "array([<1.1>, <0.0>, <3.0>])"
    with wgarray.printoptions(override_repr=lambda a: "custom"):
        assert repr(x) == "custom"


def test_format():
    assert f"{wg(np.float32(1.25)):.1f}" == "1.2" and f"{wg(np.int64(-7)):+d}" == "-7"
    assert f"{wg(np.array([1, 2])) }" == "[1 2]"
    with pytest.raises(TypeError):
        f"{wg(np.array([1.5])):.2f}"
    assert wgarray.array_repr(wg(np.arange(3))) == repr(np.arange(3))
    assert wgarray.array_str(wg(np.arange(3))) == str(np.arange(3))
