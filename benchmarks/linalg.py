#!/usr/bin/env python3
"""wgarray.linalg against PyTorch (cuSOLVER/cuBLAS, TF32 off) on the same GPU, in one run:
issue 12's acceptance cases, each with its time ratio and the accuracy achieved (the backward
error of the factorisation, or the normwise backward error of solve, in units of eps).

Timed as benchmarks/kernels.py does. Cases whose function wgarray.linalg lacks are reported so.

  python benchmarks/linalg.py [--only cholesky,qr] [--reps 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import load_libraries, time_call, trial_reps, write_json  # noqa: E402


def _spd(n, batch=(), dtype=np.float32, seed=0):
    a = np.random.default_rng(seed).standard_normal((*batch, n, n))
    return (a @ np.swapaxes(a, -1, -2) / n + np.eye(n)).astype(dtype)


def _general(shape, dtype=np.float32, seed=1):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _relative(residual, a):
    return float(np.linalg.norm(residual) / np.linalg.norm(a))


def _backward(a, b, x):
    """The normwise backward error of a solve: ||A x - b|| / (||A|| ||x|| + ||b||), per LAPACK."""
    a, b, x = (v.astype(np.float64) for v in (a, b, x))
    residual = np.linalg.norm(a @ x - b, axis=(-2, -1))
    scale = np.linalg.norm(a, axis=(-2, -1)) * np.linalg.norm(x, axis=(-2, -1)) + np.linalg.norm(b, axis=(-2, -1))
    return float(np.max(residual / scale))


# name -> (wgarray function name, make inputs, wgarray call, torch call, accuracy(host inputs, host outputs))
CASES = {
    "cholesky 4096 f32": ("cholesky", lambda: [_spd(4096)], lambda xp, a: xp.linalg.cholesky(a),
                          lambda t, a: t.linalg.cholesky(a),
                          lambda a, L: _relative(L.astype(np.float64) @ L.T.astype(np.float64) - a, a)),
    "qr 4096 f32": ("qr", lambda: [_general((4096, 4096))], lambda xp, a: xp.linalg.qr(a),
                    lambda t, a: t.linalg.qr(a),
                    lambda a, qr: _relative(qr[0].astype(np.float64) @ qr[1].astype(np.float64) - a, a)),
    "solve 4096 f32": ("solve", lambda: [_general((4096, 4096)), _general((4096, 1), seed=2)],
                       lambda xp, a, b: xp.linalg.solve(a, b), lambda t, a, b: t.linalg.solve(a, b),
                       _backward),
    "inv 65536x4x4 f32": ("inv", lambda: [_general((65536, 4, 4)) + 4 * np.eye(4, dtype=np.float32)],
                          lambda xp, a: xp.linalg.inv(a), lambda t, a: t.linalg.inv(a),
                          lambda a, x: _relative(a.astype(np.float64) @ x - np.eye(4), np.ones((65536, 4, 4)))),
    "det 65536x4x4 f32": ("det", lambda: [_general((65536, 4, 4))], lambda xp, a: xp.linalg.det(a),
                          lambda t, a: t.linalg.det(a),
                          lambda a, d: _relative(d - np.linalg.det(a.astype(np.float64)), np.linalg.det(a))),
    "solve 65536x4x4 f32": ("solve", lambda: [_general((65536, 4, 4)) + 4 * np.eye(4, dtype=np.float32),
                                              _general((65536, 4, 1), seed=3)],
                            lambda xp, a, b: xp.linalg.solve(a, b), lambda t, a, b: t.linalg.solve(a, b),
                            _backward),
    "eigh 1024 f32": ("eigh", lambda: [_spd(1024)], lambda xp, a: xp.linalg.eigh(a), lambda t, a: t.linalg.eigh(a),
                      lambda a, wv: _relative(a.astype(np.float64) @ wv[1] - wv[1] * wv[0], a)),
    "svd 1024 f32": ("svd", lambda: [_general((1024, 1024))], lambda xp, a: xp.linalg.svd(a),
                     lambda t, a: t.linalg.svd(a),
                     lambda a, usv: _relative((usv[0] * usv[1]) @ usv[2].astype(np.float64) - a, a)),
}


def _host(result):
    if isinstance(result, tuple):
        return tuple(np.asarray(r) for r in result)
    return np.asarray(result)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", default=None, help="also write the rows as JSON (as kernels.py's)")
    args = parser.parse_args()
    libraries = load_libraries()
    wg, upload, sync, device = libraries["wgarray"]
    torch_lib = libraries.get("torch")
    print(f"device: {device}")
    rows = []
    for name, (function, make, ours, theirs, accuracy) in CASES.items():
        if args.only and not any(key in name for key in args.only.split(",")):
            continue
        if not hasattr(wg.linalg, function):
            print(f"{name:24s} wgarray.linalg has no {function} yet")
            continue
        host = make()
        inputs = [upload(h) for h in host]
        result = _host(ours(wg, *inputs))
        error = accuracy(*host, result)
        eps = np.finfo(host[0].dtype).eps
        reps = trial_reps(lambda: ours(wg, *inputs), sync, args.reps)  # (the same count for PyTorch)
        ours_time = time_call(lambda: ours(wg, *inputs), sync, reps, trials=3)
        line = f"{name:24s} wgarray {ours_time * 1e3:9.2f} ms  error {error:.2e} ({error / eps:.1f} eps)"
        rows.append({"benchmark": name, "unit": "s", "wgarray": ours_time, "error": float(error)})
        if torch_lib is not None:
            torch, torch_upload, torch_sync, _ = torch_lib
            tensors = [torch_upload(h) for h in host]
            theirs_time = time_call(lambda: theirs(torch, *tensors), torch_sync, reps, trials=3)
            line += f"  torch {theirs_time * 1e3:9.2f} ms  ratio {ours_time / theirs_time:5.2f}x"
            rows[-1]["torch"] = theirs_time
        print(line, flush=True)
    write_json(args.json, rows)


if __name__ == "__main__":
    main()
