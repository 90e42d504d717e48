"""Generate the per-type constants of wgarray's math library: wgsl/lib_math_f32.wgsl and
wgsl/lib_math_f64.wgsl (the generic algorithms are in wgsl/lib_math.wgsl).

Polynomials are weighted minimax fits found by the Remez exchange algorithm in mpmath,
with coefficients rounded to the target type; every fit is re-checked with the rounded
coefficients. Split constants (ln 2, pi/2, ...) are cut into parts with trailing zero bits
so that products with small integers are exact.

    python tools/minimax.py          # rewrite the two files
    python tools/minimax.py --check  # only report the fits
"""

from __future__ import annotations

import argparse
import struct
from pathlib import Path

import mpmath as mp

mp.mp.dps = 45
ROOT = Path(__file__).resolve().parent.parent


# -- rounding to a binary format -------------------------------------------------------------
class Fmt:
    def __init__(self, tag, bits, emin):
        self.tag, self.p, self.emin = tag, bits, emin

    def round(self, x, bits=None):
        """x rounded to nearest with `bits` significant bits (default: the format's)."""
        x = mp.mpf(x)
        if x == 0:
            return mp.mpf(0)
        bits = bits or self.p
        m, e = mp.frexp(x)  # x = m * 2^e, 0.5 <= |m| < 1
        scaled = mp.ldexp(m, bits)
        return mp.ldexp(mp.nint(scaled), e - bits)

    def trunc(self, x, bits):
        m, e = mp.frexp(mp.mpf(x))
        return mp.ldexp(mp.floor(mp.ldexp(m, bits)) if m > 0 else mp.ceil(mp.ldexp(m, bits)), e - bits)

    def literal(self, x) -> str:
        """A decimal literal that names x exactly (x must be representable)."""
        v = float(x)
        assert mp.mpf(v) == x, (x, v)
        if self.tag == "f32":
            assert struct.unpack("<f", struct.pack("<f", v))[0] == v
        return repr(v)


F32 = Fmt("f32", 24, -126)
F64 = Fmt("f64", 53, -1022)


# -- Remez ------------------------------------------------------------------------------------
def remez(g, w, a, b, n, iters=30, grid=1500):
    """Coefficients c[0..n] minimising max |w(t) (g(t) - sum c_j t^j)| over [a, b]."""
    a, b = mp.mpf(a), mp.mpf(b)
    pts = [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * i / (n + 1)) for i in range(n + 2)]
    # The weights vanish where the leading terms are exact (t = 0): keep the reference off there.
    pts = [x + (b - a) / 1000 if w(x) < mp.mpf("1e-12") else x for x in pts]
    xs = [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * i / (grid - 1)) for i in range(grid)]
    gs = [g(x) for x in xs]
    ws = [w(x) for x in xs]
    best = None
    for _ in range(iters):
        rows, rhs = [], []
        for i, x in enumerate(pts):
            rows.append([x ** j for j in range(n + 1)] + [(-1) ** i / w(x)])
            rhs.append(g(x))
        try:
            sol = mp.lu_solve(mp.matrix(rows), mp.matrix(rhs))
        except ZeroDivisionError:
            break
        c = [sol[j] for j in range(n + 1)]
        level = abs(sol[n + 1])
        err = [ws[i] * (gs[i] - mp.polyval(c[::-1], xs[i])) for i in range(grid)]
        worst = max(abs(e) for e in err)
        if best is None or worst < best[1]:
            best = (c, worst)
        if worst <= level * (1 + mp.mpf("1e-6")):
            break
        # New reference: one extremum per run of equal sign, then trim to n + 2 alternating.
        ext = []
        i = 0
        while i < grid:
            j = i
            while j + 1 < grid and (err[j + 1] >= 0) == (err[i] >= 0):
                j += 1
            k = max(range(i, j + 1), key=lambda m: abs(err[m]))
            ext.append(k)
            i = j + 1
        while len(ext) > n + 2:
            if abs(err[ext[0]]) < abs(err[ext[-1]]):
                ext.pop(0)
            else:
                ext.pop()
        if len(ext) < n + 2:
            break
        pts = [xs[k] for k in ext]
    return best


def max_error(g, w, a, b, c, grid=6000):
    a, b = mp.mpf(a), mp.mpf(b)
    worst = 0
    for i in range(grid):
        x = (a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * i / (grid - 1))
        worst = max(worst, abs(w(x) * (g(x) - mp.polyval(c[::-1], x))))
    return worst


def fit(fmt, g, w, a, b, target_bits, start=1, name=""):
    """Smallest degree whose rounded fit has weighted error below 2^-target_bits."""
    for n in range(start, 24):
        c, level = remez(g, w, a, b, n)
        if VERBOSE:
            print(f"    {name} degree {n}: 2^{float(mp.log(level, 2)):.1f}")
        rounded = [fmt.round(x) for x in c]
        err = max_error(g, w, a, b, rounded)
        bits = -mp.log(err, 2) if err else 999
        if bits >= target_bits:
            print(f"  {fmt.tag} {name}: degree {n}, error 2^-{float(bits):.1f}")
            return rounded, float(bits)
    raise RuntimeError(f"no fit for {name}")


# -- the functions being fitted (as functions of t = x or z = x^2) ----------------------------
TINY = mp.mpf("1e-25")
VERBOSE = False


def _nz(t):
    return t if abs(t) > TINY else (TINY if t >= 0 else -TINY)


def g_exp3(r):  # e^r = 1 + r + r^2/2 + r^3 P(r)
    r = _nz(r)
    return (mp.exp(r) - 1 - r - r * r / 2) / r ** 3


def w_exp3(r):
    r = _nz(r)
    return abs(r ** 3) / mp.exp(r)


def g_logq(z):  # ln((1+s)/(1-s)) = 2s + 2s^3/3 + s^5 Q(s^2)
    s = mp.sqrt(_nz(z))
    return (2 * mp.atanh(s) - 2 * s - 2 * s ** 3 / 3) / s ** 5


def w_logq(z):
    s = mp.sqrt(_nz(z))
    return s ** 5 / (2 * mp.atanh(s))


def odd_fit(f):
    """f(x) = x + x^3 P(x^2): g(z) = (f(x) - x) / x^3, weighted by x^3 / f(x)."""
    def g(z):
        x = mp.sqrt(_nz(z))
        return (f(x) - x) / x ** 3

    def w(z):
        x = mp.sqrt(_nz(z))
        return x ** 3 / abs(f(x))
    return g, w


def g_cos(z):  # cos x = 1 - z/2 + z^2 C(z)
    z = _nz(z)
    x = mp.sqrt(z)
    return (mp.cos(x) - 1 + z / 2) / z ** 2


def w_cos(z):
    z = _nz(z)
    return z ** 2 / mp.cos(mp.sqrt(z))


# Reduced-argument ranges (with a small margin for rounding in the reductions).
R_EXP = mp.log(2) / 2 + mp.mpf("0.0002")
S_LOG = mp.mpf("0.1716")
X_TRIG = mp.pi / 4 + mp.mpf("0.0006")
Z_ASIN = mp.mpf("0.25")
X_ATAN = mp.mpf(7) / 16 + mp.mpf("0.0001")
X_SINH = mp.mpf(1)
X_TANH = mp.mpf("0.875")  # tanh: the polynomial below this, 1 - 2 / (e^2x + 1) above


# Targets sit just above the floor that rounding the leading coefficient sets.
TARGETS = {"f64": dict(exp=59, log=64, sin=55.5, cos=57, asin=56, atan=56, sinh=55, tanh=55),
           "f32": dict(exp=30, log=34, sin=27, cos=28, asin=27, atan=27, sinh=26, tanh=27)}


def polynomials(fmt):
    t = TARGETS[fmt.tag]
    out = {}
    out["EXP"] = fit(fmt, g_exp3, w_exp3, -R_EXP, R_EXP, t["exp"], name="exp")
    out["LOG"] = fit(fmt, g_logq, w_logq, 0, S_LOG ** 2, t["log"], name="log")
    out["SIN"] = fit(fmt, *odd_fit(mp.sin), 0, X_TRIG ** 2, t["sin"], name="sin")
    out["COS"] = fit(fmt, g_cos, w_cos, 0, X_TRIG ** 2, t["cos"], name="cos")
    out["ASIN"] = fit(fmt, *odd_fit(mp.asin), 0, Z_ASIN, t["asin"], start=4, name="asin")
    out["ATAN"] = fit(fmt, *odd_fit(mp.atan), 0, X_ATAN ** 2, t["atan"], start=4, name="atan")
    out["SINH"] = fit(fmt, *odd_fit(mp.sinh), 0, X_SINH ** 2, t["sinh"], name="sinh")
    out["TANH"] = fit(fmt, *odd_fit(mp.tanh), 0, (X_TANH + mp.mpf("0.0001")) ** 2, t["tanh"], name="tanh")
    return out


# -- split constants ---------------------------------------------------------------------------
def split(fmt, value, head_bits, parts):
    """value as `parts` pieces: all but the last have head_bits bits, the last is rounded."""
    out, rest = [], mp.mpf(value)
    for _ in range(parts - 1):
        hi = fmt.round(rest, head_bits)
        out.append(hi)
        rest -= hi
    out.append(fmt.round(rest))
    return out


def pair(fmt, value):
    hi = fmt.round(value)
    return hi, fmt.round(value - hi)


def hexword_table(words):
    """Bits of 2/pi after the binary point, 32 per word."""
    with mp.workdps(words * 10 + 50):
        return _words(2 / mp.pi, words)


def _words(v, words):
    out = []
    for _ in range(words):
        v *= 2 ** 32
        w = int(mp.floor(v))
        out.append(w)
        v -= w
    return out


def constants(fmt):
    t, p = fmt.tag, fmt.p
    c = {}
    # k * LN2_H and k * LN2_M are exact for |k| < 2^11 (f64) or 2^8 (f32).
    kbits = 11 if t == "f64" else 8
    c["LN2_H"], c["LN2_M"], c["LN2_L"] = split(fmt, mp.log(2), p - kbits, 3)
    c["LN2_T"] = fmt.round(mp.log(2) - c["LN2_H"])
    c["LN2"], c["LN2_LO"] = pair(fmt, mp.log(2))
    c["INV_LN2"] = fmt.round(1 / mp.log(2))
    c["INV_LN2_H"], c["INV_LN2_L"] = pair(fmt, 1 / mp.log(2))
    c["INV_LN10_H"], c["INV_LN10_L"] = pair(fmt, 1 / mp.log(10))
    c["LOG10_2_H"], c["LOG10_2_M"], c["LOG10_2_L"] = split(fmt, mp.log10(2), p - kbits, 3)
    c["TWO_THIRDS_H"], c["TWO_THIRDS_L"] = pair(fmt, mp.mpf(2) / 3)
    c["TWO_THIRDS"] = c["TWO_THIRDS_H"]
    # Cody-Waite pi/2 for |k| <= 2^20 (f64) or 2^12 (f32): four exact-product parts and a tail.
    qbits = 20 if t == "f64" else 12
    c["PIO2_1"], c["PIO2_2"], c["PIO2_3"], c["PIO2_4"], c["PIO2_5"] = split(fmt, mp.pi / 2, p - qbits - 1, 5)
    c["MEDIUM"] = fmt.trunc(mp.mpf(2) ** qbits * mp.pi / 2 - 1, 12)
    c["INV_PIO2"] = fmt.round(2 / mp.pi)
    c["PIO2_H"], c["PIO2_L"] = pair(fmt, mp.pi / 2)
    c["PI_H"], c["PI_L"] = pair(fmt, mp.pi)
    c["PIO4_H"], c["PIO4_L"] = pair(fmt, mp.pi / 4)
    c["PI3O4"] = fmt.round(3 * mp.pi / 4)
    c["ATAN_HALF_H"], c["ATAN_HALF_L"] = pair(fmt, mp.atan(mp.mpf("0.5")))
    c["ATAN_1P5_H"], c["ATAN_1P5_L"] = pair(fmt, mp.atan(mp.mpf("1.5")))
    c["SQRT2"] = fmt.round(mp.sqrt(2))
    c["TWO_P"] = mp.mpf(2) ** p
    # Thresholds: exp overflows above EXP_HI and is 0 below EXP_LO; expm1 is -1 below EXPM1_LO;
    # f(x) rounds to x (or 1) below SMALL; tanh rounds to 1 above TANH_ONE; 1/e^x is negligible
    # next to e^x above HYP_LARGE; x^2 + 1 is x^2 above BIG; exp(-d) is negligible in
    # log1p(exp(-d)) above LAE_BIG.
    if t == "f64":
        c.update(EXP_HI=709.79, EXP_LO=-745.14, EXPM1_LO=-38.5, SMALL=2.0 ** -27, TANH_ONE=19.1,
                 HYP_LARGE=20.0, BIG=2.0 ** 28, LAE_BIG=40.0)
    else:
        c.update(EXP_HI=89.0, EXP_LO=-104.0, EXPM1_LO=-17.5, SMALL=2.0 ** -13, TANH_ONE=9.1,
                 HYP_LARGE=10.0, BIG=2.0 ** 13, LAE_BIG=20.0)
    for k in ("EXP_HI", "EXP_LO", "EXPM1_LO", "SMALL", "TANH_ONE", "HYP_LARGE", "BIG", "LAE_BIG"):
        c[k] = fmt.round(c[k])
    c["TANH_POLY"] = X_TANH
    return c


def int_constants(fmt):
    """Bit-level constants: (name, WGSL type, value)."""
    if fmt.tag == "f32":
        U, us = "u32", "u"
        return [("MANT", "u32", "23u"), ("BIAS", "i32", "127"), ("EMAX", "i32", "127"), ("EMIN", "i32", "-126"),
                ("SCALE_K", "i32", "100"), ("PBITS", "i32", "24"),
                ("EXPFIELD", U, "0xffu"), ("MANTMASK", U, "0x7fffffu"), ("ONEBITS", U, "0x3f800000u"),
                ("SPLIT", U, "0xfffff000u"), ("OPAQUE", U, "0x7fc0dead" + us),
                # Payne-Hanek: limbs of the mantissa, window words of 2/pi, fraction words kept,
                # and the bits of the first two fraction words that go into the high part.
                ("PH_NL", "u32", "1u"), ("PH_NW", "u32", "5u"), ("PH_G", "u32", "3u"),
                ("PH_HM0", "u32", "0xffffff00u"), ("PH_HM1", "u32", "0u")]
    U, us = "u64", "lu"
    return [("MANT", "u32", "52u"), ("BIAS", "i32", "1023"), ("EMAX", "i32", "1023"), ("EMIN", "i32", "-1022"),
            ("SCALE_K", "i32", "1000"), ("PBITS", "i32", "53"),
            ("EXPFIELD", U, "0x7fflu"), ("MANTMASK", U, "0xfffffffffffff" + us),
            ("ONEBITS", U, "0x3ff0000000000000" + us), ("SPLIT", U, "0xfffffffff8000000" + us),
            ("OPAQUE", U, "0x7ff8000000dead00" + us),
            ("PH_NL", "u32", "2u"), ("PH_NW", "u32", "7u"), ("PH_G", "u32", "4u"),
            ("PH_HM0", "u32", "0xffffffffu"), ("PH_HM1", "u32", "0xfffff800u")]


LIMBS = {"f32": "fn lm_limbs_f32(m: u32) -> vec2<u32> { return vec2<u32>(m, 0u); }",
         "f64": "fn lm_limbs_f64(m: u64) -> vec2<u32> { return vec2<u32>(u32(m & 0xfffffffflu), u32(m >> 32u)); }"}


def render(fmt, polys, consts) -> str:
    t = fmt.tag
    lines = [f"// Per-type constants of the math library (wgsl/lib_math.wgsl) for {t}.",
             "// Written by tools/minimax.py: do not edit by hand.", ""]
    for name, typ, value in int_constants(fmt):
        lines.append(f"const {name}_{t}: {typ} = {value};")
    for name, v in consts.items():
        lines.append(f"const {name}_{t}: {t} = {fmt.literal(v)};")
    lines.append(LIMBS[t])
    words = hexword_table(8 if t == "f32" else 37)
    lines.append(f"// Bits of 2/pi after the binary point, 32 a word (Payne-Hanek reduction).")
    lines.append(f"fn lm_twoopi_{t}(i: u32) -> u32 {{")
    lines.append("    switch i {")
    for i, w in enumerate(words):
        lines.append(f"        case {i}u: {{ return 0x{w:08x}u; }}")
    lines.append("        default: { return 0u; }")
    lines.append("    }")
    lines.append("}")
    lines.append("")
    for name, (coefs, bits) in polys.items():
        lines.append(f"// {name}: degree {len(coefs) - 1}, weighted error 2^-{bits:.1f}")
        expr = fmt.literal(coefs[-1])
        for cf in reversed(coefs[:-1]):
            expr = f"{fmt.literal(cf)} + z * ({expr})"
        lines.append(f"fn poly_{name.lower()}_{t}(z: {t}) -> {t} {{")
        lines.append(f"    return {expr};")
        lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    for fmt in (F32, F64):
        polys = polynomials(fmt)
        consts = constants(fmt)
        text = render(fmt, polys, consts)
        if not args.check:
            (ROOT / "wgsl" / f"lib_math_{fmt.tag}.wgsl").write_text(text)


if __name__ == "__main__":
    main()
