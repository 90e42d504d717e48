"""wgarray.nn max and avg pools against NumPy references (loops over the output and its window):
every argument, NaN and -inf, indices, unbatched inputs, views, bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import wgarray as wa
from wgarray import nn

RNG = np.random.default_rng(16)
MAX = {1: nn.max_pool1d, 2: nn.max_pool2d, 3: nn.max_pool3d}
AVG = {1: nn.avg_pool1d, 2: nn.avg_pool2d, 3: nn.avg_pool3d}


def _t(v, nd):
    return (v,) * nd if isinstance(v, int) else tuple(v)


def _out(n, k, s, p, d, ceil_mode):
    span = n + 2 * p - d * (k - 1) - 1
    out = (span + (s - 1 if ceil_mode else 0)) // s + 1
    return out - 1 if ceil_mode and (out - 1) * s >= n + p else out


def ref_pool(x, mode, kernel, stride=None, padding=0, dilation=1, ceil_mode=False, count_include_pad=True,
             divisor=None):
    """(values, indices): torch's max (NaN wins, ties keep the first) or avg rules, per output element."""
    nd = x.ndim - 2
    k = _t(kernel, nd)
    s, p, d = _t(stride if stride is not None else kernel, nd), _t(padding, nd), _t(dilation, nd)
    size = x.shape[2:]
    outs = [_out(size[i], k[i], s[i], p[i], d[i], ceil_mode) for i in range(nd)]
    values = np.zeros(x.shape[:2] + tuple(outs), x.dtype)
    index = np.zeros(values.shape, np.int64)
    for o in itertools.product(*map(range, outs)):
        start = [o[i] * s[i] - p[i] for i in range(nd)]
        taps = [[start[i] + t * d[i] for t in range(k[i]) if 0 <= start[i] + t * d[i] < size[i]] for i in range(nd)]
        points = list(itertools.product(*taps))
        flat = [int(np.ravel_multi_index(q, size)) for q in points]
        window = np.stack([x[(slice(None), slice(None), *q)] for q in points], -1).astype(np.float64)
        if mode == "max":
            best = np.full(x.shape[:2], -np.inf)
            where = np.full(x.shape[:2], flat[0])
            for j in range(len(points)):
                v = window[..., j]
                take = (v > best) | np.isnan(v)
                best, where = np.where(take, v, best), np.where(take, flat[j], where)
            values[(slice(None), slice(None), *o)], index[(slice(None), slice(None), *o)] = best, where
        else:
            end = [min(start[i] + k[i], size[i] + p[i]) for i in range(nd)]
            padded = np.prod([end[i] - start[i] for i in range(nd)])
            count = divisor or (padded if count_include_pad else len(points))
            values[(slice(None), slice(None), *o)] = window.sum(-1) / count
    return values, index


def data(shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def close(got, expected):
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, got.shape, expected.shape)
    tol = 1e-6 if got.dtype == np.float32 else 1e-14
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol)


# (nd, spatial, kernel, stride, padding, dilation, ceil_mode)
MAX_CASES = [
    (1, (11,), 3, None, 0, 1, False),
    (1, (12,), 4, 3, 2, 2, True),
    (2, (9, 10), 3, 2, 1, 1, False),
    (2, (9, 10), (3, 2), (2, 3), (1, 1), (2, 1), True),
    (2, (8, 7), 2, None, 0, 1, True),
    (3, (5, 6, 7), (2, 3, 2), (2, 1, 2), (1, 1, 0), 1, True),
    (3, (5, 5, 6), 3, 2, 1, (1, 2, 1), False),
]


@pytest.mark.parametrize("case", MAX_CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_max_pool_with_indices(case, dtype):
    nd, spatial, kernel, stride, padding, dilation, ceil_mode = case
    x = data((2, 3, *spatial), dtype)
    x.reshape(-1)[::7] = np.nan if dtype == np.float32 else -np.inf
    x.reshape(-1)[3::11] = x.reshape(-1)[4::11]  # ties
    values, index = MAX[nd](wa.asarray(x), kernel, stride, padding, dilation, ceil_mode, return_indices=True)
    ref_values, ref_index = ref_pool(x, "max", kernel, stride, padding, dilation, ceil_mode)
    close(values, ref_values)
    np.testing.assert_array_equal(np.asarray(index), ref_index)
    assert index.dtype == np.int64
    close(MAX[nd](wa.asarray(x), kernel, stride, padding, dilation, ceil_mode), ref_values)


AVG_CASES = [
    (1, (11,), 3, None, 0, False),
    (1, (12,), 4, 3, 2, True),
    (2, (9, 10), 3, 2, 1, False),
    (2, (9, 10), (3, 2), (2, 3), (1, 1), True),
    (2, (7, 7), 3, 2, 1, True),
    (3, (5, 6, 7), (2, 3, 2), (2, 1, 2), (1, 1, 0), True),
]


@pytest.mark.parametrize("case", AVG_CASES)
@pytest.mark.parametrize("count_include_pad", [True, False])
@pytest.mark.parametrize("divisor", [None, 5])
def test_avg_pool(case, count_include_pad, divisor):
    nd, spatial, kernel, stride, padding, ceil_mode = case
    x = data((2, 3, *spatial))
    got = AVG[nd](wa.asarray(x), kernel, stride, padding, ceil_mode, count_include_pad, divisor)
    close(got, ref_pool(x, "avg", kernel, stride, padding, 1, ceil_mode, count_include_pad, divisor)[0]
          .astype(np.float32))


def test_float64_avg_pool_and_unbatched():
    x = data((3, 9, 8), np.float64)
    close(nn.avg_pool2d(x, 3, 2, 1, count_include_pad=False), ref_pool(x[None], "avg", 3, 2, 1, 1, False, False)[0][0])
    values, index = nn.max_pool2d(wa.asarray(x), 2, return_indices=True)
    ref_values, ref_index = ref_pool(x[None], "max", 2)
    close(values, ref_values[0])
    np.testing.assert_array_equal(np.asarray(index), ref_index[0])


def test_views_as_inputs():
    base = data((4, 2, 10, 9))
    x = base.transpose(1, 0, 3, 2)[:, ::-1, 1:]
    got = nn.max_pool2d(wa.permute_dims(wa.asarray(base), (1, 0, 3, 2))[:, ::-1, 1:], 3, 2, 1, return_indices=True)
    ref = ref_pool(x, "max", 3, 2, 1)
    close(got[0], ref[0])
    np.testing.assert_array_equal(np.asarray(got[1]), ref[1])
    close(nn.avg_pool2d(wa.asarray(base)[:, :, ::2], 2), ref_pool(base[:, :, ::2], "avg", 2)[0])


def test_empty_batch():
    assert nn.max_pool2d(wa.zeros((0, 3, 4, 4), dtype=wa.float32), 2).shape == (0, 3, 2, 2)
    assert nn.avg_pool1d(wa.zeros((0, 3, 4), dtype=wa.float32), 2).shape == (0, 3, 2)


BAD = [
    (dict(x=(4, 4)), RuntimeError, "Expected 3D or 4D"),
    (dict(kernel_size=(2, 2, 2)), RuntimeError, "kernel_size must either be a single int, or a tuple of two ints"),
    (dict(stride=(1, 1, 1)), RuntimeError, "stride must either be omitted"),
    (dict(kernel_size=0), RuntimeError, "kernel size should be greater than zero"),
    (dict(stride=0), RuntimeError, "stride should be greater than zero"),
    (dict(padding=2), RuntimeError, "pad should be at most half"),
    (dict(padding=-1), RuntimeError, "pad must be non-negative"),
    (dict(kernel_size=5, x=(1, 2, 3, 3)), RuntimeError, "Output size is too small"),
    (dict(kernel_size=2.0), TypeError, "kernel_size"),
]


@pytest.mark.parametrize("bad,error,match", BAD, ids=[m[:30] for _, _, m in BAD])
def test_bad_arguments(bad, error, match):
    args = dict(x=(1, 2, 6, 6), kernel_size=3)
    args.update(bad)
    x = data(args.pop("x"))
    with pytest.raises(error, match=match):
        nn.max_pool2d(x, **args)
    with pytest.raises(error, match=match):
        nn.avg_pool2d(x, **args)


def test_bad_dilation_divisor_and_dtypes():
    with pytest.raises(RuntimeError, match="dilation should be greater than zero"):
        nn.max_pool2d(data((1, 2, 6, 6)), 2, dilation=0)
    with pytest.raises(RuntimeError, match="divisor must be not zero"):
        nn.avg_pool2d(data((1, 2, 6, 6)), 2, divisor_override=0)
    assert nn.max_pool2d(data((1, 2, 6, 6)).astype(np.float16), 2).dtype == np.float16  # (test_float16_ops)
    with pytest.raises(TypeError, match="float32 and float64"):
        nn.avg_pool1d(np.ones((1, 2, 6), np.int64), 2)
