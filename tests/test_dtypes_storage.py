"""Storage round trips: upload, download, views at odd offsets and copies, for every dtype.

bool, int8, uint8, int16 and uint16 are packed into u32 words on the GPU, so element offsets
that are not multiples of the packing factor, and sizes that end mid-word, matter most.
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, PACKED_DTYPES, assert_same, host, wg

SIZES = (0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 33, 1027)


def random_bits(dtype, n, seed=0) -> np.ndarray:
    """n elements of dtype with uniformly random bits (all floats, NaN payloads included)."""
    dtype = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    if dtype == np.bool_:
        return rng.integers(0, 2, n).astype(bool)
    raw = rng.integers(0, 256, n * dtype.itemsize, dtype=np.uint8)
    return raw.view(dtype)


def same_bits(got: np.ndarray, exp: np.ndarray):
    assert got.dtype == exp.dtype and got.shape == exp.shape
    assert got.tobytes() == np.ascontiguousarray(exp).tobytes()


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_round_trip_sizes(dtype):
    for n in SIZES:
        h = random_bits(dtype, n, seed=n)
        same_bits(host(wg(h)), h)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_round_trip_shapes(dtype):
    for shape in ((), (1,), (3, 5), (2, 0, 4), (2, 3, 7)):
        h = random_bits(dtype, int(np.prod(shape)), seed=len(shape)).reshape(shape)
        same_bits(host(wg(h)), h)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_views_at_odd_offsets(dtype):
    # Downloading a view copies it on the GPU first: offsets and strides go through the kernels.
    h = random_bits(dtype, 67, seed=1)
    a = wg(h)
    for key in (slice(1, None), slice(2, 66), slice(3, 7), slice(5, None, 3), slice(None, None, -1),
                slice(66, 0, -7), slice(7, 8), slice(9, 9)):
        same_bits(host(a[key]), h[key])
    m = wg(h[:66].reshape(6, 11))
    hm = h[:66].reshape(6, 11)
    for key in ((slice(1, None), slice(3, None)), (slice(None, None, -1), slice(1, None, 2)), (Ellipsis, 5)):
        same_bits(host(m[key]), hm[key])
    same_bits(host(m.T), hm.T)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_copy_preserves_bits(dtype):
    h = random_bits(dtype, 37, seed=2)
    a = wg(h)
    same_bits(host(a.copy()), h)
    same_bits(host(a[1:].copy()), h[1:])


@pytest.mark.parametrize("dtype", PACKED_DTYPES, ids=str)
def test_elementwise_on_odd_offsets(dtype):
    # Inputs that start mid-word, and outputs whose size ends mid-word.
    h = random_bits(dtype, 41, seed=3)
    a = wg(h)
    f = "logical_xor" if dtype == np.bool_ else "bitwise_xor"
    for k in (1, 2, 3, 5):
        got = getattr(wgarray, f)(a[k:], a[:-k])
        assert_same(got, getattr(np, f)(h[k:], h[:-k]))
        assert_same(wgarray.equal(a[k::2], a[k - 1:-1:2]), np.equal(h[k::2], h[k - 1:-1:2]))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_setitem_round_trip(dtype):
    h = random_bits(dtype, 23, seed=4)
    v = random_bits(dtype, 23, seed=5)
    a = wg(h)
    h = h.copy()
    for key in (slice(1, 4), slice(5, 22, 3), slice(21, 2, -4)):
        h[key] = v[key]
        a[key] = wg(v[key])
        same_bits(host(a), h)


def test_large_array_many_workgroups():
    # More than 65535 workgroups of 256: the grid folds into two dimensions.
    n = 65536 * 256 + 77
    h = np.arange(n, dtype=np.float32)
    got = host(wgarray.negative(wg(h)))
    idx = np.array([0, 1, 255, 256, 65535 * 256, 65536 * 256 - 1, 65536 * 256, n - 1])
    assert np.array_equal(got[idx], -h[idx])
    assert np.array_equal(got, -h)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_dtype_of_uploaded_arrays(dtype):
    a = wg(np.zeros(3, dtype))
    assert a.dtype == dtype
    assert a.itemsize == dtype.itemsize
    assert a.nbytes == 3 * dtype.itemsize


def test_big_endian_upload():
    h = np.arange(5, dtype=">i4")
    a = wg(h)
    assert a.dtype == np.int32
    assert np.array_equal(host(a), h.astype("<i4"))
