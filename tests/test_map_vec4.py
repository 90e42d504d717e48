"""The map engine's vec4 body (four map_element calls a vec4, two vec4s an invocation), its
variant reading an operand passed twice once (x + x), and grids folded into rows of equal
length, against NumPy bit for bit."""

import numpy as np
import pytest

import wgarray as wg
from wgarray._core import kernels
from wgarray._core.cache import clear_plan_caches
from wgarray._engines import map as map_engine

SPECIAL32 = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, 1e-39, -3e-39, 1.1754942e-38,
                      1.1754944e-38, 3e38, -3.4e38, 1.0, -2.5, 0.1, 7.0], np.float32)


def values(dtype, n=4099):
    rng = np.random.default_rng(3)
    if np.dtype(dtype).kind == "f":
        x = (rng.standard_normal(n) * 10).astype(dtype)
        x[:len(SPECIAL32)] = SPECIAL32
        return x
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)


def assert_bits(got, expected):
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    assert np.array_equal(got.view(np.uint8), expected.view(np.uint8))


@pytest.fixture
def aliased_calls(monkeypatch):
    """How often a plan switched to its variant reading a repeated operand once."""
    calls = []
    original = map_engine.MapPlan._aliased

    def spy(plan, j, k):
        calls.append((j, k))
        return original(plan, j, k)

    monkeypatch.setattr(map_engine.MapPlan, "_aliased", spy)
    return calls


@pytest.mark.parametrize("dtype, name", [
    (dtype, name) for dtype in ("float32", "int32", "uint32")
    for name in ("add", "subtract", "multiply", "equal", "less", "maximum", "bitwise_xor")
    if not (name == "bitwise_xor" and dtype == "float32")])  # (no bitwise_xor of floats)
def test_same_operand_twice(dtype, name, aliased_calls):
    """x op x reads x once: NaN stays NaN in x - x and x == x is False for NaN (the repeated
    value is opaque to the compiler), subnormals as the two-operand kernel computes them."""
    x = values(dtype)
    a = wg.asarray(x)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(x, x)
    # the reference: the same kernel over two buffers holding the same values
    assert_bits(getattr(wg, name)(a, a), np.asarray(getattr(wg, name)(a, wg.asarray(x))))
    if dtype != "float32":  # (NVIDIA flushes float32 subnormals: compared with NumPy in test_subnormal_paths)
        assert_bits(getattr(wg, name)(a, a), expected)
    assert aliased_calls or name in ("equal", "less")  # (bool results take no vec4 body)


def test_same_operand_twice_float32_values(aliased_calls):
    x = values("float32")
    a = wg.asarray(x)
    finite = np.isfinite(x) & (np.abs(x) >= np.finfo(np.float32).tiny)  # (no subnormal in or out)
    for name in ("add", "multiply", "subtract", "maximum", "minimum"):
        with np.errstate(all="ignore"):
            expected = getattr(np, name)(x, x)
        got = np.asarray(getattr(wg, name)(a, a))
        keep = finite & (np.abs(expected) >= np.finfo(np.float32).tiny) | (expected == 0) & finite
        assert_bits(got[keep], expected[keep])
        assert np.array_equal(np.isnan(got), np.isnan(expected))
    assert aliased_calls


@pytest.mark.parametrize("n", [1, 3, 4, 5, 2047, 2049, 4099])
def test_same_operand_twice_views(n, aliased_calls):
    """Views of one buffer: the same elements (read once), others (read twice), unaligned."""
    x = np.random.default_rng(n).standard_normal(n + 8).astype(np.float32)
    a = wg.asarray(x)
    cases = [(a[4:4 + n], a[4:4 + n], x[4:4 + n], x[4:4 + n]),  # one view twice, aligned
             (a[4:4 + n], a[8:8 + n], x[4:4 + n], x[8:8 + n]),  # overlapping, other elements
             (a[1:1 + n], a[1:1 + n], x[1:1 + n], x[1:1 + n]),  # unaligned (no vec4 body)
             (a[:2 * (n // 2):2], a[:2 * (n // 2):2], x[:2 * (n // 2):2], x[:2 * (n // 2):2])]  # strided
    for p, q, xp, xq in cases:
        assert_bits(p * q, xp * xq)
        assert_bits(p + q, xp + xq)
    assert aliased_calls or n == 1  # (one element is a "scalar" operand)


def test_same_operand_twice_flags():
    """errstate's flag variant of x + x (read once) still reports overflow, only for real elements."""
    x = np.full(4099, 3e38, np.float32)
    a = wg.asarray(x)
    with wg.errstate(over="raise"):
        with pytest.raises(FloatingPointError, match="overflow"):
            a + a
    y = np.ones(4097, np.float32)  # a last vec4 with three lanes past the end: no flags from them
    with wg.errstate(all="raise"):
        np.testing.assert_array_equal(np.asarray(wg.asarray(y) + wg.asarray(y)), y + y)


@pytest.mark.parametrize("groups", [1, 3, 4, 7, 65535, 65536, 131071, 10**6])
def test_grid_rows_of_equal_length(groups):
    x, rows = kernels.grid(groups * 256)
    assert x <= kernels.MAX_GROUPS and x * rows >= groups and x * rows - groups < rows


@pytest.mark.parametrize("expr", ["add", "exp", "int8", "float64"])
def test_map_over_a_folded_grid(expr, monkeypatch):
    """Past MAX_GROUPS workgroups the grid folds into rows (MAX_GROUPS made 3 here): every
    element computed once, as without the fold."""
    n = 256 * 8 * 5 + 13  # vec4 body: 6 workgroups; scalar bodies: 41
    x = values("float32", n)
    x[np.isnan(x) | (np.abs(x) > 80)] = 2.0
    ops = {"add": lambda a: a + a[::-1], "exp": wg.exp, "int8": lambda a: a.astype(wg.int8) + 1,
           "float64": lambda a: a.astype(wg.float64) * 3.0}
    expected = np.asarray(ops[expr](wg.asarray(x)))
    monkeypatch.setattr(kernels, "MAX_GROUPS", 3)
    clear_plan_caches()  # (plans hold their grids)
    try:
        assert_bits(ops[expr](wg.asarray(x)), expected)
    finally:
        monkeypatch.undo()
        clear_plan_caches()
