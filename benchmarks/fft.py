#!/usr/bin/env python3
"""wgarray.fft against PyTorch (cuFFT) on the same GPU, in one run: issue 13's acceptance cases,
each with its time ratio and its accuracy (RMS relative error against a float64/complex128
NumPy transform of the same input, and NumPy's own error at the input's dtype for scale).

Timed as benchmarks/kernels.py does. On a CPU adapter, --small runs each case at a size a CPU
can take in seconds.

  python benchmarks/fft.py [--only c64,rfft] [--reps 5] [--small] [--json FILE]

FFT_EXPLORE="PINGPONG=1;MAX_TILE=1,PINGPONG=1" also times each selected case with each set of
wgarray._engines.fft_plan constants (';' between sets, ',' within one), accuracy included;
FFT_EXPLORE_ONLY (like --only) limits that to some of the cases.
"""

from __future__ import annotations

import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import case_arguments, load_libraries, selected, time_call, trial_reps, write_json  # noqa: E402


def _complex(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def _real(shape, dtype, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


# name -> (make input for a size scale, wgarray/torch call (xp.fft module, x), reference (numpy x) in double)
CASES = {
    "fft c64 2^24": (lambda s: _complex(2**24 // s, np.complex64), lambda f, x: f.fft(x), np.fft.fft),
    "fft c128 2^22": (lambda s: _complex(2**22 // s, np.complex128), lambda f, x: f.fft(x), np.fft.fft),
    "fft2 c64 4096^2": (lambda s: _complex((4096 // s, 4096 // s), np.complex64), lambda f, x: f.fft2(x),
                        np.fft.fft2),
    "rfft f32 2^24": (lambda s: _real(2**24 // s, np.float32), lambda f, x: f.rfft(x), np.fft.rfft),
    "fft c64 4096 x 1000": (lambda s: _complex((4096 // s, 1000), np.complex64), lambda f, x: f.fft(x), np.fft.fft),
    "fft c64 4096 x 1009 (prime)": (lambda s: _complex((4096 // s, 1009), np.complex64), lambda f, x: f.fft(x),
                                    np.fft.fft),
    "fft c64 1000003 (prime)": (lambda s: _complex(1000003, np.complex64), lambda f, x: f.fft(x), np.fft.fft),
    "ifft c64 3^10 x 64": (lambda s: _complex((64 // s, 3**10), np.complex64), lambda f, x: f.ifft(x), np.fft.ifft),
    # batched power-of-two rows, each transform one workgroup's (or, at 4096, two global passes)
    "fft c64 65536 x 256": (lambda s: _complex((65536 // s, 256), np.complex64), lambda f, x: f.fft(x), np.fft.fft),
    "fft c64 4096 x 4096": (lambda s: _complex((4096 // s, 4096), np.complex64), lambda f, x: f.fft(x), np.fft.fft),
    "fft c64 axis 0 4096 x 1024": (lambda s: _complex((4096 // s, 1024), np.complex64),
                                   lambda f, x: f.fft(x, axis=0), lambda x: np.fft.fft(x, axis=0)),
    # scipy.signal.fftconvolve's lengths: 7-smooth (next_fast_len) and Bluestein ones near 2^21
    "rfft f32 2100000 (7-smooth)": (lambda s: _real(2100000 // s, np.float32), lambda f, x: f.rfft(x), np.fft.rfft),
    "irfft c64 2016000 (7-smooth)": (lambda s: _complex(2016000 // s // 2 + 1, np.complex64), lambda f, x: f.irfft(x),
                                     np.fft.irfft),
    "rfft f32 2000006 (Bluestein)": (lambda s: _real(2000006 // s, np.float32), lambda f, x: f.rfft(x), np.fft.rfft),
}


def _rms(got, ref) -> float:
    return float(np.sqrt(np.mean(np.abs(got - ref) ** 2) / np.mean(np.abs(ref) ** 2)))


def _with_knobs(knobs: str, fn):
    """fn() with fft_plan's constants set as knobs says ("NAME=VALUE,...", or "fft_bluestein.NAME=VALUE"
    for another fft engine module's), then restored."""
    import importlib
    saved = {}
    for item in re.split(r",(?=[A-Za-z_][\w.]*=)", knobs):  # values may hold commas: RUN_BYTES=(128,64)
        name, value = item.split("=", 1)
        module, _, name = name.rpartition(".")
        module = importlib.import_module(f"wgarray._engines.{module or 'fft_plan'}")
        saved[module, name] = getattr(module, name)
        setattr(module, name, eval(value))
    try:
        return fn()
    finally:
        for (module, name), value in saved.items():
            setattr(module, name, value)


def main() -> None:
    args = case_arguments(5)
    libraries = load_libraries()
    wg, upload, sync, device = libraries["wgarray"]
    torch_lib = libraries.get("torch")
    print(f"device: {device}")
    if os.environ.get("FFT_EXPLORE"):
        from wgarray._core.device import get_device
        from wgarray._engines.fft_plan import capacity
        print(f"fft local capacity: {capacity(get_device())} elements")
    rows = []
    for name, (make, call, reference) in CASES.items():
        if not selected(name, args.only):
            continue
        host = make(16 if args.small else 1)
        wide = host.astype(np.complex128 if host.dtype.kind == "c" else np.float64)
        exact = reference(wide)
        ours = np.asarray(call(wg.fft, upload(host)))
        numpy_error = _rms(reference(host), exact)  # NumPy at the input's dtype
        line = f"{name:30s} error {_rms(ours, exact):.2e} (NumPy {numpy_error:.2e})"
        x = upload(host)
        reps = trial_reps(lambda: call(wg.fft, x), sync, args.reps)  # (the same count for PyTorch)
        ours_time = time_call(lambda: call(wg.fft, x), sync, reps, trials=3)
        line += f"  wgarray {ours_time * 1e3:8.3f} ms"
        rows.append({"benchmark": name, "unit": "s", "wgarray": ours_time, "error": _rms(ours, exact)})

        if torch_lib is not None:
            torch, torch_upload, torch_sync, _ = torch_lib
            tensor = torch_upload(host)
            theirs = time_call(lambda: call(torch.fft, tensor), torch_sync, reps, trials=3)
            torch_error = _rms(call(torch.fft, tensor).cpu().numpy(), exact)  # cuFFT's, for scale
            line += f"  torch {theirs * 1e3:8.2f} ms  ratio {ours_time / theirs:5.2f}x  torch error {torch_error:.2e}"
            rows[-1]["torch"], rows[-1]["torch_error"] = theirs, torch_error
        print(line, flush=True)
        if not selected(name, os.environ.get("FFT_EXPLORE_ONLY", "")):
            continue
        for knobs in filter(None, os.environ.get("FFT_EXPLORE", "").split(";")):
            try:
                variant = _with_knobs(knobs, lambda: (np.asarray(call(wg.fft, x)),
                                                      time_call(lambda: call(wg.fft, x), sync, reps, trials=3)))
            except Exception as error:  # a variant the device refuses (too large a workgroup, ...)
                print(f"  {knobs:40s} failed: {type(error).__name__}: {str(error)[:200]}", flush=True)
                continue
            print(f"  {knobs:40s} error {_rms(variant[0], exact):.2e}  wgarray {variant[1] * 1e6:8.1f} us", flush=True)
    write_json(args.json, rows)


if __name__ == "__main__":
    main()
