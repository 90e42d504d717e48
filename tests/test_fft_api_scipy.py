"""SciPy's array-API path on wgarray inputs (SCIPY_ARRAY_API=1): scipy.fft's transforms, fftfreq(xp=wgarray)
and fftshift, and scipy.signal's fftconvolve, oaconvolve and convolve(method='fft') return wgarray arrays that
match SciPy's NumPy results."""

from __future__ import annotations


import numpy as np
import pytest

# SciPy's array-API path needs SCIPY_ARRAY_API=1 at its import: conftest.py sets it.

scipy_fft = pytest.importorskip("scipy.fft")
signal = pytest.importorskip("scipy.signal")

import wgarray as wg  # noqa: E402
from test_fft_api import compare, sample  # noqa: E402


def same(got, expected, dtype=None):
    assert isinstance(got, wg.Array), f"SciPy returned {type(got).__name__}, not a wgarray array"
    compare(got, np.asarray(expected), dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("name", ["fft", "ifft", "fftn", "ifftn", "fft2", "hfft"])
def test_complex_transforms(name, dtype):
    x = sample(dtype, (4, 6))
    same(getattr(scipy_fft, name)(wg.asarray(x), norm="ortho"), getattr(scipy_fft, name)(x, norm="ortho"), dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ["rfft", "rfftn", "rfft2", "ihfft"])
def test_real_transforms(name, dtype):
    x = sample(dtype, (4, 6))
    same(getattr(scipy_fft, name)(wg.asarray(x)), getattr(scipy_fft, name)(x), dtype)
    back = {"rfft": "irfft", "rfftn": "irfftn", "rfft2": "irfft2", "ihfft": "hfft"}[name]
    spectrum = getattr(scipy_fft, name)(x)
    same(getattr(scipy_fft, back)(wg.asarray(spectrum)), getattr(scipy_fft, back)(spectrum), dtype)


def test_arguments_reach_wgarray():
    x = sample("complex128", (3, 5))
    same(scipy_fft.fft(wg.asarray(x), n=8, axis=0), scipy_fft.fft(x, n=8, axis=0))
    same(scipy_fft.fftn(wg.asarray(x), s=(2, 7), axes=(1, 0)), scipy_fft.fftn(x, s=(2, 7), axes=(1, 0)))


def test_freqs_and_shifts():
    same(scipy_fft.fftfreq(7, 0.5, xp=wg), scipy_fft.fftfreq(7, 0.5))
    same(scipy_fft.rfftfreq(8, xp=wg), scipy_fft.rfftfreq(8))
    x = sample("float64", (4, 5))
    same(scipy_fft.fftshift(wg.asarray(x)), scipy_fft.fftshift(x))
    same(scipy_fft.ifftshift(wg.asarray(x), axes=0), scipy_fft.ifftshift(x, axes=0))


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_fftconvolve(mode, dtype):
    a, b = sample(dtype, (12,)), sample(dtype, (5,))
    same(signal.fftconvolve(wg.asarray(a), wg.asarray(b), mode=mode), signal.fftconvolve(a, b, mode=mode), dtype)
    a2, b2 = sample(dtype, (6, 7)), sample(dtype, (3, 2))
    same(signal.fftconvolve(wg.asarray(a2), wg.asarray(b2), mode=mode), signal.fftconvolve(a2, b2, mode=mode), dtype)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_oaconvolve(mode):
    a, b = sample("float64", (40,)), sample("float64", (7,))
    same(signal.oaconvolve(wg.asarray(a), wg.asarray(b), mode=mode), signal.oaconvolve(a, b, mode=mode))
    a2, b2 = sample("float32", (9, 20)), sample("float32", (1, 3))
    same(signal.oaconvolve(wg.asarray(a2), wg.asarray(b2), mode=mode, axes=1),
         signal.oaconvolve(a2, b2, mode=mode, axes=1), "float32")


def test_convolve_fft_method():
    a, b = sample("float64", (15,)), sample("float64", (4,))
    same(signal.convolve(wg.asarray(a), wg.asarray(b), method="fft"), signal.convolve(a, b, method="fft"))
    a2, b2 = sample("complex64", (5, 6)), sample("complex64", (2, 2))
    same(signal.convolve(wg.asarray(a2), wg.asarray(b2), mode="same", method="fft"),
         signal.convolve(a2, b2, mode="same", method="fft"), "complex64")


def test_scipy_dispatches_to_wgarray_fft(monkeypatch):
    """SciPy computes through wgarray.fft (it would otherwise convert to NumPy and back)."""
    calls = []
    original = wg.fft.rfftn

    def counting(*args, **kwargs):
        calls.append(kwargs)
        return original(*args, **kwargs)

    monkeypatch.setattr(wg.fft, "rfftn", counting)
    a, b = sample("float64", (10,)), sample("float64", (3,))
    same(signal.fftconvolve(wg.asarray(a), wg.asarray(b)), signal.fftconvolve(a, b))
    same(scipy_fft.rfftn(wg.asarray(a)), scipy_fft.rfftn(a))
    assert len(calls) >= 3
