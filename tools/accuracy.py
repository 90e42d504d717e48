"""Measure the accuracy of wgarray's real math functions in ulps, on the current adapter.

    python tools/accuracy.py --samples 1000000 --out docs/accuracy.md

For every function and float dtype, inputs spread over the function's domain (log-uniform
magnitudes of both signs, plus uniform ranges and hard cases: range-reduction boundaries,
near 0, near overflow, subnormals) are computed on the GPU and compared with a reference
that is far more accurate than the result: NumPy in long double (x87 extended, 64-bit
significand) for every input, and mpmath at 40 digits on a sample of the float64 inputs.
The error of a result is |got - exact| / ulp(exact), where ulp is that of the result's
format (subnormal results count in units of the smallest subnormal). Results that are
subnormal in the reference are reported separately: adapters may flush them to zero.

The report goes to --out as one section per adapter, merged with the sections of other
adapters already in the file.
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import wgarray as wg  # noqa: E402

LD = np.longdouble
HAVE_LD = np.finfo(LD).nmant >= 63


# -- inputs ----------------------------------------------------------------------------------
def loguniform(rng, n, lo, hi, signs=True):
    """n values with log2|x| uniform in [lo, hi], random signs if signs."""
    x = np.exp2(rng.uniform(lo, hi, n))
    if signs:
        x *= rng.choice([-1.0, 1.0], n)
    return x


def fparams(dtype):
    fi = np.finfo(dtype)
    return fi, int(np.log2(float(fi.tiny))), int(np.log2(float(fi.max)))


def near(values, dtype, steps=3):
    """Each value rounded to dtype, with its neighbours a few ulps away."""
    with np.errstate(over="ignore"):
        v = np.asarray(values, dtype=np.float64).astype(dtype)
        out = [v]
        up, down = v.copy(), v.copy()
        for _ in range(steps):
            up = np.nextafter(up, dtype.type(np.inf))
            down = np.nextafter(down, dtype.type(-np.inf))
            out += [up, down]
    return np.concatenate(out)


def pio2_multiples(dtype, count):
    k = np.unique(np.concatenate([np.arange(1, 200), np.geomspace(1, 1e15 if dtype == np.float64 else 1e7,
                                                                   count).round()]))
    return near(k * (np.pi / 2), dtype, 2)


def hard_trig(dtype):
    hard = [np.pi / 4, 3 * np.pi / 4, 1e22, 5e-324, 1.5e308, 2.0 ** 20 * np.pi / 2, 6433.0, 1647099.0]
    if dtype == np.float64:
        hard.append(6381956970095103.0 * 2.0 ** 797)  # nearest double to a multiple of pi/2
    else:
        hard += [16367173.0 * 2.0 ** 72, 13176795.0, 105414350.0]
    return np.concatenate([near(hard, dtype), -near(hard, dtype), pio2_multiples(dtype, 3000)])


def inputs(name, dtype, n, rng):
    """A tuple of input arrays for function `name` (n values or a few more)."""
    fi, emin, emax = fparams(dtype)
    sub = emin - fi.nmant
    lu = lambda lo, hi, m=n, s=True: loguniform(rng, m, lo, hi, s)  # noqa: E731
    q = n // 4
    ovf = math.log(float(fi.max))
    unf = math.log(float(fi.smallest_subnormal)) - 0.7
    if name in ("exp", "expm1"):
        parts = [rng.uniform(unf, ovf, 2 * q), lu(sub, 10, 2 * q), near([ovf, unf, math.log(float(fi.tiny)),
                 math.log(2) / 2, -math.log(2) / 2, 1, -1], dtype), rng.uniform(-1, 1, q)]
        if name == "expm1":
            parts.append(rng.uniform(-60, 0, q))
    elif name in ("log", "log2", "log10"):
        parts = [lu(sub, emax, 2 * q, False), 1 + lu(-fi.nmant - 2, -1, q), rng.uniform(0.5, 2, q),
                 near([1, 2, 0.5, 10, 100, 1e10, float(fi.max), float(fi.tiny), float(fi.smallest_subnormal),
                       math.sqrt(2), math.sqrt(0.5)], dtype)]
    elif name == "log1p":
        parts = [lu(sub, emax, 2 * q, False), -lu(sub, -1e-9, q, False), lu(sub, 1, q),
                 near([-1 + 2.0 ** -20, 1, math.sqrt(2) - 1, math.sqrt(0.5) - 1], dtype)]
    elif name in ("sin", "cos", "tan"):
        parts = [lu(sub, emax, q), rng.uniform(-10, 10, q), lu(-20, 30, 2 * q), hard_trig(dtype)]
    elif name in ("asin", "acos"):
        parts = [rng.uniform(-1, 1, 2 * q), lu(sub, 0, q), 1 - lu(-fi.nmant - 1, -1, q, False),
                 -1 + lu(-fi.nmant - 1, -1, q // 2, False), near([0.5, -0.5, 1, -1], dtype)]
    elif name == "atan":
        parts = [lu(sub, emax, 2 * q), rng.uniform(-4, 4, 2 * q),
                 near([7 / 16, 11 / 16, 19 / 16, 39 / 16], dtype)]
    elif name in ("sinh", "cosh"):
        parts = [rng.uniform(-ovf - 1, ovf + 1, 2 * q), lu(sub, 5, 2 * q), near([1, ovf, ovf + math.log(2)], dtype)]
    elif name == "tanh":
        parts = [rng.uniform(-25, 25, 2 * q), lu(sub, 5, 2 * q), near([1, 9.1, 19.1, 0.5], dtype)]
    elif name == "asinh":
        parts = [lu(sub, emax, 2 * q), rng.uniform(-4, 4, 2 * q), near([0.5, 2.0 ** 28, 2.0 ** 13], dtype)]
    elif name == "acosh":
        parts = [lu(0, emax, 2 * q, False), 1 + lu(-fi.nmant - 1, 3, 2 * q, False), near([1, 2, 2.0 ** 28], dtype)]
    elif name == "atanh":
        parts = [rng.uniform(-1, 1, 2 * q), lu(sub, 0, q), 1 - lu(-fi.nmant - 1, -1, q, False)]
    else:
        return binary_inputs(name, dtype, n, rng)
    x = np.concatenate(parts).astype(dtype)
    return (x,)


def binary_inputs(name, dtype, n, rng):
    fi, emin, emax = fparams(dtype)
    sub = emin - fi.nmant
    lu = lambda lo, hi, m=n, s=True: loguniform(rng, m, lo, hi, s)  # noqa: E731
    q = n // 4
    if name in ("atan2", "hypot"):
        a = np.concatenate([lu(sub, emax, 2 * q), rng.uniform(-10, 10, q), lu(emin - 2, emin + 40, q)])
        b = np.concatenate([lu(sub, emax, 2 * q), rng.uniform(-10, 10, q), lu(emin - 2, emin + 40, q)])
        # near-equal magnitudes and the octant boundaries of atan2
        c = rng.uniform(-10, 10, q)
        a = np.concatenate([a, c, c])
        b = np.concatenate([b, c * (1 + lu(-30, -1, q)), -c * (1 + lu(-30, -1, q))])
    elif name == "logaddexp":
        ovf = math.log(float(fi.max))
        a = np.concatenate([rng.uniform(-2 * ovf, 2 * ovf, 2 * q), lu(sub, 8, q), rng.uniform(-50, 50, q)])
        b = np.concatenate([rng.uniform(-2 * ovf, 2 * ovf, 2 * q), lu(sub, 8, q), a[3 * q:] + lu(-40, 5, q)])
    elif name == "pow":
        ovf = math.log(float(fi.max))
        unf = math.log(float(fi.smallest_subnormal))
        x1 = lu(sub, emax, 2 * q, False)
        t = rng.uniform(unf, ovf, 2 * q)
        y1 = t / np.log(x1)
        x2 = 1 + lu(-fi.nmant, -2, q)  # near 1 with huge exponents
        y2 = rng.uniform(unf, ovf, q) / np.log(x2)
        x3 = -lu(-10, 10, q, False)  # negative bases, integer exponents
        y3 = rng.integers(-60, 60, q).astype(np.float64)
        a = np.concatenate([x1, x2, x3])
        b = np.concatenate([y1, y2, y3])
    else:
        raise ValueError(name)
    return a.astype(dtype), b.astype(dtype)


# -- references ------------------------------------------------------------------------------
NP_NAME = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
           "atanh": "arctanh", "atan2": "arctan2", "pow": "power"}
UNARY = ["exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
         "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]
BINARY = ["atan2", "hypot", "logaddexp", "pow"]
FUNCTIONS = UNARY + BINARY


def ref_longdouble(name, args):
    f = getattr(np, NP_NAME.get(name, name))
    with np.errstate(all="ignore"):
        return f(*[a.astype(LD) for a in args])


def ref_mpmath(name, args):
    import mpmath as mp

    fns = {"exp": mp.exp, "expm1": mp.expm1, "log": mp.log, "log1p": mp.log1p, "log2": lambda x: mp.log(x, 2),
           "log10": mp.log10, "sin": mp.sin, "cos": mp.cos, "tan": mp.tan, "asin": mp.asin, "acos": mp.acos,
           "atan": mp.atan, "sinh": mp.sinh, "cosh": mp.cosh, "tanh": mp.tanh, "asinh": mp.asinh,
           "acosh": mp.acosh, "atanh": mp.atanh, "atan2": mp.atan2, "hypot": mp.hypot,
           "logaddexp": lambda a, b: max(a, b) + mp.log1p(mp.exp(-abs(a - b))), "pow": mp.power}
    f = fns[name]
    out = np.empty(len(args[0]), dtype=object)
    with mp.workdps(40):
        for i in range(len(out)):
            try:
                v = f(*[mp.mpf(float(a[i])) for a in args])
                out[i] = v if isinstance(v, mp.mpf) else mp.mpf("nan")
            except (ValueError, ZeroDivisionError, OverflowError):
                out[i] = mp.mpf("nan")
    return out


def ulp_error(got, ref, dtype):
    """|got - ref| in ulps of ref (in dtype); ref is long double or an mpmath object array."""
    fi = np.finfo(dtype)
    if ref.dtype == object:
        import mpmath as mp

        with mp.workdps(40):
            finite = np.array([mp.isfinite(r) for r in ref])
            err = np.zeros(len(ref))
            for i in np.nonzero(finite)[0]:
                r = ref[i]
                e = max(int(mp.floor(mp.log(abs(r), 2))) if r != 0 else -100000, int(np.log2(float(fi.tiny))))
                if not np.isfinite(got[i]):
                    err[i] = np.inf if abs(r) < float(fi.max) else 0.0
                else:
                    err[i] = float(abs(mp.mpf(float(got[i])) - r) / mp.mpf(2) ** (e - fi.nmant))
            refd = np.array([float(r) if mp.isfinite(r) else np.nan for r in ref])
            return err, finite, refd
    finite = np.isfinite(ref)
    r = np.where(finite, ref, 0)
    with np.errstate(all="ignore"):
        e = np.floor(np.log2(np.abs(r)))
    e = np.maximum(np.where(r == 0, -100000, e), np.log2(float(fi.tiny)))
    ulp = np.ldexp(LD(1), (e - fi.nmant).astype(int))
    with np.errstate(all="ignore"):
        err = np.abs(got.astype(LD) - r) / ulp
        # A result that overflowed where the exact value rounds to the largest finite number.
        err = np.where(np.isinf(got) & (np.abs(r) >= LD(fi.max)), 0, err)
    with np.errstate(over="ignore"):
        return err.astype(np.float64), finite, ref.astype(np.float64)


def special_mismatch(got, ref, dtype):
    """Count results whose class (nan, +-inf, +-0) differs from the reference rounded to dtype."""
    with np.errstate(all="ignore"):
        want = ref.astype(dtype)
    bad = (np.isnan(got) != np.isnan(want)) | (np.isinf(want) & ~(got == want))
    zero = want == 0
    bad |= zero & ~((got == 0) | (np.abs(got) <= np.finfo(dtype).smallest_subnormal))
    return int(bad.sum())


# -- driver ----------------------------------------------------------------------------------
def measure(name, dtype, n, rng, mp_samples, verbose):
    args = inputs(name, dtype, n, rng)
    t0 = time.perf_counter()
    got = np.asarray(getattr(wg, name)(*[wg.asarray(a) for a in args]))
    gpu_s = time.perf_counter() - t0
    assert got.dtype == dtype, (name, got.dtype)
    ref = ref_longdouble(name, args)
    err, finite, refd = ulp_error(got, ref, dtype)
    tiny = np.finfo(dtype).tiny
    normal = finite & (np.abs(refd) >= tiny)
    subn = finite & (np.abs(refd) < tiny) & (refd != 0)
    res = {"n": len(got), "max": float(err[normal].max(initial=0)), "mean": float(err[normal].mean()),
           "sub_max": float(err[subn].max(initial=0)), "special": special_mismatch(got, ref, dtype),
           "gpu_s": gpu_s}
    worst = np.argsort(np.where(normal, err, -1))[-3:][::-1]
    res["worst"] = [(tuple(float(a[i]) for a in args), float(got[i]), float(refd[i]), float(err[i]))
                    for i in worst]
    if dtype == np.float64 and mp_samples:
        idx = rng.choice(len(got), min(mp_samples, len(got)), replace=False)
        idx = np.union1d(idx, worst)
        sub_args = tuple(a[idx] for a in args)
        mref = ref_mpmath(name, sub_args)
        merr, mfin, mrefd = ulp_error(got[idx], mref, dtype)
        mnormal = mfin & (np.abs(mrefd) >= tiny)
        res["mp_max"] = float(merr[mnormal].max(initial=0))
        res["mp_n"] = len(idx)
        res["max"] = max(res["max"], res["mp_max"]) if not HAVE_LD else res["max"]
    if verbose:
        print(f"{name:10s} {np.dtype(dtype).name:8s} max {res['max']:.3f} mean {res['mean']:.4f} "
              f"sub {res['sub_max']:.2f} special {res['special']} mp {res.get('mp_max', float('nan')):.3f} "
              f"({res['n']} in {gpu_s:.1f}s)")
        for w in res["worst"]:
            print("    ", w)
    return res


def section(adapter, results, samples):
    lines = [f"## {adapter}", "",
             f"{datetime.date.today().isoformat()}, {samples} random inputs per function and dtype plus hard "
             "cases; reference: long double" + (" and mpmath (40 digits) on a float64 sample" if any(
                 "mp_max" in r for r in results.values()) else "") + ".", "",
             "| function | float32 max ulp | float32 mean ulp | float64 max ulp | float64 mean ulp |"
             " float64 max ulp (mpmath sample) | special-value mismatches |",
             "|---|---|---|---|---|---|---|"]
    for name in FUNCTIONS:
        r32, r64 = results.get((name, "float32")), results.get((name, "float64"))
        cells = []
        for r in (r32, r64):
            cells += [f"{r['max']:.2f}", f"{r['mean']:.3f}"] if r else ["-", "-"]
        cells.append(f"{r64['mp_max']:.2f}" if r64 and "mp_max" in r64 else "-")
        special = sum(r["special"] for r in (r32, r64) if r)
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {special} |")
    sub = [f"{n} {d}: {r['sub_max']:.1f}" for (n, d), r in results.items() if r["sub_max"] > 2]
    lines += ["", "Subnormal results (excluded above; adapters may flush them): "
              + (", ".join(sub) if sub else "all within 2 ulp of the smallest subnormal") + ".", ""]
    return "\n".join(lines)


def merge(path: Path, adapter: str, text: str):
    head = ("# Accuracy of the real math functions\n\n"
            "Measured by `python tools/accuracy.py --samples N --out docs/accuracy.md` on each adapter;\n"
            "errors in ulps of the result's format against a reference far more accurate than the result.\n"
            "The target is at most 2 ulp everywhere (see docs/math.md).\n\n")
    sections = {}
    if path.exists():
        old = path.read_text()
        parts = re.split(r"^## ", old, flags=re.M)
        for part in parts[1:]:
            title = part.split("\n", 1)[0].strip()
            sections[title] = "## " + part.rstrip() + "\n"
    sections[adapter] = text
    path.write_text(head + "\n".join(sections[k] for k in sorted(sections)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=1_000_000, help="random inputs per function and dtype")
    ap.add_argument("--mp-samples", type=int, default=20_000, help="float64 inputs also checked with mpmath")
    ap.add_argument("--out", help="markdown file to merge this adapter's section into")
    ap.add_argument("--only", nargs="*", help="functions to measure (default: all)")
    ap.add_argument("--dtypes", nargs="*", default=["float32", "float64"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    if args.mp_samples:
        try:
            import mpmath  # noqa: F401
        except ImportError:
            print("mpmath is not installed: the float64 check against mpmath is skipped")
            args.mp_samples = 0
    dev = wg.get_device()
    adapter = f"{dev.name}"  # one section per adapter name
    results = {}
    for name in args.only or FUNCTIONS:
        for dname in args.dtypes:
            if np.dtype(dname) not in [np.dtype(d) for d in wg.__array_namespace_info__().dtypes(
                    kind="real floating").values()]:
                continue
            results[(name, dname)] = measure(name, np.dtype(dname), args.samples, rng, args.mp_samples,
                                             not args.quiet)
    if args.out:
        merge(Path(args.out), adapter, section(adapter, results, args.samples))
    bad = [(k, r["max"]) for k, r in results.items() if r["max"] > 2 or r["special"]]
    if bad:
        print("over 2 ulp or special-value mismatches:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
