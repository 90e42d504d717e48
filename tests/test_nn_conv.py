"""wgarray.nn.conv1d/2d/3d against a NumPy reference (a sum over the kernel taps, in float64): every
argument, both kernels (implicit GEMM in each tiling, direct), views, unbatched inputs, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wa
from wgarray import nn
from wgarray._engines import conv as conv_engine
from wgarray._engines.conv_source import BIG, F64_BIG, F64_MID, HALF, MID, NARROW

RNG = np.random.default_rng(15)
CONVS = {1: nn.conv1d, 2: nn.conv2d, 3: nn.conv3d}


def ref_conv(x, w, b=None, stride=1, padding=0, dilation=1, groups=1):
    """torch's conv in float64 NumPy: zero-pad (padding: per dim (before, after)), then add up one
    strided, dilated slice of the input per kernel tap."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    nd = x.ndim - 2
    stride, dilation = _dims(stride, nd), _dims(dilation, nd)
    if not isinstance(padding, list):
        padding = [(p, p) for p in _dims(padding, nd)]
    xp = np.pad(x, [(0, 0), (0, 0)] + padding)
    k = w.shape[2:]
    outs = [(xp.shape[2 + d] - dilation[d] * (k[d] - 1) - 1) // stride[d] + 1 for d in range(nd)]
    out = np.zeros((x.shape[0], w.shape[0], *outs))
    cg, og = x.shape[1] // groups, w.shape[0] // groups
    for tap in np.ndindex(*k):
        window = tuple(slice(tap[d] * dilation[d], tap[d] * dilation[d] + stride[d] * (outs[d] - 1) + 1, stride[d])
                       for d in range(nd))
        patch = xp[(slice(None), slice(None)) + window]
        for g in range(groups):
            taps = w[(slice(g * og, (g + 1) * og), slice(None), *tap)]
            out[:, g * og:(g + 1) * og] += np.einsum("nc...,oc->no...", patch[:, g * cg:(g + 1) * cg], taps)
    if b is not None:
        out += b.astype(np.float64).reshape((1, -1) + (1,) * nd)
    return out


def _dims(v, nd):
    return (v,) * nd if isinstance(v, int) else tuple(v)


def close(got, expected, dtype):
    got = np.asarray(got)
    assert got.dtype == dtype and got.shape == expected.shape, (got.dtype, got.shape, expected.shape)
    tol = 2e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * max(1.0, np.abs(expected).max()))


def data(shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


@pytest.fixture
def force():
    yield conv_engine._FORCE
    conv_engine._FORCE.clear()


# (nd, N, C, spatial, O, kernel, stride, padding, dilation, groups)
CASES = [
    (1, 2, 3, (17,), 8, (3,), 1, 0, 1, 1),
    (1, 2, 4, (20,), 6, (4,), 3, 2, 2, 2),
    (2, 2, 3, (9, 11), 8, (3, 3), 1, 1, 1, 1),
    (2, 1, 4, (10, 9), 32, (3, 2), (2, 1), (1, 0), (1, 2), 1),
    (2, 2, 8, (9, 11), 64, (3, 3), 1, 2, 2, 2),
    (2, 2, 6, (7, 8), 6, (3, 3), 2, 1, 1, 6),  # depthwise
    (2, 1, 4, (7, 8), 12, (3, 3), 1, 1, 1, 4),  # depthwise, multiplier 3
    (3, 2, 4, (5, 6, 7), 16, (3, 2, 3), (1, 2, 1), (1, 0, 1), 1, 2),
    (3, 1, 2, (6, 5, 6), 4, (2, 3, 3), 2, 1, (2, 1, 1), 1),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}d-{c[4]}out-g{c[-1]}")
@pytest.mark.parametrize("with_bias", [True, False])
def test_conv_matches_reference(case, with_bias):
    nd, n, c, spatial, o, kernel, stride, padding, dilation, groups = case
    x, w = data((n, c, *spatial)), data((o, c // groups, *kernel))
    b = data(o) if with_bias else None
    got = CONVS[nd](wa.asarray(x), wa.asarray(w), None if b is None else wa.asarray(b), stride, padding,
                    dilation, groups)
    close(got, ref_conv(x, w, b, stride, padding, dilation, groups), np.float32)


@pytest.mark.parametrize("kernel,tiling", [("gemm", BIG), ("gemm", MID), ("gemm", NARROW), ("gemm", HALF),
                                           ("direct", None)])
def test_every_float32_kernel(force, kernel, tiling):
    x, w, b = data((2, 6, 9, 10)), data((20, 3, 3, 2)), data(20)
    force["kernel"] = kernel
    if tiling is not None:
        force["tiling"] = tiling
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), stride=(2, 1), padding=(1, 2), dilation=(1, 2),
                    groups=2)
    close(got, ref_conv(x, w, b, (2, 1), (1, 2), (1, 2), 2), np.float32)


@pytest.mark.parametrize("window", [True, False])
@pytest.mark.parametrize("x_shape,w_shape,stride,padding,dilation", [
    ((2, 6, 9, 11), (6, 1, 3, 3), 1, 1, 1),  # depthwise, a ragged last quad
    ((1, 4, 5, 7), (4, 1, 2, 5), (2, 1), (0, 2), (2, 1)),  # stride and dilation along H only
    ((2, 4, 3, 6), (8, 2, 1, 1), 1, 0, 1),  # 1x1, two outputs a group
    ((1, 3, 4, 9), (3, 1, 3, 4), 1, (1, 3), 1),  # even width, padding past the kernel
])
def test_direct_kernel_window(force, window, x_shape, w_shape, stride, padding, dilation, dtype=np.float32):
    """The direct kernel of VW outputs along the last axis (not the column kernel, which
    test_nn_conv_paths.py tests), with and without its window of inputs in registers (last axis of
    stride and dilation 1), on a strided view of the input."""
    x, w, b = data((x_shape[0], x_shape[1], x_shape[2], 2 * x_shape[3])), data(w_shape), data(w_shape[0])
    groups = x_shape[1] // w_shape[1]
    force.update(kernel="direct", window=window, column=False)
    got = nn.conv2d(wa.asarray(x)[..., ::2], wa.asarray(w), wa.asarray(b), stride=stride, padding=padding,
                    dilation=dilation, groups=groups)
    close(got, ref_conv(x[..., ::2], w, b, stride, padding, dilation, groups), np.float32)


@pytest.mark.parametrize("kernel,tiling", [("gemm", F64_BIG), ("gemm", F64_MID), ("direct", None)])
def test_every_float64_kernel(force, kernel, tiling):
    x, w, b = data((2, 4, 7, 9), np.float64), data((70, 4, 3, 3), np.float64), data(70, np.float64)
    force["kernel"] = kernel
    if tiling is not None:
        force["tiling"] = tiling
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), padding=1)
    close(got, ref_conv(x, w, b, 1, 1), np.float64)


def test_large_tiles_with_ragged_edges():
    """128 x 128 tiles over positions that end mid-tile, and more channels than one tile."""
    x, w = data((1, 8, 13, 12)), data((136, 8, 3, 3))
    close(nn.conv2d(wa.asarray(x), wa.asarray(w), padding=1), ref_conv(x, w, None, 1, 1), np.float32)


@pytest.mark.parametrize("nd,kernel,dilation", [(1, (4,), 1), (2, (2, 4), (1, 2)), (2, (3, 3), 2), (3, (2, 3, 2), 1)])
def test_same_padding_even_kernels(nd, kernel, dilation):
    """'same' keeps the input's size; an even extent pads the extra element after, as torch."""
    spatial = (9, 8, 7)[:nd]
    x, w = data((2, 3, *spatial)), data((5, 3, *kernel))
    got = CONVS[nd](wa.asarray(x), wa.asarray(w), padding="same", dilation=dilation)
    total = [d * (k - 1) for d, k in zip(_dims(dilation, nd), kernel)]
    close(got, ref_conv(x, w, None, 1, [(t // 2, t - t // 2) for t in total], dilation), np.float32)
    assert got.shape[2:] == spatial


def test_valid_padding():
    x, w = data((1, 2, 8, 8)), data((3, 2, 3, 3))
    close(nn.conv2d(x, w, padding="valid"), ref_conv(x, w), np.float32)


def test_unbatched_input():
    x, w, b = data((3, 8, 9)), data((4, 3, 3, 3)), data(4)
    got = nn.conv2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), padding=1)
    close(got, ref_conv(x[None], w, b, 1, 1)[0], np.float32)
    x1 = data((3, 10))
    close(nn.conv1d(x1, data((2, 3, 3)) * 0 + 1), ref_conv(x1[None], np.ones((2, 3, 3), np.float32))[0], np.float32)


def test_views_as_inputs():
    """Inputs of any strides: a transposed, sliced and reversed input, a non-contiguous weight and bias."""
    base, wbase, bbase = data((2, 11, 3, 12)), data((3, 3, 6, 2)), data(12)
    x = base.transpose(0, 2, 1, 3)[:, :, 1::2, ::-1]
    w = wbase.transpose(2, 0, 3, 1)[::2]
    b = bbase[::4]
    got = nn.conv2d(wa.permute_dims(wa.asarray(base), (0, 2, 1, 3))[:, :, 1::2, ::-1],
                    wa.permute_dims(wa.asarray(wbase), (2, 0, 3, 1))[::2], wa.asarray(bbase)[::4], padding=1)
    close(got, ref_conv(x, w, b, 1, 1), np.float32)


def test_host_inputs_and_float64():
    x, w = data((2, 3, 6, 6), np.float64), data((4, 3, 2, 2), np.float64)
    close(nn.conv2d(x, w, stride=2), ref_conv(x, w, None, 2), np.float64)


def test_empty_batch_and_no_channels():
    out = nn.conv2d(wa.zeros((0, 3, 5, 5), dtype=wa.float32), wa.ones((4, 3, 3, 3), dtype=wa.float32))
    assert out.shape == (0, 4, 3, 3)
    b = data(4)
    out = nn.conv2d(wa.zeros((2, 0, 5, 5), dtype=wa.float32), wa.ones((4, 0, 3, 3), dtype=wa.float32), b)
    np.testing.assert_array_equal(np.asarray(out), np.broadcast_to(b[None, :, None, None], (2, 4, 3, 3)))


def test_special_values_propagate():
    x, w = data((1, 2, 5, 5)), data((16, 2, 3, 3))
    x[0, 1, 2, 2] = np.nan
    got = np.asarray(nn.conv2d(x, w))
    assert np.isnan(got[0, :, :3, :3]).all()


BAD = [
    (dict(x=(3, 5), w=(2, 3, 3)), RuntimeError, "Expected 3D \\(unbatched\\) or 4D \\(batched\\) input to conv2d"),
    (dict(w=(2, 3, 3)), RuntimeError, "Expected 3-dimensional input for 3-dimensional weight"),
    (dict(w=(2, 4, 3, 3)), RuntimeError, "expected input\\[1, 3, 8, 8\\] to have 4 channels, but got 3"),
    (dict(w=(3, 1, 3, 3), groups=2, x=(1, 2, 8, 8)), RuntimeError, "expected weight to be divisible by 2"),
    (dict(w=(1, 1, 3, 3), groups=2, x=(1, 2, 8, 8)), RuntimeError, "expected weight to be at least 2"),
    (dict(groups=0), RuntimeError, "non-positive groups is not supported"),
    (dict(stride=0), RuntimeError, "non-positive stride is not supported"),
    (dict(dilation=0), RuntimeError, "dilation should be greater than zero"),
    (dict(padding=-1), RuntimeError, "negative padding is not supported"),
    (dict(padding="full"), ValueError, "Invalid padding string: 'full'"),
    (dict(padding="same", stride=2), RuntimeError, "padding='same' is not supported for strided convolutions"),
    (dict(stride=(1, 1, 1)), RuntimeError, "expected stride to be a single integer value or a list of 2 values"),
    (dict(w=(2, 3, 9, 9)), RuntimeError, "Kernel size can't be greater than actual input size"),
    (dict(bias=(3,)), RuntimeError, "expected bias to be 1-dimensional with 2 elements"),
    (dict(stride=1.5), TypeError, "argument 'stride'"),
]


@pytest.mark.parametrize("bad,error,match", BAD, ids=[m[:30] for _, _, m in BAD])
def test_bad_arguments(bad, error, match):
    args = dict(x=(1, 3, 8, 8), w=(2, 3, 3, 3), bias=None, stride=1, padding=0, dilation=1, groups=1)
    args.update(bad)
    x, w = data(args.pop("x")), data(args.pop("w"))
    bias = args.pop("bias")
    with pytest.raises(error, match=match):
        nn.conv2d(x, w, None if bias is None else data(bias), **args)


def test_bad_padding_string_is_also_a_runtime_error():
    with pytest.raises(RuntimeError):
        nn.conv1d(data((1, 2, 5)), data((1, 2, 3)), padding="full")


def test_bad_dtypes():
    x, w = data((1, 2, 5, 5)), data((1, 2, 3, 3))
    with pytest.raises(RuntimeError, match="should be the same"):  # float16 input, float32 weight
        nn.conv2d(x.astype(np.float16), w)
    with pytest.raises(TypeError, match="float32 and float64"):
        nn.conv2d(x.astype(np.int32), w.astype(np.int32))
    with pytest.raises(RuntimeError, match="should be the same"):
        nn.conv2d(x, w.astype(np.float64))
    with pytest.raises(RuntimeError, match="bias type"):
        nn.conv2d(x, w, np.zeros(1))
