#!/usr/bin/env python3
"""Readback latency: what a data-dependent call costs when its result comes back to the host.

Each row is one call that ends in a read of a few bytes (a reduction turned into a Python
float, the count read of nonzero, a synchronize), timed as the mean over a trial of R calls,
best (and median) of several trials, against PyTorch's .item() / nonzero on the same GPU.
The ratio is wgarray time / torch time.

  python benchmarks/readback.py [--quick] [--breakdown] [--label NAME] [--json FILE]

--breakdown also times where a float(wg.sum(small)) goes: each wgpu-native call made through
wgpu-py, and the stream's phases (recording, submit, opening the next pass, the wait).
On the GPU machine: source .gl/activate; python3 benchmarks/readback.py --breakdown
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")

SMALL = 1024
BIG = 1 << 20


def inputs():
    rng = np.random.default_rng(0)
    return {"small": rng.standard_normal(SMALL).astype(np.float32),
            "big": rng.standard_normal(BIG).astype(np.float32),
            "mask": rng.random(BIG) < 0.5}


def wgarray_rows(host):
    import wgarray as wg
    small, big, mask = (wg.asarray(host[k]) for k in ("small", "big", "mask"))
    one = wg.sum(small)
    return wg, {
        "float(sum(small))": (lambda: float(wg.sum(small)), float(np.sum(host["small"]))),
        "float(sum(2^20))": (lambda: float(wg.sum(big)), float(np.sum(host["big"]))),
        "nonzero(mask 2^20)": (lambda: wg.nonzero(mask)[0], int(np.count_nonzero(host["mask"]))),
        "float(computed 0-d)": (lambda: float(one), float(np.sum(host["small"]))),
        "small op + synchronize": (lambda: (small + 1.0, wg.synchronize()), None),
    }


def torch_rows(host):
    import torch
    if not torch.cuda.is_available():
        return None
    small, big, mask = (torch.as_tensor(host[k]).cuda() for k in ("small", "big", "mask"))
    one = small.sum()
    return {
        "float(sum(small))": (lambda: small.sum().item(), None),
        "float(sum(2^20))": (lambda: big.sum().item(), None),
        "nonzero(mask 2^20)": (lambda: torch.nonzero(mask)[:, 0], None),
        "float(computed 0-d)": (lambda: one.item(), None),
        "small op + synchronize": (lambda: (small + 1.0, torch.cuda.synchronize()), None),
    }


def check(name, result, expected):
    if expected is None:
        return
    got = result.shape[0] if hasattr(result, "shape") else result
    if not np.isclose(float(got), expected, rtol=1e-4, atol=1e-3):
        raise AssertionError(f"{name}: got {got}, expected {expected}")


def time_call(call, reps: int, trials: int) -> tuple[float, float]:
    """Best and median of the trials' mean time per call, in microseconds."""
    for _ in range(max(reps // 4, 5)):
        call()
    means = []
    for _ in range(trials):
        start = time.perf_counter()
        for _ in range(reps):
            call()
        means.append((time.perf_counter() - start) / reps * 1e6)
    return min(means), statistics.median(means)


def breakdown(wg, host, reps: int) -> dict:
    """Where float(wg.sum(small)) spends its time: native calls through wgpu-py and stream phases."""
    import wgpu.backends.wgpu_native._api as api
    from wgarray._core import native, stream as stream_module

    small = wg.asarray(host["small"])
    for _ in range(20):
        float(wg.sum(small))
    totals, counts = collections.defaultdict(float), collections.Counter()
    clock = time.perf_counter
    restore = []

    def timed(owner, name, label):
        original = getattr(owner, name)

        def wrapper(*args, **kwargs):
            start = clock()
            try:
                return original(*args, **kwargs)
            finally:
                totals[label] += clock() - start
                counts[label] += 1
        setattr(owner, name, wrapper)
        restore.append((owner, name, original))

    for name in dir(api.libf):
        if name.startswith("wgpu"):
            timed(api.libf, name, "native " + name)
    for name in ("flush", "_open_pass", "_close_pass", "dispatch"):
        if hasattr(stream_module.Stream, name):
            timed(stream_module.Stream, name, "Stream." + name)
    for name in ("read_mapped", "finish_read", "wait_until", "poll", "track_submit", "request_map"):
        if hasattr(native, name):
            timed(native, name, "native." + name)
    try:
        start = clock()
        for _ in range(reps):
            float(wg.sum(small))
        total = clock() - start
    finally:
        for owner, name, original in reversed(restore):
            setattr(owner, name, original)
    rows = {"total (with timers)": total / reps * 1e6}
    for label, seconds in sorted(totals.items(), key=lambda kv: -kv[1]):
        rows[f"{label} x{counts[label] / reps:.1f}"] = seconds / reps * 1e6
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (CPU machine)")
    parser.add_argument("--breakdown", action="store_true", help="also time the phases of float(wg.sum(small))")
    parser.add_argument("--no-torch", action="store_true")
    parser.add_argument("--label", default="wgarray")
    parser.add_argument("--json")
    args = parser.parse_args()
    reps, trials = (50, 3) if args.quick else (300, 7)

    host = inputs()
    wg, rows = wgarray_rows(host)
    print(f"device: {wg.get_device() if hasattr(wg, 'get_device') else ''}")
    peers = None if args.no_torch else _try_torch(host)
    results = {}
    print(f"{'call':26s} {args.label + ' us':>16s} {'torch us':>16s} {'ratio':>6s}   (best, median)")
    for name, (call, expected) in rows.items():
        check(name, call(), expected)
        best, median = time_call(call, reps, trials)
        entry = {"wgarray": [best, median]}
        line = f"{name:26s} {best:7.1f} ({median:6.1f})"
        if peers is not None:
            pbest, pmedian = time_call(peers[name][0], reps, trials)
            entry["torch"] = [pbest, pmedian]
            line += f" {pbest:7.1f} ({pmedian:6.1f}) {best / pbest:6.2f}"
        results[name] = entry
        print(line, flush=True)
    if args.breakdown:
        print(f"breakdown of float(wg.sum(small)) [{args.label}], us per call:")
        parts = breakdown(wg, host, reps)
        for label, micros in parts.items():
            print(f"  {label:60s} {micros:8.1f}")
        results["breakdown"] = parts
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"label": args.label, "results": results}, f, indent=1)


def _try_torch(host):
    try:
        return torch_rows(host)
    except ImportError:
        return None


if __name__ == "__main__":
    main()
