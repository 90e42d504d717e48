// wgarray's elementwise math for ${T}, continued (lib_math.wgsl has the rules every function here
// keeps, the bits, pairs, exp and log): trigonometric, inverse trigonometric and hyperbolic.
// ---- trigonometric --------------------------------------------------------------------------
fn lm_mulwide_${tag}(a: u32, b: u32) -> vec2<u32> {  // a * b as (low, high) words
    let al = a & 0xffffu;
    let ah = a >> 16u;
    let bl = b & 0xffffu;
    let bh = b >> 16u;
    let ll = al * bl;
    let hl = ah * bl;
    let mid = al * bh + (ll >> 16u) + (hl & 0xffffu);
    return vec2<u32>((mid << 16u) | (ll & 0xffffu), ah * bh + (mid >> 16u) + (hl >> 16u));
}
// Payne-Hanek: x * 2/pi for a huge finite x > 0 from the bits of 2/pi, in integer arithmetic.
// Returns (y0, y1, n): x = n pi/2 + (y0 + y1), |y0 + y1| <= pi/4.
fn lm_rem_big_${tag}(x: ${T}) -> vec3<${T}> {
    let bits = bitcast<${U}>(x);
    let e = i32(bits >> MANT_${tag}) - BIAS_${tag} - (PBITS_${tag} - 1);  // x = M 2^e
    let m = lm_limbs_${tag}((bits & MANTMASK_${tag}) | (${U}(1) << MANT_${tag}));
    // Words of 2/pi before k0 only add multiples of 4 to x * 2/pi.
    let k0 = u32(max(e - 2, 0)) >> 5u;
    var prod: array<u32, 12>;
    for (var i = 0u; i < 12u; i++) { prod[i] = 0u; }
    for (var i = 0u; i < PH_NL_${tag}; i++) {
        var carry = 0u;
        for (var j = 0u; j < PH_NW_${tag}; j++) {
            let w = lm_twoopi_${tag}(k0 + PH_NW_${tag} - 1u - j);
            let p = lm_mulwide_${tag}(m[i], w);
            let s1 = prod[i + j] + p.x;
            let s2 = s1 + carry;
            prod[i + j] = s2;
            carry = p.y + select(0u, 1u, s1 < p.x) + select(0u, 1u, s2 < carry);
        }
        prod[i + PH_NW_${tag}] = carry;
    }
    // The binary point sits at bit F of prod; bits F and F+1 are the quadrant.
    let F = 32u * (k0 + PH_NW_${tag}) - u32(e);
    var n = lm_bits32_${tag}(&prod, F) & 3u;
    var w = array<u32, 4>(0u, 0u, 0u, 0u);
    for (var i = 0u; i < PH_G_${tag}; i++) { w[i] = lm_bits32_${tag}(&prod, F - 32u * (i + 1u)); }
    // Round to the nearest quadrant: a fraction >= 1/2 becomes 1 - fraction, negated.
    let neg = (w[0] >> 31u) != 0u;
    if (neg) {
        n = n + 1u;
        var carry = 1u;
        for (var i = PH_G_${tag}; i > 0u; i--) {
            let v = ~w[i - 1u] + carry;
            carry = select(0u, 1u, carry == 1u && v == 0u);
            w[i - 1u] = v;
        }
    }
    // Normalise so that the top bit of w[0] is set.
    var lz = 0u;
    for (var i = 0u; i < 3u; i++) {
        if (w[0] == 0u) {
            w[0] = w[1];
            w[1] = w[2];
            w[2] = w[3];
            w[3] = 0u;
            lz = lz + 32u;
        }
    }
    let b = countLeadingZeros(w[0]);
    if (b > 0u) {
        w[0] = (w[0] << b) | (w[1] >> (32u - b));
        w[1] = (w[1] << b) | (w[2] >> (32u - b));
        w[2] = (w[2] << b) | (w[3] >> (32u - b));
        w[3] = w[3] << b;
    }
    lz = lz + b;
    let c32 = ${T}(2.3283064365386963e-10);  // 2^-32
    let hi = (${T}(w[0] & PH_HM0_${tag}) + ${T}(w[1] & PH_HM1_${tag}) * c32) * c32;
    let lo = ((((${T}(w[3]) * c32 + ${T}(w[2])) * c32 + ${T}(w[1] & ~PH_HM1_${tag})) * c32
               + ${T}(w[0] & ~PH_HM0_${tag})) * c32);
    let sc = lm_pow2_${tag}(-i32(lz));
    let r = lm_mul22_${tag}(lm_fast2sum_${tag}(hi * sc, lo * sc), vec2<${T}>(PIO2_H_${tag}, PIO2_L_${tag}));
    let sign = select(${T}(1), ${T}(-1), neg);
    return vec3<${T}>(sign * r.x, sign * r.y, ${T}(n));
}
fn lm_bits32_${tag}(p: ptr<function, array<u32, 12>>, pos: u32) -> u32 {
    let limb = pos >> 5u;
    let sh = pos & 31u;
    let lo = (*p)[limb] >> sh;
    let hi = select((*p)[min(limb + 1u, 11u)] << (32u - sh), 0u, sh == 0u);
    return lo | hi;
}
// x = n pi/2 + (y0 + y1) with |y0 + y1| <= pi/4 (about); returns (y0, y1, n) for finite x.
fn lm_rem_pio2_${tag}(x: ${T}) -> vec3<${T}> {
    if (fabs_${tag}(x) < MEDIUM_${tag}) {
        // Cody-Waite: k * PIO2_1..4 are exact, each subtraction's error is kept.
        let k = round(x * INV_PIO2_${tag});
        var s = lm_2sum_${tag}(lm_opaque_${tag}(x - k * PIO2_1_${tag}), -(k * PIO2_2_${tag}));
        var e = s.y;
        s = lm_2sum_${tag}(s.x, -(k * PIO2_3_${tag}));
        e = e + s.y;
        s = lm_2sum_${tag}(s.x, -(k * PIO2_4_${tag}));
        e = e + s.y - k * PIO2_5_${tag};
        let y = lm_fast2sum_${tag}(s.x, e);
        return vec3<${T}>(y.x, y.y, k);
    }
    let r = lm_rem_big_${tag}(fabs_${tag}(x));
    if (signbit_${tag}(x)) { return -r; }
    return r;
}
// sin and cos of y0 + y1, |y0| <= pi/4 (about), as pairs.
fn lm_sin_k_${tag}(y0: ${T}, y1: ${T}) -> vec2<${T}> {
    let z = y0 * y0;
    let t = z * y0 * poly_sin_${tag}(z) + y1 * (${T}(1) - ${T}(0.5) * z);
    return lm_fast2sum_${tag}(y0, t);
}
fn lm_cos_k_${tag}(y0: ${T}, y1: ${T}) -> vec2<${T}> {
    let z = lm_2prod_${tag}(y0, y0);
    let hz = ${T}(0.5) * z.x;
    let w = lm_opaque_${tag}(${T}(1) - hz);
    // opaque, or NVIDIA's compiler makes (1 - w) - hz 1 - (w + hz), which is 0 (expm1 of complex64)
    let t = lm_opaque_${tag}(lm_opaque_${tag}(${T}(1) - w) - hz)
        + (z.x * z.x * poly_cos_${tag}(z.x) - (${T}(0.5) * z.y + y0 * y1));
    return lm_fast2sum_${tag}(w, t);
}
fn lm_reduce_${tag}(x: ${T}) -> vec3<${T}> {
    if (fabs_${tag}(x) <= PIO4_H_${tag}) { return vec3<${T}>(x, ${T}(0), ${T}(0)); }
    return lm_rem_pio2_${tag}(x);
}
fn sin${G}_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return nan_${tag}(); }
    if (fabs_${tag}(x) < SMALL_${tag}) { return x; }
    let r = lm_reduce_${tag}(x);
    let n = i32(r.z) & 3;
    var v: vec2<${T}>;
    if ((n & 1) == 0) { v = lm_sin_k_${tag}(r.x, r.y); } else { v = lm_cos_k_${tag}(r.x, r.y); }
    let y = v.x + v.y;
    return select(y, -y, n >= 2);
}
fn cos${G}_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return nan_${tag}(); }
    if (fabs_${tag}(x) < SMALL_${tag}) { return ${T}(1); }
    let r = lm_reduce_${tag}(x);
    let n = i32(r.z) & 3;
    var v: vec2<${T}>;
    if ((n & 1) == 0) { v = lm_cos_k_${tag}(r.x, r.y); } else { v = lm_sin_k_${tag}(r.x, r.y); }
    let y = v.x + v.y;
    return select(y, -y, n == 1 || n == 2);
}
fn tan_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return nan_${tag}(); }
    if (fabs_${tag}(x) < SMALL_${tag}) { return x; }
    let r = lm_reduce_${tag}(x);
    let s = lm_sin_k_${tag}(r.x, r.y);
    let c = lm_cos_k_${tag}(r.x, r.y);
    var q: vec2<${T}>;
    if ((i32(r.z) & 1) == 0) { q = lm_div22_${tag}(s, c); } else { q = lm_div22_${tag}(-c, s); }
    return q.x + q.y;
}

// ---- inverse trigonometric ------------------------------------------------------------------
// asin(s) as (df, tail) for s = sqrt(z), z in [0, 1/4]: df has few bits so df * df is exact.
fn lm_asin_sqrt_${tag}(z: ${T}) -> vec2<${T}> {
    let s = sqrt_${tag}(z);
    let df = lm_hi_${tag}(s);
    let c = (z - df * df) / select(s + df, ${T}(1), s == ${T}(0));  // sqrt(z) = df + c
    return vec2<${T}>(df, c + s * z * poly_asin_${tag}(z));
}
fn asin_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax > ${T}(1)) { return nan_${tag}(); }
    if (ax < SMALL_${tag}) { return x; }
    if (ax <= ${T}(0.5)) {
        let z = x * x;
        return x + x * z * poly_asin_${tag}(z);
    }
    // asin(x) = pi/2 - 2 asin(sqrt((1 - x) / 2))
    let a = lm_asin_sqrt_${tag}((${T}(1) - ax) * ${T}(0.5));
    let h = lm_2sum_${tag}(PIO2_H_${tag}, ${T}(-2) * a.x);
    return lm_csign_${tag}(lm_hl_${tag}(h.x, (h.y + PIO2_L_${tag}) - ${T}(2) * a.y), x);
}
fn acos_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax > ${T}(1)) { return nan_${tag}(); }
    if (ax <= ${T}(0.5)) {  // pi/2 - asin(x)
        let z = x * x;
        let h = lm_2sum_${tag}(PIO2_H_${tag}, -x);
        return lm_hl_${tag}(h.x, (h.y + PIO2_L_${tag}) - x * z * poly_asin_${tag}(z));
    }
    if (x > ${T}(0)) {  // 2 asin(sqrt((1 - x) / 2))
        let a = lm_asin_sqrt_${tag}((${T}(1) - x) * ${T}(0.5));
        return ${T}(2) * (a.x + a.y);
    }
    // pi - 2 asin(sqrt((1 + x) / 2))
    let a = lm_asin_sqrt_${tag}((${T}(1) + x) * ${T}(0.5));
    let h = lm_2sum_${tag}(PI_H_${tag}, ${T}(-2) * a.x);
    return lm_hl_${tag}(h.x, (h.y + PI_L_${tag}) - ${T}(2) * a.y);
}
// atan(t) - t for |t| <= 7/16
fn lm_atan_tail_${tag}(t: ${T}) -> ${T} {
    let z = t * t;
    return t * z * poly_atan_${tag}(z);
}
// atan(x + dx) as a pair, for x >= 0 (x may be +inf) and tiny |dx|: reduce to |t| <= 7/16
// around atan(1/2), atan(1), atan(3/2), pi/2; dx adds dx / (1 + x^2).
fn lm_atan_pos_${tag}(x: ${T}, dx: ${T}) -> vec2<${T}> {
    if (x < ${T}(0.4375)) {
        if (x < SMALL_${tag}) { return vec2<${T}>(x, dx); }
        return lm_fast2sum_${tag}(x, lm_atan_tail_${tag}(x) + dx / (${T}(1) + x * x));
    }
    var t: ${T};
    var b: vec2<${T}>;
    if (x < ${T}(0.6875)) {
        t = div_${tag}(${T}(2) * x - ${T}(1), ${T}(2) + x);
        b = vec2<${T}>(ATAN_HALF_H_${tag}, ATAN_HALF_L_${tag});
    } else if (x < ${T}(1.1875)) {
        t = div_${tag}(x - ${T}(1), x + ${T}(1));
        b = vec2<${T}>(PIO4_H_${tag}, PIO4_L_${tag});
    } else if (x < ${T}(2.4375)) {
        t = div_${tag}(x - ${T}(1.5), ${T}(1) + ${T}(1.5) * x);
        b = vec2<${T}>(ATAN_1P5_H_${tag}, ATAN_1P5_L_${tag});
    } else {
        t = div_${tag}(${T}(-1), x);
        b = vec2<${T}>(PIO2_H_${tag}, PIO2_L_${tag});
    }
    let h = lm_2sum_${tag}(b.x, t);
    return lm_fast2sum_${tag}(h.x, h.y + (lm_atan_tail_${tag}(t) + b.y + dx / (${T}(1) + x * x)));
}
fn atan_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x) || lm_tiny_${tag}(x)) { return x; }
    let a = lm_atan_pos_${tag}(fabs_${tag}(x), ${T}(0));
    return lm_csign_${tag}(a.x + a.y, x);
}
fn atan2_${tag}(y: ${T}, x: ${T}) -> ${T} {
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return nan_${tag}(); }
    let xneg = signbit_${tag}(x);
    if (!nz_${tag}(y)) { return select(y, lm_csign_${tag}(PI_H_${tag}, y), xneg); }
    if (!nz_${tag}(x)) { return lm_csign_${tag}(PIO2_H_${tag}, y); }
    if (isinf_${tag}(x)) {
        if (isinf_${tag}(y)) { return lm_csign_${tag}(select(PIO4_H_${tag}, PI3O4_${tag}, xneg), y); }
        return lm_csign_${tag}(select(${T}(0), PI_H_${tag}, xneg), y);
    }
    if (isinf_${tag}(y)) { return lm_csign_${tag}(PIO2_H_${tag}, y); }
    // atan(|y / x|) with the quotient's rounding error q - |y / x| taken into account.
    var ay = fabs_${tag}(y);
    var ax = fabs_${tag}(x);
    if (ay < lm_pow2_${tag}(EMIN_${tag} + 2 * PBITS_${tag}) && ax < lm_pow2_${tag}(EMAX_${tag} - 2 * PBITS_${tag})) {
        ay = lm_scale_sub_${tag}(ay, 2 * PBITS_${tag});  // exact: keeps the residual representable
        ax = lm_scale_sub_${tag}(ax, 2 * PBITS_${tag});
    }
    if (max(ay, ax) >= lm_pow2_${tag}(EMAX_${tag} - 2 * PBITS_${tag})) {
        // exact (a quotient that matters stays normal), and keeps the residual's products finite
        ay = lm_scale_${tag}(ay, -2 * PBITS_${tag});
        ax = lm_scale_${tag}(ax, -2 * PBITS_${tag});
    }
    let q = div_${tag}(ay, ax);
    var dq = ${T}(0);
    // Past 2^PBITS the residual moves atan(q) by less than 2^-PBITS ulp: not worth a product that overflows.
    if (isfinite_${tag}(q) && bitcast<${U}>(q) >= (${U}(1) << MANT_${tag}) && q < lm_pow2_${tag}(PBITS_${tag})) {
        dq = lm_resid_${tag}(ay, lm_2prod_${tag}(q, ax), ${T}(0)) / ax;
    }
    if (!xneg && lm_tiny_${tag}(q)) {  // atan2 = q: its bits, with y's sign (no arithmetic on a subnormal)
        return bitcast<${T}>(bitcast<${U}>(q) | (bitcast<${U}>(y) & ~${ABSMASK}));
    }
    let a = lm_atan_pos_${tag}(q, dq);
    if (!xneg) { return lm_csign_${tag}(a.x + a.y, y); }
    let h = lm_2sum_${tag}(PI_H_${tag}, -a.x);
    return lm_csign_${tag}(h.x + ((h.y + PI_L_${tag}) - a.y), y);
}

// ---- hyperbolic -----------------------------------------------------------------------------
// (e^a + sign e^-a) / 2 for finite a >= 0.
fn lm_cosh_sinh_${tag}(a: ${T}, sign: ${T}) -> ${T} {
    if (a > HYP_LARGE_${tag}) {  // e^a / 2 = e^(a - ln 2), without overflow on the way
        let d = lm_2sum_${tag}(a, -LN2_${tag});
        let e = lm_exp_ext_${tag}(d.x, d.y - LN2_LO_${tag});
        return lm_scale_${tag}(e.x + e.y, i32(e.z));
    }
    let e = lm_exp_ext_${tag}(a, ${T}(0));
    let E = e.xy * lm_pow2_${tag}(i32(e.z));
    let v = lm_add22_${tag}(E, sign * lm_div22_${tag}(lm_p_${tag}(${T}(1)), E));
    return ${T}(0.5) * (v.x + v.y);
}
fn sinh_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax < SMALL_${tag}) { return x; }
    if (ax < ${T}(1)) {
        let z = x * x;
        return x + x * z * poly_sinh_${tag}(z);
    }
    if (ax > EXP_HI_${tag} + ${T}(1)) { return lm_csign_${tag}(lm_inf_${tag}(), x); }
    return lm_csign_${tag}(lm_cosh_sinh_${tag}(ax, ${T}(-1)), x);
}
fn cosh_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax > EXP_HI_${tag} + ${T}(1)) { return lm_inf_${tag}(); }
    if (ax < SMALL_${tag}) { return ${T}(1); }
    return lm_cosh_sinh_${tag}(ax, ${T}(1));
}
// |x| < TANH_POLY: an odd polynomial. Above, 1 - 2 / (e^2|x| + 1): the quotient is below 0.3
// there, so the rounding errors of e^2|x|, the sum and the division count less than a third
// against the result, and no pair arithmetic is needed.
fn tanh${G}_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let a = fabs_${tag}(x);
    if (a > TANH_ONE_${tag}) { return lm_csign_${tag}(${T}(1), x); }
    var t: ${T};
    if (a < TANH_POLY_${tag}) {
        let z = a * a;
        t = a + a * z * poly_tanh_${tag}(z);
    } else {
        t = ${T}(1) - div_${tag}(${T}(2), exp_${tag}(${T}(2) * a) + ${T}(1));
    }
    return lm_csign_${tag}(t, x);  // keeps -0
}
fn asinh_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax < SMALL_${tag}) { return x; }
    var v: vec2<${T}>;
    if (ax > BIG_${tag}) {  // ln(2 a)
        v = lm_add22_${tag}(lm_log_ext_${tag}(ax), vec2<${T}>(LN2_${tag}, LN2_LO_${tag}));
    } else {
        let r = lm_sqrt2_${tag}(lm_add22_${tag}(lm_2prod_${tag}(ax, ax), lm_p_${tag}(${T}(1))));
        if (ax >= ${T}(0.5)) {  // ln(a + sqrt(a^2 + 1))
            v = lm_log_pair_${tag}(lm_add22_${tag}(r, lm_p_${tag}(ax)));
        } else {  // log1p(a + a^2 / (1 + sqrt(a^2 + 1)))
            let f = lm_div22_${tag}(lm_2prod_${tag}(ax, ax), lm_add22_${tag}(r, lm_p_${tag}(${T}(1))));
            v = lm_log1p_pair_${tag}(lm_add22_${tag}(lm_p_${tag}(ax), f));
        }
    }
    return lm_csign_${tag}(v.x + v.y, x);
}
fn acosh_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (x < ${T}(1)) { return nan_${tag}(); }
    if (isinf_${tag}(x)) { return x; }
    var v: vec2<${T}>;
    if (x > BIG_${tag}) {
        v = lm_add22_${tag}(lm_log_ext_${tag}(x), vec2<${T}>(LN2_${tag}, LN2_LO_${tag}));
    } else if (x >= ${T}(2)) {  // ln(x + sqrt(x^2 - 1))
        let r = lm_sqrt2_${tag}(lm_add22_${tag}(lm_2prod_${tag}(x, x), lm_p_${tag}(${T}(-1))));
        v = lm_log_pair_${tag}(lm_add22_${tag}(r, lm_p_${tag}(x)));
    } else {  // log1p(t + sqrt(2t + t^2)), t = x - 1 exactly
        let t = x - ${T}(1);
        if (!nz_${tag}(t)) { return ${T}(0); }
        let r = lm_sqrt2_${tag}(lm_add22_${tag}(lm_2prod_${tag}(t, t), lm_p_${tag}(${T}(2) * t)));
        v = lm_log1p_pair_${tag}(lm_add22_${tag}(r, lm_p_${tag}(t)));
    }
    return v.x + v.y;
}
fn atanh_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let ax = fabs_${tag}(x);
    if (ax > ${T}(1)) { return nan_${tag}(); }
    if (ax == ${T}(1)) { return lm_csign_${tag}(lm_inf_${tag}(), x); }
    if (ax < SMALL_${tag}) { return x; }
    // atanh(a) = log1p(2a / (1 - a)) / 2
    let q = lm_div22_${tag}(lm_p_${tag}(${T}(2) * ax), lm_2sum_${tag}(${T}(1), -ax));
    let v = lm_log1p_pair_${tag}(q);
    return lm_csign_${tag}(${T}(0.5) * (v.x + v.y), x);
}
