#!/usr/bin/env python3
"""wgarray.random against PyTorch's generator (Philox too, on CUDA) on the same GPU, in one run:
the time of each draw and its ratio. Issue 14's target: default_rng().standard_normal(2**26) at
most 1.2x torch.randn(2**26).

Timed as benchmarks/kernels.py does. On a CPU adapter, --small draws 16x fewer values.

  python benchmarks/random.py [--only normal,integers] [--reps 10] [--small] [--json FILE]
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import case_arguments, load_libraries, selected, time_call, write_json  # noqa: E402

# name -> (values for a size scale, the wgarray draw (Generator, n), the torch draw (torch, generator, n))
CASES = {
    "standard_normal f32 2^26": (lambda s: 2**26 // s, lambda g, n: g.standard_normal(n, dtype=np.float32),
                                 lambda t, g, n: t.randn(n, device="cuda", generator=g)),
    "standard_normal f64 2^25": (lambda s: 2**25 // s, lambda g, n: g.standard_normal(n),
                                 lambda t, g, n: t.randn(n, device="cuda", dtype=t.float64, generator=g)),
    "random f32 2^26": (lambda s: 2**26 // s, lambda g, n: g.random(n, dtype=np.float32),
                        lambda t, g, n: t.rand(n, device="cuda", generator=g)),
    "random f64 2^25": (lambda s: 2**25 // s, lambda g, n: g.random(n),
                        lambda t, g, n: t.rand(n, device="cuda", dtype=t.float64, generator=g)),
    "integers [0, 1000) i64 2^24": (lambda s: 2**24 // s, lambda g, n: g.integers(0, 1000, n),
                                    lambda t, g, n: t.randint(0, 1000, (n,), device="cuda", generator=g)),
    "exponential f64 2^24": (lambda s: 2**24 // s, lambda g, n: g.exponential(1.0, n),
                             lambda t, g, n: t.empty(n, device="cuda", dtype=t.float64).exponential_(generator=g)),
    "poisson 20 2^22": (lambda s: 2**22 // s, lambda g, n: g.poisson(20.0, n),
                        lambda t, g, n: t.poisson(t.full((n,), 20.0, device="cuda"), generator=g)),
    "gamma 2.5 2^22": (lambda s: 2**22 // s, lambda g, n: g.standard_gamma(2.5, n),
                       lambda t, g, n: t._standard_gamma(t.full((n,), 2.5, device="cuda", dtype=t.float64),
                                                         generator=g)),
    "permutation 2^22": (lambda s: 2**22 // s, lambda g, n: g.permutation(n),
                         lambda t, g, n: t.randperm(n, device="cuda", generator=g)),
}


def main() -> None:
    args = case_arguments(10)
    libraries = load_libraries()
    wg, _, sync, device = libraries["wgarray"]
    torch_lib = libraries.get("torch")
    print(f"device: {device}")
    rng = wg.random.default_rng(0)
    rows = []
    for name, (count, ours, theirs) in CASES.items():
        if not selected(name, args.only):
            continue
        n = count(16 if args.small else 1)
        ours_time = time_call(lambda: ours(rng, n), sync, args.reps, trials=3)
        line = f"{name:30s} wgarray {ours_time * 1e3:8.3f} ms"
        rows.append({"benchmark": name, "unit": "s", "wgarray": ours_time})
        if torch_lib is not None:
            torch, _, torch_sync, _ = torch_lib
            generator = torch.Generator(device="cuda").manual_seed(0)
            try:
                theirs_time = time_call(lambda: theirs(torch, generator, n), torch_sync, args.reps, trials=3)
                line += f"  torch {theirs_time * 1e3:8.3f} ms  ratio {ours_time / theirs_time:5.2f}x"
                rows[-1]["torch"] = theirs_time
            except Exception as e:  # noqa: BLE001 - a missing torch draw is a result too
                line += f"  torch {type(e).__name__}: {str(e)[:60]}"
                rows[-1]["torch_error"] = f"{type(e).__name__}: {str(e)[:120]}"
        print(line, flush=True)
    write_json(args.json, rows)


if __name__ == "__main__":
    main()
