#!/usr/bin/env python3
"""wgarray.nn's attention, softmax, layer_norm and activations against PyTorch on the same GPU, in
one run (TF32 off): issue 15's acceptance cases, each with its time ratio and its max error against
a float64 reference (PyTorch's float64 on the GPU where present, else NumPy on a slice).

  python benchmarks/nn_attention.py [--only sdpa,softmax] [--reps 5] [--small] [--explore] [--json FILE]

Each trial times a loop of calls and one synchronize: at least --reps calls and at least
MIN_TRIAL seconds of them, the same count for both libraries, so that what a call costs in a
sequence of calls is timed, not one submit and one wait (about 0.1 ms in wgarray, more than a
row kernel of 8192 x 1024 takes).

The float16 case computes in float32 (wgarray/nn/_half.py: widened, rounded once), PyTorch's on
tensor cores (issue 15 asks for its ratio to be reported).

--explore also times the float32 and float64 attention cases under other kernel schedules.
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import case_arguments, load_libraries, selected, time_call, write_json  # noqa: E402


MIN_TRIAL = 0.01  # seconds


def _normal(shape, dtype, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _sdpa_inputs(b, h, l, s, e, dtype):
    return [_normal((b, h, l, e), dtype, 1), _normal((b, h, s, e), dtype, 2), _normal((b, h, s, e), dtype, 3)]


# name -> (inputs for a size divisor, {library: call(module, *inputs)})
def _cases(small: bool):
    d = 16 if small else 1
    sdpa = {"wgarray": lambda nn, q, k, v: nn.scaled_dot_product_attention(q, k, v),
            "torch": lambda nn, q, k, v: nn.scaled_dot_product_attention(q, k, v)}
    causal = {lib: (lambda nn, q, k, v: nn.scaled_dot_product_attention(q, k, v, is_causal=True)) for lib in sdpa}
    rows = (8192 // d, 1024)
    return {
        "sdpa f32 B8 H16 L=S=4096 E64 causal": (lambda: _sdpa_inputs(8 // min(d, 8), 16 // min(d, 16) or 1,
                                                                     4096 // d, 4096 // d, 64, np.float32), causal),
        "sdpa f16 B8 H16 L=S=4096 E64 causal": (lambda: _sdpa_inputs(8 // min(d, 8), 16 // min(d, 16) or 1,
                                                                     4096 // d, 4096 // d, 64, np.float16), causal),
        "sdpa f32 B8 H16 L=S=1024 E64": (lambda: _sdpa_inputs(8, 16 // min(d, 16) or 1, 1024 // d, 1024 // d, 64,
                                                            np.float32), sdpa),
        "sdpa f32 B4 H8 L=S=2048 E128 causal": (lambda: _sdpa_inputs(4, 8 // min(d, 8) or 1, 2048 // d, 2048 // d, 128,
                                                                     np.float32), causal),
        "sdpa f64 B2 H8 L=S=1024 E64": (lambda: _sdpa_inputs(2, 8 // min(d, 8) or 1, 1024 // d, 1024 // d, 64,
                                                            np.float64), sdpa),
        "softmax f32 8192x1024": (lambda: [_normal(rows, np.float32)], {"wgarray": lambda nn, x: nn.softmax(x, -1),
                                                                        "torch": lambda nn, x: nn.softmax(x, -1)}),
        "log_softmax f32 8192x1024": (lambda: [_normal(rows, np.float32)],
                                      {lib: (lambda nn, x: nn.log_softmax(x, -1)) for lib in ("wgarray", "torch")}),
        "layer_norm f32 8192x1024": (lambda: [_normal(rows, np.float32), _normal(1024, np.float32, 4),
                                              _normal(1024, np.float32, 5)],
                                     {lib: (lambda nn, x, w, b: nn.layer_norm(x, (1024,), w, b))
                                      for lib in ("wgarray", "torch")}),
        "gelu f32 2^24": (lambda: [_normal(1 << 24 // d, np.float32)],
                          {lib: (lambda nn, x: nn.gelu(x)) for lib in ("wgarray", "torch")}),
        "softmax f64 8192x1024": (lambda: [_normal(rows, np.float64)],
                                  {lib: (lambda nn, x: nn.softmax(x, -1)) for lib in ("wgarray", "torch")}),
    }


def _reference(name, call, host, torch_lib):
    """A float64 result of the case (first batch entry only for attention, to keep it cheap)."""
    if name.startswith("sdpa"):
        host = [h[:1, :2] for h in host]
    wide = [h.astype(np.float64) for h in host]
    if torch_lib is not None:
        torch = torch_lib[0]
        return host, call(torch.nn.functional, *[torch.from_numpy(w).cuda() for w in wide]).cpu().numpy()
    return host, None


def main() -> None:
    args = case_arguments(5, explore=True)
    libraries = load_libraries()
    wg, upload, sync, device = libraries["wgarray"]
    torch_lib = libraries.get("torch")
    print(f"device: {device}")
    rows = []
    for name, (make, calls) in _cases(args.small).items():
        if not selected(name, args.only):
            continue
        host = make()
        inputs = [upload(h) for h in host]
        call = lambda: calls["wgarray"](wg.nn, *inputs)  # noqa: E731
        # the count from a short loop's time per call: one synchronized call costs a submit and a
        # wait (~0.15 ms), longer than a row kernel, and would make the trials far too short
        reps = max(args.reps, math.ceil(MIN_TRIAL / time_call(call, sync, 16, trials=1)))
        ours_time = time_call(call, sync, reps, trials=3)
        line = f"{name:38s} wgarray {ours_time * 1e3:8.3f} ms"
        rows.append({"benchmark": name, "unit": "s", "wgarray": ours_time})
        sliced, exact = _reference(name, calls["torch"], host, torch_lib)
        if exact is not None:
            ours = np.asarray(calls["wgarray"](wg.nn, *[upload(h) for h in sliced]))
            line += f"  max err {np.abs(ours - exact).max():.2e}"
        if torch_lib is not None:
            torch, torch_upload, torch_sync, _ = torch_lib
            tensors = [torch_upload(h) for h in host]
            theirs = time_call(lambda: calls["torch"](torch.nn.functional, *tensors), torch_sync, reps, trials=3)
            mine = calls["torch"](torch.nn.functional, *[torch_upload(h) for h in sliced]).cpu().numpy()
            line += f" (torch {np.abs(mine - exact).max():.2e})  torch {theirs * 1e3:8.3f} ms  ratio {ours_time / theirs:5.2f}x"
            rows[-1]["torch"] = theirs
        print(line, flush=True)
        if args.explore and name.startswith(("sdpa f32", "sdpa f64")) and exact is not None:
            error = lambda: float(np.abs(np.asarray(calls["wgarray"](wg.nn, *[upload(h) for h in sliced])) - exact).max())  # noqa: E731
            _explore(wg, name, inputs, calls["wgarray"], sync, args.reps, error)
    write_json(args.json, rows)


def _explore(wg, name, inputs, call, sync, reps, error):
    """The case under other kernel schedules (attention_source.Tiles: v_early, dots) and tile
    shapes, in rounds (the best time of each), each with its max error."""
    from dataclasses import replace

    from wgarray._engines import attention

    device = wg.get_device()
    e = inputs[0].shape[-1]
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    chosen = attention.choose_tiles(device, inputs[0].dtype, e, e)
    print(f"    default tiles {chosen}, lanes {attention.lanes(device)}, workgroup memory {limit} bytes", flush=True)
    schedules = [(True, 8), (True, 12), (True, 16), (False, 8), (False, 4)]
    options = [replace(chosen, v_early=v, dots=d) for v, d in schedules]
    if "4096" in name:  # 8 lanes per row (64 x 32 tiles)
        options.append(attention.Tiles(8, 16, True, v_early=True, dots=8))
    best = {}
    for _ in range(3):
        for tiles in options:
            if tiles.layout(-(-e // 4), -(-e // 4))[1] * 4 * inputs[0].dtype.itemsize > limit:
                continue
            attention._FORCE.clear()
            attention._FORCE["tiles"] = tiles
            t = time_call(lambda: call(wg.nn, *inputs), sync, reps, trials=2)
            best[tiles] = (min(t, best.get(tiles, (t,))[0]), error())
    attention._FORCE.clear()
    for tiles, (t, err) in sorted(best.items(), key=lambda item: item[1][0]):
        print(f"    {str(tiles):70s} {t * 1e3:8.3f} ms  max err {err:.2e}", flush=True)


if __name__ == "__main__":
    main()
