#!/usr/bin/env python3
"""wgarray.scipy.signal and ndimage against cupyx.scipy (or torch, where it has the operation) on the
same GPU, in one run; without CuPy, against SciPy on the CPU. Each case prints its times, the ratio,
and its error (the largest difference from SciPy's float64 result, relative to that result's largest
magnitude; only with --check, since SciPy is slow at these sizes). Issue 15's target:
convolve 2^20 by 1025 (float32) <= 2x cupyx.scipy.signal.convolve (whose 'auto' picks the FFT).

  python benchmarks/scipy_signal.py [--only convolve] [--reps 10] [--small] [--check] [--explore]

--explore also times convolve's direct and fft methods over a grid of sizes (float32, 'full'), with
SciPy's cost-model choice, to calibrate choose_conv_method on the device.

Timed as benchmarks/kernels.py does; --small runs each case at a size a CPU adapter can take.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import load_libraries, selected, time_call  # noqa: E402


def _data(shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


# name -> (input shape, kernel shape or None, call (signal, ndimage, x, w) with the library's modules)
CASES = {
    "convolve 2^20 x 1025 auto": ((2**20,), (1025,), lambda s, n, x, w: s.convolve(x, w)),
    "convolve 2^20 x 1025 direct": ((2**20,), (1025,), lambda s, n, x, w: s.convolve(x, w, method="direct")),
    "convolve 2^20 x 1025 fft": ((2**20,), (1025,), lambda s, n, x, w: s.convolve(x, w, method="fft")),
    "oaconvolve 2^20 x 1025": ((2**20,), (1025,), lambda s, n, x, w: s.oaconvolve(x, w)),
    "convolve2d 2048^2 x 7^2 same": ((2048, 2048), (7, 7), lambda s, n, x, w: s.convolve2d(x, w, "same")),
    "correlate 256^3 x 5^3 same direct": ((256, 256, 256), (5, 5, 5),
                                          lambda s, n, x, w: s.correlate(x, w, "same", method="direct")),
    "ndimage gaussian_filter 2048^2 sigma 3": ((2048, 2048), None, lambda s, n, x, w: n.gaussian_filter(x, 3.0)),
    "ndimage uniform_filter 2048^2 size 9": ((2048, 2048), None, lambda s, n, x, w: n.uniform_filter(x, 9)),
    "ndimage median_filter 1024^2 size 5": ((1024, 1024), None, lambda s, n, x, w: n.median_filter(x, 5)),
    "ndimage maximum_filter 2048^2 size 9": ((2048, 2048), None, lambda s, n, x, w: n.maximum_filter(x, 9)),
    "ndimage sobel 2048^2": ((2048, 2048), None, lambda s, n, x, w: n.sobel(x, 0)),
}


def _peer(libraries):
    """(name, signal module, ndimage module, upload, sync): cupyx.scipy, else SciPy on the host."""
    if "cupy" in libraries:
        import cupyx.scipy.ndimage as cn
        import cupyx.scipy.signal as cs
        cupy, upload, sync, _ = libraries["cupy"]
        return "cupyx", cs, cn, upload, sync
    import scipy.ndimage as sn
    import scipy.signal as ss
    return "scipy(cpu)", ss, sn, np.asarray, lambda: None


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--explore", action="store_true")
    args = parser.parse_args()
    libraries = load_libraries()
    wg, upload, sync, device = libraries["wgarray"]
    import wgarray.scipy.ndimage as wn
    import wgarray.scipy.signal as ws
    peer_name, peer_signal, peer_ndimage, peer_upload, peer_sync = _peer(libraries)
    print(f"device: {device}; peer: {peer_name}")
    for name, (x_shape, w_shape, call) in CASES.items():
        if not selected(name, args.only):
            continue
        if args.small:
            x_shape = tuple(max(8, n // 64) for n in x_shape)
            w_shape = None if w_shape is None else tuple(min(k, 33) for k in w_shape)
        x_host = _data(x_shape)
        w_host = None if w_shape is None else _data(w_shape, seed=1)
        x, w = upload(x_host), None if w_host is None else upload(w_host)
        try:
            ours = call(ws, wn, x, w)
            ours_time = time_call(lambda: call(ws, wn, x, w), sync, args.reps, trials=3)
        except Exception as exc:  # a case the library cannot run is reported, not fatal
            print(f"{name:42s} wgarray failed: {type(exc).__name__}: {exc}", flush=True)
            continue
        line = f"{name:42s} wgarray {ours_time * 1e3:9.3f} ms"
        px, pw = peer_upload(x_host), None if w_host is None else peer_upload(w_host)
        try:
            theirs = time_call(lambda: call(peer_signal, peer_ndimage, px, pw), peer_sync,
                               max(1, args.reps // (10 if peer_name.startswith("scipy") else 1)), trials=3)
            line += f"  {peer_name} {theirs * 1e3:9.3f} ms  ratio {ours_time / theirs:6.2f}x"
        except Exception as exc:
            line += f"  {peer_name} failed: {type(exc).__name__}"
        if args.check:
            import scipy.ndimage as sn
            import scipy.signal as ss
            exact = call(ss, sn, x_host.astype(np.float64), None if w_host is None else w_host.astype(np.float64))
            error = np.abs(np.asarray(ours) - exact).max() / max(np.abs(exact).max(), 1e-300)
            line += f"  error {error:.1e}"
        print(line, flush=True)
    if "torch" in libraries and selected("torch conv1d", args.only):
        torch, torch_upload, torch_sync, _ = libraries["torch"]
        n = 2**20 // (64 if args.small else 1)
        tx, tw = torch_upload(_data((1, 1, n))), torch_upload(_data((1, 1, 1025), seed=1))
        full = torch.nn.functional.conv1d
        seconds = time_call(lambda: full(tx, tw.flip(-1), padding=1024), torch_sync, args.reps, trials=3)
        print(f"{'torch conv1d 2^20 x 1025 (full, cuDNN)':42s} torch {seconds * 1e3:9.3f} ms", flush=True)
    if args.explore:
        explore(ws, upload, sync, args.reps, args.small)


GRID = [((2**14,), (17,)), ((2**14,), (257,)), ((2**17,), (33,)), ((2**17,), (257,)), ((2**17,), (2049,)),
        ((2**20,), (65,)), ((2**20,), (257,)), ((2**20,), (1025,)), ((2**20,), (4097,)), ((2**22,), (1025,)),
        ((512, 512), (3, 3)), ((512, 512), (15, 15)), ((2048, 2048), (7, 7)), ((2048, 2048), (31, 31)),
        ((64, 64, 64), (5, 5, 5)), ((128, 128, 128), (9, 9, 9))]


def explore(ws, upload, sync, reps, small) -> None:
    from wgarray.scipy import _signal_fft
    for x_shape, w_shape in GRID:
        if small:
            x_shape = tuple(max(8, n // 64) for n in x_shape)
        x, w = upload(_data(x_shape)), upload(_data(w_shape, seed=1))
        line = f"  explore {'x'.join(map(str, x_shape)):>14s} * {'x'.join(map(str, w_shape)):>9s}"
        for method in ("direct", "fft", "fft-pow2"):
            _signal_fft._FORCE["lengths"] = "pow2" if method == "fft-pow2" else None
            seconds = time_call(lambda: ws.convolve(x, w, method=method[:3] if method != "direct" else method),
                                sync, reps, trials=3)
            line += f"  {method} {seconds * 1e3:9.3f} ms"
        _signal_fft._FORCE.clear()
        print(f"{line}  model: {ws.choose_conv_method(x, w)}", flush=True)


if __name__ == "__main__":
    main()
