#!/usr/bin/env python3
"""wgarray against its peers, measured in one run.

Benchmarks
  overhead   a chain of small float32 elementwise ops (default 1000 ops on 1024
             elements: x*s, x+y, x-s, maximum(x, y), repeated), warmed up, timed as a
             whole including a final synchronize; reported in microseconds per op.
  bandwidth  c = a + b on float32 arrays of 2**25 elements, warmed up, R repetitions
             followed by one synchronize; reported in GB/s, counting 3 * 4 * n bytes
             per op (two reads, one write).

Peers: NumPy always; PyTorch on CUDA when torch.cuda.is_available(); CuPy when it
imports and sees a GPU. Every result is checked against NumPy.

Ratios
  overhead   wgarray time / peer time (1.0 = as fast, 2.0 = twice as slow).
  bandwidth  wgarray GB/s / peer GB/s (fraction of the peer's bandwidth).

Usage
  python benchmarks/run.py [--quick] [--json FILE] [--peers numpy,torch,cupy]
On the GPU machine: source .gl/activate; python3 benchmarks/run.py --json $OUT/bench.json
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import sys
import time
import traceback

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ------------------------------------------------------------------ backends


class Backend:
    """The few operations a benchmark needs, for one array library."""

    name = "?"
    device = "?"
    version = "?"

    def asarray(self, a):  # upload a NumPy array
        raise NotImplementedError

    def maximum(self, a, b):
        raise NotImplementedError

    def sync(self):  # wait for all queued work
        raise NotImplementedError

    def to_numpy(self, a):  # download
        raise NotImplementedError

    def release(self):  # drop cached memory after a benchmark
        gc.collect()


class NumpyBackend(Backend):
    name = "numpy"

    def __init__(self):
        self.version = np.__version__
        self.device = f"{cpu_name()} ({os.cpu_count()} logical CPUs)"

    def asarray(self, a):
        return np.array(a, copy=True)

    def maximum(self, a, b):
        return np.maximum(a, b)

    def sync(self):
        pass

    def to_numpy(self, a):
        return np.asarray(a)


class WgarrayBackend(Backend):
    name = "wgarray"
    NEEDED = ("asarray", "maximum", "synchronize")

    def __init__(self, wg):
        missing = [n for n in self.NEEDED if not hasattr(wg, n)]
        if missing:
            raise ImportError(
                f"wgarray at {module_path(wg)} lacks {', '.join(missing)} (unfinished?)"
            )
        self.wg = wg
        self.version = getattr(wg, "__version__", "?")
        try:
            import wgpu

            self.version += f" (wgpu {wgpu.__version__})"
        except Exception:
            pass
        try:
            self.device = repr(wg.get_device())
        except Exception as e:  # noqa: BLE001
            self.device = f"? (get_device(): {type(e).__name__}: {e})"

    def asarray(self, a):
        return self.wg.asarray(a)

    def maximum(self, a, b):
        return self.wg.maximum(a, b)

    def sync(self):
        self.wg.synchronize()

    def to_numpy(self, a):
        return np.asarray(a)


class TorchBackend(Backend):
    name = "torch"

    def __init__(self, torch):
        self.torch = torch
        self.version = torch.__version__
        self.device = f"{torch.cuda.get_device_name(0)} (CUDA {torch.version.cuda})"
        torch.zeros(1, device="cuda")  # a live CUDA context: without one, GPU clocks drop mid-run

    def asarray(self, a):
        return self.torch.from_numpy(np.ascontiguousarray(a)).to("cuda")

    def maximum(self, a, b):
        return self.torch.maximum(a, b)

    def sync(self):
        self.torch.cuda.synchronize()

    def to_numpy(self, a):
        return a.cpu().numpy()

    def release(self):
        gc.collect()
        self.torch.cuda.empty_cache()


class CupyBackend(Backend):
    name = "cupy"

    def __init__(self, cp):
        self.cp = cp
        self.version = cp.__version__
        dev = cp.cuda.Device()
        name = cp.cuda.runtime.getDeviceProperties(dev.id)["name"]
        if isinstance(name, bytes):
            name = name.decode()
        self.device = name
        cp.zeros(1)  # a live context before anything is timed

    def asarray(self, a):
        return self.cp.asarray(a)

    def maximum(self, a, b):
        return self.cp.maximum(a, b)

    def sync(self):
        self.cp.cuda.Device().synchronize()

    def to_numpy(self, a):
        return self.cp.asnumpy(a)

    def release(self):
        gc.collect()
        self.cp.get_default_memory_pool().free_all_blocks()


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "CPU"


def module_path(mod):
    return getattr(mod, "__file__", None) or list(getattr(mod, "__path__", ["?"]))[0]


def load_wgarray():
    """Returns (backend or None, message)."""
    if REPO not in sys.path:
        sys.path.insert(0, REPO)  # run from a source checkout without PYTHONPATH
    try:
        import wgarray as wg
    except Exception as e:  # noqa: BLE001  (ImportError, or a failing adapter at import)
        return None, (
            f"wgarray cannot be imported ({type(e).__name__}: {e}); measuring the peers "
            f"only. Run from a checkout ({REPO}) or install it."
        )
    try:
        return WgarrayBackend(wg), f"wgarray {module_path(wg)}"
    except Exception as e:  # noqa: BLE001
        return None, f"wgarray is not usable ({type(e).__name__}: {e}); measuring the peers only."


def load_peers(wanted):
    peers, notes = [], []
    if "numpy" in wanted:
        peers.append(NumpyBackend())
    if "torch" in wanted:
        try:
            import torch

            if torch.cuda.is_available():
                peers.append(TorchBackend(torch))
            else:
                notes.append("torch: no CUDA device, skipped")
        except Exception as e:  # noqa: BLE001
            notes.append(f"torch: not available ({type(e).__name__}: {e})")
    if "cupy" in wanted:
        try:
            import cupy

            if cupy.cuda.runtime.getDeviceCount() > 0:
                peers.append(CupyBackend(cupy))
            else:
                notes.append("cupy: no GPU, skipped")
        except Exception as e:  # noqa: BLE001
            notes.append(f"cupy: not available ({type(e).__name__}: {e})")
    return peers, notes


# ------------------------------------------------------------------ benchmarks


def check(got, ref, rtol, atol):
    got = np.asarray(got)
    if got.shape != ref.shape:
        return f"MISMATCH shape {got.shape} != {ref.shape}"
    if got.dtype != ref.dtype:
        return f"MISMATCH dtype {got.dtype} != {ref.dtype}"
    if not np.allclose(got, ref, rtol=rtol, atol=atol, equal_nan=True):
        err = np.max(np.abs(got.astype(np.float64) - ref.astype(np.float64)))
        return f"MISMATCH max abs err {err:.3g}"
    return "ok"


def overhead_chain(be, x, y, n_iter):
    for _ in range(n_iter):
        x = x * 1.0001
        x = x + y
        x = x - 0.5
        x = be.maximum(x, y)
    return x


def bench_overhead(be, cfg, ref):
    n_iter = cfg.ops // 4
    n_ops = 4 * n_iter
    rng = np.random.default_rng(0)
    x0 = rng.random(cfg.n_small, dtype=np.float32)
    y0 = rng.random(cfg.n_small, dtype=np.float32)
    x, y = be.asarray(x0), be.asarray(y0)
    for _ in range(2):  # warm-up: shader compilation, pools, caches
        r = overhead_chain(be, x, y, n_iter)
        be.sync()
    best = math.inf
    for _ in range(cfg.trials):
        gc.collect()
        t0 = time.perf_counter()
        r = overhead_chain(be, x, y, n_iter)
        be.sync()
        best = min(best, time.perf_counter() - t0)
    status = check(be.to_numpy(r), ref, rtol=1e-4, atol=1e-4)
    return {
        "value": best / n_ops * 1e6,
        "unit": "us/op",
        "seconds_per_chain": best,
        "ops": n_ops,
        "check": status,
    }


def bench_bandwidth(be, cfg, ref):
    n = 1 << cfg.log2n
    rng = np.random.default_rng(1)
    a0 = rng.random(n, dtype=np.float32)
    b0 = rng.random(n, dtype=np.float32)
    a, b = be.asarray(a0), be.asarray(b0)
    del a0, b0
    for _ in range(3):  # warm-up
        c = a + b
        be.sync()
    status = check(be.to_numpy(c), ref, rtol=0, atol=0)
    best = math.inf
    for _ in range(cfg.trials):
        gc.collect()
        t0 = time.perf_counter()
        for _ in range(cfg.reps):
            c = a + b
        be.sync()
        best = min(best, time.perf_counter() - t0)
    nbytes = 3 * 4 * n
    del a, b, c
    return {
        "value": nbytes * cfg.reps / best / 1e9,
        "unit": "GB/s",
        "seconds_per_op": best / cfg.reps,
        "bytes_per_op": nbytes,
        "check": status,
    }


BENCHES = [  # name, function, ratio meaning
    ("overhead", bench_overhead, "wgarray time / peer time"),
    ("bandwidth", bench_bandwidth, "wgarray GB/s / peer GB/s"),
]


def references(cfg):
    """NumPy results, computed once, to check every backend against."""
    rng = np.random.default_rng(0)
    x0 = rng.random(cfg.n_small, dtype=np.float32)
    y0 = rng.random(cfg.n_small, dtype=np.float32)
    over = overhead_chain(NumpyBackend(), x0, y0, cfg.ops // 4)
    rng = np.random.default_rng(1)
    n = 1 << cfg.log2n
    a0 = rng.random(n, dtype=np.float32)
    b0 = rng.random(n, dtype=np.float32)
    return {"overhead": over, "bandwidth": a0 + b0}


def describe(bench, cfg):
    if bench == "overhead":
        return f"overhead: {4 * (cfg.ops // 4)} f32 ops, n={cfg.n_small}"
    return f"bandwidth: f32 a+b, n=2^{cfg.log2n}, {cfg.reps} reps"


def run_one(be, bench, fn, cfg, refs):
    try:
        res = fn(be, cfg, refs[bench])
    except Exception as e:  # noqa: BLE001
        res = {"error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()}
    finally:
        try:
            be.release()
        except Exception:  # noqa: BLE001
            pass
    if "error" in res:
        print(f"  {be.name:8s} {bench:9s} ERROR {res['error']}", flush=True)
    else:
        print(f"  {be.name:8s} {bench:9s} {res['value']:12.2f} {res['unit']:6s} "
              f"check: {res['check']}", flush=True)
    return res


# ------------------------------------------------------------------ report


def fmt(res):
    if res is None:
        return "n/a"
    if "error" in res:
        return "error"
    v = res["value"]
    s = f"{v:.3g}" if v < 100 else f"{v:.0f}"
    return s if res.get("check") == "ok" else s + "!"


def report(results, backends, cfg):
    peers = [b for b in backends if b != "wgarray"]
    ratios = []
    rows = [("benchmark", "wgarray", "peer", "peer value", "ratio")]
    for bench, _, meaning in BENCHES:
        w = results[bench].get("wgarray")
        for p in peers:
            pr = results[bench].get(p)
            ratio = None
            if w and pr and "error" not in w and "error" not in pr:
                # overhead: time / time; bandwidth: GB/s / GB/s
                ratio = w["value"] / pr["value"]
            ratios.append({"benchmark": bench, "peer": p, "ratio": ratio, "meaning": meaning})
            unit = (w or pr or {}).get("unit", "")
            rows.append((
                f"{bench} ({unit})",
                fmt(w),
                p,
                fmt(pr),
                "n/a" if ratio is None else f"{ratio:.3g}",
            ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print()
    for i, r in enumerate(rows):
        print("  ".join(c.ljust(w) if j in (0, 2) else c.rjust(w)
                        for j, (c, w) in enumerate(zip(r, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    print("ratio: overhead = wgarray time / peer time (lower is better for wgarray);")
    print("       bandwidth = wgarray GB/s / peer GB/s (fraction of the peer's bandwidth).")
    print("'!' after a value: its result did not match NumPy (see above).")
    for bench, _, _ in BENCHES:
        print(f"{describe(bench, cfg)}")
    return ratios


# ------------------------------------------------------------------ main


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="small sizes, for a CPU machine (lavapipe)")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    ap.add_argument("--peers", default="numpy,torch,cupy",
                    help="comma-separated peers to try (default: numpy,torch,cupy)")
    ap.add_argument("--ops", type=int, help="ops in the overhead chain (default 1000; quick 200)")
    ap.add_argument("--n-small", type=int, default=1024,
                    help="elements of the overhead arrays (default 1024)")
    ap.add_argument("--log2n", type=int,
                    help="log2 of the bandwidth array size (default 25; quick 20)")
    ap.add_argument("--reps", type=int, help="bandwidth repetitions per trial (default 20; quick 5)")
    ap.add_argument("--trials", type=int, help="timed trials, best is kept (default 5; quick 3)")
    cfg = ap.parse_args(argv)
    q = cfg.quick
    cfg.ops = cfg.ops or (200 if q else 1000)
    cfg.log2n = cfg.log2n or (20 if q else 25)
    cfg.reps = cfg.reps or (5 if q else 20)
    cfg.trials = cfg.trials or (3 if q else 5)
    if cfg.ops < 4:
        ap.error("--ops must be at least 4")

    wanted = {p.strip() for p in cfg.peers.split(",") if p.strip()}
    unknown = wanted - {"numpy", "torch", "cupy"}
    if unknown:
        ap.error(f"unknown peers: {', '.join(sorted(unknown))}")

    wgb, wg_msg = load_wgarray()
    peers, notes = load_peers(wanted)
    backends = ([wgb] if wgb else []) + peers

    print(f"python {platform.python_version()}, numpy {np.__version__}")
    print(wg_msg if wgb is None else f"using {wg_msg}")
    for n in notes:
        print(n)
    print("devices:")
    if wgb is None:
        print(f"  {'wgarray':8s} n/a")
    for be in backends:
        print(f"  {be.name:8s} {be.device}  [{be.name} {be.version}]")
    print(f"config: ops={4 * (cfg.ops // 4)} n_small={cfg.n_small} log2n={cfg.log2n} "
          f"reps={cfg.reps} trials={cfg.trials}")
    print()

    refs = references(cfg)
    results = {}
    for bench, fn, _ in BENCHES:
        results[bench] = {}
        for be in backends:
            results[bench][be.name] = run_one(be, bench, fn, cfg, refs)
    del refs

    names = ["wgarray"] + [p.name for p in peers]
    ratios = report(results, names, cfg)
    if wgb is None:
        print()
        print(wg_msg)

    if cfg.json:
        out = {
            "config": {k: getattr(cfg, k) for k in ("quick", "ops", "n_small", "log2n",
                                                     "reps", "trials")},
            "python": platform.python_version(),
            "wgarray_available": wgb is not None,
            "wgarray_message": wg_msg,
            "notes": notes,
            "devices": {be.name: be.device for be in backends},
            "versions": {be.name: be.version for be in backends},
            "results": results,
            "ratios": ratios,
        }
        d = os.path.dirname(os.path.abspath(cfg.json))
        os.makedirs(d, exist_ok=True)
        with open(cfg.json, "w") as f:
            json.dump(out, f, indent=2)
        print(f"wrote {cfg.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
