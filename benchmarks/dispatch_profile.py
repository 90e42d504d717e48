"""Shared by the profiling aids (qr_profile.py, svd_profile.py): capture one call's dispatches,
each tagged with the phase of the engine function that issued it, then re-issue phases alone,
in order, between two synchronisations."""
from __future__ import annotations

import collections
import time

import wgarray as wg
from wgarray._core import replay
from wgarray._core.stream import stream_for

PHASE = ["other"]


def tagged(phase, function):
    """function, with the dispatches it issues tagged `phase` (or phase(*args, **kwargs))."""
    def run(*args, **kwargs):
        before = PHASE[0]
        PHASE[0] = phase(*args, **kwargs) if callable(phase) else phase
        try:
            return function(*args, **kwargs)
        finally:
            PHASE[0] = before
    return run


def capture(call, a, patches, rename=None):
    """Run call(a) once, recording each dispatch as (phase, kernel name, kernel, storages, params,
    groups). patches: (holder, attribute, phase) whose function tags its dispatches; rename:
    (phase, kernel name) -> the phase recorded. Returns (stream, records, call's result)."""
    stream = stream_for(a._data().device)
    cls = type(stream)
    original = cls.dispatch
    records = []

    def hook(self, kernel, storages, params, groups):
        name = str(kernel.key[0] if isinstance(kernel.key, tuple) else kernel.key)
        phase = PHASE[0] if rename is None else rename(PHASE[0], name)
        records.append((phase, name[:28], kernel, list(storages), params, groups))
        return original(self, kernel, storages, params, groups)

    saved = [(holder, name, getattr(holder, name)) for holder, name, _ in patches]
    for holder, name, phase in patches:
        setattr(holder, name, tagged(phase, getattr(holder, name)))
    replay.clear()
    cls.dispatch = hook
    try:
        out = call(a)
        wg.synchronize()
    finally:
        cls.dispatch = original
        for holder, name, function in saved:
            setattr(holder, name, function)
        replay.clear()
    return stream, records, out


def time_records(stream, recs, trials=3) -> float:
    """The best time of re-issuing the records in order, between two synchronisations."""
    best = float("inf")
    for _ in range(trials):
        wg.synchronize()
        t0 = time.perf_counter()
        for _, _, kernel, storages, params, groups in recs:
            stream.dispatch(kernel, storages, params, groups)
        wg.synchronize()
        best = min(best, time.perf_counter() - t0)
    return best


def time_call(function, reps=3, trials=3) -> tuple:
    """(best seconds a call, best host seconds a call) of function() repeated reps times."""
    function()
    wg.synchronize()
    best = host = float("inf")
    for _ in range(trials):
        t0 = time.perf_counter()
        for _ in range(reps):
            function()
        t1 = time.perf_counter()
        wg.synchronize()
        best = min(best, (time.perf_counter() - t0) / reps)
        host = min(host, (t1 - t0) / reps)
    return best, host


def print_phases(stream, records, width=14, kinds_shown=5) -> dict:
    """Each phase's dispatches re-issued alone: count, time, time each, kernels. Returns the
    records by phase."""
    print(f"dispatches: {len(records)}")
    by_phase = collections.OrderedDict()
    for r in records:
        by_phase.setdefault(r[0], []).append(r)
    total = 0.0
    for phase, recs in by_phase.items():
        t = time_records(stream, recs)
        total += t
        kinds = collections.Counter(r[1] for r in recs)
        print(f"  {phase:{width}s} {len(recs):5d} dispatches {t * 1e3:8.2f} ms  {t / len(recs) * 1e6:7.1f} us each  "
              f"{dict(kinds.most_common(kinds_shown))}", flush=True)
    print(f"  sum of phases {total * 1e3:.2f} ms; all in order {time_records(stream, records) * 1e3:.2f} ms")
    return by_phase


def time_torch(name: str, host) -> None:
    """Print PyTorch's best time of torch.linalg.<name> on the host matrix (TF32 off)."""
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    ta = torch.from_numpy(host).cuda()
    function = getattr(torch.linalg, name)
    function(ta)
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(3):
            function(ta)
        torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - t0) / 3)
    print(f"torch {name} {len(host)}: {best * 1e3:.2f} ms")


def upload_and_time(name: str, host, with_torch: bool, **timing):
    """Print the device, PyTorch's time (with_torch) and wgarray's of linalg.<name> on the host
    matrix; returns the uploaded array, for the profile that follows."""
    print("device:", wg.get_device())
    a = wg.asarray(host)
    if with_torch:
        time_torch(name, host)
    function = getattr(wg.linalg, name)
    t, h = time_call(lambda: function(a), **timing)
    print(f"wgarray {name} {len(host)}: {t * 1e3:.2f} ms (host {h * 1e3:.2f} ms)", flush=True)
    return a
