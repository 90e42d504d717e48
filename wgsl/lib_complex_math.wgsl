// Complex elementwise math for ${T} = (re, im), built on the real functions of lib_math for
// ${F} (their pair arithmetic included). Branch cuts and special values follow C99 Annex G
// and the array API standard; the algorithms are Kahan's and Hull et al.'s, as in FreeBSD's
// msun (catrig.c, s_csqrt.c, s_ctanh.c ...), componentwise accurate to a few ulp.
// As in lib_math, non-finite inputs are classified on the bits and answered explicitly:
// drivers may assume floats are finite, so NaN and inf never flow through arithmetic here.

fn cm_nan2_${tag}() -> ${T} { return ${T}(nan_${ftag}(), nan_${ftag}()); }
fn cm_eps_${tag}() -> ${F} { return lm_pow2_${ftag}(1 - PBITS_${ftag}); }
// m >= 0 with the sign of a product of values with the signs of a and b.
fn cm_signed_${tag}(m: ${F}, a: ${F}, b: ${F}) -> ${F} {
    // On the integer bits: NVIDIA's compiler rewrote the float select so that cosh(0+0j)
    // came out 1-0j.
    let sign = (bitcast<${U}>(a) ^ bitcast<${U}>(b)) & ${SIGN};
    return bitcast<${F}>(bitcast<${U}>(m) ^ sign);
}
// max(|z.x|, |z.y|) on the bits, for finite z: float max flushes subnormals on NVIDIA.
fn cm_larger_part_${tag}(z: ${T}) -> ${F} {
    return bitcast<${F}>(max(bitcast<${U}>(z.x) & ~${SIGN}, bitcast<${U}>(z.y) & ~${SIGN}));
}
fn cm_zero_prod_${tag}(a: ${F}, b: ${F}) -> ${F} { return cm_signed_${tag}(${F}(0), a, b); }

// ---- building blocks -------------------------------------------------------------------------
// sin(y) and cos(y) as pairs (sin.hi, sin.lo, cos.hi, cos.lo) with one argument reduction.
fn cm_sincos2_${tag}(y: ${F}) -> vec4<${F}> {
    let r = lm_reduce_${ftag}(y);
    let n = i32(r.z) & 3;
    let s = lm_sin_k_${ftag}(r.x, r.y);
    let c = lm_cos_k_${ftag}(r.x, r.y);
    let odd = (n & 1) != 0;
    let sv = select(s, c, odd);
    let cv = select(c, s, odd);
    let r4 = vec4<${F}>(select(sv, -sv, n >= 2), select(cv, -cv, n == 1 || n == 2));
    // A zero or subnormal y: sin(y) = y by its bits, cos(y) = 1 (a flushing device would give 0).
    return select(r4, vec4<${F}>(y, ${F}(0), ${F}(1), ${F}(0)), lm_tiny_${ftag}(y));
}
// e^x as (hi, lo, k), the value 2^k (hi + lo), for finite x; out of range, a k that
// over- or underflows any factor cm_mulexp is given. x is halved so the reduction stays exact.
fn cm_exp2x_${tag}(x: ${F}) -> vec3<${F}> {
    if (x > EXP_HI_${ftag} - EXP_LO_${ftag}) { return vec3<${F}>(${F}(1), ${F}(0), ${F}(4 * EMAX_${ftag})); }
    if (x < ${F}(2) * EXP_LO_${ftag}) { return vec3<${F}>(${F}(1), ${F}(0), ${F}(4 * EMIN_${ftag})); }
    let e = lm_exp_ext_${ftag}(${F}(0.5) * x, ${F}(0));
    return vec3<${F}>(lm_mul22_${ftag}(e.xy, e.xy), ${F}(2) * e.z);
}
// c * e with c a pair and e from cm_exp2x, rounded once (c's exponent is split off first).
fn cm_mulexp_${tag}(e: vec3<${F}>, c: vec2<${F}>) -> ${F} {
    if (!nz_${ftag}(c.x)) { return c.x; }
    let j = i32(lm_frexp_${ftag}(fabs_${ftag}(c.x)).y);
    // lm_scale_sub: c.x may be subnormal (sin y = y for a subnormal y), which NVIDIA's `*` flushes.
    let m = vec2<${F}>(lm_scale_sub_${ftag}(c.x, -j), lm_scale_sub_${ftag}(c.y, -j));
    let p = lm_mul22_${ftag}(e.xy, m);
    let n = i32(e.z) + j;
    // |p| < 2: below 2^(EMIN - PBITS - 1) the result is a signed zero (said explicitly, as a
    // driver may fold the constant factors of a deep underflow into * 0, which drops the sign).
    if (n < EMIN_${ftag} - PBITS_${ftag} - 1) { return copysign_${ftag}(${F}(0), c.x); }
    return lm_scale_${ftag}(p.x + p.y, n);
}
// ln(hypot(a, b)) as a pair, for finite a >= b >= 0 and a > 0: a^2 + b^2 is formed exactly
// after scaling, so there is no cancellation near |z| = 1.
fn cm_logabs_${tag}(a: ${F}, b: ${F}) -> vec2<${F}> {
    let k = lm_frexp_${ftag}(a).y;
    let A = lm_scale_${ftag}(a, -i32(k));
    let B = lm_scale_${ftag}(b, -i32(k));
    let l = lm_log_pair_${ftag}(lm_add22_${ftag}(lm_2prod_${ftag}(A, A), lm_2prod_${ftag}(B, B)));
    let kl = lm_2sum_${ftag}(k * LN2_H_${ftag}, k * LN2_M_${ftag});
    return lm_add22_${ftag}(vec2<${F}>(kl.x, kl.y + k * LN2_L_${ftag}), ${F}(0.5) * l);
}

// z * s for a real s, each part rounded once with its subnormals kept (NumPy's nc_exp2 scales so).
fn cscale_${tag}(z: ${T}, s: ${F}) -> ${T} { return ${T}(mul_${ftag}(z.x, s), mul_${ftag}(z.y, s)); }

// ---- abs, sign, sqrt -----------------------------------------------------------------------
fn cabs_${tag}(z: ${T}) -> ${F} { return hypot_${ftag}(z.x, z.y); }
// z / |z|; sign(0) = 0. Infinities as NumPy: the direction of the infinite part (the zero
// signed as z / |z| would sign it), or NaN when both parts are infinite.
fn csign_${tag}(z: ${T}) -> ${T} {
    if (cisnan_${tag}(z)) { return cm_nan2_${tag}(); }
    if (isinf_${ftag}(z.x)) {
        if (isinf_${ftag}(z.y)) { return cm_nan2_${tag}(); }
        return ${T}(copysign_${ftag}(${F}(1), z.x), copysign_${ftag}(${F}(0), z.y));
    }
    if (isinf_${ftag}(z.y)) { return ${T}(copysign_${ftag}(${F}(0), z.x), copysign_${ftag}(${F}(1), z.y)); }
    if (!cnz_${tag}(z)) { return ${T}(${F}(0), ${F}(0)); }
    // Scale to |z| ~ 1 first: z / |z| must not overflow nor lose subnormal bits.
    let k = -i32(lm_frexp_${ftag}(cm_larger_part_${tag}(z)).y);
    let x = lm_scale_sub_${ftag}(z.x, k);  // _sub: z's parts may be subnormal
    let y = lm_scale_sub_${ftag}(z.y, k);
    let h = hypot_${ftag}(x, y);
    return ${T}(div_${ftag}(x, h), div_${ftag}(y, h));
}
// Kahan's csqrt: sqrt((|a| + |z|) / 2) needs no subtraction; the other part is b / (2 t).
fn csqrt_${tag}(z: ${T}) -> ${T} {
    let a = z.x;
    let b = z.y;
    if (isinf_${ftag}(b)) { return ${T}(lm_inf_${ftag}(), b); }
    if (isnan_${ftag}(a)) { return cm_nan2_${tag}(); }
    if (isinf_${ftag}(a)) {
        if (signbit_${ftag}(a)) {
            if (isnan_${ftag}(b)) { return ${T}(nan_${ftag}(), lm_inf_${ftag}()); }
            return ${T}(${F}(0), copysign_${ftag}(lm_inf_${ftag}(), b));
        }
        if (isnan_${ftag}(b)) { return ${T}(a, b); }
        return ${T}(a, copysign_${ftag}(${F}(0), b));
    }
    if (isnan_${ftag}(b)) { return cm_nan2_${tag}(); }
    if (!cnz_${tag}(z)) { return ${T}(${F}(0), b); }
    // Scale by an even power of two so that |z| is about 1.
    let k = i32(lm_frexp_${ftag}(cm_larger_part_${tag}(z)).y) & ~1;
    let sa = lm_scale_sub_${ftag}(fabs_${ftag}(a), -k);  // _sub: a and b may be subnormal
    let h = hypot_${ftag}(sa, lm_scale_sub_${ftag}(b, -k));
    let t = lm_scale_${ftag}(sqrt_${ftag}((sa + h) * ${F}(0.5)), k / 2);
    let q = div_${ftag}(b, ${F}(2) * t);
    if (signbit_${ftag}(a)) { return ${T}(fabs_${ftag}(q), copysign_${ftag}(t, b)); }
    return ${T}(t, q);
}

// ---- exp, expm1 ----------------------------------------------------------------------------
// The heavy code runs unconditionally on finite stand-ins, and the special values are picked
// afterwards: lavapipe compiles branches around inlined reductions very slowly.
// exp or expm1 (m1) at the special values: x or y non-finite, or y = 0; r is the main
// path's result and sc = sincos(y) where y is finite.
fn cm_exp_special_${tag}(z: ${T}, r: ${T}, sc: vec4<${F}>, m1: bool) -> ${T} {
    let x = z.x;
    let y = z.y;
    if (isnan_${ftag}(x)) {
        if (!nz_${ftag}(y)) { return ${T}(x, y); }
        return cm_nan2_${tag}();
    }
    if (!isfinite_${ftag}(y)) {
        if (!isinf_${ftag}(x)) { return cm_nan2_${tag}(); }
        if (signbit_${ftag}(x)) { return ${T}(select(${F}(0), ${F}(-1), m1), copysign_${ftag}(${F}(0), y)); }
        return ${T}(x, nan_${ftag}());
    }
    if (!nz_${ftag}(y)) {
        if (isinf_${ftag}(x)) { return ${T}(select(x, select(${F}(0), ${F}(-1), m1), signbit_${ftag}(x)), y); }
        if (m1 && !nz_${ftag}(x)) { return ${T}(${F}(0), y); }
        return ${T}(r.x, y);
    }
    if (isinf_${ftag}(x) && signbit_${ftag}(x)) {  // +0 cis(y), minus 1 for expm1
        if (m1) { return ${T}(${F}(-1), copysign_${ftag}(${F}(0), sc.x)); }
        return ${T}(copysign_${ftag}(${F}(0), sc.z), copysign_${ftag}(${F}(0), sc.x));
    }
    return ${T}(copysign_${ftag}(x, sc.z), copysign_${ftag}(x, sc.x));  // +inf cis(y)
}
fn cexp_${tag}(z: ${T}) -> ${T} {
    let sc = cm_sincos2_${tag}(select(${F}(0), z.y, isfinite_${ftag}(z.y)));
    let e = cm_exp2x_${tag}(select(${F}(0), z.x, isfinite_${ftag}(z.x)));
    let r = ${T}(cm_mulexp_${tag}(e, sc.zw), cm_mulexp_${tag}(e, sc.xy));
    if (cisfinite_${tag}(z) && nz_${ftag}(z.y)) { return r; }
    return cm_exp_special_${tag}(z, r, sc, false);
}
// e^z - 1. Near the curve where e^x cos(y) = 1 the real part cancels, so there it is
// expm1(x) - e^x (1 - cos(y)) in pair arithmetic (1 - cos y is exact from cos's pair).
fn cexpm1_${tag}(z: ${T}) -> ${T} {
    let x = select(${F}(0), z.x, isfinite_${ftag}(z.x));
    let sc = cm_sincos2_${tag}(select(${F}(0), z.y, isfinite_${ftag}(z.y)));
    let e = cm_exp2x_${tag}(x);
    let im = cm_mulexp_${tag}(e, sc.xy);
    var re: ${F};
    // Beyond +-big, e^x |cos y| is far from 1 (|cos y| >= 2^-(PBITS + 2) for representable y).
    if (fabs_${ftag}(x) > ${F}(PBITS_${ftag} + 6) * LN2_${ftag}) {
        re = cm_mulexp_${tag}(e, sc.zw) - ${F}(1);
    } else {
        let ep = e.xy * lm_pow2_${ftag}(i32(e.z));
        let m1 = lm_expm1_ext_${ftag}(x);
        let small = fabs_${ftag}(x) < SMALL_${ftag} * SMALL_${ftag};
        let em1 = select(m1.xy * lm_pow2_${ftag}(i32(m1.z)), vec2<${F}>(x, ${F}(0)), small);
        let v = lm_2sum_${ftag}(${F}(1), -sc.z);
        let omc = lm_fast2sum_${ftag}(v.x, v.y - sc.w);  // 1 - cos(y)
        let p = lm_add22_${ftag}(em1, -lm_mul22_${ftag}(ep, omc));
        re = p.x + p.y;
    }
    if (cisfinite_${tag}(z) && nz_${ftag}(z.y)) { return ${T}(re, im); }
    return cm_exp_special_${tag}(z, ${T}(re, im), sc, true);
}

// ---- logarithms ----------------------------------------------------------------------------
// log at a non-finite z; log1p too, since 1 + z is non-finite exactly when z is.
fn cm_log_special_${tag}(z: ${T}) -> ${T} {
    if (isinf_${ftag}(z.x) || isinf_${ftag}(z.y)) { return ${T}(lm_inf_${ftag}(), atan2_${ftag}(z.y, z.x)); }
    return cm_nan2_${tag}();
}
// ln|z| (a pair) for finite nonzero z.
fn cm_logabs_z_${tag}(z: ${T}) -> vec2<${F}> {
    let ax = fabs_${ftag}(z.x);
    let ay = fabs_${ftag}(z.y);
    return cm_logabs_${tag}(max(ax, ay), min(ax, ay));
}
fn clog_${tag}(z: ${T}) -> ${T} {
    if (!cisfinite_${tag}(z)) { return cm_log_special_${tag}(z); }
    if (!cnz_${tag}(z)) { return ${T}(-lm_inf_${ftag}(), atan2_${ftag}(z.y, z.x)); }
    let l = cm_logabs_z_${tag}(z);
    return ${T}(l.x + l.y, atan2_${ftag}(z.y, z.x));
}
fn clog2_${tag}(z: ${T}) -> ${T} {
    if (!cisfinite_${tag}(z) || !cnz_${tag}(z)) {
        let w = clog_${tag}(z);
        return ${T}(w.x, mul_${ftag}(w.y, INV_LN2_H_${ftag}));
    }
    let l = lm_mul22_${ftag}(cm_logabs_z_${tag}(z), vec2<${F}>(INV_LN2_H_${ftag}, INV_LN2_L_${ftag}));
    return ${T}(l.x + l.y, mul_${ftag}(atan2_${ftag}(z.y, z.x), INV_LN2_H_${ftag}));
}
fn clog10_${tag}(z: ${T}) -> ${T} {
    if (!cisfinite_${tag}(z) || !cnz_${tag}(z)) {
        let w = clog_${tag}(z);
        return ${T}(w.x, mul_${ftag}(w.y, INV_LN10_H_${ftag}));
    }
    let l = lm_mul22_${ftag}(cm_logabs_z_${tag}(z), vec2<${F}>(INV_LN10_H_${ftag}, INV_LN10_L_${ftag}));
    return ${T}(l.x + l.y, mul_${ftag}(atan2_${ftag}(z.y, z.x), INV_LN10_H_${ftag}));
}
// log(1 + z): |1 + z|^2 = (1 + x)^2 + y^2 in pair arithmetic with 1 + x kept exact, so
// small z and 1 + z near the unit circle keep their accuracy.
fn clog1p_${tag}(z: ${T}) -> ${T} {
    if (!cisfinite_${tag}(z)) { return cm_log_special_${tag}(z); }
    let u = lm_2sum_${ftag}(${F}(1), z.x);
    let im = atan2_${ftag}(z.y, u.x);
    let m = max(fabs_${ftag}(u.x), fabs_${ftag}(z.y));
    if (!nz_${ftag}(m)) { return ${T}(-lm_inf_${ftag}(), im); }
    let lim = lm_pow2_${ftag}(EMAX_${ftag} / 2 - 2);
    if (m > lim || m < ${F}(1) / lim) {
        // Far from 1 + z ~ 1: the rounding of 1 + x is harmless (or 1 + x is exact).
        let l = cm_logabs_z_${tag}(${T}(u.x, z.y));
        return ${T}(l.x + l.y, im);
    }
    let p = lm_add22_${ftag}(lm_mul22_${ftag}(u, u), lm_2prod_${ftag}(z.y, z.y));
    let l = lm_log_pair_${ftag}(p);
    return ${T}(${F}(0.5) * (l.x + l.y), im);
}

// ---- hyperbolic and trigonometric ----------------------------------------------------------
// sinh and cosh share one evaluation: (sinh(x) c1, cosh(x) c2) for finite x and pairs c1, c2.
// Past HYP_LARGE both are e^|x| / 2; below, cosh = sqrt(1 + sinh^2) costs one more rounding.
fn cm_sinhcosh_mul_${tag}(x: ${F}, c1: vec2<${F}>, c2: vec2<${F}>) -> vec2<${F}> {
    let ax = fabs_${ftag}(x);
    var r: vec2<${F}>;
    if (ax > HYP_LARGE_${ftag}) {
        // e^|x| / 2 by its exponent: halving a subnormal c would round it.
        let e = cm_exp2x_${tag}(ax) - vec3<${F}>(${F}(0), ${F}(0), ${F}(1));
        r = vec2<${F}>(cm_mulexp_${tag}(e, c1), cm_mulexp_${tag}(e, c2));
    } else {
        let s = sinh_${ftag}(ax);
        let c = sqrt_${ftag}(${F}(1) + s * s);
        // mul_/add_: sinh(x) sin(y) is subnormal for tiny x and y (NVIDIA's `*` flushes it)
        r = vec2<${F}>(mul_${ftag}(s, add_${ftag}(c1.x, c1.y)), mul_${ftag}(c, add_${ftag}(c2.x, c2.y)));
    }
    return vec2<${F}>(select(r.x, -r.x, signbit_${ftag}(x)), r.y);
}
// sinh(x + iy) = sinh(x) cos(y) + i cosh(x) sin(y); cosh(x + iy) = cosh(x) cos(y) + i sinh(x) sin(y).
// Both at once: (sinh, cosh) of z, the other one's parts swapped. Special values below.
fn cm_sinhcosh_main_${tag}(z: ${T}, sc: vec4<${F}>, want_cosh: bool) -> ${T} {
    let x = select(${F}(0), z.x, isfinite_${ftag}(z.x));
    if (want_cosh) {
        let r = cm_sinhcosh_mul_${tag}(x, sc.xy, sc.zw);
        return ${T}(r.y, r.x);
    }
    return cm_sinhcosh_mul_${tag}(x, sc.zw, sc.xy);
}
fn csinh_${tag}(z: ${T}) -> ${T} {
    let x = z.x;
    let y = z.y;
    let sc = cm_sincos2_${tag}(select(${F}(0), y, isfinite_${ftag}(y)));
    let r = cm_sinhcosh_main_${tag}(z, sc, false);
    if (cisfinite_${tag}(z) && nz_${ftag}(y)) { return r; }
    if (cisfinite_${tag}(z)) { return ${T}(r.x, y); }          // y = +-0
    if (!nz_${ftag}(x)) { return ${T}(x, nan_${ftag}()); }     // +-0 + i inf or nan
    if (!nz_${ftag}(y)) { return ${T}(x, y); }                 // inf or nan + i 0
    if (isinf_${ftag}(x)) {
        if (!isfinite_${ftag}(y)) { return ${T}(x, nan_${ftag}()); }
        return ${T}(cm_signed_${tag}(lm_inf_${ftag}(), x, sc.z), copysign_${ftag}(lm_inf_${ftag}(), sc.x));
    }
    return cm_nan2_${tag}();
}
fn ccosh_${tag}(z: ${T}) -> ${T} {
    let x = z.x;
    let y = z.y;
    let sc = cm_sincos2_${tag}(select(${F}(0), y, isfinite_${ftag}(y)));
    let r = cm_sinhcosh_main_${tag}(z, sc, true);
    if (cisfinite_${tag}(z) && nz_${ftag}(y)) { return r; }
    if (cisfinite_${tag}(z)) { return ${T}(r.x, cm_zero_prod_${tag}(x, y)); }
    if (!nz_${ftag}(x)) { return ${T}(nan_${ftag}(), cm_zero_prod_${tag}(x, y)); }
    if (!nz_${ftag}(y)) {
        if (isnan_${ftag}(x)) { return ${T}(x, y); }
        return ${T}(lm_inf_${ftag}(), cm_zero_prod_${tag}(x, y));
    }
    if (isinf_${ftag}(x)) {
        if (!isfinite_${ftag}(y)) { return ${T}(lm_inf_${ftag}(), nan_${ftag}()); }
        return ${T}(copysign_${ftag}(lm_inf_${ftag}(), sc.z), cm_signed_${tag}(lm_inf_${ftag}(), x, sc.x));
    }
    return cm_nan2_${tag}();
}
// Kahan's ctanh: with t = tan(y), s = sinh(x), beta = 1 + t^2, the result is
// (beta sqrt(1 + s^2) s + i t) / (1 + beta s^2), no cancellation anywhere.
fn ctanh_${tag}(z: ${T}) -> ${T} {
    let x = select(${F}(0), z.x, isfinite_${ftag}(z.x));
    let sc = cm_sincos2_${tag}(select(${F}(0), z.y, isfinite_${ftag}(z.y)));
    var r: ${T};
    if (fabs_${ftag}(x) > TANH_ONE_${ftag}) {
        // tanh(x) rounds to +-1; the imaginary part is 4 sin(y) cos(y) e^(-2|x|).
        let sc2 = lm_mul22_${ftag}(sc.xy, sc.zw);
        let im = cm_mulexp_${tag}(cm_exp2x_${tag}(${F}(-2) * fabs_${ftag}(x)), ${F}(4) * sc2);
        r = ${T}(copysign_${ftag}(${F}(1), x), im);
    } else {
        let tp = lm_div22_${ftag}(sc.xy, sc.zw);
        let t = tp.x + tp.y;
        let beta = ${F}(1) + t * t;
        let s = sinh_${ftag}(x);
        let rho = sqrt_${ftag}(${F}(1) + s * s);
        let denom = ${F}(1) + beta * s * s;
        r = ${T}(div_${ftag}(beta * rho * s, denom), div_${ftag}(t, denom));
    }
    if (cisfinite_${tag}(z) && nz_${ftag}(z.y)) { return r; }
    if (isnan_${ftag}(z.x)) {
        if (!nz_${ftag}(z.y)) { return z; }
        return cm_nan2_${tag}();
    }
    if (isinf_${ftag}(z.x)) { return ${T}(copysign_${ftag}(${F}(1), z.x), copysign_${ftag}(${F}(0), z.y)); }
    if (!isfinite_${ftag}(z.y)) {
        if (!nz_${ftag}(z.x)) { return ${T}(z.x, nan_${ftag}()); }
        return cm_nan2_${tag}();
    }
    return ${T}(tanh_${ftag}(z.x), z.y);  // y = +-0
}
// sin(z) = -i sinh(iz), cos(z) = cosh(iz), tan(z) = -i tanh(iz).
fn csin_${tag}(z: ${T}) -> ${T} {
    let w = csinh_${tag}(${T}(neg_${ftag}(z.y), z.x));
    return ${T}(w.y, neg_${ftag}(w.x));
}
fn ccos_${tag}(z: ${T}) -> ${T} { return ccosh_${tag}(${T}(neg_${ftag}(z.y), z.x)); }
fn ctan_${tag}(z: ${T}) -> ${T} {
    let w = ctanh_${tag}(${T}(neg_${ftag}(z.y), z.x));
    return ${T}(w.y, neg_${ftag}(w.x));
}

// ---- inverse hyperbolic and trigonometric (Hull, Fairgrieve and Tang 1997, via catrig.c) ----
// (hypot(a, b) - b) / 2 without cancellation, given h = hypot(a, b).
fn cm_f_${tag}(a: ${F}, b: ${F}, h: ${F}) -> ${F} {
    if (b < ${F}(0)) { return (h - b) * ${F}(0.5); }
    if (b == ${F}(0)) { return a * ${F}(0.5); }
    return div_${ftag}(a * a, h + b) * ${F}(0.5);
}
// For finite x, y >= 0 below 1 / eps, with A = (|z + i| + |z - i|) / 2 and B = y / A:
// (Re casinh(z), B or sqrt(A^2 - y^2), y or y rescaled along with it, 1 if B is usable).
fn cm_hard_${tag}(x: ${F}, y: ${F}) -> vec4<${F}> {
    let eps = cm_eps_${tag}();
    let R = hypot_${ftag}(x, y + ${F}(1));
    let S = hypot_${ftag}(x, y - ${F}(1));
    let A = max((R + S) * ${F}(0.5), ${F}(1));
    var rx: ${F};
    if (A < ${F}(10)) {
        if (y == ${F}(1) && x < eps * eps / ${F}(128)) {
            rx = sqrt_${ftag}(x);
        } else if (x >= eps * fabs_${ftag}(y - ${F}(1))) {
            let am1 = cm_f_${tag}(x, ${F}(1) + y, R) + cm_f_${tag}(x, ${F}(1) - y, S);
            rx = log1p_${ftag}(am1 + sqrt_${ftag}(am1 * (A + ${F}(1))));
        } else if (y < ${F}(1)) {
            rx = div_${ftag}(x, sqrt_${ftag}((${F}(1) - y) * (${F}(1) + y)));
        } else {
            rx = log1p_${ftag}((y - ${F}(1)) + sqrt_${ftag}((y - ${F}(1)) * (y + ${F}(1))));
        }
    } else {
        rx = log_${ftag}(A + sqrt_${ftag}(A * A - ${F}(1)));
    }
    if (y < lm_pow2_${ftag}(EMIN_${ftag} / 2 + 2)) {  // y / A could underflow
        return vec4<${F}>(rx, A * (${F}(2) / eps), y * (${F}(2) / eps), ${F}(0));
    }
    let B = div_${ftag}(y, A);
    if (B <= ${F}(0.6417)) { return vec4<${F}>(rx, B, y, ${F}(1)); }
    if (y == ${F}(1) && x < eps / ${F}(128)) {
        return vec4<${F}>(rx, sqrt_${ftag}(x) * sqrt_${ftag}((A + y) * ${F}(0.5)), y, ${F}(0));
    }
    if (x >= eps * fabs_${ftag}(y - ${F}(1))) {
        let amy = cm_f_${tag}(x, y + ${F}(1), R) + cm_f_${tag}(x, y - ${F}(1), S);
        return vec4<${F}>(rx, sqrt_${ftag}(amy * (A + y)), y, ${F}(0));
    }
    if (y > ${F}(1)) {
        let k = ${F}(4) / eps / eps;
        return vec4<${F}>(rx, div_${ftag}(x * k * y, sqrt_${ftag}((y + ${F}(1)) * (y - ${F}(1)))), y * k, ${F}(0));
    }
    return vec4<${F}>(rx, sqrt_${ftag}((${F}(1) - y) * (${F}(1) + y)), y, ${F}(0));
}
// log(z) + ln 2 for |z| >= 1 / eps (z may be infinite, not NaN): asinh's and acos's limit.
fn cm_log_large_${tag}(z: ${T}) -> ${T} {
    let im = atan2_${ftag}(z.y, z.x);
    if (!cisfinite_${tag}(z)) { return ${T}(lm_inf_${ftag}(), im); }
    let l = lm_add22_${ftag}(cm_logabs_z_${tag}(z), vec2<${F}>(LN2_${ftag}, LN2_LO_${ftag}));
    return ${T}(l.x + l.y, im);
}
fn casinh_${tag}(z: ${T}) -> ${T} {
    let x = z.x;
    let y = z.y;
    if (cisnan_${tag}(z)) {
        if (isinf_${ftag}(x)) { return ${T}(x, nan_${ftag}()); }
        if (isinf_${ftag}(y)) { return ${T}(y, nan_${ftag}()); }
        if (!nz_${ftag}(y)) { return ${T}(nan_${ftag}(), y); }
        return cm_nan2_${tag}();
    }
    let ax = fabs_${ftag}(x);
    let ay = fabs_${ftag}(y);
    let eps = cm_eps_${tag}();
    if (ax > ${F}(1) / eps || ay > ${F}(1) / eps) {
        let w = cm_log_large_${tag}(${T}(ax, ay));
        return ${T}(copysign_${ftag}(w.x, x), copysign_${ftag}(w.y, y));
    }
    let tiny = sqrt_${ftag}(${F}(6) * eps) * ${F}(0.25);
    if (ax < tiny && ay < tiny) { return z; }
    let h = cm_hard_${tag}(ax, ay);
    var ry: ${F};
    if (h.w > ${F}(0)) { ry = asin_${ftag}(h.y); } else { ry = atan2_${ftag}(h.z, h.y); }
    return ${T}(copysign_${ftag}(h.x, x), copysign_${ftag}(ry, y));
}
// asin(z) = -i asinh(iz), which for these symmetric functions is a swap of the parts.
fn casin_${tag}(z: ${T}) -> ${T} {
    let w = casinh_${tag}(z.yx);
    return w.yx;
}
fn cacos_${tag}(z: ${T}) -> ${T} {
    let x = z.x;
    let y = z.y;
    let pio2 = PIO2_H_${ftag} + PIO2_L_${ftag};
    if (cisnan_${tag}(z)) {
        if (isinf_${ftag}(x)) { return ${T}(nan_${ftag}(), -lm_inf_${ftag}()); }
        if (isinf_${ftag}(y)) { return ${T}(nan_${ftag}(), neg_${ftag}(y)); }
        if (!nz_${ftag}(x)) { return ${T}(pio2, nan_${ftag}()); }
        return cm_nan2_${tag}();
    }
    let ax = fabs_${ftag}(x);
    let ay = fabs_${ftag}(y);
    let eps = cm_eps_${tag}();
    if (ax > ${F}(1) / eps || ay > ${F}(1) / eps) {
        let w = cm_log_large_${tag}(z);
        return ${T}(fabs_${ftag}(w.y), select(-w.x, w.x, signbit_${ftag}(y)));
    }
    if (x == ${F}(1) && !nz_${ftag}(y)) { return ${T}(${F}(0), neg_${ftag}(y)); }
    let tiny = sqrt_${ftag}(${F}(6) * eps) * ${F}(0.25);
    if (ax < tiny && ay < tiny) { return ${T}(PIO2_H_${ftag} - (x - PIO2_L_${ftag}), neg_${ftag}(y)); }
    let h = cm_hard_${tag}(ay, ax);
    let sx = select(${F}(1), ${F}(-1), signbit_${ftag}(x));
    var rx: ${F};
    if (h.w > ${F}(0)) { rx = acos_${ftag}(sx * h.y); } else { rx = atan2_${ftag}(h.y, sx * h.z); }
    return ${T}(rx, select(neg_${ftag}(h.x), h.x, signbit_${ftag}(y)));
}
// acosh(z) = +-i acos(z), the sign making the real part >= 0.
fn cacosh_${tag}(z: ${T}) -> ${T} {
    let w = cacos_${tag}(z);
    if (isnan_${ftag}(w.x) && isnan_${ftag}(w.y)) { return w; }
    if (isnan_${ftag}(w.x)) { return ${T}(fabs_${ftag}(w.y), w.x); }
    if (isnan_${ftag}(w.y)) { return ${T}(w.y, copysign_${ftag}(w.x, z.y)); }  // C99: NaN +- i pi/2
    return ${T}(fabs_${ftag}(w.y), copysign_${ftag}(w.x, z.y));
}
// Re(1 / (x + iy)) = x / (x^2 + y^2) without spurious over- or underflow.
fn cm_re_recip_${tag}(x: ${F}, y: ${F}) -> ${F} {
    if (isinf_${ftag}(x) || isinf_${ftag}(y)) { return copysign_${ftag}(${F}(0), x); }
    if (!nz_${ftag}(y)) { return div_${ftag}(${F}(1), x); }
    let ex = i32(lm_frexp_${ftag}(fabs_${ftag}(x)).y);
    let ey = i32(lm_frexp_${ftag}(fabs_${ftag}(y)).y);
    let cutoff = PBITS_${ftag} / 2 + 1;
    if (ex - ey >= cutoff) { return div_${ftag}(${F}(1), x); }
    if (ey - ex >= cutoff) { return div_${ftag}(div_${ftag}(x, y), y); }
    let sx = lm_scale_${ftag}(x, -ex);
    let sy = lm_scale_${ftag}(y, -ex);
    return lm_scale_${ftag}(div_${ftag}(sx, sx * sx + sy * sy), -ex);
}
// atanh(z) = log1p(4x / |z - 1|^2) / 4 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2.
fn catanh_${tag}(z: ${T}) -> ${T} {
    let x = z.x;
    let y = z.y;
    let pio2 = PIO2_H_${ftag} + PIO2_L_${ftag};
    if (cisnan_${tag}(z)) {
        if (isinf_${ftag}(x)) { return ${T}(copysign_${ftag}(${F}(0), x), nan_${ftag}()); }
        if (isinf_${ftag}(y)) { return ${T}(copysign_${ftag}(${F}(0), x), copysign_${ftag}(pio2, y)); }
        if (!nz_${ftag}(x)) { return ${T}(x, nan_${ftag}()); }
        return cm_nan2_${tag}();
    }
    let ax = fabs_${ftag}(x);
    let ay = fabs_${ftag}(y);
    if (!nz_${ftag}(y) && ax <= ${F}(1)) { return ${T}(atanh_${ftag}(x), y); }
    if (!nz_${ftag}(x)) { return ${T}(x, atan_${ftag}(y)); }
    let eps = cm_eps_${tag}();
    if (ax > ${F}(1) / eps || ay > ${F}(1) / eps) {
        return ${T}(cm_re_recip_${tag}(x, y), copysign_${ftag}(pio2, y));
    }
    let tiny = sqrt_${ftag}(${F}(3) * eps) * ${F}(0.5);
    if (ax < tiny && ay < tiny) { return z; }
    var rx: ${F};
    if (ax == ${F}(1) && ay < eps) {
        rx = (LN2_${ftag} - log_${ftag}(ay)) * ${F}(0.5);
    } else {
        let d = ax - ${F}(1);
        var ss = d * d;
        if (ay >= lm_pow2_${ftag}(EMIN_${ftag} / 2)) { ss = ss + ay * ay; }
        rx = log1p_${ftag}(div_${ftag}(${F}(4) * ax, ss)) * ${F}(0.25);
    }
    var ry: ${F};
    if (ax == ${F}(1)) {
        ry = atan2_${ftag}(${F}(2), -ay) * ${F}(0.5);
    } else if (ay < eps) {
        ry = atan2_${ftag}(${F}(2) * ay, (${F}(1) - ax) * (${F}(1) + ax)) * ${F}(0.5);
    } else {
        ry = atan2_${ftag}(${F}(2) * ay, (${F}(1) - ax) * (${F}(1) + ax) - ay * ay) * ${F}(0.5);
    }
    return ${T}(copysign_${ftag}(rx, x), copysign_${ftag}(ry, y));
}
fn catan_${tag}(z: ${T}) -> ${T} {
    let w = catanh_${tag}(z.yx);
    return w.yx;
}

// ---- pow -----------------------------------------------------------------------------------
// NumPy's npy_cpow: b = 0 gives 1, a = 0 gives 0 or NaN, small integer exponents repeated
// multiplication (reciprocal for negative ones), everything else exp(b log(a)).
fn cpow_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (!cnz_${tag}(b)) { return ${T}(${F}(1), ${F}(0)); }
    if (!cnz_${tag}(a)) {
        if (!isnan_${ftag}(b.x) && b.x > ${F}(0)) { return ${T}(${F}(0), ${F}(0)); }
        return cm_nan2_${tag}();
    }
    if (!nz_${ftag}(b.y) && isfinite_${ftag}(b.x) && floor(b.x) == b.x && fabs_${ftag}(b.x) < ${F}(100)) {
        let n = i32(fabs_${ftag}(b.x));
        if (b.x == ${F}(1)) { return a; }
        if (b.x == ${F}(2)) { return cmul_${tag}(a, a); }
        if (b.x == ${F}(3)) { return cmul_${tag}(a, cmul_${tag}(a, a)); }
        var acc = ${T}(${F}(1), ${F}(0));
        var p = a;
        var mask = 1;
        loop {
            if ((n & mask) != 0) { acc = cmul_${tag}(acc, p); }
            mask = mask << 1u;
            if (n < mask) { break; }
            p = cmul_${tag}(p, p);
        }
        if (b.x < ${F}(0)) { return cm_recip_${tag}(acc); }
        return acc;
    }
    return cexp_${tag}(cmul_${tag}(b, clog_${tag}(a)));
}
// NumPy's cdiv(1 + 0i, b) for npy_cpow's negative powers. Written out because the
// compilers fold cdiv's 0 - x into -x and x + 0 into x, which turns NumPy's +0 parts into -0
// ((1+0j)**-1 came out 1-0j): a zero rat gives +0 explicitly.
fn cm_recip_${tag}(b: ${T}) -> ${T} {
    if (!cnz_${tag}(b)) { return ${T}(lm_inf_${ftag}(), nan_${ftag}()); }  // an underflowed power: 1/0, 0/0
    if (greater_equal_${ftag}(fabs_${ftag}(b.x), fabs_${ftag}(b.y))) {
        let rat = div_${ftag}(b.y, b.x);
        let scl = div_${ftag}(${F}(1), b.x + rounded_${ftag}(b.y * rat));
        return ${T}(scl, select(-rat, ${F}(0), !nz_${ftag}(rat)) * scl);  // (1 + 0 rat, 0 - rat) scl
    }
    let rat = div_${ftag}(b.x, b.y);
    let scl = div_${ftag}(${F}(1), b.y + rounded_${ftag}(b.x * rat));
    return ${T}(select(rat, ${F}(0), !nz_${ftag}(rat)) * scl, -scl);  // (rat + 0, 0 rat - 1) scl
}
// NumPy's sinc: sin(y) / y for y = pi z, formed as NumPy does: a complex product with pi + 0i,
// whose zero must not be folded away (0 * inf is NaN), so the caller passes one unknown to the
// compiler. 1 at z = 0.
fn csinc_${tag}(z: ${T}, zero: ${F}) -> ${T} {
    if (!cnz_${tag}(z)) { return ${T}(${F}(1), ${F}(0)); }
    let y = cmul_${tag}(${T}(PI_H_${ftag}, zero), z);
    return cdiv_kept_${tag}(csin_${tag}(y), y);
}
