#!/usr/bin/env python3
"""Where svd of a large float32 matrix spends its GPU time (a profiling aid for
wgarray/_engines/bidiag.py and bidiag_solve.py).

One svd is captured dispatch by dispatch, each tagged with its stage (scaling, copies, the
bidiagonalisation, the Golub-Kahan tridiagonal's eigenvalues and eigenvectors, the ranking,
the assembly, the repair (its preparation on many workgroups, then the one workgroup), the
back-transformations, the transposes, the rest); each
stage's dispatches are then re-issued alone, in order, between two synchronisations. Then the
back-transformation's products are timed with wider blocks of reflectors (timing only: the
values are meaningless), stacked or not, to see what aggregating panels would give.

  python benchmarks/svd_profile.py [--n 1024] [--torch] [--widths 32,64,128]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

import wgarray as wg
from wgarray._core import replay
from wgarray._core.view import TensorView
from wgarray._engines import bidiag, bidiag_solve, spectral_scaling, tridiag_solve
from wgarray._engines.chol_blocks import block, mul, subtract_product, transposed

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_profile import capture, print_phases, time_call, time_records, upload_and_time  # noqa: E402


def capture_svd(a):
    stage = lambda *args, **kwargs: {1: "assemble", 2: "repair"}.get(
        kwargs.get("stage"), "rank" if kwargs.get("stage") == 0 else "prepare")
    patches = [
        (spectral_scaling, "scale_factors", "scale"), (spectral_scaling, "scaled", "scale"),
        (spectral_scaling, "unscaled", "unscale"), (bidiag, "copy", "copy_in"),
        (bidiag, "_bidiagonalise", "reduce"), (tridiag_solve, "eigenvalues", "eigenvalues"),
        (tridiag_solve, "eigenvectors", "eigenvectors"), (bidiag_solve, "singular_values", "rank"),
        (bidiag_solve, "_launch", stage),
        (bidiag_solve, "apply_reflectors", lambda v, t, z, shift: "back_U" if shift == 0 else "back_V"),
        (bidiag_solve, "conj_transpose", "transpose"),
    ]
    return capture(wg.linalg.svd, a, patches)


def profile(a):
    stream, records, _ = capture_svd(a)
    by_phase = print_phases(stream, records)
    back = by_phase.get("back_U", [])
    for r in back[:8]:  # the first (last-applied: widest) panel's dispatches
        t = time_records(stream, [r] * 20) / 20
        print(f"    back_U {r[1]:26s} grid {r[5]}  {t * 1e6:7.1f} us each (20 chained)", flush=True)


def _apply(v, t_all, z, width):
    """Z -= V_p (T_p (V_p^H Z)) for blocks of `width` reflectors (timing only)."""
    batch, rows, cols = z.shape
    for p in reversed(range(-(-rows // width))):
        p0 = p * width
        kb = min(width, rows - p0)
        vp = block(v, p0, rows - p0, p0, kb)
        t = t_all.with_view(TensorView((batch, kb, kb), (t_all.view.strides[0], width, 1), t_all.view.offset))
        zs = block(z, p0, rows - p0, 0, cols)
        subtract_product(zs, vp, mul(t, mul(transposed(vp), zs, conj=True)))


def widths(n, sizes):
    """The back-transformation's products with blocks of each width, one matrix or two stacked."""
    rng = np.random.default_rng(0)
    for batch in (1, 2):
        v = wg.asarray((rng.standard_normal((batch, n, n)) * 0.01).astype(np.float32))._data()
        z = wg.asarray(rng.standard_normal((batch, n, n)).astype(np.float32))._data()
        t_all = wg.asarray((rng.standard_normal((batch, 128 * 128)) * 0.01).astype(np.float32))._data()
        for width in sizes:
            best, host = time_call(lambda: _apply(v, t_all, z, width))
            replayed = replay.replayable(lambda v, t, z: _apply(v, t, z, width) or z)
            best_r, host_r = time_call(lambda: replayed(v, t_all, z))
            print(f"  apply batch {batch} width {width:4d}: {best * 1e3:7.2f} ms (host {host * 1e3:6.2f}); "
                  f"replayed {best_r * 1e3:7.2f} ms (host {host_r * 1e3:6.2f})", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--torch", action="store_true")
    parser.add_argument("--widths", default="32,64,128")
    args = parser.parse_args()
    host = np.random.default_rng(1).standard_normal((args.n, args.n)).astype(np.float32)
    profile(upload_and_time("svd", host, args.torch))
    if args.widths:
        widths(args.n, [int(w) for w in args.widths.split(",")])


if __name__ == "__main__":
    main()
