"""Manipulation functions, differentially against NumPy."""

import numpy as np
import pytest

import wgarray as xp
from wgarray._core import dtypes as dt
from wgarray._array import Array



def A(a):
    # Array._from_numpy turns 0-d input into shape (1,) (np.ascontiguousarray); reshape back.
    x = Array._from_numpy(a)
    return x if x.shape == a.shape else x._with_view(x._view.reshape(a.shape))

DTYPES = [d for d in dt.ALL_DTYPES if d in dt.supported_dtypes(xp.get_device())]


def host(shape, dtype, seed=0):
    """Distinct-ish values of dtype, with specials for floats (nan, inf, -0.0)."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    kind = dt.kind(np.dtype(dtype))
    if kind == "bool":
        a = rng.integers(0, 2, n).astype(bool)
    elif kind in ("int", "uint"):
        info = np.iinfo(dtype)
        a = rng.integers(max(info.min, -1000), min(info.max, 1000), n, endpoint=True).astype(dtype)
        if n >= 2:
            a[:2] = info.min, info.max
    else:
        a = rng.standard_normal(n).astype(dtype)
        if kind == "complex":
            a = a + 1j * rng.standard_normal(n).astype(dtype)
        for i, v in enumerate((np.nan, np.inf, -0.0)[:n]):
            a[i] = v
    return a.reshape(shape)


def check(out, expected):
    assert isinstance(out, Array)
    assert out.dtype == expected.dtype, (out.dtype, expected.dtype)
    assert out.shape == expected.shape, (out.shape, expected.shape)
    got = out._to_numpy()
    np.testing.assert_array_equal(got, expected)
    if expected.dtype.kind == "f":  # -0.0 must survive copies
        assert np.array_equal(np.signbit(got), np.signbit(expected))


def views(a):
    """(wgarray, numpy) pairs: contiguous, transposed and negative-step views of the same data."""
    x = A(a)
    yield x, a
    yield x.mT, np.swapaxes(a, -1, -2)
    yield x[::-1, ..., ::-2], a[::-1, ..., ::-2]


# -- every dtype, through the copying functions ------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_copies_all_dtypes(dtype):
    a = host((3, 4, 5), dtype)
    for x, e in views(a):
        check(xp.concat([x, x[:1]], axis=0), np.concatenate([e, e[:1]], axis=0))
        check(xp.concat([x, x], axis=-1), np.concatenate([e, e], axis=-1))
        check(xp.concat([x, x[1:]], axis=None), np.concatenate([e, e[1:]], axis=None))
        check(xp.stack([x, x], axis=1), np.stack([e, e], axis=1))
        check(xp.tile(x, (2, 1, 3)), np.tile(e, (2, 1, 3)))
        check(xp.repeat(x, 2, axis=1), np.repeat(e, 2, axis=1))
        check(xp.repeat(x, 3), np.repeat(e, 3))
        check(xp.roll(x, (1, -7), axis=(0, 2)), np.roll(e, (1, -7), axis=(0, 2)))
        check(xp.roll(x, 11), np.roll(e, 11))
        check(xp.reshape(x, (-1, 6)), np.reshape(e, (-1, 6)))
        check(xp.flip(x, axis=(0, 2)), np.flip(e, axis=(0, 2)))


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_views_all_dtypes(dtype):
    a = host((2, 1, 3), dtype, seed=1)
    for x, e in views(a):
        check(xp.permute_dims(x, (2, 0, 1)), np.transpose(e, (2, 0, 1)))
        check(xp.moveaxis(x, 0, -1), np.moveaxis(e, 0, -1))
        check(xp.expand_dims(x, axis=(0, -1)), np.expand_dims(e, (0, -1)))
        one = e.shape.index(1)
        check(xp.squeeze(x, axis=one), np.squeeze(e, axis=one))
        check(xp.flip(x), np.flip(e))
        target = (4,) + tuple(5 if n == 1 else n for n in e.shape)
        check(xp.broadcast_to(x, target), np.broadcast_to(e, target))
        for u, f in zip(xp.unstack(x, axis=2), [e[:, :, i] for i in range(e.shape[2])]):
            check(u, f)


# -- promotion ----------------------------------------------------------------------------------
@pytest.mark.parametrize("d1,d2", [("bool", "int8"), ("int8", "uint8"), ("uint16", "int32"), ("int64", "uint64"),
                                   ("float32", "int16"), ("float32", "complex64"), ("uint8", "float64"),
                                   ("complex64", "float64")])
def test_concat_stack_promote(d1, d2):
    a, b = host((2, 3), d1), host((2, 3), d2, seed=2)
    check(xp.concat([A(a), A(b)], axis=1), np.concatenate([a, b], axis=1))
    check(xp.stack([A(a), A(b)]), np.stack([a, b]))


# -- 0-d and empty ------------------------------------------------------------------------------
def test_zero_d():
    a = np.array(7.5)
    x = A(a)
    check(xp.reshape(x, (1, 1)), a.reshape(1, 1))
    check(xp.reshape(A(np.ones((1, 1))), ()), np.ones((1, 1)).reshape(()))
    check(xp.expand_dims(x, axis=0), np.expand_dims(a, 0))
    check(xp.flip(x), np.flip(a))
    check(xp.roll(x, 3), np.roll(a, 3))
    check(xp.tile(x, (2, 3)), np.tile(a, (2, 3)))
    check(xp.repeat(x, 3), np.repeat(a, 3))
    check(xp.stack([x, x]), np.stack([a, a]))
    check(xp.concat([x, x], axis=None), np.concatenate([a, a], axis=None))
    check(xp.broadcast_to(x, (2, 2)), np.broadcast_to(a, (2, 2)))
    check(xp.squeeze(x, ()), a)
    check(xp.permute_dims(x, ()), a)
    with pytest.raises(ValueError, match="zero-dimensional"):
        xp.concat([x, x])


def test_empty():
    a = np.zeros((0, 3), np.float32)
    b = host((2, 3), np.float32)
    x = A(a)
    check(xp.concat([x, A(b)]), np.concatenate([a, b]))
    check(xp.concat([x, x], axis=1), np.concatenate([a, a], axis=1))
    check(xp.reshape(x, (3, 0, 5)), a.reshape(3, 0, 5))
    check(xp.reshape(x, (-1, 7)), a.reshape(-1, 7))
    check(xp.roll(x, 2, axis=0), np.roll(a, 2, axis=0))
    check(xp.roll(x, 2), np.roll(a, 2))
    check(xp.flip(x), np.flip(a))
    check(xp.tile(x, (2, 2)), np.tile(a, (2, 2)))
    check(xp.tile(A(b), (0, 1)), np.tile(b, (0, 1)))
    check(xp.repeat(x, 4, axis=1), np.repeat(a, 4, axis=1))
    check(xp.repeat(A(b), 0, axis=1), np.repeat(b, 0, axis=1))
    check(xp.stack([x, x], axis=2), np.stack([a, a], axis=2))
    assert xp.unstack(x) == ()
    with pytest.raises(ValueError, match="cannot reshape array of size 0"):
        xp.reshape(x, (-1, 0))


# -- repeat with arrays, roll details, tile shapes ----------------------------------------------------
def test_repeat_array_counts():
    a = host((3, 4), np.int32)
    for counts in ([1, 0, 2, 2], [3], [0, 0, 0, 0]):
        for rdt in (np.int8, np.int64, np.uint32):
            r = np.array(counts, rdt)
            check(xp.repeat(A(a), A(r), axis=1), np.repeat(a, r, axis=1))
            check(xp.repeat(A(a), counts, axis=-1), np.repeat(a, counts, axis=-1))
    check(xp.repeat(A(a), A(np.arange(12)), axis=None), np.repeat(a, np.arange(12)))
    with pytest.raises(ValueError, match="negative"):
        xp.repeat(A(a), A(np.array([1, -1, 1, 1])), axis=1)
    with pytest.raises(ValueError, match="negative"):
        xp.repeat(A(a), -1)
    with pytest.raises(ValueError):
        xp.repeat(A(a), A(np.array([1, 2])), axis=1)
    with pytest.raises(TypeError, match="integer"):
        xp.repeat(A(a), A(np.array([1.0, 2.0, 1.0, 1.0])), axis=1)


def test_roll_variants():
    a = host((4, 5), np.int16)
    x = A(a)
    for shift, axis in [(0, None), (-3, None), (100, 1), ((1, 2), (0, 0)), ((2,), (1,)), (3, (0, 1)), ((1, -1), 1)]:
        check(xp.roll(x, shift, axis=axis), np.roll(a, shift, axis=axis))
    with pytest.raises(ValueError):
        xp.roll(x, (1, 2, 3), axis=(0, 1))


def test_tile_shapes():
    a = host((2, 3), np.uint8)
    for reps in [(2,), (1, 1), (3, 2, 2), (2, 1, 1, 1), 3]:
        check(xp.tile(A(a), reps), np.tile(a, reps))
    check(xp.tile(A(a)[::-1, ::2], (2, 2)), np.tile(a[::-1, ::2], (2, 2)))


# -- reshape views and copies ---------------------------------------------------------------------
def test_reshape_view_or_copy():
    a = host((4, 6), np.float32)
    x = A(a)
    v = xp.reshape(x, (2, 2, 6))
    assert v._storage is x._storage
    t = x.mT  # (6, 4) transposed: flattening needs a copy
    with pytest.raises(ValueError, match="copy"):
        xp.reshape(t, (24,), copy=False)
    c = xp.reshape(t, (24,))
    assert c._storage is not x._storage
    check(c, a.T.reshape(24))
    assert xp.reshape(x[:, 1:3], (4, 2, 1), copy=False)._storage is x._storage  # strides allow it
    c2 = xp.reshape(x, (24,), copy=True)
    assert c2._storage is not x._storage
    check(c2, a.reshape(24))
    check(x.reshape(3, 8), a.reshape(3, 8))
    check(x.flatten(), a.flatten())
    check(xp.ravel(t), np.ravel(a.T))
    check(xp.ravel(t, order="F"), np.ravel(a.T, order="F"))
    check(xp.ravel(t, order="K"), np.ravel(a.T, order="K"))  # NumPy's orders: wgarray/_numpy/functions.py
    with pytest.raises(ValueError, match="cannot reshape array of size 24 into shape"):
        xp.reshape(x, (5, 5))
    with pytest.raises(ValueError, match="cannot reshape array of size 24 into shape"):
        xp.reshape(x, (-1, 5))
    with pytest.raises(ValueError, match="one unknown dimension"):
        xp.reshape(x, (-1, -1))
    with pytest.raises(ValueError, match="negative"):
        xp.reshape(x, (-2, -12))
    with pytest.raises(TypeError):
        xp.reshape(x, (2.0, 12))


@pytest.mark.parametrize("shape", [(4, 4), (4,), (4, -1), (), (2, 2, 2)])
def test_reshape_error_message_is_numpys(shape):
    """Users print these: the shape is written as NumPy writes it, `(4,4)`, `(4,)`, `(4,newaxis)`."""
    with pytest.raises(ValueError) as expected:
        np.arange(6).reshape(shape)
    with pytest.raises(ValueError) as got:
        xp.arange(6).reshape(shape)
    assert str(got.value) == str(expected.value)


# -- views share memory --------------------------------------------------------------------------------
def test_views_share_memory():
    a = host((2, 3, 4), np.float64)
    x = A(a)
    made = {
        "permute_dims": (xp.permute_dims(x, (1, 2, 0)), lambda e: np.transpose(e, (1, 2, 0))),
        "flip": (xp.flip(x, axis=1), lambda e: np.flip(e, axis=1)),
        "expand_dims": (xp.expand_dims(x, axis=1), lambda e: np.expand_dims(e, 1)),
        "squeeze": (xp.squeeze(xp.expand_dims(x, axis=0), axis=0), lambda e: e),
        "moveaxis": (xp.moveaxis(x, -1, 0), lambda e: np.moveaxis(e, -1, 0)),
        "reshape": (xp.reshape(x, (6, 4)), lambda e: e.reshape(6, 4)),
        "broadcast_to": (xp.broadcast_to(x, (2, 2, 3, 4)), lambda e: np.broadcast_to(e, (2, 2, 3, 4))),
        "unstack": (xp.unstack(x, axis=1)[2], lambda e: e[:, 2]),
        "swapaxes": (xp.swapaxes(x, 0, 2), lambda e: np.swapaxes(e, 0, 2)),
    }
    x[0, 1, :] = 42.0
    x[1, :, ::3] = -1.0
    e = a.copy()
    e[0, 1, :] = 42.0
    e[1, :, ::3] = -1.0
    for name, (v, f) in made.items():
        assert v._storage is x._storage, name
        check(v, f(e))
    # and writing through a view shows in the original
    fv = made["flip"][0]
    fv[0, 0, 0] = 9.0
    assert x._to_numpy()[0, 2, 0] == 9.0


def test_broadcast_read_only():
    x = A(host((3, 1), np.int32))
    b = xp.broadcast_to(x, (2, 3, 4))
    with pytest.raises(ValueError, match="read-only"):
        b[0, 0, 0] = 1
    p, q = xp.broadcast_arrays(x, A(host((1, 5), np.float32)))
    assert isinstance(xp.broadcast_arrays(x), tuple)
    assert p.shape == q.shape == (3, 5)
    check(p, np.broadcast_to(x._to_numpy(), (3, 5)))
    with pytest.raises(ValueError):
        xp.broadcast_to(x, (4, 1))
    with pytest.raises(ValueError):
        xp.broadcast_to(x, (1,))
    with pytest.raises(ValueError):
        xp.broadcast_to(x, (-1, 3, 1))
    assert xp.broadcast_shapes((3, 1), (1, 4), ()) == (3, 4)
    assert xp.broadcast_shapes() == ()
    with pytest.raises(ValueError):
        xp.broadcast_shapes((3,), (4,))


# -- bad input ---------------------------------------------------------------------------------------------
def test_axis_errors():
    x = A(host((2, 1, 3), np.float32))
    bad = [
        lambda: xp.expand_dims(x, axis=4),
        lambda: xp.expand_dims(x, axis=-5),
        lambda: xp.flip(x, axis=3),
        lambda: xp.squeeze(x, axis=-4),
        lambda: xp.permute_dims(x, (0, 1, 3)),
        lambda: xp.moveaxis(x, 3, 0),
        lambda: xp.concat([x, x], axis=3),
        lambda: xp.stack([x, x], axis=4),
        lambda: xp.unstack(x, axis=3),
        lambda: xp.roll(x, 1, axis=3),
        lambda: xp.repeat(x, 2, axis=-4),
    ]
    for f in bad:
        with pytest.raises(IndexError, match="out of bounds") as info:
            f()
        assert isinstance(info.value, ValueError)  # NumPy's AxisError is both
        assert isinstance(info.value, np.exceptions.AxisError)


def test_bad_input():
    x = A(host((2, 1, 3), np.float32))
    with pytest.raises(ValueError, match="size not equal to one"):
        xp.squeeze(x, axis=0)
    with pytest.raises(ValueError, match="repeated axis"):
        xp.expand_dims(x, axis=(0, 0))
    with pytest.raises(ValueError, match="repeated axis"):
        xp.flip(x, axis=(0, -3))
    with pytest.raises(ValueError, match="axes don't match"):
        xp.permute_dims(x, (0, 1))
    with pytest.raises(ValueError, match="repeated axis"):
        xp.permute_dims(x, (0, 1, 1))
    with pytest.raises(ValueError, match="same number of elements"):
        xp.moveaxis(x, (0, 1), (0,))
    with pytest.raises(ValueError, match="same shape"):
        xp.stack([x, x[:1]])
    with pytest.raises(ValueError, match="at least one array"):
        xp.concat([])
    with pytest.raises(ValueError, match="along dimension 2"):
        xp.concat([x, x[..., :2]], axis=0)
    with pytest.raises(ValueError, match="same number of dimensions"):
        xp.concat([x, x[0]])
    with pytest.raises(TypeError, match="axis must be an integer"):
        xp.flip(x, axis=1.0)
    with pytest.raises(ValueError):
        xp.tile(x, (-1,))


def test_expand_dims_tuples():
    a = host((2, 3), np.int64)
    for axes in [(0,), (0, 1), (-1, 0), (3, 1), (0, 2, 4), (-4, -1)]:
        check(xp.expand_dims(A(a), axis=axes), np.expand_dims(a, axes))
    check(xp.expand_dims(A(a), 1), np.expand_dims(a, 1))


# -- NumPy aliases --------------------------------------------------------------------------------------
def test_numpy_aliases():
    a, b = host((2, 3), np.int32), host((3,), np.int32, seed=3)
    x, y = A(a), A(b)
    check(xp.concatenate([x, x], axis=1), np.concatenate([a, a], axis=1))
    check(xp.concatenate([x, x], dtype=np.float32), np.concatenate([a, a], dtype=np.float32))
    check(xp.transpose(x), np.transpose(a))
    check(x.transpose(), a.transpose())
    check(x.T, a.T)
    check(xp.vstack([x, y]), np.vstack([a, b]))
    check(xp.hstack([y, y]), np.hstack([b, b]))
    check(xp.hstack([x, x]), np.hstack([a, a]))
    check(xp.dstack([x, x]), np.dstack([a, a]))
    check(xp.column_stack([y, y]), np.column_stack([b, b]))
    check(xp.atleast_1d(A(np.array(3))), np.atleast_1d(np.array(3)))
    check(xp.atleast_2d(y), np.atleast_2d(b))
    check(xp.atleast_3d(y), np.atleast_3d(b))
    check(xp.atleast_3d(x), np.atleast_3d(a))
    check(xp.fliplr(x), np.fliplr(a))
    check(xp.flipud(x), np.flipud(a))
    for got, exp in zip(xp.array_split(y, 2), np.array_split(b, 2)):
        check(got, exp)
    for got, exp in zip(xp.split(x, [1, 2], axis=1), np.split(a, [1, 2], axis=1)):
        check(got, exp)
    with pytest.raises(ValueError, match="equal division"):
        xp.split(y, 2)
    check(xp.append(x, y), np.append(a, b))
    check(xp.append(x, x, axis=1), np.append(a, a, axis=1))
    check(xp.concat([a, a]), np.concatenate([a, a]))  # NumPy input is uploaded
    check(x.squeeze(), a.squeeze())
