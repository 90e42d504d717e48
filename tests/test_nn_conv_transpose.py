"""wgarray.nn.conv_transpose1d/2d/3d against a NumPy reference (the scatter form, in float64): every
argument, both kernels, unbatched inputs, views, bad input."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wa
from wgarray import nn
from wgarray._engines import conv as conv_engine
from wgarray._engines.conv_source import BIG, F64_MID, MID, NARROW
from test_nn_conv import close, data

TRANSPOSED = {1: nn.conv_transpose1d, 2: nn.conv_transpose2d, 3: nn.conv_transpose3d}


def ref_conv_transpose(x, w, b=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Each input element scattered times each tap into a canvas without padding, then the padding cut."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    nd = x.ndim - 2
    s, p, op, d = (tuple(v) if not isinstance(v, int) else (v,) * nd for v in (stride, padding, output_padding, dilation))
    k = w.shape[2:]
    full = [(x.shape[2 + i] - 1) * s[i] + d[i] * (k[i] - 1) + 1 + op[i] for i in range(nd)]
    cg, og = x.shape[1] // groups, w.shape[1]
    canvas = np.zeros((x.shape[0], og * groups, *full))
    for tap in np.ndindex(*k):
        window = tuple(slice(tap[i] * d[i], tap[i] * d[i] + s[i] * (x.shape[2 + i] - 1) + 1, s[i]) for i in range(nd))
        for g in range(groups):
            taps = w[(slice(g * cg, (g + 1) * cg), slice(None), *tap)]
            canvas[(slice(None), slice(g * og, (g + 1) * og)) + window] += np.einsum(
                "nc...,co->no...", x[:, g * cg:(g + 1) * cg], taps)
    out = canvas[(slice(None), slice(None)) + tuple(slice(p[i], full[i] - p[i]) for i in range(nd))]
    if b is not None:
        out = out + b.astype(np.float64).reshape((1, -1) + (1,) * nd)
    return out


@pytest.fixture
def force():
    yield conv_engine._FORCE
    conv_engine._FORCE.clear()


# (nd, N, C, spatial, O per group, kernel, stride, padding, output_padding, groups, dilation)
CASES = [
    (1, 2, 3, (7,), 5, (3,), 1, 0, 0, 1, 1),
    (1, 2, 4, (6,), 3, (4,), 3, 1, 2, 2, 2),
    (2, 2, 3, (5, 6), 8, (3, 3), 2, 1, 1, 1, 1),
    (2, 1, 4, (5, 4), 32, (3, 2), (2, 3), (1, 0), (0, 2), 1, (1, 2)),
    (2, 2, 8, (4, 5), 20, (3, 3), 1, 2, 0, 2, 2),
    (2, 2, 6, (5, 5), 1, (3, 3), 2, 1, 1, 6, 1),  # depthwise
    (3, 1, 4, (3, 4, 3), 8, (3, 2, 3), (2, 1, 2), (1, 0, 1), (1, 0, 0), 2, 1),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}d-{c[4]}out-g{c[-2]}")
@pytest.mark.parametrize("with_bias", [True, False])
def test_conv_transpose_matches_reference(case, with_bias):
    nd, n, c, spatial, og, kernel, stride, padding, output_padding, groups, dilation = case
    x, w = data((n, c, *spatial)), data((c, og, *kernel))
    b = data(og * groups) if with_bias else None
    got = TRANSPOSED[nd](wa.asarray(x), wa.asarray(w), None if b is None else wa.asarray(b), stride, padding,
                         output_padding, groups, dilation)
    close(got, ref_conv_transpose(x, w, b, stride, padding, output_padding, groups, dilation), np.float32)


@pytest.mark.parametrize("kernel,tiling,dtype", [("gemm", BIG, np.float32), ("gemm", MID, np.float32),
                                                 ("gemm", NARROW, np.float32), ("direct", None, np.float32),
                                                 ("gemm", F64_MID, np.float64), ("direct", None, np.float64)])
def test_every_kernel(force, kernel, tiling, dtype):
    x, w, b = data((2, 6, 5, 4), dtype), data((6, 9, 3, 2), dtype), data(18, dtype)
    force["kernel"] = kernel
    if tiling is not None:
        force["tiling"] = tiling
    got = nn.conv_transpose2d(wa.asarray(x), wa.asarray(w), wa.asarray(b), stride=(2, 3), padding=(1, 0),
                              output_padding=(1, 0), groups=2, dilation=(1, 2))
    close(got, ref_conv_transpose(x, w, b, (2, 3), (1, 0), (1, 0), 2, (1, 2)), dtype)


def test_unbatched_and_views():
    base, w = data((5, 4, 6)), data((4, 3, 3, 3))
    x = base.transpose(1, 0, 2)[:, ::-1, 1:]
    got = nn.conv_transpose2d(wa.permute_dims(wa.asarray(base), (1, 0, 2))[:, ::-1, 1:], wa.asarray(w), stride=2)
    close(got, ref_conv_transpose(x[None], w, None, 2)[0], np.float32)


BAD = [
    (dict(w=(3, 2, 3, 3)), RuntimeError, "Given transposed=1, weight of size \\[3, 2, 3, 3\\], expected input"),
    (dict(w=(4, 2, 3, 3), groups=3), RuntimeError, "expected weight to be divisible by 3"),
    (dict(output_padding=1), RuntimeError, "output padding must be smaller than either stride or dilation"),
    (dict(output_padding=-1), RuntimeError, "negative output_padding is not supported"),
    (dict(padding=-1), RuntimeError, "negative padding is not supported"),
    (dict(padding=3, x=(1, 4, 2, 2)), RuntimeError, "Output size is too small"),
    (dict(padding="same"), TypeError, "padding"),
    (dict(stride=0), RuntimeError, "non-positive stride is not supported"),
    (dict(bias=(3,)), RuntimeError, "expected bias to be 1-dimensional with 2 elements"),
    (dict(x=(4, 6)), RuntimeError, "Expected 3D \\(unbatched\\) or 4D \\(batched\\) input to conv_transpose2d"),
]


@pytest.mark.parametrize("bad,error,match", BAD, ids=[m[:30] for _, _, m in BAD])
def test_bad_arguments(bad, error, match):
    args = dict(x=(1, 4, 5, 5), w=(4, 2, 3, 3), bias=None)
    args.update(bad)
    x, w = data(args.pop("x")), data(args.pop("w"))
    bias = args.pop("bias")
    with pytest.raises(error, match=match):
        nn.conv_transpose2d(x, w, None if bias is None else data(bias), **args)
