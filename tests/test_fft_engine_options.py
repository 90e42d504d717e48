"""The fft engine's plan options (fft_plan.PINGPONG, MAX_MIXED_RADIX, HALVES, ...), on and off:
kept correct and accurate, since the benchmark (FFT_EXPLORE) times them on the H100."""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from wgarray._engines import fft_codelets, fft_plan, fft_tables
import test_fft_engine as engine_tests  # its test functions called, not collected again here
from test_fft_engine import C64, C128, EPS, check_accuracy, random_complex, rms

run_local = fft_plan.run_local  # the real one, under the tests that spy on it


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


@pytest.mark.parametrize("radix8", [0, 1])
@pytest.mark.parametrize("n", [8, 32, 1000, 1009, 2 ** 13])
def test_radix8_for_odd_exponents(monkeypatch, n, radix8):
    """In a whole transform an odd power of two leads with one radix-8 pass (the default) or takes
    a radix-2 one; a global pass's always takes the radix 2. 1009 through Bluestein's 2048, 2^13
    through global passes on a small adapter."""
    monkeypatch.setattr(fft_plan, "RADIX8_FOR_ODD", radix8)
    if n & (n - 1) == 0:
        whole = fft_plan.radices(n, whole=True)
        assert (8 in whole) == bool(radix8) and (2 in whole) == (not radix8)
        assert 8 not in fft_plan.radices(n) and 2 in fft_plan.radices(n)
    check_accuracy(random_complex((3, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)


@pytest.mark.parametrize("invocations, run", [(32, 8), (64, 2), (1 << 20, 8)])
@pytest.mark.parametrize("n, axis", [(60, -1), (1000, -1), (1000, 0), (1 << 14, -1)])
def test_tile_workgroup(monkeypatch, n, axis, invocations, run):
    """Tiles of at most TILE_WORKGROUP (whole transforms: LOCAL_TILE_WORKGROUP) invocations, but
    RUN_TILE transforms where their loads or stores run across them: global passes, a non-last
    axis."""
    monkeypatch.setattr(fft_plan, "TILE_WORKGROUP", invocations)
    monkeypatch.setattr(fft_plan, "LOCAL_TILE_WORKGROUP", invocations)
    monkeypatch.setattr(fft_plan, "RUN_TILE", run)
    if axis == -1:
        check_accuracy(random_complex((3, n), C64))
        check_accuracy(random_complex((2, n), C128), inverse=True)
        return
    for dtype in (C64, C128):  # along axis 0 (rows adjacent in memory): within 2x NumPy's error
        x = random_complex((n, 5), dtype)
        wide = x.astype(C128)
        bound = 2 * max(rms(np.fft.fft(x, axis=0), np.fft.fft(wide, axis=0)), EPS[C64] / 8 if dtype == C64 else
                        EPS[C128] * np.log2(n) / 2)
        assert rms(engine_tests.run_complex(x, 0), np.fft.fft(wide, axis=0)) <= bound


def test_tile_workgroup_caps_the_tile():
    device = type("Device", (), {"limits": {"max-compute-workgroup-storage-size": 32768}})()
    assert fft_plan.local_tile(device, 64, 1000, halves=True) * 64 // 4 <= fft_plan.TILE_WORKGROUP
    assert fft_plan.local_tile(device, 243, 1000, halves=True, least=8) == 8
    assert fft_plan.local_tile(device, 243, 1000, halves=True) == 4
    # whole transforms: at most LOCAL_TILE_WORKGROUP invocations (one per butterfly of radix 4)
    assert fft_plan.local_tile(device, 64, 1000, halves=True, whole=True) * 64 // 4 <= fft_plan.LOCAL_TILE_WORKGROUP


@pytest.mark.parametrize("n", [3000, 4096])
def test_wide_local(monkeypatch, n):
    """WIDE_LOCAL: rows up to twice capacity() in one dispatch of halved exchanges (on a small
    adapter, 3000 and 4096 past its 2048)."""
    monkeypatch.setattr(fft_plan, "WIDE_LOCAL", 1)
    calls = []
    monkeypatch.setattr(fft_plan, "run_local", lambda *args, **kw: calls.append(args[2]) or run_local(*args, **kw))
    check_accuracy(random_complex((3, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)
    assert set(calls) == {n}



def test_wide_passes(monkeypatch):
    """WIDE_PASSES: global passes of up to twice capacity() (2^20 in two passes of 1024 on a
    small adapter, not three), in tiles of one transform."""
    monkeypatch.setattr(fft_plan, "WIDE_PASSES", 1)
    n, calls = 1 << 20, []
    monkeypatch.setattr(fft_plan, "run_local", lambda *args, **kw: calls.append(args[2]) or run_local(*args, **kw))
    check_accuracy(random_complex((1, n), C64))
    assert calls == ([1024, 1024] if fft_plan.capacity(wgarray.asarray(0)._data().device) == 2048 else calls)
    check_accuracy(random_complex((1, n), C128), inverse=True)


@pytest.mark.parametrize("powers", [0, 1])
@pytest.mark.parametrize("n", [12, 244, 1000, 1009, 2 ** 13])
def test_twiddle_powers(monkeypatch, n, powers):
    """Passes into float32 results twiddle by float64 powers of one table entry (the default) or
    read every twiddle from the table: within 2x NumPy's error either way. 244 = 4 * 61 has the
    longest chain of powers (a direct radix 61), 1009 goes through Bluestein, 2^13 through global
    passes on a small adapter; real transforms of float32 too."""
    monkeypatch.setattr(fft_plan, "TWIDDLE_POWERS", powers)
    check_accuracy(random_complex((3, n), C64))
    check_accuracy(random_complex((2, n), C64), inverse=True)
    check_accuracy(random_complex((2, n), C128))
    engine_tests.test_real_transforms(n, np.float32)


@pytest.mark.parametrize("dtype, powers", [(C64, True), (C128, False)])
def test_twiddle_powers_only_into_float32(monkeypatch, dtype, powers):
    """The powers are taken only where the result rounds to float32: complex128 passes read each
    twiddle from the table (its roundings would show there)."""
    sources = []
    launch = fft_plan.fft_recipe.launch
    monkeypatch.setattr(fft_plan.fft_recipe, "launch",
                        lambda device, key, make, *rest: sources.append(make()) or launch(device, key, make, *rest))
    wgarray.empty_cache()  # no recipe to replay: the transform launches its kernel
    check_accuracy(random_complex((2, 1000), dtype))
    assert len(sources) == 1 and ("cmul(w1, w1)" in sources[0]) is powers
    assert ("twiddle_f(2u * step)" in sources[0]) is not powers


@pytest.mark.parametrize("low", [3, 16, 256])
@pytest.mark.parametrize("n", [2 ** 14, 3 ** 8 * 5, 2 * 3 * 5 * 7 * 11 * 13])
def test_pass_twiddle_tables(monkeypatch, n, low):
    """Global passes twiddle from their own two tables, j split at PASS_LOW (3: a split that
    divides no pass's ns evenly; 256: the default), as accurately as the one-dispatch transform."""
    monkeypatch.setattr(fft_tables, "PASS_LOW", low)
    monkeypatch.setattr(fft_plan, "MAX_LOCAL", 64)  # several global passes, ns past 256
    check_accuracy(random_complex((2, n), C64))
    check_accuracy(random_complex((2, n), C128), inverse=True)
