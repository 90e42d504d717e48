#!/usr/bin/env python3
"""Where qr 4096 float32 spends its GPU time (a profiling aid for wgarray/_engines/qr.py).

One factorisation is captured dispatch by dispatch, each tagged with its phase (the TSQR
kernels by name, the in-block update, the T joins, the outer trailing updates, Q's formation);
each phase's dispatches are then re-issued alone, in order, between two synchronisations.
Then the whole qr is timed under variants of the engines' constants.

  python benchmarks/qr_profile.py [--n 4096] [--variants] [--ablate]

--ablate times the first panel's TSQR kernels (a dispatch chained many times) with parts of
their WGSL cut out (results wrong: for timing only), and the whole qr with the kernels' older
texts where wgsl/<kernel>__<tag>.wgsl exists (tags OLDER; copies put there by hand).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

import wgarray as wg
from wgarray._core import kernels, replay
from wgarray._engines import qr as qre
from wgarray._engines import qr_tsqr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_profile import capture, print_phases, time_call, time_records, upload_and_time  # noqa: E402


def capture_qr(a):
    # an update of the columns right of an outer block has more than OUTER - PB columns (but the last)
    patches = [(qre, "_panel", "panel"),
               (qre, "_apply_left", lambda a, *_, **__: "outer" if a.shape[-1] > qre.OUTER - qre.PB else "inblock"),
               (qre.Reflectors, "_join", "tjoin"), (qre.Reflectors, "q", "qform")]
    return capture(wg.linalg.qr, a, patches, rename=lambda phase, name: name if phase == "panel" else phase)


def profile(a):
    stream, records, _ = capture_qr(a)
    by_phase = print_phases(stream, records, width=26, kinds_shown=4)
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
        t, host = time_call(lambda: wg.linalg.qr(a), reps=3, trials=2)
        q, r = wg.linalg.qr(a)
        h = np.asarray(a).astype(np.float64)
        q = np.asarray(q).astype(np.float64)
        err = np.linalg.norm(q @ np.asarray(r).astype(np.float64) - h) / np.linalg.norm(h)
        orth = np.linalg.norm(q.T @ q - np.eye(q.shape[1]))
        eps = np.finfo(np.float32).eps
        print(f"  {label:28s} {t * 1e3:8.2f} ms (host {host * 1e3:6.2f} ms)  error {err / eps:.1f} eps, "
              f"orthogonality {orth / eps:.1f} eps", flush=True)
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
    parser.add_argument("--ablate", action="store_true")
    args = parser.parse_args()
    host = np.random.default_rng(1).standard_normal((args.n, args.n)).astype(np.float32)
    a = upload_and_time("qr", host, args.torch, reps=3, trials=2)
    profile(a)
    if args.ablate:
        ablate(a)
    if args.variants:
        for label, changes in VARIANTS:
            variant(a, label, **changes)
    sys.stdout.flush()


# (label, kernel, [(text, replacement), ...]): parts of the kernels cut out, for timing only.
# (Measured on an H100 with the kernels as of their first fused version, the first panel's
# first level of 16 chunks: the factor 90-115 us; with no column steps 33, barriers only 36-42,
# no householder() 64-67, no fused pass 67-70, no update 80-82, no reductions 81-83; the apply
# 75, with no steps 30-33, no loads of v 64, no reductions 66-69.)
_NO_REFLECTOR = [("reflector = plain_reflector(alpha, ss);", "reflector = Reflector(ss, sc_real(ss), sc_real(mx));")]
CUTS = [
    ("factor", "qr_tsqr_factor_sg", []),
    ("factor: no column steps", "qr_tsqr_factor_sg", [("let k = min(rows, cols);", "let k = min(rows, cols) * 0u;")]),
    ("factor: no reflector", "qr_tsqr_factor_sg", _NO_REFLECTOR),
    ("factor: no barrier a column", "qr_tsqr_factor_sg",
     [("        workgroupBarrier();\n    }\n    if (k > 0u", "    }\n    if (k > 0u")]),
    ("apply", "qr_tsqr_apply_sg", []),
    ("apply: no steps", "qr_tsqr_apply_sg", [("let k = min(rows, cols);", "let k = min(rows, cols) * 0u;")]),
]
# Older texts of the kernels, wgsl/<kernel>__<tag>.wgsl where copied there by hand.
OLDER = ("old", "mid")
_KERNELS = ("qr_tsqr_factor_sg", "qr_tsqr_apply_sg")


def _variant_template(kernel: str, label: str, cuts) -> str | None:
    """wgsl/<kernel>__<tag>.wgsl: the kernel with the cuts made (None where a text is missing)."""
    text = (kernels.WGSL_DIR / f"{kernel}.wgsl").read_text()
    for old, new in cuts:
        if text.count(old) != 1:
            return None
        text = text.replace(old, new)
    name = f"{kernel}__{abs(hash(label)) % 10**8}"
    (kernels.WGSL_DIR / f"{name}.wgsl").write_text(text)
    return name


def _launches(a):
    """qr_tsqr._launch's calls of one qr of a (name, args, fields)."""
    calls = []
    launch = qr_tsqr._launch

    def hook(name, *args, **fields):
        calls.append((name, args, fields))
        return launch(name, *args, **fields)

    replay.clear()
    qr_tsqr._launch = hook
    try:
        wg.linalg.qr(a)
        wg.synchronize()
    finally:
        qr_tsqr._launch = launch
        replay.clear()
    return calls


def _time_launch(name, args, fields, count):
    wg.synchronize()
    best = float("inf")
    for _ in range(2):
        t0 = time.perf_counter()
        for _ in range(count):
            qr_tsqr._launch(name, *args, **fields)
        wg.synchronize()
        best = min(best, (time.perf_counter() - t0) / count)
    return best


def _renamed(renames):
    launch = qr_tsqr._launch

    def hook(name, *args, **fields):
        return launch(renames.get(name, name), *args, **fields)
    return hook


def ablate(a):
    calls = _launches(a)
    first = {}
    for name, args, fields in calls[:12]:  # the first panel: its levels' factor and apply
        first.setdefault((name, args[4]), (name, args, fields))
    older = {(k, tag): f"{k}__{tag}" for k in _KERNELS for tag in OLDER if (kernels.WGSL_DIR / f"{k}__{tag}.wgsl").exists()}
    rows = list(CUTS) + [(f"{k.removeprefix('qr_tsqr_')}: text {tag}", k, tag) for k, tag in older]
    made = []
    for label, kernel, cuts in rows * 2:
        name = older[kernel, cuts] if isinstance(cuts, str) else _variant_template(kernel, label, cuts)
        made.append(name)
        if name is None:
            print(f"  {label}: a text to cut is missing", flush=True)
            continue
        times = [f"grid {args[4]:3d} {_time_launch(name, args, fields, 60) * 1e6:7.1f} us"
                 for (kind, _), (_, args, fields) in first.items() if kind == kernel]
        print(f"  {label:34s} {'  '.join(times)}", flush=True)
    for name in set(made) - set(older.values()) - {None}:
        (kernels.WGSL_DIR / f"{name}.wgsl").unlink()
    combos = [(f"qr, kernels {tag}", {k: n for (k, t), n in older.items() if t == tag}) for tag in OLDER]
    combos += [(f"qr, these, apply {tag}", {k: n for (k, t), n in older.items() if t == tag and k == _KERNELS[1]})
               for tag in OLDER]
    combos = [(label, renames) for label, renames in combos if renames] + [("qr, these kernels", {})]
    for label, renames in combos * 2:
        saved = qr_tsqr._launch
        qr_tsqr._launch = _renamed(renames)
        replay.clear()
        try:
            t, host = time_call(lambda: wg.linalg.qr(a), reps=3, trials=2)
        finally:
            qr_tsqr._launch = saved
            replay.clear()
        print(f"  {label:28s} {t * 1e3:8.2f} ms (host {host * 1e3:6.2f} ms)", flush=True)


VARIANTS = [  # (the constants' earlier measurements: qr_tsqr.py's and qr.py's docstrings)
    ("base", {}),
    ("MAX_WG 256", {"tsqr.MAX_WG": 256}),
    ("NODE_ROWS 128", {"tsqr.NODE_ROWS": 128}),
    ("base again", {}),
]

if __name__ == "__main__":
    main()
