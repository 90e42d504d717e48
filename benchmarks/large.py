#!/usr/bin/env python3
"""Arrays past one storage binding: a float32 array of --gib GiB (default 16), checked and timed.

wgarray builds such an array from buffers of at most one binding each and runs every op on it a
segment at a time. This script fills one from a small pattern, checks the elementwise chain
y = x * 2 + 1, the sum and a few elements at segment boundaries exactly, and reports the
bandwidth of the elementwise op (read + write) and of the sum (read), next to PyTorch on the
same GPU when it has one (PyTorch runs first and frees its memory), then sorts a shuffled copy
and checks it (the values are known: each of 0..1023 appears n / 1024 times).

Usage (GPU machine): source .gl/activate; python3 benchmarks/large.py [--gib 16]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import wgarray as wg
from wgarray._core.memory import pool_for

PATTERN = 1024


def timed(run, sync, repeats: int = 3) -> float:
    run()
    sync()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        sync()
        best = min(best, time.perf_counter() - start)
    return best


def torch_peer(n: int) -> dict:
    try:
        import torch
    except ImportError:
        return {}
    if not torch.cuda.is_available():
        return {}
    x = torch.arange(PATTERN, dtype=torch.float32, device="cuda").repeat(n // PATTERN)
    sync = torch.cuda.synchronize
    out = {"elementwise_s": timed(lambda: x * 2, sync), "sum_s": timed(lambda: x.sum(), sync)}
    try:
        out["sort_s"] = timed(lambda: torch.sort(x), sync, 1)
    except RuntimeError as e:
        out["sort"] = f"failed: {str(e)[:80]}"
    del x
    torch.cuda.empty_cache()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gib", type=float, default=16)
    args = parser.parse_args()
    n = int(args.gib * 2**30) // 4 // PATTERN * PATTERN
    nbytes = 4 * n
    peer = torch_peer(n)
    device = wg.get_device()
    pool = pool_for(device)
    print(f"{device}: segment {pool.segment_bytes} bytes; array of {n} float32 ({nbytes / 2**30:.2f} GiB)")
    pattern = wg.asarray(np.arange(PATTERN, dtype=np.float32))
    x = wg.reshape(wg.broadcast_to(pattern, (n // PATTERN, PATTERN)) * 1.0, (n,))
    print(f"segments: {len(x._storage.segments) if x._storage.segments else 1}")
    expected_sum = float(np.arange(PATTERN).sum()) * (n // PATTERN)
    got = float(wg.sum(x, dtype=wg.float64))
    print(f"sum(x) float64: {got} expected {expected_sum}: {'ok' if got == expected_sum else 'WRONG'}")
    y = x * 2 + 1
    got = float(wg.sum(y, dtype=wg.float64))
    expected = 2 * expected_sum + n
    print(f"sum(x * 2 + 1): {got} expected {expected}: {'ok' if got == expected else 'WRONG'}")
    per = pool.segment_bytes // 4
    bad = 0
    for k in range(1, nbytes // pool.segment_bytes + 1):
        for index in (k * per - 2, k * per - 1, k * per, k * per + 1):
            if 0 <= index < n:
                value = float(y[index])
                bad += value != 2 * (index % PATTERN) + 1
    print(f"elements at segment boundaries: {'ok' if not bad else f'{bad} WRONG'}")
    del y
    sync = wg.synchronize
    elementwise = timed(lambda: x * 2, sync)
    total = timed(lambda: wg.sum(x), sync)
    print(f"x * 2: {elementwise * 1e3:.1f} ms, {2 * nbytes / elementwise / 1e9:.0f} GB/s"
          + (f" (PyTorch {2 * nbytes / peer['elementwise_s'] / 1e9:.0f} GB/s)" if peer else ""))
    print(f"sum(x): {total * 1e3:.1f} ms, {nbytes / total / 1e9:.0f} GB/s"
          + (f" (PyTorch {nbytes / peer['sum_s'] / 1e9:.0f} GB/s)" if peer else ""))
    shuffled = (x * 7919) % PATTERN  # the same values, in another order
    start = time.perf_counter()
    ordered = wg.sort(shuffled)
    wg.synchronize()
    elapsed = time.perf_counter() - start
    run = n // PATTERN  # each value appears `run` times
    probes = [0, n - 1] + [k * run + d for k in (1, 17, 511, 1023) for d in (-1, 0)]
    bad = sum(float(ordered[i]) != i // run for i in probes)
    total = float(wg.sum(ordered, dtype=wg.float64))
    ok = not bad and total == expected_sum and bool(wg.all(ordered[1:] >= ordered[:-1]))
    print(f"sort(x): {elapsed * 1e3:.0f} ms (one run, planning included): {'ok' if ok else 'WRONG'}"
          + (f"; PyTorch sort: {peer['sort_s'] * 1e3:.0f} ms" if "sort_s" in peer else
             f"; PyTorch sort: {peer.get('sort', 'not run')}"))

    del ordered, shuffled
    _check_indexing(x, n, per)


def _check_indexing(x, n: int, per: int) -> None:
    """Gathers, ufunc.at (atomic and sorted paths) and a boolean mask across the segments of x."""
    rng = np.random.default_rng(0)
    picks = np.concatenate([rng.integers(0, n, 1000), [0, n - 1, per - 1, per, n - per]])
    expected = (picks % PATTERN).astype(np.float32)
    got = np.asarray(x[wg.asarray(picks)])
    print(f"gather of 1005 elements: {'ok' if np.array_equal(got, expected) else 'WRONG'}")
    repeated = np.concatenate([picks, picks[:100]])
    counts = (picks[:, None] == repeated[None, :]).sum(axis=1)  # how often each pick is repeated
    wg.add.at(x, wg.asarray(repeated), 1.0)  # float32 add: atomic
    added = np.asarray(x[wg.asarray(picks)])
    wg.subtract.at(x, wg.asarray(repeated), 1.0)  # sorted, in index order: x is back as it was
    after = np.asarray(x[wg.asarray(picks)])
    ok = np.array_equal(added, expected + counts) and np.array_equal(after, expected)
    print(f"add.at then subtract.at on {len(repeated)} indices: {'ok' if ok else 'WRONG'}")
    tail = np.asarray(x[x > PATTERN - 1.5][:5])
    print(f"boolean mask: {'ok' if np.array_equal(tail, np.full(5, PATTERN - 1, np.float32)) else 'WRONG'}")


if __name__ == "__main__":
    main()
