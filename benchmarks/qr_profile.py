#!/usr/bin/env python3
"""Where qr 4096 float32 spends its GPU time (a profiling aid for wgarray/_engines/qr.py).

One factorisation is captured dispatch by dispatch, each tagged with its phase (the TSQR
kernels by name, the in-block update, the T joins, the outer trailing updates, Q's formation);
each phase's dispatches are then re-issued alone, in order, between two synchronisations.
Then the whole qr is timed under variants of the engines' constants.

  python benchmarks/qr_profile.py [--n 4096] [--variants]
"""
from __future__ import annotations

import argparse
import collections
import sys
import time

import numpy as np

import wgarray as wg
from wgarray._core import replay
from wgarray._core.stream import stream_for
from wgarray._engines import qr as qre
from wgarray._engines import qr_tsqr

PHASE = ["other"]


def capture(a):
    stream = stream_for(a._data().device)
    cls = type(stream)
    original = cls.dispatch
    records = []

    def hook(self, kernel, storages, params, groups):
        name = kernel.key[0] if isinstance(kernel.key, tuple) else kernel.key
        phase = PHASE[0]
        if phase == "panel":
            phase = str(name)
        records.append((phase, str(name)[:28], kernel, list(storages), params, groups))
        return original(self, kernel, storages, params, groups)

    def tagged(phase, function):
        def run(*args, **kwargs):
            before = PHASE[0]
            PHASE[0] = phase(*args) if callable(phase) else phase
            try:
                return function(*args, **kwargs)
            finally:
                PHASE[0] = before
        return run

    saved = {name: getattr(holder, name) for holder, name in
             ((qre, "_panel"), (qre, "_apply_left"), (qre.Reflectors, "_join"), (qre.Reflectors, "q"))}
    # an update of the columns right of an outer block has more than OUTER - PB columns (but the last)
    qre._panel = tagged("panel", saved["_panel"])
    qre._apply_left = tagged(lambda a, *_: "outer" if a.shape[-1] > qre.OUTER - qre.PB else "inblock",
                             saved["_apply_left"])
    qre.Reflectors._join = tagged("tjoin", saved["_join"])
    qre.Reflectors.q = tagged("qform", saved["q"])
    replay.clear()
    cls.dispatch = hook
    try:
        out = wg.linalg.qr(a)
        wg.synchronize()
    finally:
        cls.dispatch = original
        for name, value in saved.items():
            setattr(qre.Reflectors if name in ("_join", "q") else qre, name, value)
        replay.clear()
    return stream, records, out


def time_records(stream, recs, trials=3):
    best = float("inf")
    for _ in range(trials):
        wg.synchronize()
        t0 = time.perf_counter()
        for _, _, kernel, storages, params, groups in recs:
            stream.dispatch(kernel, storages, params, groups)
        wg.synchronize()
        best = min(best, time.perf_counter() - t0)
    return best


def time_qr(a, reps=3, trials=2):
    wg.linalg.qr(a)
    wg.synchronize()
    best, host = float("inf"), float("inf")
    for _ in range(trials):
        t0 = time.perf_counter()
        for _ in range(reps):
            wg.linalg.qr(a)
        t1 = time.perf_counter()
        wg.synchronize()
        best = min(best, (time.perf_counter() - t0) / reps)
        host = min(host, (t1 - t0) / reps)
    return best, host


def profile(a):
    stream, records, _ = capture(a)
    print(f"dispatches: {len(records)}")
    by_phase = collections.OrderedDict()
    for r in records:
        by_phase.setdefault(r[0], []).append(r)
    total = 0.0
    for phase, recs in by_phase.items():
        t = time_records(stream, recs)
        total += t
        kinds = collections.Counter(r[1] for r in recs)
        print(f"  {phase:26s} {len(recs):5d} dispatches {t * 1e3:8.2f} ms  {t / len(recs) * 1e6:6.1f} us each  "
              f"{dict(kinds.most_common(4))}", flush=True)
    print(f"  sum of phases {total * 1e3:.2f} ms; all in order {time_records(stream, records) * 1e3:.2f} ms")
    # the TSQR levels of the first panel alone (rows = n), dispatch by dispatch, each repeated
    first = [r for r in records[:40] if r[0].startswith("qr_")]
    seen = set()
    for r in first:
        if r[0] == "qr_panel":
            continue
        key = (r[1], r[5])
        if key in seen:
            continue
        seen.add(key)
        t = time_records(stream, [r] * 50) / 50
        print(f"    first panel: {r[1]:24s} grid {r[5]}  {t * 1e6:7.1f} us each (50 chained)", flush=True)
    # in-block updates and joins of the first outer block, one by one
    for phase in ("inblock", "tjoin"):
        for r in by_phase.get(phase, [])[:8]:
            t = time_records(stream, [r] * 50) / 50
            print(f"    {phase} {r[1]:24s} grid {r[5]}  {t * 1e6:7.1f} us each (50 chained)", flush=True)
    for r in by_phase.get("outer", [])[:4]:
        t = time_records(stream, [r] * 10) / 10
        print(f"    outer {r[1]:24s} grid {r[5]}  {t * 1e6:7.1f} us each (10 chained)", flush=True)


def variant(a, label, **changes):
    saved = {}
    for key, value in changes.items():
        module, name = key.split(".")
        mod = {"qr": qre, "tsqr": qr_tsqr}[module]
        saved[(mod, name)] = getattr(mod, name)
        setattr(mod, name, value)
    qr_tsqr._shape.cache_clear()
    replay.clear()
    try:
        t, host = time_qr(a)
        q, r = wg.linalg.qr(a)
        h = np.asarray(a).astype(np.float64)
        err = np.linalg.norm(np.asarray(q).astype(np.float64) @ np.asarray(r).astype(np.float64) - h) / np.linalg.norm(h)
        print(f"  {label:28s} {t * 1e3:8.2f} ms (host {host * 1e3:6.2f} ms)  error {err / np.finfo(np.float32).eps:.1f} eps", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"  {label:28s} failed: {type(e).__name__}: {str(e)[:200]}", flush=True)
    finally:
        for (mod, name), value in saved.items():
            setattr(mod, name, value)
        qr_tsqr._shape.cache_clear()
        replay.clear()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--variants", action="store_true")
    parser.add_argument("--torch", action="store_true")
    args = parser.parse_args()
    print("device:", wg.get_device())
    host = np.random.default_rng(1).standard_normal((args.n, args.n)).astype(np.float32)
    a = wg.asarray(host)
    if args.torch:
        import torch
        torch.backends.cuda.matmul.allow_tf32 = False
        ta = torch.from_numpy(host).cuda()
        torch.linalg.qr(ta)
        torch.cuda.synchronize()
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for _ in range(3):
                torch.linalg.qr(ta)
            torch.cuda.synchronize()
            best = min(best, (time.perf_counter() - t0) / 3)
        print(f"torch qr {args.n}: {best * 1e3:.2f} ms")
    t, h = time_qr(a)
    print(f"wgarray qr {args.n}: {t * 1e3:.2f} ms (host {h * 1e3:.2f} ms)", flush=True)
    profile(a)
    if args.variants:
        for label, changes in VARIANTS:
            variant(a, label, **changes)
    sys.stdout.flush()


VARIANTS = [
    ("base", {}),
    ("MAX_WG 512", {"tsqr.MAX_WG": 512}),
    ("MAX_WG 256", {"tsqr.MAX_WG": 256}),
    ("NODE_ROWS 128", {"tsqr.NODE_ROWS": 128}),
    ("NODE_ROWS 192", {"tsqr.NODE_ROWS": 192}),
    ("MIN_ROWS 256", {"tsqr.MIN_ROWS": 256}),
    ("MIN_ROWS 128", {"tsqr.MIN_ROWS": 128}),
    ("MIN_ROWS 32", {"tsqr.MIN_ROWS": 32}),
    ("OUTER 32", {"qr.OUTER": 32}),
    ("OUTER 64", {"qr.OUTER": 64}),
    ("OUTER 256", {"qr.OUTER": 256}),
    ("base again", {}),
]

if __name__ == "__main__":
    main()
