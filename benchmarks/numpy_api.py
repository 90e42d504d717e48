#!/usr/bin/env python3
"""The NumPy layer's reductions against the namespace function, in one run (issue 11's acceptance:
`x.sum()` and `np.add.reduce(x)` run at the speed of `sum(x)`), with PyTorch's sum as the peer.

Timed as benchmarks/kernels.py does: the best of several trials of R calls and a synchronize.

  python benchmarks/numpy_api.py [--log2n 26] [--reps 10] [--json FILE]
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import load_libraries, time_call, write_json  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--log2n", type=int, default=26)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--json", default=None, help="also write the rows as JSON (as kernels.py's)")
    args = parser.parse_args()
    libraries = load_libraries()
    wg, upload, sync, _ = libraries["wgarray"]
    host = np.random.default_rng(0).standard_normal(1 << args.log2n).astype(np.float32)
    x = upload(host)
    calls = {"sum(x)": lambda: wg.sum(x), "x.sum()": lambda: x.sum(), "wgarray.add.reduce(x)": lambda: wg.add.reduce(x),
             "numpy.add.reduce(x)": lambda: np.add.reduce(x), "numpy.sum(x)": lambda: np.sum(x)}
    times = {name: time_call(call, sync, args.reps) for name, call in calls.items()}
    reference = float(np.sum(host, dtype=np.float64))
    rows = [{"benchmark": name, "unit": "s", "wgarray": seconds} for name, seconds in times.items()]
    for name, call in calls.items():
        got = float(call())
        ok = abs(got - reference) <= 1e-5 * np.abs(host).sum()
        print(f"{name:24s} {times[name] * 1e6:9.1f} us  {times[name] / times['sum(x)']:5.2f}x sum(x)  "
              f"check: {'ok' if ok else 'WRONG'}")
    if "torch" in libraries:
        _, torch_upload, torch_sync, _ = libraries["torch"]
        t = torch_upload(host)
        peer = time_call(lambda: t.sum(), torch_sync, args.reps)
        print(f"{'torch sum':24s} {peer * 1e6:9.1f} us  sum(x) / torch: {times['sum(x)'] / peer:.2f}x")
        rows[0]["torch"] = peer  # rows[0] is sum(x), the call torch's sum is compared with
    write_json(args.json, rows)


if __name__ == "__main__":
    main()
