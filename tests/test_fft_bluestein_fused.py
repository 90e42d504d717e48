"""Bluestein's convolution in one dispatch (fft_bluestein.FUSED, where its length m fits one
workgroup): as accurate as the two-dispatch path it replaces, for every side the engine gives
it (batches, views, other axes, real input, the real transforms' odd lengths), with and without
halved exchanges; and the real forward post-processing that makes terms k and h - k together."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._array import Array
from wgarray._engines import fft as engine
from wgarray._engines import fft_bluestein, fft_plan, fft_recipe
import test_fft_engine as engine_tests  # its test functions called, not collected again here
from test_fft_engine import C64, C128, EPS, check_accuracy, generator, random_complex, rms, run_complex


def _dispatches(monkeypatch, call) -> list:
    """The kernel keys of the dispatches call()'s transform records (not its tables' or spectrum's)."""
    launched, original = [], fft_recipe.launch

    def launch(device, key, *args):
        if getattr(fft_recipe._local, "recording", None) is not None:
            launched.append(key)
        return original(device, key, *args)

    monkeypatch.setattr(fft_recipe, "launch", launch)
    wgarray.empty_cache()  # no recipe to replay: the transform is recorded anew
    call()
    return launched


@pytest.mark.parametrize("n", [67, 97, 1009])
def test_one_dispatch_where_m_is_local(monkeypatch, n):
    x = random_complex((3, n), C64)
    keys = _dispatches(monkeypatch, lambda: run_complex(x))
    assert len(keys) == 1 and keys[0][0] == "fft_local" and keys[0][10][-1]  # the convolve flag
    monkeypatch.setattr(fft_bluestein, "FUSED", 0)
    assert len(_dispatches(monkeypatch, lambda: run_complex(x))) == 2


@pytest.mark.parametrize("fused", [0, 1])
@pytest.mark.parametrize("halves", [0, 1])
@pytest.mark.parametrize("n", [67, 251, 1009])
def test_accuracy_both_ways(monkeypatch, n, halves, fused):
    """Within 2x of NumPy's error, forward and inverse, complex64 and complex128; 1009 is
    Bluestein through 2048 (the benchmark's), 251 through 512, 67 through 135 = 3^3 5."""
    monkeypatch.setattr(fft_plan, "HALVES", halves)
    monkeypatch.setattr(fft_bluestein, "FUSED", fused)
    check_accuracy(random_complex((5, n), C64))
    check_accuracy(random_complex((5, n), C64), inverse=True)
    check_accuracy(random_complex((2, n), C128))
    check_accuracy(random_complex((2, n), C128), inverse=True)


@pytest.mark.parametrize("dtype", [C64, C128])
def test_matches_the_two_dispatch_path(monkeypatch, dtype):
    """complex128: the same float64 arithmetic, so the same bits; complex64 differs by the float64
    twiddle powers at most (far below its rounding)."""
    x = random_complex((4, 1009), dtype)
    fused = run_complex(x, scale=0.5)
    monkeypatch.setattr(fft_bluestein, "FUSED", 0)
    two = run_complex(x, scale=0.5)
    if dtype == C128:
        assert np.array_equal(fused, two)
    else:
        assert rms(fused, two) <= EPS[C64] / 8


def test_views_axes_and_real_input():
    """Strided, offset and reversed rows, a non-last axis, and real input read as complex."""
    base = generator("views", 97).standard_normal((6, 2 * 97 + 3)) + 1j * generator(97).standard_normal((6, 197))
    a = wgarray.asarray(base)
    for view, host in [(a[:, 3::2], base[:, 3::2]), (a[::-2, :97][:, ::-1], base[::-2, :97][:, ::-1])]:
        np.testing.assert_allclose(run_complex(view), np.fft.fft(host), rtol=0, atol=1e-11)
    tall = generator("tall", 97).standard_normal((97, 40)) + 0j  # along axis 0: rows adjacent in memory
    np.testing.assert_allclose(run_complex(wgarray.asarray(tall), axis=0), np.fft.fft(tall, axis=0), rtol=0, atol=1e-11)
    real = generator("real", 1009).standard_normal((3, 1009)).astype(np.float32)
    got = np.asarray(Array._wrap(engine.complex_transform(wgarray.asarray(real)._data(), -1, False)))
    ref = np.fft.fft(real.astype(np.float64))
    assert got.dtype == C64 and rms(got, ref) <= 2 * max(rms(np.fft.fft(real), ref), EPS[C64] / 8)


@pytest.mark.parametrize("fused", [0, 1])
@pytest.mark.parametrize("n", [97, 1009])
def test_real_transforms_of_odd_prime_length(monkeypatch, n, fused):
    """rfft of odd n reads real values as complex; irfft reads the Hermitian half spectrum and
    writes real values: both sides through the one dispatch."""
    monkeypatch.setattr(fft_bluestein, "FUSED", fused)
    engine_tests.test_real_transforms(n, np.float32)
    engine_tests.test_real_transforms(n, np.float64)


@pytest.fixture
def small_workgroups(monkeypatch):
    monkeypatch.setattr(fft_plan, "MAX_LOCAL", 16)


@pytest.mark.parametrize("n", [2, 4, 34, 36, 64, 74, 98])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_forward_post_pairs(small_workgroups, n, dtype):
    """Past one workgroup the real forward transform's post-processing makes the terms k and
    h - k of each pair at once (h odd: 17, 37, 49; even: 2, 18, 32, whose middle term is its own
    pair; h = 1 and 2 are local), along the last axis and another one."""
    engine_tests.test_real_transforms(n, dtype)
    x = generator("post", n, dtype).standard_normal((n, 3, 2)).astype(dtype)
    got = np.asarray(Array._wrap(engine.real_forward(wgarray.asarray(x)._data(), 0)))
    assert rms(got, np.fft.rfft(x.astype(np.float64), axis=0)) <= (4e-7 if dtype == np.float32 else 1e-14)
