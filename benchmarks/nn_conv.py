#!/usr/bin/env python3
"""wgarray.nn convolutions and pools against PyTorch (cuDNN, TF32 off) on the same GPU, in one run:
issue 15's acceptance cases and a few common layers, each with its time ratio and its error (the
largest difference from PyTorch's float64 result, relative to that result's largest magnitude).

  python benchmarks/nn_conv.py [--only depthwise,pool] [--reps 10] [--small] [--explore] [--json FILE]

--explore also times the first case in every tiling of the implicit GEMM (wgarray._engines.conv).
Timed as benchmarks/kernels.py does; --small runs each case at a size a CPU adapter can take.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import case_arguments, load_libraries, selected, time_call, write_json  # noqa: E402


def _data(shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


# name -> (input shape, weight shape or None, dtype, call (F, x, w) with F = torch.nn.functional or wgarray.nn)
CASES = {
    "conv2d N32 C64 128^2 O128 3x3 p1": ((32, 64, 128, 128), (128, 64, 3, 3), np.float32,
                                         lambda F, x, w: F.conv2d(x, w, padding=1)),
    "depthwise N32 C256 64^2 3x3 g256": ((32, 256, 64, 64), (256, 1, 3, 3), np.float32,
                                         lambda F, x, w: F.conv2d(x, w, padding=1, groups=256)),
    "conv2d N32 C3 224^2 O64 7x7 s2 p3": ((32, 3, 224, 224), (64, 3, 7, 7), np.float32,
                                          lambda F, x, w: F.conv2d(x, w, stride=2, padding=3)),
    "conv2d N32 C256 32^2 O256 3x3 p1": ((32, 256, 32, 32), (256, 256, 3, 3), np.float32,
                                         lambda F, x, w: F.conv2d(x, w, padding=1)),
    "conv2d N32 C256 32^2 O64 1x1": ((32, 256, 32, 32), (64, 256, 1, 1), np.float32,
                                     lambda F, x, w: F.conv2d(x, w)),
    "conv2d N32 C64 56^2 O64 3x3 g32": ((32, 64, 56, 56), (64, 2, 3, 3), np.float32,
                                        lambda F, x, w: F.conv2d(x, w, padding=1, groups=32)),
    "conv2d f64 N8 C64 64^2 O64 3x3": ((8, 64, 64, 64), (64, 64, 3, 3), np.float64,
                                       lambda F, x, w: F.conv2d(x, w, padding=1)),
    "conv1d N32 C128 4096 O128 5": ((32, 128, 4096), (128, 128, 5), np.float32,
                                    lambda F, x, w: F.conv1d(x, w, padding=2)),
    "conv3d N4 C32 32^3 O64 3^3": ((4, 32, 32, 32, 32), (64, 32, 3, 3, 3), np.float32,
                                   lambda F, x, w: F.conv3d(x, w, padding=1)),
    "conv_transpose2d N32 C128 32^2 O64 4x4 s2": ((32, 128, 32, 32), (128, 64, 4, 4), np.float32,
                                                  lambda F, x, w: F.conv_transpose2d(x, w, stride=2, padding=1)),
    "max_pool2d N32 C64 128^2 3 s2 p1": ((32, 64, 128, 128), None, np.float32,
                                         lambda F, x, w: F.max_pool2d(x, 3, 2, 1)),
    "max_pool2d +indices": ((32, 64, 128, 128), None, np.float32,
                            lambda F, x, w: F.max_pool2d(x, 3, 2, 1, return_indices=True)[0]),
    "avg_pool2d N32 C64 128^2 2": ((32, 64, 128, 128), None, np.float32, lambda F, x, w: F.avg_pool2d(x, 2)),
}


def main() -> None:
    args = case_arguments(10, explore=True)
    libraries = load_libraries()
    wg, upload, sync, device = libraries["wgarray"]
    torch_lib = libraries.get("torch")
    print(f"device: {device}")
    rows = []
    for name, (x_shape, w_shape, dtype, call) in CASES.items():
        if not selected(name, args.only):
            continue
        if args.small:
            x_shape = (2, *x_shape[1:2], *(max(8, n // 8) for n in x_shape[2:]))
        x_host = _data(x_shape, dtype)
        w_host = None if w_shape is None else _data(w_shape, dtype, seed=1)
        x, w = upload(x_host), None if w_host is None else upload(w_host)
        ours = np.asarray(call(wg.nn, x, w))
        ours_time = time_call(lambda: call(wg.nn, x, w), sync, args.reps, trials=3)
        line = f"{name:44s} wgarray {ours_time * 1e3:8.3f} ms"
        rows.append({"benchmark": name, "unit": "s", "wgarray": ours_time})
        if torch_lib is not None:
            torch, torch_upload, torch_sync, _ = torch_lib
            F = torch.nn.functional
            tx, tw = torch_upload(x_host), None if w_host is None else torch_upload(w_host)
            exact = call(F, tx.double(), None if tw is None else tw.double()).cpu().numpy()
            error = np.abs(ours - exact).max() / max(np.abs(exact).max(), 1e-300)
            theirs = time_call(lambda: call(F, tx, tw), torch_sync, args.reps, trials=3)
            line += f"  torch {theirs * 1e3:8.3f} ms  ratio {ours_time / theirs:5.2f}x  error {error:.1e}"
            rows[-1].update(torch=theirs, error=float(error))
        print(line, flush=True)
        if args.explore and w is not None and name.startswith("conv2d N32 C64 128"):
            explore(wg, x, w, call, sync, args.reps)
    write_json(args.json, rows)


def explore(wg, x, w, call, sync, reps) -> None:
    from wgarray._engines import conv as engine
    from wgarray._engines.conv_source import ConvTiling
    for cfg in (ConvTiling(16, 16, 8, 8, 8, True), ConvTiling(16, 16, 8, 8, 16, True),
                ConvTiling(16, 16, 4, 4, 8, True), ConvTiling(16, 16, 4, 4, 16, True),
                ConvTiling(16, 16, 8, 4, 8, True), ConvTiling(32, 8, 4, 8, 8, True),
                ConvTiling(8, 32, 8, 4, 8, True), ConvTiling(16, 16, 4, 8, 8, True)):
        engine._FORCE["tiling"] = cfg
        seconds = time_call(lambda: call(wg.nn, x, w), sync, reps, trials=3)
        print(f"    tiling {cfg.BM}x{cfg.BN} TM {cfg.TM} TN {cfg.TN} BK {cfg.BK}: {seconds * 1e3:8.3f} ms", flush=True)
    engine._FORCE.clear()


if __name__ == "__main__":
    main()
