// wgarray's elementwise math for ${T}, continued (lib_math.wgsl has the rules every function here
// keeps): pow, hypot, exp2, logaddexp2, cbrt, ldexp, frexp, sinc, erfc.
// ---- pow, hypot -----------------------------------------------------------------------------
fn pow_${tag}(x: ${T}, y: ${T}) -> ${T} { return lm_pow_${tag}(x, y, false); }
// Fast math: the special cases and signs as pow_, the magnitude from the f32 built-ins.
fn pow_fast_${tag}(x: ${T}, y: ${T}) -> ${T} { return lm_pow_${tag}(x, y, true); }
fn lm_pow_${tag}(x: ${T}, y: ${T}, fast: bool) -> ${T} {
    if (!nz_${tag}(y) || x == ${T}(1)) { return ${T}(1); }
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return nan_${tag}(); }
    let ax = fabs_${tag}(x);
    if (isinf_${tag}(y)) {
        if (ax == ${T}(1)) { return ${T}(1); }
        return select(${T}(0), lm_inf_${tag}(), (ax > ${T}(1)) == !signbit_${tag}(y));
    }
    let yint = floor(y) == y && !lm_issub_${tag}(y);  // a flushed subnormal y would pass as 0
    let yhalf = ${T}(0.5) * y;
    let yodd = yint && fabs_${tag}(y) < TWO_P_${tag} && !(floor(yhalf) == yhalf);
    let neg = signbit_${tag}(x) && yodd;
    if (!nz_${tag}(x) || isinf_${tag}(x)) {  // 0 or inf: the result is 0 or inf, signed if neg
        let big = !signbit_${tag}(y) == isinf_${tag}(x);  // (y is not 0 or NaN here; on the bits for subnormals)
        let r = select(${T}(0), lm_inf_${tag}(), big);
        return select(r, -r, neg);
    }
    if (signbit_${tag}(x) && !yint) { return nan_${tag}(); }
    var r: ${T};
    if (fast) {
        r = ${T}(exp2(f32(y) * log2(f32(ax))));
        return select(r, -r, neg);
    }
    let l = lm_log_ext_${tag}(ax);
    let p = lm_2prod_${tag}(y, l.x);
    if (p.x > EXP_HI_${tag}) {
        r = lm_inf_${tag}();
    } else if (p.x < EXP_LO_${tag}) {
        r = ${T}(0);
    } else {
        let e = lm_exp_ext_${tag}(p.x, p.y + y * l.y);
        r = lm_scale_${tag}(e.x + e.y, i32(e.z));
    }
    return select(r, -r, neg);
}
fn hypot_${tag}(x: ${T}, y: ${T}) -> ${T} {
    if (isinf_${tag}(x) || isinf_${tag}(y)) { return lm_inf_${tag}(); }
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return nan_${tag}(); }
    // Order |x|, |y| on the bits: float max/min flush subnormals on NVIDIA.
    let ux = bitcast<${U}>(x) & ${ABSMASK};
    let uy = bitcast<${U}>(y) & ${ABSMASK};
    var a = bitcast<${T}>(select(ux, uy, uy > ux));
    var b = bitcast<${T}>(select(uy, ux, uy > ux));
    if (!nz_${tag}(b)) { return a; }
    var shift = 0;
    if (bitcast<${U}>(a) < (${U}(1) << MANT_${tag})) {  // both subnormal
        a = lm_scale_sub_${tag}(a, PBITS_${tag});
        b = lm_scale_sub_${tag}(b, PBITS_${tag});
        shift = -PBITS_${tag};
    }
    let ea = i32(bitcast<${U}>(a) >> MANT_${tag}) - BIAS_${tag};
    if (ea - i32(bitcast<${U}>(b) >> MANT_${tag}) + BIAS_${tag} > PBITS_${tag} + 1) { return lm_scale_${tag}(a + b, shift); }
    // Scale a into [1, 2): both scalings are exact.
    let A = lm_scale_${tag}(a, -ea);
    let B = lm_scale_sub_${tag}(b, -ea);
    let r = lm_sqrt2_${tag}(lm_add22_${tag}(lm_2prod_${tag}(A, A), lm_2prod_${tag}(B, B)));
    return lm_scale_${tag}(r.x + r.y, ea + shift);
}
// The distance from x to the next float away from zero, with x's sign (NumPy's spacing):
// built from the exponent field alone. Zeros give the smallest subnormal, inf gives NaN, and the
// largest finite float gives inf (its next float is inf).
fn spacing_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x)) { return nan_${tag}(); }
    let bits = bitcast<${U}>(x);
    let mag = bits & ${ABSMASK};
    let field = mag >> MANT_${tag};
    var ulp: ${U};
    if (mag == ${EXPMASK} - ${U}(1)) {
        ulp = ${EXPMASK};  // inf
    } else if (field > ${U}(MANT_${tag})) {
        ulp = (field - ${U}(MANT_${tag})) << MANT_${tag};  // normal: 2^(e - MANT)
    } else {
        ulp = ${U}(1) << u32(max(field, ${U}(1)) - ${U}(1));  // 2^(e - MANT) is subnormal: bit e - EMIN
    }
    return bitcast<${T}>(select(ulp, ulp | (bits & ~${ABSMASK}), nz_${tag}(x)));
}

// ---- exp2, logaddexp2, cbrt, ldexp, frexp, sinc ---------------------------------------------
// 2^x = 2^k e^(f ln2), k = round(x): f = x - k is exact, f ln2 is formed as a pair.
fn exp2_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (x >= ${T}(EMAX_${tag} + 1)) { return lm_inf_${tag}(); }
    if (x < ${T}(EMIN_${tag} - PBITS_${tag} - 1)) { return ${T}(0); }
    let k = round(x);
    let f = x - k;
    let p = lm_2prod_${tag}(f, LN2_${tag});
    let e = lm_exp_ext_${tag}(p.x, p.y + f * LN2_LO_${tag});
    return lm_scale_${tag}(e.x + e.y, i32(e.z) + i32(k));
}
// log2(2^x + 2^y). float32 computes it in float64 where the device has it and rounds once:
// near a root (2^x + 2^y = 1) the result is a tiny difference that float32 pairs resolve only
// to about 2^-48 absolute, thousands of ulps of a result near 1e-12.
fn logaddexp2_${tag}(x: ${T}, y: ${T}) -> ${T} { return ${LOGADDEXP2}; }
// log2(2^x + 2^y) = m + log2(1 + 2^d), d = n - m <= 0 (m the larger): as logaddexp, with
// 2^d = e^(d ln2) and ln(1 + 2^d) / ln2 carried as pairs.
fn lm_logaddexp2_${tag}(x: ${T}, y: ${T}) -> ${T} {
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return nan_${tag}(); }
    let m = select(y, x, x > y);
    let n = select(x, y, x > y);
    if (x == y) { return x + ${T}(1); }  // exact (and -inf for -inf), as NumPy
    if (isinf_${tag}(m)) { return m; }
    let d = lm_2sum_${tag}(n, -m);
    if (isinf_${tag}(n) || d.x < ${T}(EMIN_${tag} - PBITS_${tag} - 2)) {  // m + a positive number below half an ulp
        return select(m, ${T}(0), (bitcast<${U}>(m) & ${ABSMASK}) == ${U}(0));
    }
    let p = lm_mul22_${tag}(d, vec2<${T}>(LN2_${tag}, LN2_LO_${tag}));
    let e = lm_exp_ext_${tag}(p.x, p.y);
    var shift = 0;
    var l: vec2<${T}>;
    if (d.x > ${T}(-2) * LAE_BIG_${tag}) {
        l = lm_log1p_pair_${tag}(vec2<${T}>(lm_scale_${tag}(e.x, i32(e.z)), lm_scale_${tag}(e.y, i32(e.z))));
    } else {  // log1p(2^d) = 2^d to working precision
        // m near or below the normal range: everything scaled by 2^P (NVIDIA flushes subnormals)
        if ((bitcast<${U}>(m) & ${ABSMASK}) < bitcast<${U}>(lm_pow2_${tag}(EMIN_${tag} + PBITS_${tag}))) { shift = PBITS_${tag}; }
        l = vec2<${T}>(lm_scale_${tag}(e.x, i32(e.z) + shift), lm_scale_${tag}(e.y, i32(e.z) + shift));
    }
    let r = lm_mul22_${tag}(l, vec2<${T}>(INV_LN2_H_${tag}, INV_LN2_L_${tag}));
    let s = lm_2sum_${tag}(lm_scale_sub_${tag}(m, shift), r.x);
    let v = s.x + (s.y + r.y);
    if (shift == 0 && m < ${T}(0) && fabs_${tag}(v) < ${T}(-0.25) * m) {
        // Near a root (2^m + 2^n = 1) m and log2(1 + 2^d) cancel: the polynomials' few spare bits
        // would be lost. log2(1 + u) with u = 2^m + 2^n - 1 from series-accurate pairs instead.
        let u = lm_add22_${tag}(lm_add22_${tag}(lm_exp2_pair_${tag}(m), lm_exp2_pair_${tag}(n)), lm_p_${tag}(${T}(-1)));
        let w = lm_mul22_${tag}(lm_log1p_pair_${tag}(u), vec2<${T}>(INV_LN2_H_${tag}, INV_LN2_L_${tag}));
        return w.x + w.y;
    }
    return lm_scale_${tag}(v, -shift);
}
// 2^x as a pair accurate to a few units of the pair's precision (about 2^-2P), for |x| <= 2: the
// Taylor series of e^(f ln2), f = x - round(x), summed in pairs (13 terms for float32, 24 for float64).
fn lm_exp2_pair_${tag}(x: ${T}) -> vec2<${T}> {
    let k = round(x);
    let r = lm_mul22_${tag}(lm_p_${tag}(x - k), vec2<${T}>(LN2_${tag}, LN2_LO_${tag}));
    var s = lm_p_${tag}(${T}(1));
    for (var i = select(13, 24, PBITS_${tag} > 24); i >= 1; i--) {
        s = lm_add22_${tag}(lm_p_${tag}(${T}(1)), lm_div22_${tag}(lm_mul22_${tag}(s, r), lm_p_${tag}(${T}(i))));
    }
    return s * lm_pow2_${tag}(i32(k));
}
// |x| = 2^(3q + r) m with m in [sqrt(1/2), sqrt(2)], r in {0, 1, 2}: cbrt(x) = 2^q cbrt(m 2^r).
// A cubic seed (2^-6), three Newton steps (2^-48 in float64), then one more with the residual
// a - y^3 formed exactly from pairs: the sum y + d rounds once.
fn cbrt_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x) || !nz_${tag}(x)) { return x; }
    let mk = lm_frexp_${tag}(fabs_${tag}(x));
    let k = i32(mk.y);
    let q = select((k - 2) / 3, k / 3, k >= 0);  // floor(k / 3)
    let a = mk.x * lm_pow2_${tag}(k - 3 * q);
    var y = ${T}(0.6308561209772184) + a * (${T}(0.4293765978623149) + a * (${T}(-0.06711551570343524) + a * ${T}(0.004858481244499415)));
    for (var i = 0; i < 3; i++) { y = y - (y - a / (y * y)) / ${T}(3); }
    let y3 = lm_mul22_${tag}(lm_2prod_${tag}(y, y), lm_p_${tag}(y));
    let d = lm_opaque_${tag}(lm_opaque_${tag}(a - y3.x) - y3.y) / (${T}(3) * y * y);
    return copysign_${tag}(lm_scale_${tag}(y + d, q), x);
}
// x 2^n rounded once (x may be subnormal, n anything: callers clamp it to a few thousand).
fn ldexp_${tag}(x: ${T}, n: i32) -> ${T} {
    if (!isfinite_${tag}(x) || !nz_${tag}(x)) { return x; }
    let mk = lm_frexp_${tag}(fabs_${tag}(x));
    return copysign_${tag}(lm_scale_${tag}(mk.x, i32(mk.y) + n), x);
}
// NumPy's frexp: x = m 2^e with |m| in [0.5, 1); zeros, infinities and NaN give (x, 0).
fn frexp_mant_${tag}(x: ${T}) -> ${T} {
    if (!isfinite_${tag}(x) || !nz_${tag}(x)) { return x; }
    let m = lm_frexp_${tag}(fabs_${tag}(x)).x;
    return copysign_${tag}(select(m, m * ${T}(0.5), m >= ${T}(1)), x);
}
fn frexp_exp_${tag}(x: ${T}) -> i32 {
    if (!isfinite_${tag}(x) || !nz_${tag}(x)) { return 0; }
    let mk = lm_frexp_${tag}(fabs_${tag}(x));
    return i32(mk.y) + select(0, 1, mk.x >= ${T}(1));
}
// NumPy's sinc: sin(y) / y for y = pi x (rounded as NumPy rounds it), 1 at x = 0.
fn sinc_${tag}(x: ${T}) -> ${T} {
    if (!nz_${tag}(x)) { return ${T}(1); }
    let y = mul_${tag}(PI_H_${tag}, x);
    return div_${tag}(sin_${tag}(y), y);
}

// ---- erfc -----------------------------------------------------------------------------------
// The complementary error function, fdlibm's s_erf.c (FreeBSD msun) rational approximations on
// [0, 0.84375), [0.84375, 1.25), [1.25, 1/0.35), [1/0.35, 28); erfc(x) = 2 - erfc(-x) below 0. In the
// tail, exp(-x^2) is exp(-z^2 - 0.5625) exp((z - x)(z + x) + R/S) with z = x's high half (z^2 exact).
// Used by gelu (wgarray.nn): 0.5 x erfc(-x / sqrt 2) has no cancellation for negative x.
fn lm_erfc_pos_${tag}(x: ${T}) -> ${T} {
    if (x < ${T}(0.84375)) {
        let z = x * x;
        let y = (${T}(0.12837916709551256) + z * (${T}(-0.3250421072470015) + z * (${T}(-0.02848174957559851) + z * (${T}(-0.005770270296489442) + z * (${T}(-2.3763016656650163e-05)))))) / (${T}(1) + z * (${T}(0.39791722395915535) + z * (${T}(0.0650222499887673) + z * (${T}(0.005081306281875766) + z * (${T}(0.00013249473800432164) + z * (${T}(-3.960228278775368e-06)))))));
        if (x < ${T}(0.25)) { return ${T}(1) - (x + x * y); }
        return ${T}(0.5) - (x * y + (x - ${T}(0.5)));
    }
    if (x < ${T}(1.25)) {
        let s = x - ${T}(1);
        return (${T}(1) - ${T}(0.8450629115104675)) - (${T}(-0.0023621185607526594) + s * (${T}(0.41485611868374833) + s * (${T}(-0.3722078760357013) + s * (${T}(0.31834661990116175) + s * (${T}(-0.11089469428239668) + s * (${T}(0.035478304325618236) + s * (${T}(-0.002166375594868791)))))))) / (${T}(1) + s * (${T}(0.10642088040084423) + s * (${T}(0.540397917702171) + s * (${T}(0.07182865441419627) + s * (${T}(0.12617121980876164) + s * (${T}(0.01363708391202905) + s * (${T}(0.011984499846799107))))))));
    }
    if (x >= ${T}(28)) { return ${T}(0); }
    let s = ${T}(1) / (x * x);
    var r: ${T};
    if (x < ${T}(2.857142857142857)) {
        r = (${T}(-0.009864944034847148) + s * (${T}(-0.6938585727071818) + s * (${T}(-10.558626225323291) + s * (${T}(-62.375332450326006) + s * (${T}(-162.39666946257347) + s * (${T}(-184.60509290671104) + s * (${T}(-81.2874355063066) + s * (${T}(-9.814329344169145))))))))) / (${T}(1) + s * (${T}(19.651271667439257) + s * (${T}(137.65775414351904) + s * (${T}(434.56587747522923) + s * (${T}(645.3872717332679) + s * (${T}(429.00814002756783) + s * (${T}(108.63500554177944) + s * (${T}(6.570249770319282) + s * (${T}(-0.0604244152148581))))))))));
    } else {
        r = (${T}(-0.0098649429247001) + s * (${T}(-0.799283237680523) + s * (${T}(-17.757954917754752) + s * (${T}(-160.63638485582192) + s * (${T}(-637.5664433683896) + s * (${T}(-1025.0951316110772) + s * (${T}(-483.5191916086514)))))))) / (${T}(1) + s * (${T}(30.33806074348246) + s * (${T}(325.7925129965739) + s * (${T}(1536.729586084437) + s * (${T}(3199.8582195085955) + s * (${T}(2553.0504064331644) + s * (${T}(474.52854120695537) + s * (${T}(-22.44095244658582)))))))));
    }
    let z = lm_hi_${tag}(x);
    return exp_${tag}(-z * z - ${T}(0.5625)) * exp_${tag}((z - x) * (z + x) + r) / x;
}
fn erfc_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    let e = lm_erfc_pos_${tag}(abs(x));
    return select(e, ${T}(2) - e, x < ${T}(0));
}
// PyTorch's exact gelu, 0.5 x (1 + erf(x / sqrt 2)), as 0.5 x erfc(-x / sqrt 2): accurate for
// negative x too (float32 has its own, wgsl/lib_math32.wgsl).
fn gelu${G}_${tag}(x: ${T}) -> ${T} { return ${T}(0.5) * x * erfc_${tag}(-x * ${T}(0.7071067811865476)); }
