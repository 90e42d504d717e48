"""Time to first result: a fresh Python process that imports wgarray and prints one result.

    python benchmarks/first_call.py [--runs 5] [--tree DIR ...] [--no-shader-cache]

For each source tree (default: this checkout) it runs
`python -c "import wgarray as np; print(np.arange(10).sum())"` --runs times in fresh
processes and prints the median and the spread of the wall time, then the first-call and
second-call times of a few common operations in one process. --no-shader-cache turns off
the drivers' on-disk shader caches (Mesa's, NVIDIA's), which otherwise keep compiled kernels
between processes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ONE_LINER = "import wgarray as np; print(np.arange(10).sum())"
OPERATIONS = """
import time, wgarray as np
x = np.linspace(0, 1, 1000, dtype=np.float32); x.sum(); np.synchronize()
cases = [("x * 2 + 1", lambda: x * 2 + 1), ("sin f32", lambda: np.sin(x)),
         ("sum", lambda: x.sum()), ("mean/std", lambda: (x.mean(), x.std())),
         ("sort", lambda: np.sort(x)), ("argsort", lambda: np.argsort(x)),
         ("matmul", lambda: x.reshape(10, 100) @ x.reshape(100, 10)),
         ("fancy index", lambda: x[np.arange(5)]), ("cumsum", lambda: np.cumsum(x)),
         ("fft", lambda: np.fft.fft(x)), ("linalg.inv", lambda: np.linalg.inv(np.eye(4)))]
for name, f in cases:
    t0 = time.perf_counter(); f(); np.synchronize(); t1 = time.perf_counter(); f(); np.synchronize()
    print(f"{name},{1e3 * (t1 - t0):.1f},{1e3 * (time.perf_counter() - t1):.2f}")
"""


def _env(tree: Path, no_cache: bool) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tree)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                                       if p and Path(p).resolve() != Path.cwd().resolve()])
    if no_cache:
        env["MESA_SHADER_CACHE_DISABLE"] = "true"
        env["__GL_SHADER_DISK_CACHE"] = "0"
    return env


def first_result_seconds(tree: Path, runs: int, no_cache: bool) -> list:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", ONE_LINER], env=_env(tree, no_cache), check=True,
                       cwd="/", capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tree", action="append", default=None, help="a source tree to time (repeatable)")
    parser.add_argument("--no-shader-cache", action="store_true")
    args = parser.parse_args()
    trees = [Path(t).resolve() for t in (args.tree or [Path(__file__).resolve().parent.parent])]
    for tree in trees:
        times = first_result_seconds(tree, args.runs, args.no_shader_cache)
        print(f"{tree}: time to first result {statistics.median(times):.3f} s "
              f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} runs)")
        ops = subprocess.run([sys.executable, "-c", OPERATIONS], env=_env(tree, args.no_shader_cache),
                             check=True, cwd="/", capture_output=True, text=True).stdout
        print(f"  {'operation':14s} {'first ms':>9s} {'again ms':>9s}")
        for line in ops.strip().splitlines():
            name, first, again = line.split(",")
            print(f"  {name:14s} {first:>9s} {again:>9s}")


if __name__ == "__main__":
    main()
