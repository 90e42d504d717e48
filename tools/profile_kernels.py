#!/usr/bin/env python3
"""Where a wgarray call spends its GPU time: every dispatch is followed by a synchronize and
timed, and the times are summed per kernel (the first element of its cache key). The sums
include each dispatch's submission and wait, so they overstate short kernels; the unprofiled
time of the call is printed next to them.

  python tools/profile_kernels.py cholesky qr solve eigh   (cases below; default: all)
  PROFILE_N=256 sets the size (default 4096; fft cases take N * N points)
"""

from __future__ import annotations

import collections
import sys
import time

import numpy as np

import wgarray as wg
from wgarray._core.stream import Stream

N = int(__import__("os").environ.get("PROFILE_N", 4096))


def _cases():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((N, N)).astype(np.float32)
    spd = (a @ a.T / N + np.eye(N, dtype=np.float32)).astype(np.float32)
    return {
        "cholesky": (lambda x: wg.linalg.cholesky(x), [spd]),
        "qr": (lambda x: wg.linalg.qr(x), [a]),
        "solve": (lambda x, b: wg.linalg.solve(x, b), [a, a[:, :1].copy()]),
        "eigh": (lambda x: wg.linalg.eigh(x), [spd[:256, :256].copy()]),
        "svd": (lambda x: wg.linalg.svd(x), [a[:256, :256].copy()]),
        "eigh_n": (lambda x: wg.linalg.eigh(x), [spd]),  # N x N (PROFILE_N=1024 for issue 12's case)
        "svd_n": (lambda x: wg.linalg.svd(x), [a]),
        "inv4": (lambda x: wg.linalg.inv(x), [rng.standard_normal((65536, 4, 4)).astype(np.float32)]),
        "fft": (lambda x: wg.fft.fft(x), [(rng.standard_normal(N * N) + 1j).astype(np.complex64)]),
        "fft1000": (lambda x: wg.fft.fft(x), [(rng.standard_normal((N, 1000)) + 1j).astype(np.complex64)]),
        "rfft": (lambda x: wg.fft.rfft(x), [rng.standard_normal(N * N).astype(np.float32)]),
        "fft2": (lambda x: wg.fft.fft2(x), [(a + 1j).astype(np.complex64)]),
    }


def profile(call, args, top: int = 12) -> None:
    device_args = [wg.asarray(x) for x in args]
    call(*device_args)
    wg.synchronize()
    start = time.perf_counter()
    call(*device_args)
    wg.synchronize()
    plain = time.perf_counter() - start
    times, counts = collections.Counter(), collections.Counter()
    original = Stream.dispatch

    def timed(self, kernel, storages, params, groups):
        begin = time.perf_counter()
        result = original(self, kernel, storages, params, groups)
        wg.synchronize()
        name = kernel.key[0] if isinstance(kernel.key, tuple) else str(kernel.key)
        times[name] += time.perf_counter() - begin
        counts[name] += 1
        return result

    Stream.dispatch = timed
    try:
        start = time.perf_counter()
        call(*device_args)
        wg.synchronize()
        profiled = time.perf_counter() - start
    finally:
        Stream.dispatch = original
    print(f"  unprofiled {plain * 1e3:.1f} ms; profiled {profiled * 1e3:.1f} ms over {sum(counts.values())} dispatches")
    for name, seconds in times.most_common(top):
        print(f"    {name:28s} {counts[name]:6d} x  {seconds * 1e3:9.2f} ms  ({seconds / counts[name] * 1e6:8.1f} us each)")


def main() -> None:
    cases = _cases()
    for name in sys.argv[1:] or list(cases):
        print(f"{name}:")
        profile(*cases[name])


if __name__ == "__main__":
    main()
