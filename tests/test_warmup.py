"""wgarray.warmup compiles the kernels that the common operations then use."""

import numpy as np
import pytest

import wgarray as wp
from wgarray._core.kernels import kernel_cache


def _compiled():
    return set(kernel_cache(wp.get_device()).kernels)


@pytest.mark.parametrize("dtype", [wp.bool, wp.int8, wp.uint16, wp.int64, wp.uint64, wp.float32,
                                   wp.float64, wp.complex64])
def test_every_group_runs_on_every_dtype(dtype):
    seconds = wp.warmup(dtypes=[dtype])
    assert set(seconds) == {"creation", "arithmetic", "comparison", "math", "reductions",
                            "indexing", "matmul", "sorting", "casts"}
    assert all(s >= 0 for s in seconds.values())


def test_later_operations_compile_nothing_new():
    wp.warmup(dtypes=[wp.float32], operations=["arithmetic", "reductions", "sorting"])
    before = _compiled()
    x = wp.asarray(np.arange(12, dtype=np.float32).reshape(3, 4))
    y = wp.asarray(np.ones((4, 3), dtype=np.float32)).T
    result = (x + y) * x - 1
    total = wp.sum(result, axis=0)
    ordered = wp.sort(result, axis=-1)
    assert _compiled() == before
    expected = (np.arange(12, dtype=np.float32).reshape(3, 4) + 1) * np.arange(12).reshape(3, 4) - 1
    np.testing.assert_allclose(np.asarray(total), expected.sum(axis=0))
    np.testing.assert_array_equal(np.asarray(ordered), np.sort(expected, axis=-1))


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown warmup operations"):
        wp.warmup(operations=["fft"])
    with pytest.raises(TypeError):
        wp.warmup(dtypes=["not a dtype"])
