#!/usr/bin/env python3
"""Where eigh of a large float32 matrix spends its GPU time (a profiling aid for
wgarray/_engines/tridiag.py and tridiag_solve.py).

One eigh is captured dispatch by dispatch, each tagged with its stage (scaling, the Hermitian
copy, the reduction's column steps and panel updates, the tridiagonal's eigenvalues, its
eigenvectors kernel by kernel, the back-transformation, the rest: sorting and gathers); each
stage's dispatches are then re-issued alone, in order, between two synchronisations.

  python benchmarks/eigh_profile.py [--n 1024] [--torch]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

import wgarray as wg
from wgarray._engines import spectral_scaling, tridiag, tridiag_solve

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_profile import capture, print_phases, upload_and_time  # noqa: E402


def _stage(phase: str, kernel: str) -> str:
    if phase == "reduce":
        return "reduce:column" if kernel.startswith("tridiag_column") else "reduce:update"
    if phase == "vectors":
        return "vectors:" + kernel.replace("tridiag_vectors_", "")[:12]
    return phase


def profile(a):
    patches = [
        (spectral_scaling, "scale_factors", "scale"), (spectral_scaling, "scaled", "scale"),
        (spectral_scaling, "unscaled", "unscale"), (tridiag, "_hermitian_copy", "copy"),
        (tridiag._Reduction, "run", "reduce"), (tridiag_solve, "eigenvalues", "eigenvalues"),
        (tridiag_solve, "eigenvectors", "vectors"), (tridiag, "apply_reflectors", "back"),
    ]
    stream, records, _ = capture(wg.linalg.eigh, a, patches, rename=_stage)
    print_phases(stream, records, width=26)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--torch", action="store_true")
    args = parser.parse_args()
    g = np.random.default_rng(0).standard_normal((args.n, args.n))
    host = (g @ g.T / args.n + np.eye(args.n)).astype(np.float32)
    profile(upload_and_time("eigh", host, args.torch))


if __name__ == "__main__":
    main()
