#!/usr/bin/env python3
"""Kernel benchmarks: wgarray against PyTorch (and CuPy) on the same GPU, in one run.

Each row: inputs made with NumPy, one expression per library, and how to count the work
(bytes moved or flops). Every library is warmed up, then timed as the best of several
trials of R repetitions followed by a synchronize, R the same for every library: at least
--reps and at least MIN_TRIAL seconds of wgarray's calls. The ratio is wgarray time / peer time.

  python benchmarks/kernels.py [--only sum,sort] [--json FILE]
On the GPU machine: source .gl/activate; python3 benchmarks/kernels.py
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")

# A trial lasts at least this long (the same number of calls for every library), so that what a
# call costs in a sequence of calls is timed, not a submit and a wait per few calls.
MIN_TRIAL = 0.01  # seconds


def _rng(seed=0):
    return np.random.default_rng(seed)


def _floats(n, dtype, scale=1.0):
    return (_rng().standard_normal(n) * scale).astype(dtype)


# name, inputs(), {library: expression}, work counted per call, unit
ROWS = [
    ("sum f32 2^26", lambda: [_floats(1 << 26, np.float32)],
     {"wgarray": lambda xp, a: xp.sum(a), "torch": lambda t, a: t.sum(a), "cupy": lambda cp, a: cp.sum(a)},
     4 << 26, "GB/s"),
    ("sort f32 2^24", lambda: [_floats(1 << 24, np.float32)],
     {"wgarray": lambda xp, a: xp.sort(a), "torch": lambda t, a: t.sort(a).values, "cupy": lambda cp, a: cp.sort(a)},
     1 << 24, "Melem/s"),
    ("matmul f32 4096", lambda: [_floats((4096, 4096), np.float32), _floats((4096, 4096), np.float32)],
     {"wgarray": lambda xp, a, b: a @ b, "torch": lambda t, a, b: a @ b, "cupy": lambda cp, a, b: a @ b},
     2 * 4096**3, "GFLOP/s"),
]
for _name in ("exp", "sin", "tanh"):
    for _dtype, _bits in ((np.float32, 32), (np.float64, 64)):
        ROWS.append((f"{_name} f{_bits} 2^25", lambda d=_dtype: [_floats(1 << 25, d, 3.0)],
                     {lib: (lambda xp, a, f=_name: getattr(xp, f)(a)) for lib in ("wgarray", "torch", "cupy")},
                     2 * (_bits // 8) << 25, "GB/s"))


def load_libraries():
    libs = {}
    import wgarray

    libs["wgarray"] = (wgarray, wgarray.asarray, wgarray.synchronize, str(wgarray.get_device()))
    try:
        import torch

        if torch.cuda.is_available():
            torch.backends.cuda.matmul.allow_tf32 = False  # compare FP32 with FP32
            torch.backends.cudnn.allow_tf32 = False
            torch.zeros(1, device="cuda")  # create the context now: without one, clocks drop mid-run
            libs["torch"] = (torch, lambda a: torch.from_numpy(a).cuda(), torch.cuda.synchronize,
                             torch.cuda.get_device_name())
    except ImportError:
        pass
    try:
        import cupy

        cupy.zeros(1)  # likewise, a live context before anything is timed
        libs["cupy"] = (cupy, cupy.asarray, cupy.cuda.Device().synchronize, "cupy")
    except Exception:
        pass
    return libs


def case_arguments(reps: int, explore: bool = False, doc: str | None = None):
    """The options of the per-area benchmarks (fft, random, nn_conv, nn_attention): --only
    (comma-separated substrings of case names), --reps, --small, --json FILE, and --explore
    where it has one."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--only", default="")
    parser.add_argument("--reps", type=int, default=reps)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--json", default=None, help="also write the rows as JSON (as main's)")
    if explore:
        parser.add_argument("--explore", action="store_true")
    return parser.parse_args()


def write_json(path: str | None, rows: list) -> None:
    """Write result rows, {"benchmark": name, "unit": ..., "wgarray": seconds, "torch": seconds, ...}
    as main writes them, to path (nothing when it is None); docs/plot_benchmarks.py reads them."""
    if path:
        with open(path, "w") as f:
            json.dump(rows, f, indent=1)


def selected(name: str, only: str) -> bool:
    """Whether case `name` is among those --only names (all when it is empty)."""
    return not only or any(key in name for key in only.split(","))


def trial_reps(fn, sync, at_least: int) -> int:
    """Calls per trial: at least at_least, and enough to fill MIN_TRIAL seconds (from the time of
    at_least calls and one wait), so that a trial times what a call costs in a sequence of calls,
    not one submit and one wait (about 0.1 ms in wgarray, more than many cases' kernels)."""
    return max(at_least, math.ceil(MIN_TRIAL / time_call(fn, sync, at_least, trials=1)))


def time_call(fn, sync, reps, trials=5):
    fn()
    sync()
    best = float("inf")
    for _ in range(trials):
        start = time.perf_counter()
        for _ in range(reps):
            fn()
        sync()
        best = min(best, (time.perf_counter() - start) / reps)
    return best


def main(rows=ROWS, doc=__doc__):
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated substrings of row names")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    libs = load_libraries()
    print("devices:", {name: lib[3] for name, lib in libs.items()})
    wanted = [w for w in args.only.split(",") if w]
    results = []
    for name, make, exprs, work, unit in rows:
        if wanted and not any(w in name for w in wanted):
            continue
        host = make()
        row = {"benchmark": name, "unit": unit}
        reps = None  # one count for every library: wgarray's calls filling MIN_TRIAL seconds
        for lib, (module, upload, sync, _) in libs.items():
            try:
                inputs = [upload(a) for a in host]
                call = lambda: exprs[lib](module, *inputs)  # noqa: E731
                if reps is None:
                    reps = trial_reps(call, sync, args.reps)
                seconds = time_call(call, sync, reps)
                row[lib] = seconds
            except Exception as e:  # a missing function is a result too
                row[lib] = None
                row[f"{lib}_error"] = f"{type(e).__name__}: {str(e)[:120]}"
            finally:
                inputs = None
        results.append(row)
        scale = {"GB/s": 1e9, "Melem/s": 1e6, "GFLOP/s": 1e9}[unit]
        if not row.get("wgarray"):
            print(f"{name:<18} wgarray {row.get('wgarray_error')}", flush=True)
            continue
        cells = []
        for lib in libs:
            s = row.get(lib)
            cells.append(f"{lib} {work / s / scale:9.1f} {unit}" if s else f"{lib} {row.get(lib + '_error')}")
        ratios = [f"vs {lib} {row['wgarray'] / row[lib]:.2f}x" for lib in libs
                  if lib != "wgarray" and row.get(lib) and row.get("wgarray")]
        print(f"{name:<18} " + " | ".join(cells) + "   time ratio " + ", ".join(ratios), flush=True)
    write_json(args.json, results)


if __name__ == "__main__":
    main()
