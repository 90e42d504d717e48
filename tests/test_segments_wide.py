"""Advanced indexing through 64-bit addresses (gather_pieces.needs_wide), the path of arrays
of 2^32 elements or more. Such an array is too big for CI, so the threshold WIDE_FROM is
lowered to 1 and the pool's segments shrunk to 4 KiB: small split arrays then take the wide
kernels (i64 offsets, strides and positions, u64 addresses sorted for ufunc.at), and split
masks give uint64 coordinates (compact.WIDE_FROM). Besides the tests below, the gather,
scatter, mask and ufunc.at tests of test_segments_indexing.py run here again on the wide
kernels (imported; the module's autouse fixture switches them)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same, sample
from test_segments import _split, small_segments  # noqa: F401  (the fixture)
from test_segments_indexing import (  # noqa: F401  (run again here, through the wide kernels)
    test_boolean_masks_and_nonzero_across_segments, test_gather_from_an_array_of_segments,
    test_gather_with_index_arrays_of_segments, test_scatter_into_an_array_of_segments,
    test_scatter_with_values_and_masks_of_segments, test_ufunc_at_into_an_array_of_segments,
    test_ufunc_at_out_of_bounds_across_segments_writes_nothing, test_ufunc_at_with_index_and_value_arrays_of_segments)
from wgarray._core.operands import BufferOperand
from wgarray._core.view import TensorView
from wgarray._engines import compact, gather_pieces
from wgarray._engines.gather import IndexOperand, gather, scatter

if "shader-int64" not in wg.get_device().features:
    pytest.skip("wide addresses need shader-int64", allow_module_level=True)


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    """Every split x takes 64-bit addresses (and every choice made was the wide one)."""
    calls = []
    real = gather_pieces.needs_wide

    def needs_wide(*args):
        calls.append(real(*args))
        return calls[-1]

    monkeypatch.setattr(gather_pieces, "WIDE_FROM", 1)
    monkeypatch.setattr(compact, "WIDE_FROM", 1)
    for module in ("gather", "scatter_apply"):
        monkeypatch.setattr(f"wgarray._engines.{module}.needs_wide", needs_wide)
    yield
    assert all(calls)


@pytest.mark.parametrize("dtype", [np.dtype(n) for n in ("bool", "int8", "uint16", "int32", "float64", "complex64")],
                         ids=str)
def test_gather_and_scatter_through_views(small_segments, dtype):
    host = sample(dtype, 67 * 131, seed=21).reshape(67, 131)
    x = _split(host)
    rng = np.random.default_rng(22)
    rows = rng.integers(-67, 67, 300).astype(np.int32)
    cols = rng.integers(0, 131, 300).astype(np.uint16)
    for view, expected in ((x[::-1, ::-2], host[::-1, ::-2]), (x.T[5:, ::3], host.T[5:, ::3]),
                           (x[40::-3, 100::-1], host[40::-3, 100::-1])):  # reversed: negative strides
        r, c = rows % expected.shape[0], cols % expected.shape[1]
        assert_same(view[wg.asarray(r), wg.asarray(c)], expected[r, c])
        assert_same(view[wg.asarray(r)[:20, None], wg.asarray(c)[None, :7]], expected[r[:20, None], c[None, :7]])
        assert_same(view[-r[:9] - 1, 2:9], expected[-r[:9] - 1, 2:9])
    assert_same(wg.take(x[::-1], wg.asarray(cols.astype(np.int64)), axis=1), np.take(host[::-1], cols, axis=1))
    order = np.argsort(host[:, ::-7], axis=1, kind="stable")
    assert_same(wg.take_along_axis(x[:, ::-7], wg.asarray(order), axis=1), np.take_along_axis(host[:, ::-7], order, 1))
    flat = rng.choice(67 * 44, 200, replace=False)  # distinct: which of equal writes wins is unspecified
    r, c = np.unravel_index(flat, (67, 44))
    values = sample(dtype, 200, seed=23)
    x[::-1, ::-3][wg.asarray(r), wg.asarray(c)] = wg.asarray(values)
    host[::-1, ::-3][r, c] = values
    assert_same(x, host)
    mask = rng.random((67, 131)) < 0.3
    x[::-1][wg.asarray(mask[::-1])] = values[0]  # a mask as the predicate of a scatter
    host[::-1][mask[::-1]] = values[0]
    assert_same(x, host)


def test_many_index_arrays_fold_into_64_bit_offsets(small_segments):
    shape = (3, 4, 2, 5, 3, 4, 2, 3)  # eight index arrays: more than one kernel binds
    host = sample(np.dtype("float32"), int(np.prod(shape)), seed=24).reshape(shape)
    x = _split(host)
    rng = np.random.default_rng(25)
    key = tuple(rng.integers(-n, n, 50) for n in shape)
    assert_same(x[tuple(wg.asarray(k) for k in key)], host[key])
    x[key] = -1.0
    host[key] = -1.0
    assert_same(x, host)
    wg.add.at(x, tuple(wg.asarray(k) for k in key), 2.0)
    np.add.at(host, key, 2.0)
    assert_same(x, host)


@pytest.mark.parametrize("name, dtype", [("add", "int32"), ("add", "float32"), ("add", "float64"),
                                         ("maximum", "float64"), ("add", "int8"), ("maximum", "bool"),
                                         ("subtract", "uint16"), ("multiply", "complex64")], ids=str)
def test_ufunc_at_atomic_and_sorted(small_segments, name, dtype):
    dtype = np.dtype(dtype)
    host = (np.arange(53 * 97) % 11).astype(dtype).reshape(53, 97)
    x = _split(host)
    rng = np.random.default_rng(26)
    rows, cols = rng.integers(-53, 53, 2000), rng.integers(0, 48, 2000)  # repeated elements
    values = rng.integers(0, 3, 2000).astype(dtype)  # small integers: exact in any order
    getattr(wg, name).at(x[::-1, ::-2], (wg.asarray(rows), wg.asarray(cols)), wg.asarray(values))
    getattr(np, name).at(host[::-1, ::-2], (rows, cols), values)
    assert_same(x, host)
    getattr(wg, name).at(x.T, (cols[:100], slice(None, None, -5)), values[7])  # scalar value, strided rows
    getattr(np, name).at(host.T, (cols[:100], slice(None, None, -5)), values[7])
    assert_same(x, host)


@pytest.mark.parametrize("name", ["add", "floor_divide"])
def test_out_of_bounds_writes_nothing(small_segments, name):
    host = np.arange(3000, dtype=np.int64).reshape(30, 100)
    x = _split(host)
    for index in ([3, 5, 30], [-31, 0]):
        with pytest.raises(IndexError):
            getattr(wg, name).at(x[::-1], wg.asarray(np.array(index)), 3)
        with pytest.raises(IndexError):
            x[np.array(index)] = 7
    assert_same(x, host)


@pytest.mark.parametrize("shape", [(6000,), (45, 130), (7, 20, 31)], ids=str)
def test_mask_coordinates_are_64_bit(small_segments, shape):
    mask = np.random.default_rng(28).random(shape) < 0.4
    mask[-1] = True  # the last chunk holds true elements
    coords = compact.mask_coordinates(_split(mask)._data())
    assert coords.dtype == np.uint64
    assert_same(wg.Array._wrap(coords), np.stack(np.nonzero(mask)).astype(np.uint64))
    host = sample(np.dtype("float32"), mask.size, seed=29).reshape(shape)
    assert_same(_split(host)[_split(mask)], host[mask])


# -- x's side of the address past 32 bits -------------------------------------------------------
def _operand(array, shape: tuple, strides: tuple, offset: int = 0) -> BufferOperand:
    """array's buffer seen through another view (the caller keeps array alive)."""
    return array._data().with_view(TensorView(shape, strides, offset))


def test_offsets_strides_and_positions_past_32_bits(small_segments):
    """Kernel-level gathers and scatters whose x offsets, strides and positions are near 2^33
    and 2^34 but whose sums land on x's few thousand elements: exact only in 64 bits (32-bit
    parameters would not even pack them)."""
    host = sample(np.dtype("int32"), 5000, seed=27)
    x = _split(host)
    big, huge = 2**33, 2**34
    # address = 2^34 + 10 + c0 * (2^33 + 3) + c1 + p0 * -2^33 + p1 * -4, with p0 = c0 and p1 = 2^32
    rows, whole = wg.arange(4, dtype=wg.int64), wg.asarray(np.array([2**32], np.int64))
    indices = [IndexOperand(_operand(rows, (4, 3), (1, 0)), 5, -big),
               IndexOperand(_operand(whole, (4, 3), (0, 0)), 2**33, -4)]
    got = gather(_operand(x, (1,), (1,)), (4, 3), huge + 10, (big + 3, 1), indices)
    c0, c1 = np.meshgrid(np.arange(4), np.arange(3), indexing="ij")
    assert_same(wg.Array._wrap(got), host[10 + 3 * c0 + c1])
    # scatter: items whose address lies outside x are dropped (in 32 bits, 2^33 would wrap to 0)
    values = wg.asarray(np.array([11, 12, 13], np.int32))
    scatter(_operand(x, (1,), (1,)), (3,), 7 - big, (big,), [], values._data())
    host[7] = 12
    assert_same(x, host)
    positions = wg.asarray(np.array([2**32 + 1, 2**32 + 40], np.uint64))  # positions past 2^32
    scatter(_operand(x, (1,), (1,)), (2,), 3 - 2**32 - 1, (0,), [IndexOperand(positions._data(), 2**33, 1)],
            values[:2]._data())
    host[[3, 42]] = [11, 12]
    assert_same(x, host)


def test_without_int64_wide_addresses_raise_memory_error(small_segments):
    x = _split(np.arange(3000, dtype=np.float32))
    operand = x._data()
    device = SimpleNamespace(features=frozenset(x.device.features) - {"shader-int64"}, name="a device")
    with pytest.raises(MemoryError, match="shader-int64"):
        gather_pieces.needs_wide(SimpleNamespace(storage=operand.storage, dtype=operand.dtype, device=device),
                                 0, (1,), [])


def test_index_strides_past_32_bits_raise_memory_error(small_segments):
    """Only x's side of the address is 64-bit: an index array whose own strides pass 32 bits
    (one of 2^31 elements or more along a dimension) is refused before anything runs."""
    x = _split(np.arange(3000, dtype=np.float32))
    index = wg.asarray(np.array([0, 1], np.int64))
    spread = IndexOperand(_operand(index, (2,), (2**31,)), 3000, 1)  # a fake view: never dispatched
    with pytest.raises(MemoryError, match="32-bit strides"):
        gather(_operand(x, (3000,), (1,)), (2,), 0, (0,), [spread])
    values = wg.asarray(np.array([1, 2], np.float32))
    with pytest.raises(MemoryError, match="32-bit strides"):
        scatter(_operand(x, (3000,), (1,)), (2,), 0, (0,), [spread], values._data())
    assert_same(x, np.arange(3000, dtype=np.float32))
