"""Exact past 2^32 elements, and past the longest loop an invocation may run.

Broadcast views reach 2^32 elements without the memory: the reductions and products over
them must be exact (their kernels index in u32, so the work is split), or raise a clear error.
Loops: llvmpipe (lavapipe) silently ends a loop after 65535 iterations, so no kernel may
loop longer (kernels.MAX_LOOP).
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same

N = 2**32 + 5
pytestmark = pytest.mark.slow


def _big(value, dtype, shape=(N,)):
    return wg.broadcast_to(wg.asarray(np.full((1,) * len(shape), value, dtype)), shape)


def test_sums_past_2_32_elements():
    assert float(wg.sum(_big(1.5, np.float64))) == 1.5 * N
    assert int(wg.sum(_big(1, np.int8))) == N  # int8 sums into int64, as NumPy
    assert float(wg.mean(_big(1.5, np.float64))) == 1.5
    assert float(wg.var(_big(1.5, np.float64))) == 0.0
    assert_same(wg.sum(_big(2.0, np.float64, (2, N)), axis=1), np.full(2, 2.0 * N))


def test_counts_and_logic_past_2_32_elements():
    assert int(wg.count_nonzero(_big(True, np.bool_))) == N
    assert bool(wg.all(_big(True, np.bool_)))
    assert float(wg.max(_big(-2.5, np.float32))) == -2.5


def test_arg_reductions_past_2_32_elements_raise():
    with pytest.raises(ValueError, match="2\\^32"):
        wg.argmax(_big(1.0, np.float32))


def test_products_past_2_32_terms():
    assert float(wg.vecdot(_big(1.5, np.float64), _big(1.5, np.float64))) == 2.25 * N
    assert int(wg.vecdot(_big(2, np.int64), _big(2, np.int64))) == 4 * N


@pytest.fixture
def short_loops(monkeypatch):
    """MAX_LOOP made tiny, so the splitting that keeps loops short runs on small arrays."""
    from wgarray._core import cache
    from wgarray._engines import fold, matmul, scan

    for module in (fold, matmul, scan):
        monkeypatch.setattr(module, "MAX_LOOP", 64)
    cache.clear_plan_caches()
    yield
    cache.clear_plan_caches()


@pytest.mark.parametrize("shape, axis", [((3000, 300), 0), ((100, 40000), 0), ((300, 5000), 1), ((5, 6, 700), (0, 2))])
def test_no_loop_longer_than_max_loop(short_loops, shape, axis):
    """Long columns, long rows and long matrix-vector products split across invocations."""
    h = np.random.default_rng(0).random(shape)
    assert np.allclose(np.asarray(wg.sum(wg.asarray(h), axis=axis)), h.sum(axis=axis), rtol=1e-12)
    m, v = h.reshape(-1, shape[-1])[:20], h.reshape(-1)[:shape[-1]]
    assert np.allclose(np.asarray(wg.asarray(m) @ wg.asarray(v)), m @ v, rtol=1e-12)
    c = h.reshape(shape[0], -1)[:, :5]
    assert np.allclose(np.asarray(wg.cumulative_sum(wg.asarray(c), axis=0)), np.cumsum(c, axis=0), rtol=1e-12)


def test_plans_bound_every_loop():
    """The fold planner never asks an invocation for more than MAX_LOOP iterations."""
    from wgarray._core.kernels import MAX_LOOP, WORKGROUP
    from wgarray._engines.fold import _plan

    for rows, R, unit in ((40000, 100_000, False), (1, 2**31 - 1, True), (2000, 10**8, True), (5, 10**6, False)):
        mode, groups, chunk = _plan(rows, R, [(R, 1 if unit else rows)], False)
        per_invocation = chunk if mode == "cols" else -(-R // (groups * WORKGROUP * 4))
        assert per_invocation <= MAX_LOOP, (rows, R, mode, groups, chunk)
