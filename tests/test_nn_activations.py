"""wgarray.nn's softmax, log_softmax, layer_norm, gelu, silu and relu against NumPy references
written here (float64, math.erfc for gelu): every dim, several trailing dims, rows held in registers
and rows read again (long rows), views, special values, 0-d and empty inputs, bad input."""

import math

import numpy as np
import pytest

import wgarray as wg

rng = np.random.default_rng(16)
DTYPES = [np.float32, np.float64]


def normal(shape, dtype=np.float64):
    return rng.standard_normal(shape).astype(dtype)


def check(got, expected, dtype, tol32=2e-6, tol64=1e-14):
    got = np.asarray(got)
    assert got.dtype == dtype and got.shape == np.shape(expected)
    tol = tol32 if dtype == np.float32 else tol64
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


def softmax_ref(x, axis):
    x = np.asarray(x, np.float64)
    with np.errstate(invalid="ignore"):
        e = np.exp(x - x.max(axis, keepdims=True))
        return e / e.sum(axis, keepdims=True)


def log_softmax_ref(x, axis):
    x = np.asarray(x, np.float64)
    with np.errstate(invalid="ignore"):
        shifted = x - x.max(axis, keepdims=True)
        return shifted - np.log(np.exp(shifted).sum(axis, keepdims=True))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("dim", [0, 1, 2, -1, -3])
@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_every_dim(dtype, dim, op):
    x = normal((4, 33, 5), dtype) * 3
    ref = softmax_ref if op == "softmax" else log_softmax_ref
    check(getattr(wg.nn, op)(wg.asarray(x), dim), ref(x, dim), dtype, tol32=3e-6)


@pytest.mark.parametrize("n", [1, 3, 255, 1024, 4097, 9000])
@pytest.mark.parametrize("op", ["softmax", "log_softmax"])
def test_softmax_row_lengths(n, op):
    """Short rows, rows in registers, and rows longer than the registers hold (read again)."""
    x = normal((3, n), np.float32) * 4
    ref = softmax_ref if op == "softmax" else log_softmax_ref
    check(getattr(wg.nn, op)(x, -1), ref(x, -1), np.float32, tol32=4e-6)


def test_bound_layouts_are_forgotten_past_max_bound(monkeypatch):
    # what a call records is bound per device and layout; past MAX_BOUND layouts the cache
    # starts again, and every layout, bound or rebound, keeps its own kernel and parameters
    from wgarray._engines import nn_rows

    monkeypatch.setattr(nn_rows, "MAX_BOUND", 2)
    xs = [normal((3, n), np.float32) for n in (5, 8, 12, 5)]
    weight, bias = normal(12, np.float32), normal(12, np.float32)
    for _ in range(2):
        for x in xs:
            check(wg.nn.softmax(wg.asarray(x), -1), softmax_ref(x, -1), np.float32)
        check(wg.nn.layer_norm(wg.asarray(xs[2]), 12, wg.asarray(weight), wg.asarray(bias)),
              layer_norm_ref(xs[2], 1, weight, bias), np.float32, tol32=1e-5)
        check(wg.nn.log_softmax(wg.asarray(xs[1]).mT, 0), log_softmax_ref(xs[1].T, 0), np.float32)
    assert len(nn_rows._bound_plans(wg.asarray(xs[0])._data().device)) <= 2


def test_softmax_views_and_dtype_argument():
    base = normal((6, 10, 8))
    view = wg.asarray(base)[::2, ::-1].mT  # (3, 8, 10), strided
    check(wg.nn.softmax(view, 1), softmax_ref(base[::2, ::-1].transpose(0, 2, 1), 1), np.float64)
    check(wg.nn.softmax(wg.asarray(base), -1, dtype=wg.float32), softmax_ref(base.astype(np.float32), -1),
          np.float32)
    check(wg.nn.log_softmax(wg.asarray(base.astype(np.float32)), 0, dtype=np.float64),
          log_softmax_ref(base.astype(np.float32), 0), np.float64, tol64=1e-13)


def test_softmax_special_values():
    x = np.array([[1, np.nan, 2], [1, 2, 3], [-np.inf] * 3, [np.inf, 1, 2], [-np.inf, 0, 1]], np.float32)
    got = np.asarray(wg.nn.softmax(x, 1))
    assert np.isnan(got[[0, 2, 3]]).all()  # as PyTorch: NaN rows, all -inf rows, +inf entries
    check(got[[1, 4]], softmax_ref(x[[1, 4]], 1), np.float32)
    assert np.asarray(wg.nn.log_softmax(x, 1))[4, 0] == -np.inf


def test_softmax_0d_empty_and_implicit_dim():
    assert float(wg.nn.softmax(wg.asarray(np.float32(3.0)), 0)) == 1.0
    assert wg.nn.softmax(wg.asarray(np.zeros((0, 4), np.float32)), 1).shape == (0, 4)
    x = normal((2, 3, 4))
    with pytest.warns(UserWarning, match="Implicit dimension"):
        got = wg.nn.softmax(wg.asarray(x))
    check(got, softmax_ref(x, 0), np.float64)  # PyTorch's legacy choice for 3-d input: dim 0


def test_softmax_bad_input():
    with pytest.raises(IndexError, match="Dimension out of range"):
        wg.nn.softmax(wg.asarray(normal((2, 3))), 2)
    with pytest.raises(TypeError, match="int64"):
        wg.nn.softmax(wg.asarray(np.arange(4)), 0)


def layer_norm_ref(x, k, weight=None, bias=None, eps=1e-5):
    x = np.asarray(x, np.float64)
    axes = tuple(range(x.ndim - k, x.ndim))
    out = (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + eps)
    if weight is not None:
        out = out * weight
    return out + bias if bias is not None else out


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,normalized", [((4, 10), (10,)), ((3, 5, 7), (5, 7)), ((2, 3, 4, 5), (3, 4, 5)),
                                              ((6, 1100), 1100), ((3, 5000), (5000,)), ((7,), (7,))])
@pytest.mark.parametrize("affine", ["none", "weight", "both"])
def test_layer_norm(dtype, shape, normalized, affine):
    x = normal(shape, dtype) * 3 + 1
    ns = (normalized,) if isinstance(normalized, int) else normalized
    weight = normal(ns, dtype) if affine != "none" else None
    bias = normal(ns, dtype) if affine == "both" else None
    got = wg.nn.layer_norm(wg.asarray(x), normalized, None if weight is None else wg.asarray(weight),
                           None if bias is None else wg.asarray(bias), eps=1e-3)
    check(got, layer_norm_ref(x, len(ns), weight, bias, 1e-3), dtype, tol32=1e-5, tol64=1e-13)


def test_layer_norm_views():
    base = normal((5, 8, 6))
    x = wg.asarray(base).mT  # trailing dims that do not merge: normalised from a copy
    weight = wg.asarray(normal((12, 8)))[::2]  # a strided weight
    check(wg.nn.layer_norm(x, (6, 8), weight), layer_norm_ref(base.transpose(0, 2, 1), 2, np.asarray(weight)),
          np.float64, tol64=1e-13)
    check(wg.nn.layer_norm(x, (8,)), layer_norm_ref(base.transpose(0, 2, 1), 1), np.float64, tol64=1e-13)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("width,cols,start", [(12, 8, 0), (12, 8, 4), (10, 8, 0), (12, 8, 1), (9, 4, 0)])
def test_rows_in_words_and_elements(dtype, width, cols, start):
    """Rows read in vec4 words (contiguous, 4-aligned rows: widths 12 from column 0 or 4) and
    element by element (row strides or offsets not multiples of 4), with affine vectors of
    either kind, give the same results."""
    base = normal((6, width), dtype) * 3
    x = wg.asarray(base)[:, start:start + cols]
    ref_x = base[:, start:start + cols]
    check(wg.nn.softmax(x, -1), softmax_ref(ref_x, -1), dtype)
    check(wg.nn.log_softmax(x, 1), log_softmax_ref(ref_x, 1), dtype)
    affine = normal((2, 12), dtype)
    weight, bias = wg.asarray(affine)[0, start:start + cols], wg.asarray(affine)[1, :cols]
    expected = layer_norm_ref(ref_x, 1, affine[0, start:start + cols], affine[1, :cols])
    check(wg.nn.layer_norm(x, (cols,), weight, bias), expected, dtype, tol32=1e-5, tol64=1e-13)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n,start", [(256, 0), (1024, 0), (1024, 4), (512, 3)])
def test_full_rows(dtype, n, start):
    """Rows that fill every register word of every invocation (256 and 1024 elements, in vec4
    words from aligned starts; elements from an odd one), with special values, at an offset."""
    base = normal((5, n + 8), dtype) * 3
    base[1, 7], base[2, :] = np.nan, -np.inf
    base[3, 5] = np.inf
    x = wg.asarray(base)[:, start:start + n]
    ref_x = base[:, start:start + n]
    with np.errstate(invalid="ignore"):
        for op, ref in (("softmax", softmax_ref), ("log_softmax", log_softmax_ref)):
            got = np.asarray(getattr(wg.nn, op)(x, -1))
            assert np.isnan(got[1:4]).all() if op == "softmax" else np.isnan(got[1:3]).all()
            check(got[[0, 4]], ref(ref_x, -1)[[0, 4]], dtype, tol32=3e-6)
        affine = normal((2, n), dtype)
        got = np.asarray(wg.nn.layer_norm(x, (n,), wg.asarray(affine[0]), wg.asarray(affine[1])))
        assert np.isnan(got[1:4]).all()
        check(got[[0, 4]], layer_norm_ref(ref_x, 1, affine[0], affine[1])[[0, 4]], dtype, tol32=1e-5, tol64=1e-13)


def test_arrays_past_one_binding_raise_memory_error(monkeypatch):
    from wgarray._core.memory import pool_for
    monkeypatch.setattr(pool_for(wg.get_device()), "segment_bytes", 4096)
    x = wg.asarray(normal((4, 2048), np.float32))  # 32 KiB: storages of several buffers
    assert x._storage.segments is not None
    for call in (lambda: wg.nn.softmax(x, -1), lambda: wg.nn.layer_norm(x, (2048,))):
        with pytest.raises(MemoryError, match="more than one storage binding"):
            call()


def test_layer_norm_bad_input():
    x = wg.asarray(normal((3, 4)))
    with pytest.raises(RuntimeError, match="expected input with shape"):
        wg.nn.layer_norm(x, (5,))
    with pytest.raises(RuntimeError, match="weight"):
        wg.nn.layer_norm(x, (4,), wg.asarray(normal(3)))
    with pytest.raises(TypeError, match="int64"):
        wg.nn.layer_norm(wg.asarray(np.arange(4)), (4,))


SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, -1e-30, 40.0, -40.0, 88.0, -100.0]


def gelu_ref(x, approximate):
    x = np.asarray(x, np.float64)
    if approximate == "tanh":
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return np.array([0.5 * t * math.erfc(-t / math.sqrt(2)) if np.isfinite(t) else
                     (t if t > 0 else np.nan) for t in x.ravel()]).reshape(x.shape)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_gelu(dtype, approximate):
    x = np.concatenate([np.linspace(-12, 12, 2001), normal(500) * 3]).astype(dtype)
    got = np.asarray(wg.nn.gelu(wg.asarray(x), approximate=approximate))
    # relative where the result is tiny (the negative tail): x / sqrt 2 rounds before erfc
    check(got, gelu_ref(x, approximate), dtype, tol32=2e-5, tol64=1e-12)
    with np.errstate(invalid="ignore", over="ignore"):
        special = np.asarray(wg.nn.gelu(wg.asarray(np.array(SPECIAL, dtype)), approximate=approximate))
    assert np.isnan(special[0]) and special[1] == np.inf and np.isnan(special[2])
    assert special[3] == 0 and special[7] == 40 and special[9] == 88 and special[10] == 0


def test_gelu_float32_relative_accuracy():
    """float32's own exact gelu (erf's series below |x / sqrt 2| = 0.84375, one erfc fit beyond),
    relative to float64 gelu of the same inputs: as close as fdlibm's erfc in float32 was."""
    x = np.concatenate([np.linspace(-3, 3, 20001), [-1.1932, -1.1933, 1.1932, 1.1933]]).astype(np.float32)
    got = np.asarray(wg.nn.gelu(wg.asarray(x))).astype(np.float64)
    ref = gelu_ref(x, "none")
    small = np.abs(x) < 1
    assert np.max(np.abs(got - ref)[small] / np.maximum(np.abs(ref[small]), 1e-30)) < 3e-7
    assert np.max(np.abs(got - ref) / np.maximum(np.abs(ref), 1e-30)) < 1.5e-6


def test_gelu_bad_input():
    with pytest.raises(RuntimeError, match="approximate"):
        wg.nn.gelu(wg.asarray(normal(3)), approximate="erf")
    with pytest.raises(TypeError):
        wg.nn.gelu(wg.asarray(np.arange(3)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_silu(dtype):
    x = np.concatenate([np.linspace(-100, 100, 1001), SPECIAL]).astype(dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        # e^-x rounded to the dtype first: past float32's range it is inf and the result -0.0, as PyTorch's
        expected = x.astype(np.float64) / (1 + np.exp(-x.astype(np.float64)).astype(dtype).astype(np.float64))
    got = np.asarray(wg.nn.silu(wg.asarray(x)))
    np.testing.assert_allclose(got, expected, rtol=3e-7 if dtype == np.float32 else 1e-15, atol=0)
    view = wg.asarray(x)[::-3]
    np.testing.assert_array_equal(np.asarray(wg.nn.silu(view)), got[::-3])


@pytest.mark.parametrize("dtype", DTYPES + [np.int32, np.int64, np.int8, np.uint8])
def test_relu(dtype):
    x = (normal(300) * 50).astype(dtype) if np.dtype(dtype).kind != "u" else np.arange(256, dtype=dtype)
    got = np.asarray(wg.nn.relu(wg.asarray(x)))
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, np.where(x > 0, x, 0).astype(dtype))
    inplace = wg.asarray(x)
    assert wg.nn.relu(inplace, inplace=True) is inplace
    np.testing.assert_array_equal(np.asarray(inplace), got)


def test_relu_special_and_bad():
    got = np.asarray(wg.nn.relu(wg.asarray(np.array([np.nan, -0.0, -np.inf, np.inf]))))
    assert np.isnan(got[0]) and got[1] == 0 and not np.signbit(got[1]) and got[2] == 0 and got[3] == np.inf
    with pytest.raises(TypeError):
        wg.nn.relu(wg.asarray(np.array([True, False])))
    assert wg.nn.relu(wg.asarray(np.zeros((0, 3), np.float32))).shape == (0, 3)
