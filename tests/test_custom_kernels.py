"""ElementwiseKernel, ReductionKernel and RawKernel (wgarray/custom), differential against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray as wg
from wgarray._core.kernels import KernelCompileError, kernel_cache

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
RNG = np.random.default_rng(7)


def host(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return RNG.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return RNG.integers(0, 100, shape).astype(dtype)
    return RNG.standard_normal(shape).astype(dtype)


def same(result, expected, summed: bool = False):
    """Equal to NumPy's result (floats within a few ulps; sums within their rounding, the order of
    additions differing from NumPy's pairwise one)."""
    expected = np.asarray(expected)
    got = np.asarray(result)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if expected.dtype.kind == "f":
        tol = 2e-6 if expected.dtype == np.float32 else 1e-14
        # atol: the user's a * b + c may be contracted into an fma by the driver (NVIDIA does), half
        # an ulp of the product away from NumPy's two roundings, which cancellation leaves against
        # a smaller result; the products here are of the results' size.
        scale = float(np.max(np.abs(expected[np.isfinite(expected)]), initial=0))
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * 100 if summed else tol * scale)
    else:
        np.testing.assert_array_equal(got, expected)


MULADD = wg.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "muladd")


# -- ElementwiseKernel --------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", INTS + FLOATS)
def test_muladd_every_dtype(dtype):
    a, b = host((3, 5), dtype), host((3, 5), dtype)
    with np.errstate(over="ignore"):
        expected = a * b + a  # narrow integers wrap as NumPy's do
    same(MULADD(wg.asarray(a), wg.asarray(b)), expected)


def test_bool_and_placeholders_of_two_types():
    xor = wg.ElementwiseKernel("bool x, bool y", "bool z", "z = x != y", "xor")
    a, b = host(17, bool), host(17, bool)
    same(xor(wg.asarray(a), wg.asarray(b)), a ^ b)
    scaled = wg.ElementwiseKernel("X x, Y y", "X z", "z = x * X(y)", "scaled")
    same(scaled(wg.asarray(np.arange(6, dtype=np.float32)), wg.asarray(np.arange(6, dtype=np.int16))),
         np.arange(6, dtype=np.float32) ** 2)


def test_broadcasting_and_strided_inputs():
    a, b = host((4, 6, 5), "float32"), host((6, 1), "float32")
    x, y = wg.asarray(a), wg.asarray(b)
    same(MULADD(x, y), a * b + a)
    same(MULADD(x[::2, ::-1, 1:4], y[::-1]), a[::2, ::-1, 1:4] * b[::-1] + a[::2, ::-1, 1:4])
    same(MULADD(x.mT, y.mT), np.swapaxes(a, -1, -2) * b.T + np.swapaxes(a, -1, -2))


def test_output_passed_in_strided_and_read():
    a = host((4, 6), "int32")
    out = wg.zeros((4, 12), dtype=wg.int32)
    result = MULADD(wg.asarray(a), 2, out[:, ::2])
    expected = np.zeros((4, 12), np.int32)
    expected[:, ::2] = a * 2 + a
    same(out, expected)
    assert result.shape == (4, 6)
    accumulate = wg.ElementwiseKernel("T x", "T z", "z += x", "accumulate")
    total = wg.ones((4, 6), dtype=wg.int32)
    accumulate(wg.asarray(a), total)
    accumulate(wg.asarray(a), total)
    same(total, 1 + 2 * a)
    positive = wg.ElementwiseKernel("T x", "T z", "if (x > T(50)) { z = x; }", "positive")
    kept = wg.full((4, 6), -1, dtype=wg.int32)
    positive(wg.asarray(a), kept)  # elements the code leaves alone keep their values
    same(kept, np.where(a > 50, a, -1))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "bool"])
def test_packed_output_views(dtype):
    copy = wg.ElementwiseKernel("T x", "T y", "y = x", "copy")
    a = host((5, 8), dtype)
    out = wg.zeros((5, 16), dtype=dtype)
    copy(wg.asarray(a)[:, ::-1], out[:, 1::2])  # a packed output written element by element
    expected = np.zeros((5, 16), dtype)
    expected[:, 1::2] = a[:, ::-1]
    same(out, expected)


def test_in_place_on_an_input():
    a = host(100, "float32")
    x = wg.asarray(a)
    double = wg.ElementwiseKernel("T x", "T z", "z = x * T(2)", "double")
    double(x, x)
    same(x, a * 2)


@pytest.mark.parametrize("scalar, dtype", [(2.5, "float32"), (np.float64(-1.25), "float32"), (3, "int32"),
                                           (np.int8(-4), "int16")])
def test_scalar_parameters(scalar, dtype):
    axpy = wg.ElementwiseKernel("T x, T y, float32 alpha", "T z", "z = T(alpha) * x + y", "axpy")
    a, b = host(9, dtype), host(9, dtype)
    expected = np.asarray(np.float32(scalar)).astype(dtype) * a + b  # T(alpha): alpha converted to T
    same(axpy(wg.asarray(a), wg.asarray(b), scalar), expected)
    # a placeholder bound by the array, the Python scalar weak (NEP 50)
    same(MULADD(wg.asarray(a), 3), (a * np.array(3, dtype) + a).astype(dtype))


def test_several_outputs_index_and_size():
    k = wg.ElementwiseKernel("T x", "T y, uint32 j", "y = x + T(i); j = _ind.size() - i", "outs")
    a = host((2, 3), "float64")
    y, j = k(wg.asarray(a))
    same(y, a + np.arange(6).reshape(2, 3))
    same(j, (6 - np.arange(6, dtype=np.uint32)).reshape(2, 3))


def test_return_options_and_read_only_output():
    a = host(5, "int32")
    one = wg.ElementwiseKernel("T x", "T y", "y = x + T(1)", "plus_one", return_tuple=True)
    (y,) = one(wg.asarray(a))
    same(y, a + 1)
    quiet = wg.ElementwiseKernel("T x", "T y", "y = x + T(1)", "plus_one_quiet", no_return=True)
    out = wg.empty(5, dtype=wg.int32)
    assert quiet(wg.asarray(a), out) is None
    same(out, a + 1)
    with pytest.raises(ValueError, match="read-only"):
        quiet(wg.asarray(a), wg.broadcast_to(wg.asarray(a[:1]), (5,)))


def test_raw_inputs_and_size():
    reverse = wg.ElementwiseKernel("raw T x", "T y", "y = x[x.size() - i - 1u]", "reverse")
    a = host(10, "int64")
    same(reverse(wg.asarray(a), size=10), a[::-1])
    same(reverse(wg.asarray(a)[::2], size=5), a[::2][::-1])  # a strided raw array is read in C order
    window = wg.ElementwiseKernel("T x, raw T w", "T y", "y = x + w[(i + 1u) % 3u] * w[i % 3u]", "window")
    b, w = host(7, "float32"), host(3, "float32")
    same(window(wg.asarray(b), wg.asarray(w)), b + w[(np.arange(7) + 1) % 3] * w[np.arange(7) % 3])


@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (4099,)])
def test_zero_d_empty_and_large(shape):
    a, b = host(shape, "float32"), host(shape, "float32")
    same(MULADD(wg.asarray(a), wg.asarray(b)), a * b + a)


def test_special_values_pass_through():
    k = wg.ElementwiseKernel("T x", "T y", "y = x * T(2)", "twice")
    a = np.array([np.nan, np.inf, -np.inf, -0.0, 1e-45], np.float32)
    got = np.asarray(k(wg.asarray(a)))
    np.testing.assert_array_equal(got, a * 2)
    assert np.signbit(got[3])


def test_library_math_is_linked_by_name():
    """f64 built-in transcendentals are wrong on Vulkan drivers; the library's own are at hand."""
    k = wg.ElementwiseKernel("T x", "T y", "y = exp_f64(x) - sin_f64(x)", "accurate")
    a = np.linspace(-20, 20, 41)
    x = wg.asarray(a)
    np.testing.assert_array_equal(np.asarray(k(x)), np.asarray(wg.exp(x) - wg.sin(x)))
    same(k(x), np.exp(a) - np.sin(a))


def test_kernels_are_cached():
    a = wg.asarray(host(8, "float32"))
    MULADD(a, a)
    cache = kernel_cache(wg.get_device()).kernels
    count = len(cache)
    MULADD(a, a)
    MULADD(wg.asarray(host(8, "float32")), a)
    assert len(cache) == count


def test_bad_arguments():
    a = wg.asarray(host(4, "float32"))
    with pytest.raises(TypeError, match="takes 2 inputs"):
        MULADD(a)
    with pytest.raises(TypeError, match="complex64"):
        MULADD(wg.asarray(np.ones(3, np.complex64)), wg.asarray(np.ones(3, np.complex64)))
    with pytest.raises(TypeError, match="bound to both"):
        MULADD(a, wg.asarray(host(4, "float64")))
    with pytest.raises(TypeError, match="cannot cast"):
        wg.ElementwiseKernel("int32 x", "int32 y", "y = x", "ints")(a)
    with pytest.raises(TypeError, match="cannot cast"):
        wg.ElementwiseKernel("T x, int32 k", "T y", "y = x", "k")(a, 1.5)
    with pytest.raises(OverflowError):
        wg.ElementwiseKernel("T x, int8 k", "T y", "y = x", "k8")(a, 300)
    with pytest.raises(ValueError, match="broadcast"):
        MULADD(a, a, wg.empty(5, dtype=wg.float32))
    with pytest.raises(ValueError, match="not the broadcast shape"):
        MULADD(wg.ones((3, 4), dtype=wg.float32), 1.0, wg.empty(4, dtype=wg.float32))
    with pytest.raises(TypeError, match="cannot tell the type U"):
        wg.ElementwiseKernel("T x", "U y", "y = U(x)", "u")(a)
    with pytest.raises(TypeError, match="float16"):
        wg.ElementwiseKernel("float16 x", "float16 y", "y = x", "half")
    with pytest.raises(TypeError, match="'float'"):
        wg.ElementwiseKernel("float x", "float y", "y = x", "ambiguous")
    with pytest.raises(ValueError, match="reserved"):
        wg.ElementwiseKernel("T i", "T y", "y = i", "r")
    with pytest.raises(ValueError, match="undecided"):
        wg.ElementwiseKernel("raw T x", "T y", "y = x[i]", "r")(a)


def test_compile_error_names_the_line_and_library_stays_usable():
    bad = wg.ElementwiseKernel("T x", "T y", "let t = x * T(2);\nlet u = t +* 1;\ny = u;", "bad")
    with pytest.raises(KernelCompileError) as info:
        bad(wg.asarray(host(4, "float32")))
    message = str(info.value)
    assert "line 2 of its code" in message and "let u = t +* 1;" in message
    typed = wg.ElementwiseKernel("T x", "T y", "let q = 1u;\ny = x + q;", "typed")
    with pytest.raises(KernelCompileError, match=r"(?s)line 2 of its code:\s+y = x \+ q;.*can't work with"):
        typed(wg.asarray(host(4, "float32")))
    a = host(4, "float32")
    same(MULADD(wg.asarray(a), wg.asarray(a)), a * a + a)


# -- ReductionKernel ------------------------------------------------------------------------------
SUM = wg.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "my_sum")


@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, False), (1, True), (-1, False), ((0, 2), True)])
def test_reduction_matches_sum(axis, keepdims):
    a = host((5, 7, 9), "float32")
    x = wg.asarray(a)
    got = SUM(x, axis=axis, keepdims=keepdims)
    np.testing.assert_allclose(np.asarray(got), np.asarray(wg.sum(x, axis=axis, keepdims=keepdims)), rtol=1e-6,
                               atol=1e-6)
    same(got, a.sum(axis=axis, keepdims=keepdims), summed=True)


@pytest.mark.parametrize("dtype", INTS + FLOATS)
def test_reduction_dtypes(dtype):
    a = host((6, 11), dtype)
    with np.errstate(over="ignore"):
        same(SUM(wg.asarray(a), axis=1), a.sum(axis=1, dtype=dtype), summed=True)


def test_l2_norm_min_with_identity_and_strided():
    a = host((40, 33), "float64")
    x = wg.asarray(a)
    l2 = wg.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    same(l2(x, axis=0), np.sqrt((a * a).sum(axis=0)), summed=True)
    same(l2(x[::3, ::-2], axis=1, keepdims=True), np.sqrt((a[::3, ::-2] ** 2).sum(axis=1, keepdims=True)), summed=True)
    lowest = wg.ReductionKernel("T x", "T y", "x", "min(a, b)", "y = a", "inf", "lowest")
    same(lowest(x, axis=1), a.min(axis=1))
    capped = wg.ReductionKernel("T x", "T y", "x", "min(a, b)", "y = a", "50", "capped")
    b = host((6, 20), "int32")
    same(capped(wg.asarray(b), axis=1), np.minimum(b.min(axis=1), 50))
    same(capped(wg.asarray(b[:, :0]), axis=1), np.full(6, 50, np.int32))  # empty: the identity
    highest = wg.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", "T(-1000)", "highest")
    same(highest(wg.asarray(b[:, :0]), axis=1), np.full(6, -1000, np.int32))  # a WGSL expression
    same(highest(wg.asarray(b), axis=0), b.max(axis=0))


def test_reduction_several_inputs_scalars_and_post_map():
    a, b = host((8, 5), "float32"), host((8, 5), "float32")
    dot = wg.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "dot")
    same(dot(wg.asarray(a), wg.asarray(b[0]), axis=1), (a * b[0]).sum(axis=1), summed=True)
    scaled = wg.ReductionKernel("T x, T w", "T z", "x * w", "a + b", "z = a * w", "0", "scaled")
    same(scaled(wg.asarray(a), 2.0, axis=0), (a * np.float32(2)).sum(axis=0) * np.float32(2), summed=True)
    mean = wg.ReductionKernel("T x", "float64 y", "x", "a + b", "y = f64(a) / f64(_in_ind.size())", "0", "mean",
                              reduce_type="int32")
    c = host((3, 4, 5), "int16")
    same(mean(wg.asarray(c), axis=(0, 2)), c.astype(np.int32).sum(axis=(0, 2)) / 15.0)


def test_reduction_out_zero_d_and_large():
    a = host((3, 4), "float32")
    out = wg.empty(3, dtype=wg.float32)
    assert SUM(wg.asarray(a), out, axis=1) is out
    same(out, a.sum(axis=1), summed=True)
    same(SUM(wg.asarray(np.float32(2.5))), np.float32(2.5))
    big = host((3, 70000), "int32")
    same(SUM(wg.asarray(big), axis=1), big.sum(axis=1, dtype=np.int32))


def test_reduction_errors():
    x = wg.asarray(host(4, "float32"))
    with pytest.raises(TypeError, match="bool"):
        wg.ReductionKernel("T x", "T y", "x", "a || b", "y = a", "false", "anyb")(wg.asarray(np.ones(3, bool)))
    with pytest.raises(TypeError, match="complex"):
        SUM(wg.asarray(np.ones(3, np.complex64)))
    with pytest.raises(ValueError, match="out has shape"):
        SUM(x, out=wg.empty(2, dtype=wg.float32))
    with pytest.raises(KernelCompileError, match=r"a \+\+ b"):
        wg.ReductionKernel("T x", "T y", "x", "a ++ b", "y = a", "0", "bad_reduce")(x)
    with pytest.raises(KernelCompileError, match=r"(?s)line 2 of its code:\s+y = a \+;"):
        wg.ReductionKernel("T x", "T y", "x", "a + b", "let t = a;\ny = a +;", "0", "bad_post")(x)
    same(SUM(x), np.asarray(x).sum())


# -- RawKernel -------------------------------------------------------------------------------------
ADD = wg.RawKernel("""
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read> y: array<f32>;
@group(0) @binding(3) var<storage, read_write> z: array<f32>;
@compute @workgroup_size(BLOCK_X, BLOCK_Y, BLOCK_Z)
fn axpy(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x < scalar0()) { z[id.x] = scalar1() * x[id.x] + y[id.x]; }
}""", "axpy")


@pytest.mark.parametrize("block", [32, 64, 256])
def test_raw_kernel_scalars_and_blocks(block):
    n = 1000
    a, b = host(n, "float32"), host(n, "float32")
    z = wg.empty(n, dtype=wg.float32)
    ADD((-(-n // block),), (block,), (wg.asarray(a), wg.asarray(b), z, np.uint32(n), 2.5))
    same(z, np.float32(2.5) * a + b)


def test_raw_kernel_two_d_grid_views_and_order():
    transpose = wg.RawKernel("""
@group(0) @binding(1) var<storage, read> src: array<i32>;
@group(0) @binding(2) var<storage, read_write> dst: array<i32>;
@compute @workgroup_size(BLOCK_X, BLOCK_Y)
fn transpose(@builtin(global_invocation_id) id: vec3<u32>) {
    let rows = scalar0(); let cols = scalar1();
    if (id.x < cols && id.y < rows) { dst[id.x * rows + id.y] = src[id.y * cols + id.x]; }
}""", "transpose")
    a = host((13, 21), "int32")
    out = wg.empty((21, 13), dtype=wg.int32)
    transpose((3, 2), (8, 8), (wg.asarray(a), out, np.uint32(13), np.uint32(21)))
    same(out, a.T)
    again = wg.empty((21, 13), dtype=wg.int32)
    transpose((3, 2), (8, 8), (out.mT, again, np.uint32(13), np.uint32(21)))  # a view is copied first
    same(again, a.T)
    same(MULADD(out, 1), a.T * 2)  # ordered with the library's other work on the stream


def test_raw_kernel_compile_error_and_bad_launches():
    bad = wg.RawKernel("@compute @workgroup_size(BLOCK_X)\nfn k() {\n    let a = 1u +;\n}", "k")
    with pytest.raises(KernelCompileError, match=r"(?s)line 3 of its code:\s+let a = 1u \+;"):
        bad(1, 64, ())
    z = wg.empty(10, dtype=wg.float32)
    a = wg.asarray(host(10, "float32"))
    with pytest.raises(ValueError, match="binding"):
        ADD(1, 64, (a, a))
    with pytest.raises(ValueError, match="C-contiguous"):
        ADD(1, 64, (a, a, wg.empty(20, dtype=wg.float32)[::2], np.uint32(10), 1.0))
    with pytest.raises(ValueError, match="both read-only and read_write"):
        ADD(1, 64, (z, a, z, np.uint32(10), 1.0))
    with pytest.raises(NotImplementedError, match="three dimensions"):
        ADD((1, 1, 2), 64, (a, a, z, np.uint32(10), 1.0))
    with pytest.raises(ValueError, match="workgroup of"):
        ADD(1, (1 << 20,), (a, a, z, np.uint32(10), 1.0))
    with pytest.raises(ValueError, match="no function named"):
        wg.RawKernel("fn main() {}", "missing")
    with pytest.raises(ValueError, match="binding 0"):
        wg.RawKernel("@group(0) @binding(0) var<storage, read> x: array<f32>;\nfn k() {}", "k")


# -- arrays larger than one binding (the pool's segment size shrunk to 4 KiB) ----------------------
@pytest.fixture
def small_segments():
    from wgarray._core.memory import pool_for

    pool = pool_for(wg.get_device())
    saved = pool.segment_bytes
    pool.segment_bytes = 4096
    yield
    pool.segment_bytes = saved


def test_kernels_across_segments(small_segments):
    a, b = host((37, 301), "float32"), host((301,), "float32")
    x = wg.asarray(a)
    assert x._storage.segments is not None
    indexed = wg.ElementwiseKernel("T x, T y", "T z", "z = x * y + T(i % 7u)", "indexed")
    same(indexed(x, wg.asarray(b)), a * b + (np.arange(a.size) % 7).reshape(a.shape).astype(np.float32))
    same(SUM(x, axis=1), a.sum(axis=1), summed=True)
    same(SUM(x[:, ::-2], axis=0), a[:, ::-2].sum(axis=0), summed=True)
    with pytest.raises(MemoryError, match="read by index"):
        wg.ElementwiseKernel("raw T x", "T y", "y = x[i]", "raw_big")(x, size=3)


def test_user_code_keeps_every_runtime_check(monkeypatch):
    """Our kernels compile without wgpu's loop counters (their loops end); a kernel holding user
    code keeps every check, so that a user's endless loop stays bounded."""
    from wgarray._core import kernels, native

    if not native.AVAILABLE:
        pytest.skip("wgpu-py on a backend other than wgpu-native: its public call keeps every check, there is no choice to test")
    trusted = []
    real = native.create_shader_module
    monkeypatch.setattr(native, "create_shader_module",
                        lambda gpu, code, checks: trusted.append((checks, code)) or real(gpu, code, checks))
    body = "@compute @workgroup_size(1) fn main() { var i = 0u; loop { i++; if (i > 3u) { break; } } }"
    gpu = wg.get_device().wgpu
    kernels._shader_module(gpu, body)
    assert trusted == [(native.BOUNDS_CHECKS, body)]
    kernels._shader_module(gpu, kernels.USER_CODE_MARK + "\n" + body)
    assert len(trusted) == 1
    thrice = wg.ElementwiseKernel("T x", "T y", "var s = T(0); for (var i = 0; i < 3; i++) { s += x; } y = s * x",
                                  "three_x_squared_checked")
    np.testing.assert_array_equal(np.asarray(thrice(wg.asarray([1.0, 2.0], dtype=wg.float32))), [3.0, 12.0])
    assert not any(kernels.USER_CODE_MARK in code or "three_x_squared" in code for _, code in trusted)


def test_workgroup_memory_past_the_limit_is_refused():
    """wgpu does not check workgroup memory against the device's limit (an NVIDIA GPU hangs on such
    a kernel): the kernel cache refuses it, and the library stays usable."""
    from wgarray._core.workgroup_memory import workgroup_bytes

    limit = wg.get_device().limits["max-compute-workgroup-storage-size"]
    half = limit // 8 + 1  # 2 * half words: past the limit
    body = (f"const HALF = {half}u;\nvar<workgroup> big: array<u32, 2u * HALF>;\n"
            "@compute @workgroup_size(1) fn main() { big[0] = 1u; }")
    assert workgroup_bytes(body) == -(-8 * half // 16) * 16 > limit
    assert workgroup_bytes(body.replace("big[0] = 1u;", "")) == 0  # declared, unused
    assert workgroup_bytes("alias T = vec3<f32>;\nvar<workgroup> v: array<T, 3>;\nfn f() { v[0] = T(); }") == 48
    with pytest.raises(KernelCompileError, match="workgroup memory"):
        kernel_cache(wg.get_device()).get(("too_much_workgroup_memory", half), (), lambda: body)
    np.testing.assert_array_equal(np.asarray(wg.arange(3) + 1), [1, 2, 3])
