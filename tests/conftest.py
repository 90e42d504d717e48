"""Shared helpers for the differential tests: upload, download and exact comparison."""

from __future__ import annotations

import os

# SciPy reads SCIPY_ARRAY_API once, when it is first imported, and its array-API paths (scipy.fft,
# scipy.signal, scikit-learn's array_api_dispatch) are tested here: set it before any test module
# can import SciPy, whatever order pytest and xdist collect them in.
os.environ["SCIPY_ARRAY_API"] = "1"

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import wgarray  # noqa: E402

DTYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "float32", "float64", "complex64", "complex128")
ALL_DTYPES = tuple(np.dtype(n) for n in DTYPE_NAMES)
INT_DTYPES = tuple(d for d in ALL_DTYPES if d.kind == "i")
UINT_DTYPES = tuple(d for d in ALL_DTYPES if d.kind == "u")
FLOAT_DTYPES = tuple(d for d in ALL_DTYPES if d.kind == "f")
COMPLEX_DTYPES = tuple(d for d in ALL_DTYPES if d.kind == "c")
PACKED_DTYPES = tuple(np.dtype(n) for n in ("bool", "int8", "uint8", "int16", "uint16"))


def _creation_ready() -> bool:
    # asarray is written in parallel; use it only once it is a real function.
    return callable(getattr(wgarray, "asarray", None))


def wg(host, device=None):
    """Upload a NumPy array (or anything np.asarray takes) to the GPU."""
    host = np.asarray(host)
    if _creation_ready():
        return wgarray.asarray(host, device=device) if device is not None else wgarray.asarray(host)
    return wgarray.Array._from_numpy(host, device)


def host(x) -> np.ndarray:
    """Download a wgarray result (through __array__, as users do)."""
    assert isinstance(x, wgarray.Array), f"expected a wgarray.Array, got {type(x).__name__}"
    return np.asarray(x)


def _float_bits_equal(got: np.ndarray, exp: np.ndarray) -> np.ndarray:
    """Elementwise: equal bits, or both NaN (any payload)."""
    ui = {2: np.uint16, 4: np.uint32, 8: np.uint64}[got.dtype.itemsize]
    same = got.view(ui) == exp.view(ui)
    return same | (np.isnan(got) & np.isnan(exp))


def mismatches(got: np.ndarray, exp: np.ndarray, ulps: int = 0, rel: float = 0.0) -> np.ndarray:
    """Boolean mask of elements that differ (floats: bitwise incl. -0.0; NaN == NaN).

    ulps: real results may be that many ulps off. rel: complex results whose parts are
    finite may be off by rel * eps * |exp| (for composite complex arithmetic).
    """
    if got.dtype.kind == "c":
        bad = mismatches(got.real.copy(), exp.real.copy(), ulps) | mismatches(got.imag.copy(), exp.imag.copy(), ulps)
        if rel:
            eps = np.finfo(got.dtype).eps
            with np.errstate(all="ignore"):
                # Subnormal results carry fewer bits: allow rel smallest subnormals too.
                tol = rel * (eps * np.abs(exp.astype(np.complex128)) + np.finfo(got.dtype).smallest_subnormal)
                near = np.abs(got.astype(np.complex128) - exp) <= tol
            bad &= ~(near & np.isfinite(exp) & np.isfinite(got))
        return bad
    if got.dtype.kind == "f":
        bad = ~_float_bits_equal(got, exp)
        if ulps:
            with np.errstate(all="ignore"):
                near = np.abs(got.astype(np.float64) - exp.astype(np.float64)) <= ulps * np.spacing(np.abs(exp))
            bad &= ~(near & (np.signbit(got) == np.signbit(exp)))
        return bad
    return got != exp


def assert_same(got, exp, ulps: int = 0, rel: float = 0.0, inputs=()):
    """got (a wgarray Array) equals exp (NumPy) in dtype, shape and every bit of every value."""
    exp = np.asarray(exp)
    got = host(got)
    assert got.dtype == exp.dtype, f"dtype {got.dtype}, NumPy gives {exp.dtype}"
    assert got.shape == exp.shape, f"shape {got.shape}, NumPy gives {exp.shape}"
    if got.size == 0:
        return
    bad = mismatches(got, exp, ulps, rel)
    if bad.any():
        where = np.argwhere(bad)[:8]
        lines = []
        for idx in map(tuple, where):
            args = ", ".join(repr(np.asarray(a)[idx] if np.ndim(a) else a) for a in inputs)
            lines.append(f"  at {idx}: got {got[idx]!r}, NumPy {exp[idx]!r}" + (f"  (inputs {args})" if args else ""))
        pytest.fail(f"{int(bad.sum())} of {bad.size} elements differ:\n" + "\n".join(lines))


def special_values(dtype) -> np.ndarray:
    """A vector of ordinary and edge values of dtype: zeros, signs, extremes, nan, inf, subnormals."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return np.array([False, True], dtype=dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        base = [0, 1, -1, 2, -2, 3, -3, 5, -7, 7, 8, 10, 15, 16, 31, 32, 33, 63, 64, 100, -100, 127, 255, 1000,
                -32768, 65535, info.min, info.min + 1, info.max, info.max - 1, info.max // 2, info.min // 2]
        vals = sorted({v for v in base if info.min <= v <= info.max})
        return np.array(vals, dtype=dtype)
    if dtype.kind == "f":
        finfo = np.finfo(dtype)
        vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -7.0, 0.1, -0.3, 1e-3, 123.456,
                2.0 ** (finfo.nmant), 2.0 ** (finfo.nmant) - 0.5, 1e30, -1e30, finfo.tiny, -finfo.tiny,
                finfo.smallest_subnormal, finfo.tiny / 3, finfo.max, -finfo.max, np.inf, -np.inf, np.nan]
        with np.errstate(all="ignore"):
            return np.array(vals, dtype=dtype)
    real = special_values(np.float32 if dtype == np.complex64 else np.float64)
    pick = real[[0, 1, 2, 3, 4, 8, 11, 16, 18, 22, 26, 27, 28]]
    re, im = np.meshgrid(pick, pick[::3])
    return (re + 1j * im).ravel().astype(dtype)


def sample(dtype, n: int, seed: int = 0) -> np.ndarray:
    """n values of dtype drawn from special_values, minus nan/inf (for layout tests)."""
    vals = special_values(dtype)
    if np.dtype(dtype).kind in "fc":
        with np.errstate(invalid="ignore"):
            vals = vals[np.isfinite(vals)]
    rng = np.random.default_rng(seed)
    return vals[rng.integers(0, len(vals), n)]


def host_tree(value):
    """A result (array, scalar, or list/tuple of them) as NumPy data, for assert_same_tree."""
    if isinstance(value, (tuple, list)):
        return [host_tree(v) for v in value]
    if isinstance(value, (str, type(None), type)):
        return value
    return np.asarray(value)


def assert_same_tree(expected, got, what):
    """NumPy results against wgarray's (both through host_tree): dtype, shape, values (floats to
    1e-6 relative)."""
    if isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), what
        for e, g in zip(expected, got):
            assert_same_tree(e, g, what)
        return
    if not isinstance(expected, np.ndarray):
        assert expected == got, what
        return
    assert (got.dtype, got.shape) == (expected.dtype, expected.shape), what
    if expected.dtype.kind in "fc":
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-12, equal_nan=True, err_msg=what)
    else:
        np.testing.assert_array_equal(got, expected, err_msg=what)


@pytest.fixture(autouse=True)
def _fresh_replay_recordings():
    """Each test starts without recorded engine calls (_core/replay.py): a test that changes an
    engine's tunables (monkeypatch) must not replay a call recorded under other settings."""
    from wgarray._core import replay

    replay.clear()
    yield


@pytest.fixture
def force():
    """force(kernel=..., tiling=..., chunk=..., split=...) picks the matmul engine's plan for the
    rest of the test."""
    from wgarray._engines import matmul

    def set_(**kw):
        matmul._FORCE.clear()
        matmul._FORCE.update(kw)
    yield set_
    matmul._FORCE.clear()


# Tests that assert float32 subnormals or zero signs which NVIDIA's Vulkan driver does not keep
# (its float32 reductions, user kernels and constant folds flush subnormals: docs/limitations.md).
# On a device whose float32 sums flush subnormals they are strict xfails; elsewhere they run as
# usual. Patterns match whole node ids, * standing for any text.
FLUSHING_DEVICE_FAILURES = {
    # documented trade-offs (docs/limitations.md): reductions and scans combine float32 partials with
    # the native instruction, since checking each for subnormals costs 10% of a float32 sum
    "tests/test_numpy_mismatches.py::test_float32_sums_of_subnormals_are_exact[*]":
        "float32 sums combine partials natively, and the driver flushes subnormal ones (limitations.md)",
    "tests/test_numpy_mismatches.py::test_float32_sum_reported_as_flushed":
        "float32 sums combine partials natively, and the driver flushes subnormal ones (limitations.md)",
    "tests/test_numpy_corpus_fixes.py::test_median_ptp[*-dtype8]":
        "ptp/median of float32 subnormals go through a native float32 reduction (limitations.md)",
    "tests/test_numpy_corpus_fixes.py::test_median_nan_and_empty[dtype0]":
        "median of float32 subnormals goes through a native float32 reduction (limitations.md)",
    "tests/test_ndarray_methods.py::test_mean_var_std[complex64]":
        "complex64 sums combine partials natively: a subnormal part flushes (limitations.md)",
    "tests/test_ndarray_methods.py::test_cumulative[cumsum-float32]":
        "float32 scans combine partials natively: a subnormal flushes (limitations.md)",
    "tests/test_differential.py::test_reductions[mean]":
        "float32 sums combine partials natively: a subnormal flushes (limitations.md)",
    # user WGSL runs as written: the driver's float32 arithmetic is the user's
    "tests/test_custom_kernels.py::test_special_values_pass_through":
        "a user kernel's own float32 arithmetic, which the driver flushes; wgarray does not rewrite user code",
    # not fixed yet on NVIDIA (open gaps, named in the session notes)
    "tests/test_numpy_math.py::test_functions[sinc-complex64]":
        "not fixed yet: csin's products flush subnormal parts of complex64 inputs on NVIDIA",
    "tests/test_fft_recipes.py::test_real_special_values":
        "not fixed yet: the driver folds the real-input kernel's zero imaginary parts, so a -0.0 differs",
}


def _flushes_float32_subnormals() -> bool:
    tiny = np.full(2, 2.0 ** -140, np.float32)
    return float(wgarray.sum(wgarray.asarray(tiny))) == 0.0


def pytest_collection_modifyitems(config, items):
    import re
    patterns = [(re.compile(re.escape(p).replace(r"\*", ".*")), reason) for p, reason in FLUSHING_DEVICE_FAILURES.items()]
    marked = [(item, reason) for item in items for pattern, reason in patterns if pattern.fullmatch(item.nodeid)]
    if marked and _flushes_float32_subnormals():
        for item, reason in marked:
            item.add_marker(pytest.mark.xfail(strict=True, reason=f"NVIDIA-like device: {reason}"))
