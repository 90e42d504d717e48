#!/usr/bin/env python3
"""Issue 14's acceptance cases: NumPy's wider library against PyTorch (and CuPy) on the same GPU.

Rows as in benchmarks/kernels.py (same timing and output). Targets: standard_normal 2^26
<= 1.2x, einsum 'bij,bjk->bik' <= 1.2x batched matmul, einsum 'ij,ij->i' bandwidth bound,
median 2^24 <= 2x, histogram 2^24 (256 bins) <= 1.5x, bincount 2^24 <= 1.5x, pad 4096^2 <= 1.2x.

  python benchmarks/numpy_part2.py [--only median,pad] [--reps 10]
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import _floats, _rng, main  # noqa: E402

N24, N26 = 1 << 24, 1 << 26


def _normal_rows():
    rows = []
    for dtype, bits in ((np.float32, 32), (np.float64, 64)):
        rows.append((f"standard_normal f{bits} 2^26", lambda: [],
                     {"wgarray": lambda xp, d=dtype: _generator(xp).standard_normal(N26, dtype=d),
                      "torch": lambda t, d=dtype: t.randn(N26, device="cuda", dtype=getattr(t, d.__name__)),
                      "cupy": lambda cp, d=dtype: cp.random.default_rng(0).standard_normal(N26, dtype=d)},
                     (bits // 8) * N26, "GB/s"))
    return rows


_generators = {}


def _generator(xp):
    """One generator per library, made once: the rows time the draws, not the seeding."""
    if xp not in _generators:
        _generators[xp] = xp.random.default_rng(0)
    return _generators[xp]


ROWS = _normal_rows() + [
    ("einsum bij,bjk->bik 64x512^2", lambda: [_floats((64, 512, 512), np.float32), _floats((64, 512, 512), np.float32)],
     {"wgarray": lambda xp, a, b: xp.einsum("bij,bjk->bik", a, b), "torch": lambda t, a, b: t.bmm(a, b),
      "cupy": lambda cp, a, b: cp.einsum("bij,bjk->bik", a, b)},
     2 * 64 * 512**3, "GFLOP/s"),
    ("einsum ij,ij->i 8192^2", lambda: [_floats((8192, 8192), np.float32), _floats((8192, 8192), np.float32)],
     {"wgarray": lambda xp, a, b: xp.einsum("ij,ij->i", a, b), "torch": lambda t, a, b: t.einsum("ij,ij->i", a, b),
      "cupy": lambda cp, a, b: cp.einsum("ij,ij->i", a, b)},
     2 * 4 * 8192**2, "GB/s"),
    ("median f32 2^24", lambda: [_floats(N24, np.float32)],
     {"wgarray": lambda xp, a: xp.median(a), "torch": lambda t, a: t.median(a), "cupy": lambda cp, a: cp.median(a)},
     N24, "Melem/s"),
    ("histogram 2^24 256 bins", lambda: [_floats(N24, np.float32)],
     {"wgarray": lambda xp, a: xp.histogram(a, bins=256)[0], "torch": lambda t, a: t.histc(a, bins=256),
      "cupy": lambda cp, a: cp.histogram(a, bins=256)[0]},
     N24, "Melem/s"),
    ("bincount 2^24", lambda: [_rng().integers(0, 1000, N24).astype(np.int64)],
     {"wgarray": lambda xp, a: xp.bincount(a), "torch": lambda t, a: t.bincount(a), "cupy": lambda cp, a: cp.bincount(a)},
     N24, "Melem/s"),
    ("pad 4096^2 constant 16", lambda: [_floats((4096, 4096), np.float32)],
     {"wgarray": lambda xp, a: xp.pad(a, 16), "torch": lambda t, a: t.nn.functional.pad(a, (16, 16, 16, 16)),
      "cupy": lambda cp, a: cp.pad(a, 16)},
     2 * 4 * 4128**2, "GB/s"),
    ("pad 4096^2 reflect 16", lambda: [_floats((1, 4096, 4096), np.float32)],
     {"wgarray": lambda xp, a: xp.pad(a, ((0, 0), (16, 16), (16, 16)), mode="reflect"),
      "torch": lambda t, a: t.nn.functional.pad(a, (16, 16, 16, 16), mode="reflect"),
      "cupy": lambda cp, a: cp.pad(a, ((0, 0), (16, 16), (16, 16)), mode="reflect")},
     2 * 4 * 4128**2, "GB/s"),
]

if __name__ == "__main__":
    main(ROWS, __doc__)
