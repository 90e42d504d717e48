#!/usr/bin/env python3
"""ufunc.at benchmarks: wgarray's add.at against torch.Tensor.index_add_ on the same GPU, in one run.

Issue 11's acceptance: np.add.at over 2^24 random indices into 2^24 float32 takes at most 2x
PyTorch's index_add_. Inputs are made with NumPy and uploaded once; the indices are GPU
arrays in both libraries (wgarray checks their bounds on the GPU: one small download per
call, included in the time). Timed as benchmarks/kernels.py does: warm up, then the best
of several trials of R calls followed by a synchronize; the ratio is wgarray / torch.

  python benchmarks/at.py [--only add] [--reps 10] [--json FILE]
(WGARRAY_AT_LOG2N=16 runs a small smoke test.)
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import load_libraries, time_call  # noqa: E402

LOG2N = int(os.environ.get("WGARRAY_AT_LOG2N", 24))
N = 1 << LOG2N  # smaller for a smoke run on a CPU adapter


def _inputs(dtype):
    rng = np.random.default_rng(0)
    target = np.zeros(N, dtype)
    index = rng.integers(0, N, N, dtype=np.int64)
    values = (rng.standard_normal(N) * 4).astype(dtype)
    return [target, index, values]


# name, inputs(), {library: call}; work: the items applied per call
ROWS = [
    (f"add.at f32 2^{LOG2N}", lambda: _inputs(np.float32),
     {"wgarray": lambda xp, x, i, v: xp.add.at(x, i, v), "torch": lambda t, x, i, v: x.index_add_(0, i, v)}),
    (f"add.at i32 2^{LOG2N}", lambda: _inputs(np.int32),
     {"wgarray": lambda xp, x, i, v: xp.add.at(x, i, v), "torch": lambda t, x, i, v: x.index_add_(0, i, v)}),
    # the exact, sorted path (NumPy's order), against the same index_add_ as a yardstick
    (f"subtract.at f32 2^{LOG2N} (sorted)", lambda: _inputs(np.float32),
     {"wgarray": lambda xp, x, i, v: xp.subtract.at(x, i, v), "torch": lambda t, x, i, v: x.index_add_(0, i, v)}),
    (f"maximum.at i32 2^{LOG2N}", lambda: _inputs(np.int32),
     {"wgarray": lambda xp, x, i, v: xp.maximum.at(x, i, v),
      "torch": lambda t, x, i, v: x.index_reduce_(0, i, v, "amax")}),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated substrings of row names")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    libs = {k: v for k, v in load_libraries().items() if k in ("wgarray", "torch")}
    print("devices:", {name: lib[3] for name, lib in libs.items()})
    wanted = [w for w in args.only.split(",") if w]
    results = []
    for name, make, calls in ROWS:
        if wanted and not any(w in name for w in wanted):
            continue
        host = make()
        row = {"benchmark": name, "unit": "Mitems/s"}
        for lib, (module, upload, sync, _) in libs.items():
            try:
                inputs = [upload(a) for a in host]
                row[lib] = time_call(lambda: calls[lib](module, *inputs), sync, args.reps)
            except Exception as e:  # a missing function is a result too
                row[lib] = None
                row[f"{lib}_error"] = f"{type(e).__name__}: {str(e)[:120]}"
            finally:
                inputs = None
        results.append(row)
        cells = [f"{lib} {N / row[lib] / 1e6:9.1f} Mitems/s" if row.get(lib) else f"{lib} {row.get(lib + '_error')}"
                 for lib in libs]
        ratio = (f"   time ratio vs torch {row['wgarray'] / row['torch']:.2f}x"
                 if row.get("torch") and row.get("wgarray") else "")
        print(f"{name:<30} " + " | ".join(cells) + ratio, flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
