#!/usr/bin/env python3
"""The matmul family's hard shapes: wgarray against PyTorch in one run, ratios printed.

Shapes: matrix @ vector and vector @ matrix (8192^2, bandwidth-bound), float64 2048^2, a batch of
256 float32 128 x 128 products, tall-skinny (65536 x 64 @ 64 x 64), short-wide (64 x 64 @ 64 x 65536),
split-K (256 x 65536 @ 65536 x 256) and float32 4096^2. PyTorch runs in true fp32 (TF32 off).
Each side is warmed up (compiled), then timed over R products followed by one synchronize, best of
T trials (R: at least --reps, and enough to fill kernels.MIN_TRIAL seconds); wgarray's result is checked against PyTorch's (NumPy's without a GPU): a ratio marked `!`
came from a wrong result.

Usage
  python benchmarks/linalg_matmul.py [--reps 10] [--trials 3] [--only matvec,f64] [--explore] [--json FILE]
  --quick     small sizes (CPU machine, lavapipe)
  --explore   also time the alternative kernel plans of each case (tilings, K-splits, chunks)
  --profile   also show where each plan's time goes: the host time to record one product (no
              wait), and each of its dispatches replayed back to back (GPU time per kernel)
On the GPU machine: source .gl/activate; python3 benchmarks/linalg_matmul.py --json $OUT/linalg_matmul.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import wgarray as wg  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import trial_reps  # noqa: E402
from wgarray._engines import matmul as core  # noqa: E402


def cases(quick: bool) -> dict:
    """name: (shape of A, shape of B, dtype, alternative plans for --explore)."""
    s = 8 if quick else 1  # sizes divided by s on the CPU machine
    deep = {name: dataclasses.replace(t, BK=16) for name, t in (("BIG", core.BIG), ("MID", core.MID))}
    f32_tilings = [{"kernel": "tiled", "tiling": t} for t in (core.BIG, core.MID, core.SMALL, deep["BIG"], deep["MID"])]
    f64_scalar = [core.Tiling(16, 16, 4, 4, 8, False, True, True), core.Tiling(16, 16, 8, 4, 8, False, True, True),
                  core.Tiling(16, 16, 4, 4, 16, False, True, True), core.Tiling(16, 16, 4, 4, 16, False, True)]
    f64_tilings = [{"kernel": "tiled", "tiling": t} for t in (core.F64_BIG, core.F64_MID, core.GENERIC, *f64_scalar)]
    return {
        "matvec": ((8192 // s, 8192 // s), (8192 // s,), "float32",
                   [{"kernel": "naive"}] + [{"kernel": "dot", "chunk": c // s} for c in (4096, 1024)]),
        "vecmat": ((8192 // s,), (8192 // s, 8192 // s), "float32",
                   [{"kernel": "naive", "chunk": 128}] + [{"kernel": "gevm", "chunk": c // s} for c in (4096, 2048)]),
        "f64": ((2048 // s, 2048 // s), (2048 // s, 2048 // s), "float64", f64_tilings),
        "batch": ((256, 128, 128), (256, 128, 128), "float32", f32_tilings),
        "tall-skinny": ((65536 // s, 64), (64, 64), "float32", f32_tilings),
        "short-wide": ((64, 64), (64, 65536 // s), "float32", f32_tilings),
        "split-K": ((256, 65536 // s), (65536 // s, 256), "float32",
                    [{"kernel": "tiled", "tiling": t, "split": k} for t in (core.BIG, deep["BIG"]) for k in (32, 64, 128)]),
        "f32-4096": ((4096 // s, 4096 // s), (4096 // s, 4096 // s), "float32", f32_tilings),
    }


def tiling_label(t) -> str:
    return f"{t.BM}x{t.BN}/{t.TM}x{t.TN}/BK{t.BK}{'' if t.vec else ' scalar'}{'' if t.unroll else ' loop'}"


def best_time(run, sync, reps: int, trials: int) -> tuple[float, object]:
    result = run()
    sync(result)
    best = float("inf")
    for _ in range(trials):
        start = time.perf_counter()
        for _ in range(reps):
            result = run()
        sync(result)
        best = min(best, (time.perf_counter() - start) / reps)
    return best, result


REPLAYS = 20


def profile(run) -> str:
    """Host microseconds to record one product, then each of its dispatches replayed REPLAYS times in
    one batch: GPU microseconds per kernel (plus the ~5 us of host time a recorded dispatch costs)."""
    from wgarray._core.stream import Stream
    captured, original = [], Stream.dispatch

    def capture(stream, kernel, storages, params, groups):
        captured.append((stream, kernel, list(storages), params, groups))
        return original(stream, kernel, storages, params, groups)

    Stream.dispatch = capture
    try:
        keep = run()  # noqa: F841 (holds the result's buffers while the dispatches replay)
        wg.synchronize()
    finally:
        Stream.dispatch = original
    wg.synchronize()
    start = time.perf_counter()
    for _ in range(REPLAYS):
        run()
    record = (time.perf_counter() - start) / REPLAYS
    wg.synchronize()
    parts = []
    for stream, kernel, storages, params, groups in captured:
        start = time.perf_counter()
        for _ in range(REPLAYS):
            original(stream, kernel, storages, params, groups)
        wg.synchronize()
        name = kernel.key[0] if isinstance(kernel.key, tuple) else str(kernel.key)
        parts.append(f"{name}{list(groups)} {(time.perf_counter() - start) / REPLAYS * 1e6:.0f}")
    return f"    record {record * 1e6:.0f} us/op; kernels (us): " + ", ".join(parts)


def reference(rng, s: int) -> None:
    """What a bandwidth-bound kernel reaches here: a sum over the matvec case's matrix."""
    a = rng.standard_normal((8192 // s, 8192 // s)).astype("float32")
    x = wg.asarray(a)
    t, _ = best_time(lambda: wg.sum(x), lambda r: wg.synchronize(), 10, 3)
    line = f"reference: sum of {a.nbytes >> 20} MiB float32: wgarray {t * 1e6:.0f} us ({a.nbytes / t / 1e9:.0f} GB/s)"
    try:
        import torch
        if torch.cuda.is_available():
            y = torch.from_numpy(a).cuda()
            t, _ = best_time(lambda: y.sum(), lambda _: torch.cuda.synchronize(), 10, 3)
            line += f", torch {t * 1e6:.0f} us"
    except ImportError:
        pass
    print(line + "\n" + profile(lambda: wg.sum(x)))


def torch_side(a: np.ndarray, b: np.ndarray, reps: int, trials: int):
    try:
        import torch
    except ImportError:
        return None, None
    if not torch.cuda.is_available():
        return None, None
    torch.backends.cuda.matmul.allow_tf32 = False
    x, y = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
    t, z = best_time(lambda: x @ y, lambda _: torch.cuda.synchronize(), reps, trials)
    return t, z.cpu().numpy()


def agrees(got: np.ndarray, ref: np.ndarray, k: int) -> bool:
    eps = np.finfo(ref.dtype).eps
    return np.linalg.norm(got - ref) <= 4 * np.sqrt(k) * eps * np.linalg.norm(ref) + np.finfo(ref.dtype).tiny


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--only", default="")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--explore", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"matmul family on {wg.get_device().name}; ratio = wgarray time / PyTorch time")
    print(f"{'case':<12} {'plan':<44} {'wgarray ms':>10} {'torch ms':>9} {'GB/s|GF/s':>10} {'ratio':>7}")
    rows = []
    if args.profile:
        dev = wg.get_device()
        print(f"features {sorted(dev.features)}; limits " + ", ".join(
            f"{k}={v}" for k, v in sorted(dev.limits.items()) if "workgroup" in k or "subgroup" in k))
        reference(rng, 8 if args.quick else 1)
    only = set(filter(None, args.only.split(",")))
    for name, (sa, sb, dtype, plans) in cases(args.quick).items():
        if only and name not in only:
            continue
        a, b = rng.standard_normal(sa).astype(dtype), rng.standard_normal(sb).astype(dtype)
        x, y = wg.asarray(a), wg.asarray(b)
        # R products a trial: at least --reps, and MIN_TRIAL seconds of them (the same R for PyTorch)
        reps = trial_reps(lambda: x @ y, wg.synchronize, args.reps)
        t_torch, ref = torch_side(a, b, reps, args.trials)
        if ref is None:
            ref = a @ b
        k = a.shape[-1]
        flop = 2.0 * ref.size * k
        bandwidth_bound = a.ndim == 1 or b.ndim == 1
        for plan in [None] + (plans if args.explore else []):
            core._FORCE.clear()
            core._FORCE.update(plan or {})
            wg.empty_cache()  # plans are cached per shape
            try:
                t, z = best_time(lambda: x @ y, lambda r: wg.synchronize(), reps, args.trials)
                ok = agrees(np.asarray(z), ref, k)
                where = profile(lambda: x @ y) if args.profile else ""
            except Exception as exc:  # a forced plan may not fit the device (workgroup memory)
                print(f"{name:<12} {str(plan):<44} failed: {type(exc).__name__}: {str(exc)[:80]}")
                continue
            finally:
                core._FORCE.clear()
            rate = (a.nbytes + b.nbytes) / t / 1e9 if bandwidth_bound else flop / t / 1e9
            ratio = t / t_torch if t_torch else float("nan")
            label = "default" if plan is None else ", ".join(tiling_label(v) if k_ == "tiling" else f"{k_}={v}"
                                                              for k_, v in plan.items())
            print(f"{name:<12} {label:<44} {t * 1e3:>10.3f} {(t_torch or float('nan')) * 1e3:>9.3f} "
                  f"{rate:>10.0f} {ratio:>6.2f}{'' if ok else '!'}")
            if where:
                print(where)
            rows.append(dict(case=name, plan=label, ms=t * 1e3, torch_ms=(t_torch or 0) * 1e3, ratio=ratio, ok=bool(ok)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
