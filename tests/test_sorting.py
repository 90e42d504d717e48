"""sort and argsort against NumPy's stable sort: every dtype, axes, views, specials, sizes."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, assert_same, special_values, wg


def ref_argsort(x: np.ndarray, axis: int = -1, descending: bool = False) -> np.ndarray:
    """NumPy's stable argsort; descending keeps equal elements in order (NaN first), as the
    standard and array-api-strict do it: flip, sort stably, flip back."""
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    n = x.shape[axis]
    return n - 1 - np.flip(np.argsort(np.flip(x, axis=axis), axis=axis, kind="stable"), axis=axis)


def ref_sort(x: np.ndarray, axis: int = -1, descending: bool = False) -> np.ndarray:
    return np.take_along_axis(x, ref_argsort(x, axis, descending), axis=axis)


def data(dtype, shape, seed: int = 0) -> np.ndarray:
    """Many ties, the dtype's special values (nan, inf, -0.0, extremes) and random values."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    special = special_values(dtype)
    picks = special[rng.integers(0, len(special), n)]
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        wide = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    elif dtype.kind == "b":
        wide = rng.integers(0, 2, n).astype(bool)
    else:
        with np.errstate(all="ignore"):
            wide = (rng.standard_normal(n) * 1e3).astype(dtype)
            if dtype.kind == "c":
                wide = wide + 1j * rng.integers(-2, 3, n)
    return np.where(rng.random(n) < 0.5, picks, wide).astype(dtype).reshape(shape)


def check(x: np.ndarray, axis: int = -1, descending: bool = False, a=None):
    a = wg(x) if a is None else a
    assert_same(wgarray.argsort(a, axis=axis, descending=descending), ref_argsort(x, axis, descending))
    assert_same(wgarray.sort(a, axis=axis, descending=descending), ref_sort(x, axis, descending))


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_every_dtype(dtype, descending):
    # 2 rows of 700: tiles of whole rows; complex sorts lexicographically as in NumPy
    check(data(dtype, (2, 700), seed=dtype.num), descending=descending)


@pytest.mark.parametrize("dtype", ["float32", "int16", "uint64", "float64"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_axes(dtype, axis):
    check(data(dtype, (6, 40, 5), seed=axis + 5), axis=axis)
    check(data(dtype, (6, 40, 5), seed=axis + 5), axis=axis, descending=True)


@pytest.mark.parametrize("dtype", ["int8", "float32", "int64"])
def test_many_short_rows(dtype):
    # short rows are sorted as one sequence keyed by (row, value): 17 bits of rows, 3 row digits
    x = data(dtype, (70000, 3), seed=3)
    check(x, axis=-1, descending=True)
    check(x[:300], axis=1)


def test_strided_views():
    x = data("float64", (30, 50), seed=11)
    a = wg(x)
    check(x[::2, ::-3], axis=0, a=a[::2, ::-3])
    check(x.T, axis=-1, a=a.T)
    check(x[3, 1::4], a=a[3, 1::4])
    y = data("int8", (40, 30), seed=12)
    b = wg(y)
    check(y[::-1, 2:], axis=0, descending=True, a=b[::-1, 2:])


def test_specials_float():
    # -0.0 and 0.0 are equal and keep their order; NaN last (first when descending)
    x = np.array([0.0, -0.0, np.nan, -np.inf, 1.0, np.nan, -0.0, 0.0, np.inf, -1.0, -np.nan], dtype=np.float32)
    for descending in (False, True):
        check(x, descending=descending)
        check(x.astype(np.float64), descending=descending)
    got = np.asarray(wgarray.sort(wg(x)))
    assert list(np.signbit(got[2:6])) == [False, True, True, False]


def test_integer_extremes():
    for dtype in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"):
        info = np.iinfo(dtype)
        x = np.array([info.max, info.min, 0, info.max - 1, info.min + 1, 1, info.min, info.max], dtype=dtype)
        check(x)
        check(x, descending=True)


def test_large():
    rng = np.random.default_rng(1)
    x = rng.standard_normal(1 << 20).astype(np.float32)
    x[::1000] = np.nan
    assert_same(wgarray.sort(wg(x)), np.sort(x))
    y = rng.integers(-50, 50, 1 << 16).astype(np.int64)  # ties across many tiles
    check(y, descending=True)


@pytest.mark.parametrize("shape, axis", [((0,), 0), ((3, 0), 1), ((0, 4), 0), ((0, 4), 1), ((5, 1), 1), ((1,), 0)])
def test_empty_and_trivial(shape, axis):
    x = data("float32", shape)
    check(x, axis=axis)
    assert wgarray.argsort(wg(x), axis=axis).dtype == np.int64


def test_result_is_new_array():
    x = np.array([3, 1, 2], dtype=np.int32)
    a = wg(x)
    s = wgarray.sort(a)
    s[0] = 99
    assert_same(a, x)


def test_bad_input():
    with pytest.raises(IndexError, match="dimension 0"):
        wgarray.sort(wg(np.float32(1)))
    with pytest.raises(IndexError, match="dimension 0"):
        wgarray.argsort(wg(np.int32(1)))
    with pytest.raises(IndexError, match="out of bounds"):
        wgarray.sort(wg(np.zeros((2, 3))), axis=2)
    with pytest.raises(TypeError, match="axis must be an integer"):
        wgarray.argsort(wg(np.zeros(3)), axis=0.5)
    with pytest.raises(TypeError, match="expects an array"):
        wgarray.sort("312")
    assert_same(wgarray.sort([3, 1, 2]), np.sort([3, 1, 2]))


def test_numpy_signature():
    # NumPy code passes axis positionally, axis=None flattens, kind is accepted (always stable)
    x = data("int32", (4, 6), seed=21)
    a = wg(x)
    assert_same(wgarray.sort(a, 0), np.sort(x, 0, kind="stable"))
    assert_same(wgarray.sort(a, axis=None), np.sort(x, axis=None, kind="stable"))
    assert_same(wgarray.argsort(a.T, None), np.argsort(x.T, axis=None, kind="stable"))
    assert_same(wgarray.argsort(a, kind="quicksort"), np.argsort(x, kind="stable"))
    assert_same(wgarray.sort(a[1:]), np.sort(x[1:]))  # a contiguous view with an offset
    with pytest.raises(ValueError, match="unknown sort kind"):
        wgarray.sort(a, kind="bogo")
    with pytest.raises(NotImplementedError, match="structured"):
        wgarray.argsort(a, order="f0")


@pytest.mark.parametrize("n", [4097, 6 * 4096 + 1, 70 * 4096 + 3])
def test_many_tiles(n):
    # histograms of 256 counts per tile longer than one tile of the scan engine's exclusive_sum
    for dtype in ("float32", "int64"):
        x = data(dtype, (n,), seed=n)
        assert_same(wgarray.sort(wg(x)), ref_sort(x))
    x = data("int32", (n,), seed=1)
    assert_same(wgarray.argsort(wg(x), descending=True), ref_argsort(x, descending=True))


@pytest.mark.parametrize("plan", ["default", "none", (8, 2, 1), (4, 32, 4)])
def test_subgroup_plans(plan, monkeypatch):
    # 32-bit values alone take the subgroup-ranking passes where the device has subgroups:
    # check other tile shapes (counter rows shared in turns, one-word ballots) and the fallback
    from wgarray._engines import sort as _sorting

    if plan == "none" or (plan != "default" and _sorting.subgroup_plan(wgarray.get_device()) is None):
        monkeypatch.setattr(_sorting, "subgroup_plan", lambda device: None)
    elif plan != "default":
        monkeypatch.setattr(_sorting, "subgroup_plan", lambda device: _sorting.SubgroupPlan(*plan))
    for dtype, shape in (("float32", (9000,)), ("int16", (3, 5000)), ("uint32", (1, 2049))):
        x = data(dtype, shape, seed=len(shape))
        for descending in (False, True):
            assert_same(wgarray.sort(wg(x), descending=descending), ref_sort(x, -1, descending))
