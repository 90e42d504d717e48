"""`python -m wgarray`: the adapters, the chosen device, and a short demo checked against NumPy."""

from __future__ import annotations

import os
import time

os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")

import numpy as np  # noqa: E402

import wgarray as wg  # noqa: E402
from wgarray._core.device import enumerate_adapters  # noqa: E402


def _best_of(fn, repeats=5):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    print("Adapters:")
    for adapter in enumerate_adapters():
        print(f"  {adapter.summary}")
    device = wg.get_device()
    print(f"\nChosen: {device}  (set WGARRAY_ADAPTER to pick another)")
    print(f"Features used: {', '.join(sorted(device.features)) or 'none'}")
    for name in ("max-buffer-size", "max-storage-buffer-binding-size", "max-compute-workgroup-size-x",
                 "max-compute-workgroups-per-dimension", "max-immediate-size"):
        if name in device.limits:
            print(f"  {name}: {device.limits[name]}")
    dtypes = ", ".join(str(d) for d in wg.__array_namespace_info__().dtypes().values())
    print(f"Dtypes: {dtypes}")

    n = 1 << 20
    rng = np.random.default_rng(0)
    host_a = rng.standard_normal(n).astype(np.float32)
    host_b = rng.standard_normal(n).astype(np.float32)
    a, b = wg.asarray(host_a), wg.asarray(host_b)
    demos = [
        ("a + b", lambda: a + b, lambda: host_a + host_b),
        ("a * 2 - b", lambda: a * 2 - b, lambda: host_a * 2 - host_b),
        ("maximum(a, b)", lambda: wg.maximum(a, b), lambda: np.maximum(host_a, host_b)),
        ("a[::2] // 0.5", lambda: a[::2] // 0.5, lambda: host_a[::2] // 0.5),
        ("sqrt(abs(a))", lambda: wg.sqrt(wg.abs(a)), lambda: np.sqrt(np.abs(host_a))),
    ]
    print(f"\nDemo on {n} float32 elements (best of 5; wgarray includes a synchronize):")
    print(f"  {'expression':<16}{'wgarray ms':>12}{'NumPy ms':>10}   result")
    ok = True
    for label, gpu, cpu in demos:
        gpu()
        wg.synchronize()
        t_gpu = _best_of(lambda: (gpu(), wg.synchronize()))
        t_cpu = _best_of(cpu)
        same = np.array_equal(np.asarray(gpu()), cpu(), equal_nan=True)
        ok &= same
        print(f"  {label:<16}{t_gpu * 1e3:>12.3f}{t_cpu * 1e3:>10.3f}   {'matches NumPy' if same else 'MISMATCH'}")
    stats = wg.memory_stats()
    print(f"\nMemory: {stats['allocated_bytes'] / 2**20:.1f} MiB allocated, "
          f"pool hits {stats['pool_hits']}, misses {stats['pool_misses']}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
