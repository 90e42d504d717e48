"""Advanced indexing (integer arrays, boolean masks) and take/take_along_axis, against NumPy."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

import wgarray as xp
from wgarray._core import dtypes as dt
from conftest import ALL_DTYPES, assert_same, sample, wg

DTYPES = [d for d in ALL_DTYPES if d in dt.supported_dtypes(xp.get_device())]


def data(shape, dtype, seed=0):
    return sample(dtype, int(np.prod(shape)), seed).reshape(shape)


def source(host, strided):
    """host on the GPU, either contiguous or as a reversed, stepped view of a bigger array."""
    if not strided:
        return wg(host)
    big = np.zeros(tuple(2 * n + 1 for n in host.shape), dtype=host.dtype)
    sl = tuple(slice(2 * n - 1, None, -2) if n else slice(0, 0) for n in host.shape)
    big[sl] = host
    return wg(big)[sl]


# -- getitem with integer arrays --------------------------------------------------------------
A = np.array([2, 0, -1, 3])
B = np.array([[1], [-2]])
KEYS = [
    (A,), (slice(None), A), (Ellipsis, A), (A, slice(1, None), A[::-1] % 3),
    (B, A), (B, slice(None), A), (0, slice(None), A), (slice(None), 0, A), (A, None, slice(None), 0),
    (None, B, None, A), (slice(None, None, -1), A, slice(None, None, 2)), (1, A), (A, 1, 2),
    (Ellipsis, B, A), (B, Ellipsis, A), (np.array([], dtype=np.int64),), (slice(None), []),
    (np.array(3), A), ([[0, 1], [2, 3]],), (A, [1, 2, 3, 4], [0, 1, 2, 3]),
    (slice(None), [0, 1], Ellipsis, [2, 3]), (None, 0, Ellipsis, [1, 2], 1),  # an empty Ellipsis separates
]


@pytest.mark.parametrize("key", KEYS, ids=range(len(KEYS)))
@pytest.mark.parametrize("strided", [False, True])
def test_getitem_int_arrays(key, strided):
    h = data((4, 5, 6), np.float32)
    assert_same(source(h, strided)[key], h[key])


@pytest.mark.parametrize("idx_dtype", ["int8", "uint8", "int16", "int32", "uint32", "int64", "uint64"])
def test_index_dtypes(idx_dtype):
    h = data((5, 6), np.int32)
    idx = np.array([[4, 0], [1, 3]], dtype=idx_dtype)
    x = wg(h)
    assert_same(x[wg(idx)], h[idx])
    assert_same(x[:, wg(idx)], h[:, idx])
    assert_same(x[idx, wg(idx)], h[idx, idx])
    if np.dtype(idx_dtype).kind == "i":
        neg = np.array([-1, -5, 2], dtype=idx_dtype)
        assert_same(x[wg(neg)], h[neg])


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_dtypes(dtype):
    h = data((3, 9), dtype, seed=1)
    x = source(h, True)
    idx = np.array([8, 0, 5, 5, -3, 1, 7])
    assert_same(x[:, wg(idx)], h[:, idx])
    assert_same(x[wg(np.array([2, 0])), 1:8:3], h[[2, 0], 1:8:3])
    assert_same(x[[1], wg(idx)], h[[1], idx])
    mask = (np.arange(27) % 4 == 1).reshape(3, 9)
    assert_same(x[wg(mask)], h[mask])
    assert_same(x[mask], h[mask])


def test_strided_index_arrays():
    h = data((6, 7), np.float64)
    idx = np.array([[1, 5, 0], [3, 2, 5], [0, 0, 4]])
    widx = wg(idx)
    assert_same(wg(h)[widx.T], h[idx.T])
    assert_same(wg(h)[:, widx[::-2, 1:]], h[:, idx[::-2, 1:]])
    assert_same(wg(h)[widx[0], widx[1]], h[idx[0], idx[1]])


def test_index_array_sharing_the_buffer():
    h = np.array([3, 1, 0, 2, 4, 4], dtype=np.int64)
    x = wg(h)
    assert_same(x[x], h[h])
    x[x[:3]] = -x[3:]
    h[h[:3].copy()] = -h[3:]
    assert_same(x, h)


def test_many_index_arrays_are_folded():
    h = data((2, 3, 2, 3, 2, 3, 2, 3), np.float32)
    rng = np.random.default_rng(0)
    key = tuple(rng.integers(-n, n, (4, 1)) if d % 2 else rng.integers(-n, n, (5,)) for d, n in enumerate(h.shape))
    assert_same(wg(h)[tuple(wg(k) for k in key)], h[key])
    x = wg(h)
    x[tuple(wg(k) for k in key[:7])] = 7.0
    g = h.copy()
    g[key[:7]] = 7.0
    assert_same(x, g)


def test_zero_d_and_empty():
    h = data((3, 4), np.int16)
    x = wg(h)
    for key in [True, False, (0, True), (True, 1), (slice(None), True, [1, 2]), (None, True, 0), ([], ),
                (np.zeros((0, 2), dtype=np.int64),), (wg(np.array(True)),), (wg(np.array(False)), 2)]:
        hkey = tuple(np.asarray(k) if isinstance(k, xp.Array) else k for k in key) if isinstance(key, tuple) else key
        assert_same(x[key], h[hkey])
    e = wg(np.zeros((0, 3), np.float32))
    assert_same(e[[]], np.zeros((0, 3), np.float32)[[]])
    assert_same(e[:, [2, 0]], np.zeros((0, 2), np.float32))
    assert_same(e[wg(np.zeros((0, 3), bool))], np.zeros((0,), np.float32))
    s = wg(np.float64(2.5))
    assert_same(s[True], np.array([2.5]))
    assert_same(s[None, False], np.array(2.5)[None, False])


# -- boolean masks -----------------------------------------------------------------------------
MASK_KEYS = [
    lambda m: (m,), lambda m: (m[:, :, 0],), lambda m: (slice(None), m[0]),
    lambda m: (slice(None), m[0, :, 0]), lambda m: (m[:, 0, 0], slice(None, None, -1), 1),
    lambda m: (Ellipsis, m[0, 0]), lambda m: (m[:, :, 0], [[0], [-1]]), lambda m: (None, m[:, :, 0], None),
    lambda m: (m[:, 0, 0], [[1], [0]], slice(1, 3)), lambda m: (m[:, :, 0], None),
]


@pytest.mark.parametrize("make", MASK_KEYS, ids=range(len(MASK_KEYS)))
@pytest.mark.parametrize("on_gpu", [False, True])
def test_getitem_masks(make, on_gpu):
    h = data((3, 4, 5), np.complex64)
    m = (np.arange(60).reshape(3, 4, 5) * 7 % 5) < 2
    key = make(m)
    wkey = tuple(wg(k) if on_gpu and isinstance(k, np.ndarray) and k.dtype == bool else k for k in key)
    exp = h[key]
    assert_same(wg(h)[wkey], exp)
    assert_same(source(h, True)[wkey], exp)


@pytest.mark.parametrize("n", [1, 3, 1023, 1024, 1025, 4 * 1024 + 5])
def test_mask_sizes(n):
    rng = np.random.default_rng(n)
    h = np.arange(n, dtype=np.int32)
    for p in (0.0, 0.3, 1.0):
        m = rng.random(n) < p
        assert_same(wg(h)[wg(m)], h[m])
    assert_same(wg(h)[1:][wg(m)[1:]], h[1:][m[1:]])  # a mask that does not start on a word


def test_mask_multi_level_scan():
    n = 1024 * 4096 + 7  # more than 1024 blocks: the counts' scan takes two levels
    rng = np.random.default_rng(1)
    m = rng.random(n) < 0.001
    h = np.arange(n, dtype=np.uint32)
    assert_same(wg(h)[wg(m)], h[m])


@pytest.mark.parametrize("m", [1, 1024, 1025, 3000, 1024 * 1024 + 3])
def test_scan_levels(m):
    """The scan engine's exclusive sum, which the mask compaction uses, over one and several levels."""
    from wgarray._array import Array
    from wgarray._engines.scan import exclusive_sum

    values = np.random.default_rng(m).integers(0, 50, m).astype(np.uint32)
    out = Array._wrap(exclusive_sum(wg(values)._data()))
    exp = np.concatenate([[0], np.cumsum(values)]).astype(np.uint32)
    assert_same(out, exp)


def test_mask_is_the_array_itself():
    h = data((4, 5), np.float32, seed=3)
    x = wg(h)
    assert_same(x[x > 0], h[h > 0])
    x[x > 0] = 0
    h[h > 0] = 0
    assert_same(x, h)


# -- setitem -------------------------------------------------------------------------------------
SET_KEYS = [
    (np.array([0, -1, 1]),),  # no index twice: NumPy leaves the winner of a repeated write undefined (slice(None), np.array([[3], [0]])), (np.array([1, 0]), slice(None, None, 2), 3),
    (np.array([2, 0]), np.array([1, 3])), (Ellipsis, np.array([3])), (np.array([], dtype=np.int64),),
]


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_dtypes(dtype):
    h = data((3, 4, 5), dtype, seed=2)
    for key in SET_KEYS:
        shape = h[key].shape
        for value in (data(shape, dtype, seed=5), data(shape[-1:], dtype, seed=6), sample(dtype, 1, 7)[0]):
            x, g = source(h, True), h.copy()
            wkey = tuple(wg(k) if isinstance(k, np.ndarray) else k for k in key)
            x[wkey] = wg(value) if isinstance(value, np.ndarray) else value.item()
            g[key] = value
            assert_same(x, g)


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_masks(dtype):
    h = data((3, 4, 5), dtype, seed=4)
    m = (np.arange(60).reshape(3, 4, 5) * 7 % 5) < 2
    cases = [((m,), None), ((m[:, :, 0],), (5,)), ((slice(None), m[0, :, 0]), (1, 5)),
             ((m,), ("count",)), ((m[:, 0, 0], slice(1, 3)), ("count", 1, 1)), ((Ellipsis, m[0, 0]), ("count",)),
             ((m[:, :, 0], [[1], [4]]), (2, 1))]
    for key, vshape in cases:
        if vshape is None:
            value = sample(dtype, 1, 9)[0].item()
        else:
            count = int(sum(k.sum() for k in key if isinstance(k, np.ndarray) and k.dtype == bool))
            vshape = tuple(count if s == "count" else s for s in vshape)
            value = data(vshape, dtype, seed=8)
        for on_gpu in (False, True):
            x, g = source(h, True), h.copy()
            wkey = tuple(wg(k) if on_gpu and isinstance(k, np.ndarray) else k for k in key)
            x[wkey] = wg(value) if isinstance(value, np.ndarray) else value
            g[key] = value
            assert_same(x, g)


def test_setitem_value_kinds():
    h = np.zeros((3, 4), np.int16)
    x = wg(h)
    x[[0, 2]] = [[1, 2, 3, 4]]  # list, extra leading 1
    h[[0, 2]] = [[1, 2, 3, 4]]
    x[wg(np.array([True, False, True])), 1] = np.array([7, 8], np.int8)  # other dtype, cast on the GPU
    h[np.array([True, False, True]), 1] = np.array([7, 8], np.int8)
    x[1, [0, 3]] = x[2, 1:3]  # value from the same buffer
    h[1, [0, 3]] = h[2, 1:3]
    x[True] = x[True] + 1
    h[True] = h[True] + 1
    x[wg(np.array(False))] = 99
    assert_same(x, h)


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "float32", "int64"])
def test_duplicate_indices_leave_one_written_value(dtype):
    idx = np.array([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2] * 20)
    values = sample(dtype, idx.size, seed=11)
    x = wg(np.zeros(4, dtype))
    x[wg(idx)] = wg(values)
    got = np.asarray(x)
    assert got[0] == 0 and got[3] == 0
    assert got[1] in values[idx == 1] and got[2] in values[idx == 2]


def test_setitem_in_place_operator():
    h = np.arange(10.0)
    x = wg(h)
    x[[1, 5, -1]] += 100
    h[[1, 5, -1]] += 100
    x[x > 50] *= -1
    h[h > 50] *= -1
    assert_same(x, h)


# -- bounds and errors ---------------------------------------------------------------------------
def test_out_of_bounds_gpu_indices_stay_inside():
    """wgarray indices are not checked (no sync): reads clamp into the axis, writes are dropped."""
    h = np.arange(10, dtype=np.float32)
    idx = wg(np.array([0, 10, -11, 100000, -(2 ** 31), 2 ** 31 - 1], dtype=np.int64))
    assert_same(wg(h)[idx], h[[0, 9, 0, 9, 0, 9]])
    assert_same(xp.take(wg(h), idx), h[[0, 9, 0, 9, 0, 9]])
    x = wg(h)
    x[idx] = -1
    assert_same(x, np.where(np.arange(10) == 0, -1, h).astype(np.float32))
    u = wg(np.array([3, 2 ** 32 - 1], dtype=np.uint32))
    assert_same(wg(h)[u], h[[3, 9]])


@pytest.mark.parametrize("key, message", [
    ([10], "index 10 is out of bounds for axis 0 with size 10"),
    ((np.array([-11]),), "out of bounds"),
    ((slice(None), [0]), "too many indices"),
    (([1.5],), "integer"),
    ((wg(np.array([1.0])),), "integer"),
    (([[0, 1]], [[0], [1], [2]]), "too many indices"),
    ((np.ones(3, bool),), "boolean index did not match"),
    ((wg(np.ones(11, bool)),), "boolean index did not match"),
    (([0], Ellipsis, Ellipsis), "single ellipsis"),
    ((False, [0, 1]), "shape mismatch"),
    (("a",), "valid indices"),
])
def test_index_errors(key, message):
    x = wg(np.arange(10.0))
    with pytest.raises(IndexError, match=message):
        x[key]
    with pytest.raises(IndexError, match=message):
        x[key] = 1.0


def test_setitem_errors():
    x = wg(np.zeros((3, 4)))
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[[0, 1]] = wg(np.zeros((3, 4)))
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[wg(np.ones((3, 4), bool))] = wg(np.zeros(5))
    with pytest.raises(ValueError, match="could not be broadcast"):
        x[wg(np.ones(3, bool))] = wg(np.zeros((2, 3, 1)))
    with pytest.raises(OverflowError):
        wg(np.zeros(3, np.int8))[[0]] = 300
    with pytest.raises(ValueError, match="read-only"):
        xp.broadcast_to(x, (2, 3, 4))[[0]] = 1.0
    with pytest.raises(IndexError, match="size 0"):
        wg(np.zeros((0, 3)))[wg(np.array([0]))]


# -- take and take_along_axis --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_take(dtype):
    h = data((3, 4, 5), dtype, seed=12)
    x = source(h, True)
    idx = np.array([4, 0, -1, 2, 2])
    for axis in (0, 1, 2, -1):
        n = h.shape[axis]
        i = idx[(idx < n) & (idx >= -n)]
        assert_same(xp.take(x, wg(i), axis=axis), np.take(h, i, axis=axis))
    assert_same(xp.take(x, wg(np.array([[3, -2], [0, 1]], np.int32)), axis=1), np.take(h, [[3, -2], [0, 1]], axis=1))
    assert_same(xp.take(x, [7, -60]), np.take(h, [7, -60]))
    assert_same(xp.take(x[0, 0], wg(np.array([], np.int64))), h[0, 0][[]])


def test_take_modes():
    h = np.arange(12.0).reshape(3, 4)
    big = np.array([5, -7, 3, -1, 100])
    for mode in ("wrap", "clip"):
        assert_same(xp.take(wg(h), big, axis=1, mode=mode), np.take(h, big, axis=1, mode=mode))
        assert_same(xp.take(wg(h), wg(big.astype(np.int8)), axis=0, mode=mode), np.take(h, big, axis=0, mode=mode))
        assert_same(xp.take(wg(h), wg(big.astype(np.uint16) % 200), mode=mode),
                    np.take(h, big.astype(np.uint16) % 200, mode=mode))
    with pytest.raises(IndexError, match="out of bounds"):
        xp.take(wg(h), big, axis=1)
    with pytest.raises(ValueError, match="mode"):
        xp.take(wg(h), [0], mode="nope")
    with pytest.raises(IndexError, match="integer"):
        xp.take(wg(h), wg(np.array([1.0])))
    with pytest.raises(IndexError, match="empty"):
        xp.take(wg(np.zeros((2, 0))), [0], axis=1)


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float32", "complex128"])
def test_take_along_axis(dtype):
    h = data((3, 4, 5), dtype, seed=13)
    x = source(h, True)
    rng = np.random.default_rng(0)
    for axis in (0, 1, -1):
        n = h.shape[axis]
        shape = list(h.shape)
        shape[axis] = 6
        idx = rng.integers(-n, n, shape)
        assert_same(xp.take_along_axis(x, wg(idx), axis=axis), np.take_along_axis(h, idx, axis=axis))
        shape = [1] * 3
        shape[axis] = 2
        idx = rng.integers(-n, n, shape).astype(np.int32)  # broadcast against x
        exp = np.take_along_axis(h, np.broadcast_to(idx, h.shape[:axis % 3] + (2,) + h.shape[axis % 3 + 1:]), axis)
        assert_same(xp.take_along_axis(x, wg(idx), axis=axis), exp)
    assert_same(xp.take_along_axis(x, wg(np.zeros((3, 0, 5), np.int64)), axis=1), np.zeros((3, 0, 5), dtype))
    with pytest.raises(ValueError, match="same number of dimensions"):
        xp.take_along_axis(x, wg(np.zeros((3, 4), np.int64)))


# -- differential fuzzing --------------------------------------------------------------------------
@st.composite
def keys(draw):
    ndim = draw(st.integers(1, 4))
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=ndim, max_size=ndim)))
    key, dim = [], 0
    bshape = draw(st.sampled_from([(), (2,), (3, 1), (1,), (0,)]))
    while dim < ndim and len(key) < 6:
        n = shape[dim]
        kind = draw(st.sampled_from(["slice", "int", "array", "mask", "none", "stop"]))
        if kind == "stop":
            break
        if kind == "none":
            key.append(None)
            continue
        if kind == "slice":
            key.append(slice(draw(st.integers(-5, 5) | st.none()), draw(st.integers(-5, 5) | st.none()),
                             draw(st.sampled_from([None, 1, 2, -1, -3]))))
        elif kind == "int":
            if n == 0:
                break
            key.append(draw(st.integers(-n, n - 1)))
        elif kind == "array":
            if n == 0:
                break
            key.append(np.asarray(draw(st.lists(st.integers(-n, n - 1), min_size=int(np.prod(bshape)),
                                                max_size=int(np.prod(bshape))))).reshape(bshape).astype(np.int64))
        else:
            span = draw(st.integers(1, ndim - dim))
            mshape = shape[dim:dim + span]
            bits = draw(st.lists(st.booleans(), min_size=int(np.prod(mshape)), max_size=int(np.prod(mshape))))
            key.append(np.array(bits, dtype=bool).reshape(mshape))
            dim += span
            continue
        dim += 1
    if draw(st.booleans()):  # where the dims it stands for leave the other indices in place
        key.insert(draw(st.integers(0, len(key))) if dim == ndim else len(key), Ellipsis)
    return shape, tuple(key), draw(st.booleans()), draw(st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(keys())
def test_fuzz_getitem_setitem(case):
    shape, key, on_gpu, strided = case
    h = data(shape, np.float32, seed=3)
    wkey = tuple(wg(k) if on_gpu and isinstance(k, np.ndarray) else k for k in key)
    try:
        exp = h[key]
    except IndexError:
        with pytest.raises(IndexError):
            source(h, strided)[wkey]
        return
    assert_same(source(h, strided)[wkey], exp)
    x, g = source(h, strided), h.copy()
    value = -exp  # duplicate indices then write equal values (which one wins is unspecified)
    g[key] = value
    x[wkey] = wg(value)
    assert_same(x, g)


def test_host_syncs(monkeypatch):
    """A device mask costs exactly one read-back (its count); x[mask] = scalar costs none."""
    from wgarray._core.stream import stream_for

    h = data((50, 40), np.float64, seed=5)
    x = wg(h)
    m = x > 0
    stream = stream_for(x.device)
    reads = []
    download = stream.download
    monkeypatch.setattr(stream, "download", lambda *args: reads.append(args) or download(*args))
    y = x[m]
    assert len(reads) == 1
    z = x[:, m[0]]
    x[m] = 0.0
    x[m[:, 0], 1:3] = wg(np.array([1.0, 2.0]))
    x[wg(np.array([3, 1])), wg(np.array([[0], [5]]))] = wg(np.array([7.0, 8.0]))
    i = wg(np.array(-4))
    x[i, 1:3] = 5.0  # a 0-d integer index on the GPU is not read back for an assignment
    x[2, i] = x[0, 0]
    assert len(reads) == 2
    x[m] = y * 2  # the value has the count's length: one more read
    assert len(reads) == 3
    monkeypatch.undo()
    g = h.copy()
    g[h > 0] = 0.0
    g[(h > 0)[:, 0], 1:3] = [1.0, 2.0]
    g[[3, 1], [[0], [5]]] = [7.0, 8.0]
    g[-4, 1:3] = 5.0
    g[2, -4] = g[0, 0]
    with np.errstate(over="ignore"):
        g[h > 0] = h[h > 0] * 2
    assert_same(y, h[h > 0])
    assert_same(z, h[:, h[0] > 0])
    assert_same(x, g)
