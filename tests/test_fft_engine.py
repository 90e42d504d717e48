"""The fft engine (wgarray/_engines/fft.py) against NumPy and an extended-precision DFT.

Accuracy is the RMS relative error against a reference: a long-double DFT (exact integer angles)
for short lengths, numpy.fft in complex128 for long ones. complex64 must be within 2x of
numpy.fft's own complex64 error (which, in NumPy 2.4, is float64 computation rounded once);
complex128 within 2x of numpy.fft's complex128 error against the long-double DFT.
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import wgarray
from wgarray._array import Array
from wgarray._engines import fft as engine
from wgarray._engines import fft_bluestein, fft_plan

C64, C128 = np.dtype(np.complex64), np.dtype(np.complex128)
EPS = {C64: np.finfo(np.float32).eps, C128: np.finfo(np.float64).eps}
def generator(*key) -> np.random.Generator:
    """A generator seeded by the test's own parameters: the same inputs whatever ran before
    (an accuracy bound within 2x of NumPy's error must not depend on test order or xdist)."""
    return np.random.default_rng([1234, *(zlib.crc32(str(k).encode()) for k in key)])


def rms(got, ref) -> float:
    scale = np.sqrt(np.mean(np.abs(ref) ** 2)) if ref.size else 1.0
    return float(np.sqrt(np.mean(np.abs(got - ref) ** 2)) / scale) if ref.size else 0.0


def random_complex(shape, dtype):
    rng = generator(shape, np.dtype(dtype).name)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def long_double_dft(x: np.ndarray, inverse: bool = False) -> np.ndarray:
    """The DFT of each row of x (last axis) in long double from exact angles (j k mod n)."""
    n = x.shape[-1]
    m = np.outer(np.arange(n), np.arange(n)) % max(n, 1)
    angle = (2 * np.pi * m.astype(np.longdouble)) / np.longdouble(n)
    c, s = np.cos(angle), np.sin(angle) * (1 if inverse else -1)
    xr, xi = x.real.astype(np.longdouble), x.imag.astype(np.longdouble)
    return (xr @ c - xi @ s) + 1j * (xr @ s + xi @ c)


def run_complex(x, axis=-1, inverse=False, scale=1.0) -> np.ndarray:
    a = x if isinstance(x, Array) else wgarray.asarray(x)
    out = Array._wrap(engine.complex_transform(a._data(), axis, inverse, scale))
    return np.asarray(out)


def check_accuracy(x: np.ndarray, inverse: bool = False) -> None:
    """x (batch, n) of complex64 or complex128: our error within 2x of numpy.fft's."""
    n = x.shape[-1]
    got = run_complex(x, inverse=inverse)
    numpy_result = np.fft.ifft(x) * n if inverse else np.fft.fft(x)
    assert got.dtype == x.dtype and got.shape == x.shape
    if x.dtype == C128:
        ref = long_double_dft(x, inverse) if n <= 1024 else (np.fft.ifft(x) * n if inverse else np.fft.fft(x))
        if n <= 1024:
            bound = 2 * max(rms(numpy_result, ref), EPS[C128] / 4)
        else:
            bound = EPS[C128] * np.log2(n)
    else:
        wide = x.astype(C128)
        ref = np.fft.ifft(wide) * n if inverse else np.fft.fft(wide)
        bound = 2 * max(rms(numpy_result, ref), EPS[C64] / 8)
    assert rms(got, ref) <= bound, (n, x.dtype, rms(got, ref), bound)


@pytest.mark.parametrize("n", range(1, 65))
def test_every_short_length_complex128(n):
    check_accuracy(random_complex((3, n), C128))


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 11, 12, 13, 16, 30, 31, 49, 60, 63, 64])
def test_short_lengths_complex64_and_inverse(n):
    check_accuracy(random_complex((2, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)


@pytest.mark.parametrize("n", [128, 256, 512, 1024, 2048, 4096, 1009, 3 ** 7])
@pytest.mark.parametrize("dtype", [C64, C128])
def test_longer_lengths(n, dtype):
    check_accuracy(random_complex((2, n), dtype), inverse=n == 512)


@pytest.mark.parametrize("largest, n", [(8, 8), (8, 64), (8, 1000), (8, 2048), (16, 16), (16, 256), (16, 240),
                                        (16, 2048)])
def test_larger_pow2_radices(monkeypatch, largest, n):
    """The straight-line butterflies of radix 8 and 16 (fft_codelets), which the default plans
    (powers of two in radices of at most 4) do not take."""
    monkeypatch.setattr(fft_plan, "MAX_POW2_RADIX", largest)
    assert largest in fft_plan.radices(n)
    check_accuracy(random_complex((2, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)


@pytest.mark.parametrize("n, dtype", [(1 << 16, C64), (1 << 17, C128), (2 ** 5 * 3 ** 3 * 5 ** 2 * 7, C128),
                                      (10007, C64)])
def test_multi_pass_lengths(n, dtype):
    """Four-step plans (two dispatches), Bluestein through a four-step convolution."""
    check_accuracy(random_complex((1, n), dtype))


@pytest.mark.parametrize("n, m", [(97, 256), (1009, 2048), (1000003, 1 << 21), (67, 135), (10007, 20160),
                                  (600011, 1200500)])
def test_bluestein_convolution_length(n, m):
    """A power of two unless it is over 1.5x the smallest 7-smooth length >= 2n - 1."""
    assert fft_bluestein.convolution_length(n, 2048) == m


def test_repeated_transforms_reuse_their_plans(monkeypatch):
    """A second call of the same transform (Bluestein: one dispatch) plans nothing; another view
    of the same length is planned anew, and each gets its own result."""
    x = random_complex((3, 1009), C64)
    first = run_complex(x)
    planned, original = [], fft_plan._local_plan
    monkeypatch.setattr(fft_plan, "_local_plan", lambda *a: planned.append(a[3]) or original(*a))
    assert np.array_equal(run_complex(x), first) and planned == []
    view = wgarray.asarray(np.concatenate([x, x], axis=1))[:, 1009:]
    assert np.array_equal(run_complex(view), first) and planned


@pytest.fixture
def small_workgroups(monkeypatch):
    """Workgroups of 16 elements: every plan kind (two- and three-level four-steps, Bluestein over
    them, the real transforms' separate post-processing) at lengths that run fast."""
    monkeypatch.setattr(fft_plan, "MAX_LOCAL", 16)


@pytest.mark.parametrize("n", [32, 48, 256, 16 * 16 * 12, 4096, 37, 97, 300])
def test_plans_past_one_workgroup(small_workgroups, n):
    x = random_complex((2, n), C128)
    assert rms(run_complex(x), np.fft.fft(x)) <= 4 * EPS[C128] * np.log2(n)
    assert rms(run_complex(x, inverse=True), np.fft.ifft(x) * n) <= 4 * EPS[C128] * np.log2(n)


@pytest.mark.parametrize("n, itemsize, passes", [(1 << 24, 8, 3), (1 << 22, 16, 3), (1 << 20, 8, 3),
                                                (4096, 8, 2), (3 ** 10, 8, 2), (1 << 23, 8, 3)])
def test_pass_radices_are_few_and_wide(n, itemsize, passes):
    """Every global pass's tile of T = capacity / R butterflies reads T adjacent elements: 128
    bytes, or 64 where that saves a pass (2^24 complex64 in 3 passes of 256 rather than 4)."""
    rads = fft_plan.pass_radices(n, 2048, itemsize)
    assert int(np.prod(rads)) == n and len(rads) == passes
    assert all((2048 // r) * itemsize >= 64 for r in rads)
    assert fft_plan.pass_radices(4096, 2048, 16) == [64, 64]  # 128-byte tiles where they cost nothing


@pytest.mark.parametrize("n", [48, 256, 300, 16 * 27])
def test_plans_past_one_workgroup_along_other_axes(small_workgroups, n):
    """Global passes whose tiles run across rows (a non-last axis: j-major scratch), through
    strided, transposed and reversed views, and Bluestein (300) over them."""
    base = random_complex((3, n, 5), C128)
    a = wgarray.asarray(base)
    bound = 4 * EPS[C128] * np.log2(n)
    for view, host, axis in ((a, base, 1), (a[:, :, 1:4].T, base[:, :, 1:4].T, 1), (a[::-1, :, ::2], base[::-1, :, ::2], 1),
                             (a.T[0], base.T[0], 0), (a[1], base[1], 0)):
        for inverse in (False, True):
            got = run_complex(view, axis, inverse)
            ref = np.fft.ifft(host, axis=axis) * n if inverse else np.fft.fft(host, axis=axis)
            assert rms(got, ref) <= bound, (view.shape, axis, inverse, rms(got, ref))


@pytest.mark.parametrize("dtype", [C64, C128])
def test_narrow_columns_take_global_passes(dtype):
    """A length that fits one workgroup but only one or two of its columns (2048 along axis 0):
    global passes with tiles across the columns, as accurate as one dispatch."""
    x = random_complex((2048, 3), dtype)
    assert not fft_plan.is_local(*(fft_plan.side(wgarray.asarray(x)._data(), 0, "complex", 2048),) * 2,
                                 2048, 3, np.dtype(dtype))
    got = run_complex(x, 0)
    wide = x.astype(C128)
    bound = 2 * max(rms(np.fft.fft(x, axis=0), np.fft.fft(wide, axis=0)), EPS[C64] / 8) if dtype == C64 \
        else EPS[C128] * np.log2(2048)
    assert rms(got, np.fft.fft(wide, axis=0)) <= bound


@pytest.mark.parametrize("shape, axis, workgroup", [((3, 64, 4), 1, 16), ((600, 5), 0, 16), ((34, 2), 0, 16),
                                                  ((4096, 3), 0, None)])
def test_real_forward_passes_along_other_axes(monkeypatch, shape, axis, workgroup):
    """rfft of a non-last axis past one workgroup (or too narrow for one): Z j-major, the
    post-processing walking the output in order."""
    if workgroup:
        monkeypatch.setattr(fft_plan, "MAX_LOCAL", workgroup)
    x = generator(shape, axis).standard_normal(shape)
    got = np.asarray(Array._wrap(engine.real_forward(wgarray.asarray(x)._data(), axis)))
    assert rms(got, np.fft.rfft(x, axis=axis)) <= 4 * EPS[C128] * np.log2(shape[axis])
    single = x.astype(np.float32)
    got = np.asarray(Array._wrap(engine.real_forward(wgarray.asarray(single)._data(), axis)))
    ref = np.fft.rfft(single.astype(np.float64), axis=axis)
    assert rms(got, ref) <= 2 * max(rms(np.fft.rfft(single, axis=axis), ref), EPS[C64] / 8)


@pytest.mark.parametrize("n", [34, 64, 74, 600, 33])
def test_real_plans_past_one_workgroup(small_workgroups, n):
    x = generator(3, n).standard_normal((3, n))
    got = np.asarray(Array._wrap(engine.real_forward(wgarray.asarray(x)._data(), -1)))
    assert rms(got, np.fft.rfft(x)) <= 4 * EPS[C128] * np.log2(n)
    spectrum = np.fft.rfft(x)
    back = np.asarray(Array._wrap(engine.real_inverse(wgarray.asarray(spectrum)._data(), -1, n, 1 / n)))
    assert rms(back, x) <= 4 * EPS[C128] * np.log2(n)


def test_empty_and_scale():
    for shape, axis in (((0, 5), 1), ((3, 0), 1), ((0,), 0), ((4, 0, 2), 0)):
        x = np.zeros(shape, C128)
        got = run_complex(x, axis)
        assert got.shape == shape and got.dtype == C128
    x = random_complex((4, 12), C64)
    np.testing.assert_allclose(run_complex(x, inverse=True, scale=1 / 12), np.fft.ifft(x), rtol=0, atol=1e-6)
    np.testing.assert_allclose(run_complex(x, scale=0.5), 0.5 * np.fft.fft(x), rtol=0, atol=2e-6)


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
@pytest.mark.parametrize("n", [8, 15, 17])
def test_axes_of_a_batch(axis, n):
    shape = [3, 4, 5]
    shape[axis] = n
    x = random_complex(shape, C128)
    np.testing.assert_allclose(run_complex(x, axis), np.fft.fft(x, axis=axis), rtol=0, atol=1e-12 * n)


def test_views_strided_offset_broadcast_reversed():
    base = random_complex((6, 40, 7), C128)
    a = wgarray.asarray(base)
    views = [(a[1:5, ::3, 2:], base[1:5, ::3, 2:]),          # strides and an offset
             (a[:, ::-1, ::2], base[:, ::-1, ::2]),           # a negative stride
             (a.T, base.T)]                                   # transposed
    for view, host in views:
        for axis in range(3):
            np.testing.assert_allclose(run_complex(view, axis), np.fft.fft(host, axis=axis), rtol=0, atol=1e-11)
    row = random_complex((1, 24), C128)
    wide = wgarray.broadcast_to(wgarray.asarray(row), (5, 24))  # stride 0 along the batch
    np.testing.assert_allclose(run_complex(wide, 1), np.fft.fft(np.broadcast_to(row, (5, 24)), axis=1),
                               rtol=0, atol=1e-12)
    col = wgarray.broadcast_to(wgarray.asarray(row[:, :1]), (6, 3))  # stride 0 along the transform
    np.testing.assert_allclose(run_complex(col, 0), np.fft.fft(np.broadcast_to(row[:, :1], (6, 3)), axis=0),
                               rtol=0, atol=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 30, 34, 64, 100, 1009, 4096, 8192, 10000])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_transforms(n, dtype):
    x = generator(2, n, 3, dtype).standard_normal((2, n, 3)).astype(dtype)
    got = np.asarray(Array._wrap(engine.real_forward(wgarray.asarray(x)._data(), 1)))
    wide = x.astype(np.float64)
    ref = np.fft.rfft(wide, axis=1)
    assert got.dtype == (C64 if dtype == np.float32 else C128) and got.shape == ref.shape
    bound = 2 * max(rms(np.fft.rfft(x, axis=1), ref), EPS[C64] / 8) if dtype == np.float32 \
        else 2 * EPS[C128] * np.log2(2 * n)
    assert rms(got, ref) <= bound
    spectrum = ref.astype(got.dtype)
    spectrum[:, 0] += 0.5j  # ignored, as pocketfft does, like the Nyquist term's imaginary part
    if n % 2 == 0:
        spectrum[:, -1] -= 0.25j
    back = np.asarray(Array._wrap(engine.real_inverse(wgarray.asarray(spectrum)._data(), 1, n, 1 / n)))
    ref_back = np.fft.irfft(spectrum.astype(C128), n, axis=1)
    assert back.dtype == x.dtype and back.shape == x.shape
    bound = 2 * max(rms(np.fft.irfft(spectrum, n, axis=1), ref_back), EPS[C64] / 8) if dtype == np.float32 \
        else 2 * EPS[C128] * np.log2(2 * n)
    assert rms(back, ref_back) <= bound


def test_real_views_and_axes():
    base = generator(9, 20, 6).standard_normal((9, 20, 6))
    a = wgarray.asarray(base)
    for view, host in ((a[::2, 1:, ::-1], base[::2, 1:, ::-1]), (a.T, base.T)):
        for axis in range(3):
            got = np.asarray(Array._wrap(engine.real_forward(view._data(), axis)))
            np.testing.assert_allclose(got, np.fft.rfft(host, axis=axis), rtol=0, atol=1e-12)
            spectrum = np.fft.rfft(host, axis=axis)
            n = host.shape[axis]
            sv = wgarray.asarray(spectrum)
            got = np.asarray(Array._wrap(engine.real_inverse(sv._data(), axis, n, 1 / n)))
            np.testing.assert_allclose(got, host, rtol=0, atol=1e-13)


def test_bad_input():
    c = wgarray.asarray(np.zeros((2, 4), C64))
    with pytest.raises(TypeError):  # (float32 and float64 are read as complex)
        engine.complex_transform(wgarray.asarray(np.zeros((2, 4), np.int32))._data(), 0, False)
    with pytest.raises(ValueError):  # n shorter than the axis: truncation is the caller's view
        engine.complex_transform(c._data(), 1, False, n=3)
    with pytest.raises(TypeError):
        engine.real_forward(c._data(), 0)
    with pytest.raises(ValueError):
        engine.complex_transform(c._data(), 2, False)
    with pytest.raises(ValueError):
        engine.real_inverse(c._data(), 1, 9)
    with pytest.raises(ValueError):
        engine.real_forward(wgarray.asarray(np.zeros((2, 0), np.float32))._data(), 1)
