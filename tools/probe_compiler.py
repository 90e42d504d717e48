"""Probe how the adapter's shader compiler treats float arithmetic, and check wgarray's pair
primitives (wgsl/lib_math.wgsl) on it.

    python tools/probe_compiler.py

Part 1 runs small WGSL expressions and compares them bit for bit with the IEEE evaluation
(NumPy): is a * b + c contracted into an fma, are (x + y) - x and x - (x - y) simplified to
y, does lm_opaque stop both, are division and sqrt correctly rounded. Part 2 measures the
relative error of the pair primitives (2sum, 2prod, add22, mul22, div22, sqrt2) and of the
pair logarithm against mpmath, in units of 2^-104 (float64) or 2^-46 (float32): a few units
is right, ~2^50 means a compiler rewrite lost the low word. Findings: docs/math.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wgarray as wg  # noqa: E402
from wgarray._array import Array  # noqa: E402
from wgarray._engines.map import MapOp  # noqa: E402
from wgarray._engines.map import launch_map  # noqa: E402

N = 4000
rng = np.random.default_rng(1)


def gpu(expr, args, out_dtype=None):
    """expr (WGSL over a0, a1, ...) evaluated on the device for each element of args."""
    dev = wg.get_device()
    arrs = [wg.asarray(a) for a in args]
    in_dt = tuple(a.dtype for a in arrs)
    out_dt = np.dtype(out_dtype or in_dt[0])
    out = Array._empty(arrs[0].shape, out_dt, dev)
    # the comment names a math function, which pulls wgsl/lib_math.wgsl into the kernel
    op = MapOp("probe", expr + " /* exp */", in_dt, out_dt)
    launch_map(dev, op, out._storage, out._view, out_dt, [a._operand(arrs[0].shape) for a in arrs], fresh=True)
    return out._to_numpy()


def rnd(n, lo, hi):
    return rng.standard_normal(n) * np.exp2(rng.uniform(lo, hi, n))


def behaviour(f):
    tg = "f64" if f == np.float64 else "f32"
    a, b, c = (rnd(N, -3, 3).astype(f) for _ in range(3))
    wide = np.longdouble if f == np.float64 else np.float64  # a * b exact in f32's case
    fma = (a.astype(wide) * b + c).astype(f) if f == np.float32 else None
    if f == np.float64:
        from fractions import Fraction
        fma = np.array([float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)])
    rounded = a * b + c
    diff = fma != rounded
    for name, expr in [("a*b+c", "a0 * a1 + a2"), ("opaque(a*b)+c", "lm_opaque_T(a0 * a1) + a2")]:
        g = gpu(expr.replace("T", tg), [a, b, c])[diff]
        print(f"  {tg} {name:18s} IEEE {np.mean(g == rounded[diff]):.3f}  fma {np.mean(g == fma[diff]):.3f}")
    x = rnd(N, -2, 2).astype(f)
    y = (rnd(N, -2, 2) * 1e-9).astype(f)
    for name, expr, want, args in [
            ("(x+y)-x", "(a0 + a1) - a0", (x + y) - x, (x, y)),
            ("opaque(x+y)-x", "lm_opaque_T(a0 + a1) - a0", (x + y) - x, (x, y)),
            ("x-(x-y)", "a0 - (a0 - a1)", x - (x - y), (x, y)),
            ("a/b", "a0 / a1", a / b, (a, b)),
            ("sqrt(|a|)", "sqrt(abs(a0))", np.sqrt(np.abs(a)), (a,))]:
        g = gpu(expr.replace("T", tg), list(args))
        extra = f", equal to y {np.mean(g == y):.3f}" if "y" in name else ""
        print(f"  {tg} {name:18s} IEEE {np.mean(g == want):.3f}{extra}")


def pairs(f):
    import mpmath as mp

    mp.mp.prec = 300
    tg = "f64" if f == np.float64 else "f32"
    cd = np.complex128 if tg == "f64" else np.complex64
    bits = 104 if tg == "f64" else 46
    eps = float(np.finfo(f).eps)
    fr = lambda v: mp.mpf(float(v))  # noqa: E731

    def pair(n):
        h = rnd(n, -5, 5).astype(f)
        lo = (h * eps * rng.uniform(-0.5, 0.5, n)).astype(f)
        s = h + lo
        return s, (lo - (s - h)).astype(f)

    a, b = rnd(N, -5, 5).astype(f), rnd(N, -5, 5).astype(f)
    small = (a * rng.uniform(-1, 1, N) * np.exp2(rng.uniform(-30, 0, N))).astype(f)
    ah, al = pair(N)
    bh, bl = pair(N)
    m = rng.uniform(np.sqrt(0.5), np.sqrt(2), N).astype(f)
    P = f"vec2<{tg}>"
    tests = [
        ("2sum", "lm_2sum_T(a0, a1)", (a, small), lambda x, y: fr(x) + fr(y)),
        ("fast2sum", "lm_fast2sum_T(a0, a1)", (a, small), lambda x, y: fr(x) + fr(y)),
        ("2prod", "lm_2prod_T(a0, a1)", (a, b), lambda x, y: fr(x) * fr(y)),
        ("add22", f"lm_add22_T({P}(a0, a1), {P}(a2, a3))", (ah, al, bh, bl), lambda w, x, y, z: fr(w) + fr(x) + fr(y) + fr(z)),
        ("mul22", f"lm_mul22_T({P}(a0, a1), {P}(a2, a3))", (ah, al, bh, bl),
         lambda w, x, y, z: (fr(w) + fr(x)) * (fr(y) + fr(z))),
        ("div22", f"lm_div22_T({P}(a0, a1), {P}(a2, a3))", (ah, al, bh, bl),
         lambda w, x, y, z: (fr(w) + fr(x)) / (fr(y) + fr(z))),
        ("sqrt2", f"lm_sqrt2_T({P}(a0, a1))", (np.abs(ah), np.copysign(al, ah * al)), lambda x, y: mp.sqrt(fr(x) + fr(y))),
        # the pair logarithm is accurate to ~2^-64 by design (its polynomial tail is one word)
        ("log_m (pair ln)", "lm_log_m_T(a0)", (m,), lambda v: mp.log(fr(v))),
    ]
    for name, expr, args, ref in tests:
        g = gpu(expr.replace("T", tg), list(args), cd)
        err = [float(abs(fr(z.real) + fr(z.imag) - e) / abs(e) * mp.mpf(2) ** bits) if e else 0.0
               for z, e in zip(g, (ref(*v) for v in zip(*args)))]
        print(f"  {tg} {name:16s} max error {max(err):.3g} units of 2^-{bits}")


def main():
    print(wg.get_device().name)
    for f in (np.float64, np.float32):
        print("compiler behaviour", np.dtype(f).name)
        behaviour(np.dtype(f).type)
    for f in (np.float64, np.float32):
        print("pair primitives", np.dtype(f).name)
        pairs(np.dtype(f).type)


if __name__ == "__main__":
    main()
