"""The fft engine's plan options (fft_plan.PINGPONG, MAX_MIXED_RADIX, HALVES, ...), on and off:
kept correct and accurate, since the benchmark (FFT_EXPLORE) times them on the H100."""

from __future__ import annotations

import numpy as np
import pytest

from wgarray._engines import fft_codelets, fft_plan
import test_fft_engine as engine_tests  # its test functions called, not collected again here
from test_fft_engine import C64, C128, check_accuracy, random_complex


@pytest.mark.parametrize("mode", [1, 2])
@pytest.mark.parametrize("n", [2, 12, 60, 1000, 1009, 4096])
def test_pingpong_tiles(monkeypatch, mode, n):
    """Two tiles of workgroup memory, one barrier per pass (2: global passes too, at 4096 on a
    small adapter)."""
    monkeypatch.setattr(fft_plan, "PINGPONG", mode)
    check_accuracy(random_complex((3, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)


@pytest.mark.parametrize("n", [30, 100])
def test_pingpong_real_forward(monkeypatch, n):
    """The real forward transform's store_tile reads the tile the last pass wrote."""
    monkeypatch.setattr(fft_plan, "PINGPONG", 1)
    engine_tests.test_real_transforms(n, np.float32)


@pytest.mark.parametrize("n, composite", [(6, 6), (10, 10), (60, 10), (240, 6), (1000, 10), (3 ** 7, 9),
                                          (2 ** 5 * 3 ** 3 * 5 ** 2 * 7, 14)])
def test_mixed_radices(monkeypatch, n, composite):
    monkeypatch.setattr(fft_plan, "MAX_MIXED_RADIX", 16)
    assert composite in fft_plan.radices(n)
    check_accuracy(random_complex((2, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)


def test_powers_of_two_keep_their_radices(monkeypatch):
    monkeypatch.setattr(fft_plan, "MAX_MIXED_RADIX", 16)
    assert fft_plan.radices(1024) == [4] * 5 and fft_plan.radices(11 * 3) == [3, 11]


@pytest.mark.parametrize("r, straight", [(6, True), (10, True), (14, True), (9, True), (11, False), (22, False)])
def test_straight_radices(r, straight):
    assert fft_codelets.straight(r) is straight


@pytest.mark.parametrize("halves", [0, 1])
@pytest.mark.parametrize("n", [12, 1000, 4096, 1 << 16])
def test_halved_exchanges(monkeypatch, n, halves):
    """Workgroup memory of one float64 per position, exchanges as real then imaginary parts
    (twice the transforms per tile; the default), or a complex128 per position; 4096 and 2^16
    take global passes on a small adapter."""
    monkeypatch.setattr(fft_plan, "HALVES", halves)
    check_accuracy(random_complex((2, n), C64))
    check_accuracy(random_complex((1, n), C128), inverse=True)
