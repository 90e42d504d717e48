"""Long rows of 32-bit data: the whole-workgroup tree passes (several vec4 loads an iteration,
the vector remainder and the scalar tail; subgroup operations where the adapter has them)."""

from __future__ import annotations

import numpy as np

import wgarray
from conftest import assert_same, host, wg


def test_long_rows_32_bit_folds():
    """Rows long enough for whole-workgroup segments (several vec4 loads an iteration, the
    vector remainder and the scalar tail; subgroup operations where the adapter has them)."""
    rng = np.random.default_rng(13)
    n = 4 * 65536 + 4 * 1000 + 3
    i = rng.integers(-1000, 1000, n).astype(np.int32)
    u = rng.integers(0, 3000, n).astype(np.uint32)
    for start in (0, 1, 4):
        for x in (i[start:], u[start:]):
            a = wg(x)
            assert_same(wgarray.sum(a), x.sum())
            assert_same(wgarray.sum(a, dtype=x.dtype), x.sum(dtype=x.dtype))  # 32-bit accumulators
            assert_same(wgarray.max(a), x.max())
            assert_same(wgarray.min(a), x.min())
            assert_same(wgarray.all(a), np.all(x))
            assert_same(wgarray.any(a == a[0] + 5000), np.any(x == x[0] + 5000))
    flag = np.zeros(n, bool)
    flag[n // 2] = True
    assert_same(wgarray.any(wg(flag)), np.True_)
    assert_same(wgarray.all(wg(~flag)), np.False_)
    p = np.where(rng.random(n) < 0.001, -1, 1).astype(np.int32)
    assert_same(wgarray.prod(wg(p), dtype=wgarray.int32), np.prod(p, dtype=np.int32))
    assert_same(wgarray.prod(wg(p * 3), dtype=wgarray.int32), np.prod(p * 3, dtype=np.int32))  # wraps
    f = rng.standard_normal(n).astype(np.float32)
    got = float(host(wgarray.sum(wg(f))))
    assert abs(got - np.sum(f, dtype=np.float64)) <= 1e-6 * np.sum(np.abs(f), dtype=np.float64)
    f[n // 3] = np.nan
    assert_same(wgarray.max(wg(f)), np.max(f))
    assert_same(wgarray.sum(wg(f)), np.float32(np.nan))
