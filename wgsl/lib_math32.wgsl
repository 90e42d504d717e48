// float32 specialisations of wgsl/lib_math.wgsl: exp, expm1, sin, cos, tanh. lib_math's generic
// versions (renamed exp_generic_f32, ...) work on double-f32 pairs; for float32 a plain f32
// polynomial on an exactly reduced argument is already within 1 ulp, at a fraction of the
// instructions. Special values are fixed with selects at the end rather than early returns
// (fewer branches), and the float32 Payne-Hanek reduction keeps no local array (arrays
// indexed at run time live in slow memory and cost registers even when never executed).
// Same rules as lib_math: no fused fma assumed, lm_opaque_f32 where a rounding error is
// recovered, classification on the bits.

// y * 2^k for |k| <= 150, rounded once: both factors 2^(k/2) are normal.
fn lm_scale32(y: f32, k: i32) -> f32 {
    let h = k >> 1u;
    if (k >= -125) { return y * lm_pow2_f32(h) * lm_pow2_f32(k - h); }  // y in [0.5, 2): a normal result
    return ${TINY32};  // below the normal range: one rounding, kept where the device flushes subnormals
}

// e^x = 2^k (1 + p) with |r| <= ln2/2, p = e^r - 1, for x in [EXP_LO, EXP_HI]; returns (p, k).
fn lm_exp32(x: f32) -> vec2<f32> {
    let k = round(x * INV_LN2_f32);
    // k * LN2_H is exact, so is the subtraction; opaque, or NVIDIA's compiler folds the two
    // constants into one (x - k (LN2_H + LN2_T): 4 ulp at x = 88.72)
    let r = lm_opaque_f32(x - k * LN2_H_f32) - k * LN2_T_f32;
    // Opaque, or lavapipe computes 1 + p as (1 + r) + r^2 (...) and loses an ulp.
    return vec2<f32>(lm_opaque_f32(r + r * r * (0.5 + r * poly_exp_f32(r))), k);
}
// Inputs beyond [EXP_LO, EXP_HI] are clamped: the result then overflows to inf or rounds to
// 0 by itself.
fn exp_f32(x: f32) -> f32 {
    let e = lm_exp32(min(max(x, EXP_LO_f32), EXP_HI_f32));
    return select(lm_scale32(1.0 + e.x, i32(e.y)), x, isnan_f32(x));
}

// e^x - 1 = (2^k - 1) + 2^k (r + t), t = e^r - 1 - r. (2^k - 1) + 2^k r is summed exactly
// (|2^k - 1| >= |2^k r| for k != 0) and the reduced argument's rounding error rl is kept:
// where k = +-1 and the result is small, either would cost about an ulp. Beyond k = 24,
// 2^k - 1 is not a float: 2^(k-24) ((2^24 - 2^(24-k)) + ...), with 2^(24-k) in the low part.
fn expm1_f32(x: f32) -> f32 {
    let xc = min(max(x, EXPM1_LO_f32), EXP_HI_f32);
    let k = round(xc * INV_LN2_f32);
    let s = lm_opaque_f32(xc - k * LN2_H_f32);  // exact; opaque, as in lm_exp32
    let r = lm_opaque_f32(s - k * LN2_T_f32);
    let rl = (s - r) - k * LN2_T_f32;
    let t = lm_opaque_f32(r * r * (0.5 + r * poly_exp_f32(r)) + rl * (1.0 + r));
    let ki = i32(k);
    let m = min(ki, 24);
    let big = ki > 24;
    let c = lm_pow2_f32(m);
    let c1 = select(c - 1.0, c, big);  // exact
    let tiny = select(0.0, lm_pow2_f32(m - ki), big);
    let h = lm_opaque_f32(c1 + c * r);
    let v = (h + lm_opaque_f32((c * r - (h - c1)) + (c * t - tiny))) * lm_pow2_f32(ki - m);
    return select(v, x, fabs_f32(x) < SMALL_f32 * SMALL_f32 || isnan_f32(x));  // keeps -0
}

// ---- sin, cos -------------------------------------------------------------------------------
// x = n pi/2 + (y0 + y1), |y0| <= pi/4 (about), y1 a small correction; returns (y0, y1, n).
fn lm_rem32(x: f32) -> vec3<f32> {
    if (fabs_f32(x) >= MEDIUM_f32) { return lm_rem_big32(x); }
    // Cody-Waite, |k| < 2^12: every k * PIO2_i is exact; x - k PIO2_1 - k PIO2_2 is exact
    // (Sterbenz, then few enough bits); the next subtraction's error is recovered into y1.
    let k = round(x * INV_PIO2_f32);
    // Each step opaque: NVIDIA's compiler folds (a - k C1) - k C2 into a - k (C1 + C2), which
    // rounds the constants' sum (sin(3 pi) 1e-6 relative off).
    let r = lm_opaque_f32(lm_opaque_f32(x - k * PIO2_1_f32) - k * PIO2_2_f32);
    let y0 = lm_opaque_f32(r - k * PIO2_3_f32);
    let y1 = lm_opaque_f32((r - y0) - k * PIO2_3_f32) - k * (PIO2_4_f32 + PIO2_5_f32);  // the tail's rounding is negligible
    return vec3<f32>(y0, y1, k);
}
// Word i of 2/pi's bits after a leading zero word (so that windows may start before the point).
fn lm_twoopi32(i: u32) -> u32 { return select(lm_twoopi_f32(i - 1u), 0u, i == 0u); }
// The 32 bits of 2/pi (padded as above) from bit s of word i on.
fn lm_twoopi_at32(i: u32, s: u32) -> u32 {
    return (lm_twoopi32(i) << s) | select(lm_twoopi32(i + 1u) >> (32u - s), 0u, s == 0u);
}
// Payne-Hanek for |x| >= MEDIUM (any bits: inf and NaN give garbage, replaced by callers).
// |x| = m 2^e; bits of 2/pi of weight 2^-i with i <= e - 2 only add multiples of 4 to
// |x| 2/pi, so |x| 2/pi = m W 2^-94 (mod 4) for the 96-bit window W of 2/pi from weight
// 2^-(e-1) on (error below 2^-70, far below the closest approach of a float32 to a
// multiple of pi/2).
fn lm_rem_big32(x: f32) -> vec3<f32> {
    let bits = bitcast<u32>(x) & 0x7fffffffu;
    let e = i32(bits >> 23u) - 150;
    let m = (bits & 0x7fffffu) | 0x800000u;
    let p = u32(e + 30);  // the window's first bit in the padded table (e >= -11 here)
    let i = p >> 5u;
    let s = p & 31u;
    let mc = lm_mulwide_f32(m, lm_twoopi_at32(i + 2u, s));
    let mb = lm_mulwide_f32(m, lm_twoopi_at32(i + 1u, s));
    let ma = lm_mulwide_f32(m, lm_twoopi_at32(i, s));
    // The product's words 0..2 (bits 94 and 95 are the quadrant; higher ones are dropped).
    let w1 = mc.y + mb.x;
    let c1 = select(0u, 1u, w1 < mc.y);
    let w2 = mb.y + ma.x + c1;
    var n = w2 >> 30u;
    // The 64 fraction bits below the quadrant, as fh:fl.
    var fh = (w2 << 2u) | (w1 >> 30u);
    var fl = (w1 << 2u) | (mc.x >> 30u);
    // Round to the nearest quadrant: a fraction >= 1/2 becomes -(1 - fraction).
    let neg = (fh >> 31u) != 0u;
    n = n + select(0u, 1u, neg);
    let nl = ~fl + 1u;
    fh = select(fh, ~fh + select(0u, 1u, nl == 0u), neg);
    fl = select(fl, nl, neg);
    // Normalise (top bit of fh set), then fh:fl 2^-64 as the pair hi + lo.
    var sc = 0;
    if (fh == 0u) {
        fh = fl;
        fl = 0u;
        sc = 32;
    }
    let z = countLeadingZeros(fh);
    fh = (fh << z) | select(fl >> (32u - z), 0u, z == 0u);
    fl = fl << z;
    let scale = lm_pow2_f32(-sc - i32(z));
    let hi = f32(fh & 0xffffff00u) * 2.3283064365386963e-10 * scale;
    let lo = (f32(fh & 0xffu) + f32(fl) * 2.3283064365386963e-10) * 2.3283064365386963e-10 * scale;
    var r = lm_mul22_f32(vec2<f32>(hi, lo), vec2<f32>(PIO2_H_f32, PIO2_L_f32));
    r = select(r, -r, neg != signbit_f32(x));
    let q = select(n, 0u - n, signbit_f32(x)) & 3u;
    return vec3<f32>(r.x, r.y, f32(q));
}
// sin and cos of y0 + y1 for |y0| <= pi/4 (about) and tiny y1: the y1 terms are its first
// order, y1 cos(y0) and -y1 sin(y0).
fn lm_sin32(y0: f32, y1: f32) -> f32 {
    let z = y0 * y0;
    return y0 + lm_opaque_f32(y0 * z * poly_sin_f32(z) + y1 * (1.0 - 0.5 * z));  // kept in this order
}
fn lm_cos32(y0: f32, y1: f32) -> f32 {
    let z = y0 * y0;
    let hz = 0.5 * z;
    let w = lm_opaque_f32(1.0 - hz);
    // (1 - w) - hz is the exact rounding error of w (1 - w is exact for hz <= 1/2).
    // (opaque, or NVIDIA's compiler makes it 1 - (w + hz), which is 0)
    return w + (lm_opaque_f32(lm_opaque_f32(1.0 - w) - hz) + (z * z * poly_cos_f32(z) - y0 * y1));
}
// sin (cos = false) or cos of x: both polynomials, the quadrant picks one and the sign.
fn lm_sincos32(x: f32, want_cos: bool) -> f32 {
    let r = lm_rem32(x);
    let n = (i32(r.z) & 3) + select(0, 1, want_cos);
    let s = lm_sin32(r.x, r.y);
    let c = lm_cos32(r.x, r.y);
    let v = select(s, c, (n & 1) == 1);
    return select(v, -v, (n & 2) == 2);
}
fn sin_f32(x: f32) -> f32 {
    let v = select(lm_sincos32(x, false), x, fabs_f32(x) < SMALL_f32);  // keeps x = -0
    return select(v, nan_f32(), !isfinite_f32(x));
}
fn cos_f32(x: f32) -> f32 {
    return select(lm_sincos32(x, true), nan_f32(), !isfinite_f32(x));
}

// ---- tanh -----------------------------------------------------------------------------------
// |x| < TANH_POLY: an odd polynomial. Above, 1 - 2 / (e^2|x| + 1): the quotient is below 0.3
// there, so its rounding errors count a quarter against the result, and e^2|x| + 1 =
// (2^k + 1) + 2^k p is rounded once. Both are evaluated (selects, no branch).
fn tanh_f32(x: f32) -> f32 {
    let a = fabs_f32(x);
    let z = a * a;
    let t_small = a + a * z * poly_tanh_f32(z);
    let e = lm_exp32(2.0 * min(a, TANH_ONE_f32));  // tanh rounds to 1 from TANH_ONE on
    let c = lm_pow2_f32(i32(e.y));
    let t_big = 1.0 - 2.0 / (lm_opaque_f32(c + 1.0) + c * e.x);  // lavapipe would add the 1 last
    let t = select(t_big, t_small, a < TANH_POLY_f32);
    return select(lm_csign_f32(t, x), x, isnan_f32(x) || lm_tiny_f32(x));  // tanh(x) = x, bits kept
}

// gelu: 0.5 x erfc(-x / sqrt 2). For |z| >= 0.84375, erfc(z) = t e^(-z^2 + P(t)),
// t = 1 / (1 + |z|/2): Numerical Recipes' erfcc, a Chebyshev fit with relative error under 1.2e-7
// everywhere, one formula where fdlibm's erfc (lib_math_special, float64's gelu) picks one of
// three rational fits: in a warp of random inputs every branch ran (float32 gelu 2^26 on the
// H100: 520 us with fdlibm's erfc, 275 with this, PyTorch 182). Error against float64 gelu as fdlibm's in float32 (within 2.4 ulp
// for |x| < 1, 13 below 3; further out x / sqrt 2's rounding dominates both). The exponent's
// large part, -zh^2 (zh: z's high half, zh^2 exact), gets its own exp.
fn lm_erfc_pos32(z0: f32) -> f32 {
    let z = min(z0, 28.0);  // erfc(28) is 0 in float32: also keeps inf - inf from the split
    let t = 1.0 / (1.0 + 0.5 * z);
    let p = -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807
        + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
    let zh = lm_hi_f32(z);
    return t * exp_f32(p - (z - zh) * (z + zh)) * exp_f32(-zh * zh);
}
fn gelu_f32(x: f32) -> f32 {
    let z = -x * 0.7071067811865476;
    if (abs(z) < 0.84375) {
        // erfc = 1 - erf with erf's Taylor series z (1 + y), summed as fdlibm does, 0.5 - ((z - 0.5)
        // + z y) (z - 0.5 is exact near the cancellation); the fit alone: up to 7 ulp here
        let z2 = z * z;
        let y = 0.12837916709551256 + z2 * (-0.37612638903183754 + z2 * (0.11283791670955126
            + z2 * (-0.026866170645131252 + z2 * (0.005223977625442188 + z2 * (-0.0008548327023450852
            + z2 * (0.00012055332981789664 + z2 * (-1.492565035840625e-05 + z2 * (1.6462114365889246e-06
            + z2 * (-1.6365844691234924e-07 + z2 * 1.4807192815879218e-08)))))))));
        return 0.5 * x * (0.5 - ((z - 0.5) + z * y));
    }
    let e = lm_erfc_pos32(abs(z));
    return select(0.5 * x * select(e, 2.0 - e, z < 0.0), x, isnan_f32(x));
}
