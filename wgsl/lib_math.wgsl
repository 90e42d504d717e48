// wgarray's elementwise math for ${T}: the bits, pairs, exp and log here; trigonometric and
// hyperbolic functions in lib_math_trig.wgsl; pow, hypot, erfc and the rest in lib_math_special.wgsl.
// GPU built-ins are not accurate enough (f64 transcendentals are wrong on every driver we
// measured), so everything is plain arithmetic: range reduction, then minimax polynomials
// (constants in lib_math_${tag}.wgsl, written by tools/minimax.py).
//
// Rules that keep this exact on every driver:
//  - no reliance on a fused fma (lavapipe's is not fused): products that must be exact use
//    operands with few enough bits (hi/lo constants with trailing zeros, bit-mask splits);
//  - classification on the bits (lib_float), never `x != x` or ordered compares on NaN;
//  - sums and products whose rounding error is recovered pass through lm_opaque, so that
//    no compiler can simplify the recovery away or contract the product into a later
//    subtraction. Both happen: lavapipe rewrites (a + b) - a to b, NVIDIA's compiler
//    rewrites x - (x - y) to y and contracts a * b + c into an fma (tools/probe_compiler.py);
//  - float32 subnormal inputs never meet float arithmetic before they are made normal with
//    integer operations (NVIDIA flushes them to zero in every float instruction).
// "pairs" (vec2) are unevaluated sums hi + lo with |lo| <= ulp(hi) / 2 (double-${T}).

// ---- bits and scaling --------------------------------------------------------------------
fn lm_inf_${tag}() -> ${T} { return bitcast<${T}>(${EXPMASK}); }
fn lm_opaque_${tag}(x: ${T}) -> ${T} { return select(x, ${T}(0), bitcast<${U}>(x) == OPAQUE_${tag}); }
// v with the sign of x, for v >= 0 (a float negation: lavapipe miscompiles some functions
// that return both a bit-built copysign and a NaN).
fn lm_csign_${tag}(v: ${T}, x: ${T}) -> ${T} { return select(v, -v, signbit_${tag}(x)); }
fn lm_pow2_${tag}(n: i32) -> ${T} { return bitcast<${T}>(${U}(n + BIAS_${tag}) << MANT_${tag}); }
// y * 2^n with one rounding (results below the normal range are rounded once, at the end).
fn lm_scale_${tag}(y: ${T}, n: i32) -> ${T} {
    if (n > EMAX_${tag}) { return y * lm_pow2_${tag}(EMAX_${tag}) * lm_pow2_${tag}(min(n - EMAX_${tag}, EMAX_${tag})); }
    if (n >= EMIN_${tag}) {
        // A subnormal y or result (|y| < 1 then) is redone by TINY where the device may flush
        // them (NVIDIA flushes float32 subnormal operands and results of `*`); checked on the bits.
        let r = y * lm_pow2_${tag}(n);
        if (${FLUSHES} && lm_tiny_${tag}(r) && nz_${tag}(y)) { return ${TINY}; }
        return r;
    }
    if (n >= EMIN_${tag} - SCALE_K_${tag}) { return ${TINY}; }
    return y * lm_pow2_${tag}(EMIN_${tag}) * lm_pow2_${tag}(EMIN_${tag});
}
// y * 2^n as lm_scale, also for a subnormal y on a device that flushes subnormals: its
// integer mantissa converts to a normal float exactly, and scales from there.
fn lm_scale_sub_${tag}(y: ${T}, n: i32) -> ${T} {
    let bits = bitcast<${U}>(y);
    if ((bits & ${EXPMASK}) != ${U}(0)) { return lm_scale_${tag}(y, n); }
    let m = lm_scale_${tag}(${T}(bits & MANTMASK_${tag}), n + EMIN_${tag} - i32(MANT_${tag}));
    return select(m, -m, signbit_${tag}(y));
}
// Zero or subnormal, by the bits: a device that flushes subnormals may see a subnormal as 0.
fn lm_tiny_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ${EXPMASK}) == ${U}(0); }
fn lm_issub_${tag}(x: ${T}) -> bool {
    return (bitcast<${U}>(x) & ${EXPMASK}) == ${U}(0) && nz_${tag}(x);
}
// The high bits of x (a split with exact products: hi * hi' fits the format).
fn lm_hi_${tag}(x: ${T}) -> ${T} { return bitcast<${T}>(bitcast<${U}>(x) & SPLIT_${tag}); }

// ---- pair arithmetic ------------------------------------------------------------------------
// Compilers simplify (a + b) - a to b and fold (C1 - x) + C2 to (C1 + C2) - x (lavapipe), or
// rewrite x - (x - y) to y (NVIDIA): every step whose rounding matters is opaque. (With only
// s and bb opaque, tan, acos and logaddexp lost up to 11 ulp on the H100.)
fn lm_fast2sum_${tag}(a: ${T}, b: ${T}) -> vec2<${T}> {  // |a| >= |b| or a == 0
    let s = lm_opaque_${tag}(a + b);
    return vec2<${T}>(s, lm_opaque_${tag}(b - lm_opaque_${tag}(s - a)));
}
fn lm_2sum_${tag}(a: ${T}, b: ${T}) -> vec2<${T}> {
    let s = lm_opaque_${tag}(a + b);
    let bb = lm_opaque_${tag}(s - a);
    let da = lm_opaque_${tag}(a - lm_opaque_${tag}(s - bb));
    return vec2<${T}>(s, lm_opaque_${tag}(da + lm_opaque_${tag}(b - bb)));
}
// (a - p.x) - p.y + c for a product pair p = 2prod(u, v) ~ a (the residual of a division or
// a square root), exact up to the last rounding. Every step is opaque: p.y is computed from
// (uh * vh - p.x), and NVIDIA's compiler cancels the p.x that both terms share (f64 div22
// and sqrt2 lost their whole low word).
fn lm_resid_${tag}(a: ${T}, p: vec2<${T}>, c: ${T}) -> ${T} {
    return lm_opaque_${tag}(lm_opaque_${tag}(lm_opaque_${tag}(a - p.x) - p.y) + c);
}
fn lm_2prod_${tag}(a: ${T}, b: ${T}) -> vec2<${T}> {
    let p = lm_opaque_${tag}(a * b);
    let ah = lm_hi_${tag}(a);
    let al = a - ah;
    let bh = lm_hi_${tag}(b);
    let bl = b - bh;
    return vec2<${T}>(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
}
fn lm_add22_${tag}(a: vec2<${T}>, b: vec2<${T}>) -> vec2<${T}> {
    let s = lm_2sum_${tag}(a.x, b.x);
    return lm_fast2sum_${tag}(s.x, s.y + a.y + b.y);
}
fn lm_mul22_${tag}(a: vec2<${T}>, b: vec2<${T}>) -> vec2<${T}> {
    let p = lm_2prod_${tag}(a.x, b.x);
    return lm_fast2sum_${tag}(p.x, p.y + (a.x * b.y + a.y * b.x));
}
fn lm_div22_${tag}(a: vec2<${T}>, b: vec2<${T}>) -> vec2<${T}> {
    let q = a.x / b.x;
    let r = lm_resid_${tag}(a.x, lm_2prod_${tag}(q, b.x), a.y) - q * b.y;
    return lm_fast2sum_${tag}(q, r / b.x);
}
fn lm_sqrt2_${tag}(a: vec2<${T}>) -> vec2<${T}> {  // a.x > 0
    let r = sqrt(a.x);
    return lm_fast2sum_${tag}(r, lm_resid_${tag}(a.x, lm_2prod_${tag}(r, r), a.y) / (${T}(2) * r));
}
fn lm_p_${tag}(x: ${T}) -> vec2<${T}> { return vec2<${T}>(x, ${T}(0)); }
// hi + lo, evaluated in this order: lavapipe moves added constants outwards, (hi + (x + C))
// -> ((hi + x) + C), which would lose a constant's low part.
fn lm_hl_${tag}(hi: ${T}, lo: ${T}) -> ${T} { return hi + lm_opaque_${tag}(lo); }

// ---- exp ------------------------------------------------------------------------------------
// e^x for |x| <= EXP_HI: e^x = 2^k (1 + S) with |r| <= ln2/2; returns (S.hi, S.lo, k).
fn lm_expm1_red_${tag}(xh: ${T}, xl: ${T}) -> vec3<${T}> {
    let k = round(xh * INV_LN2_${tag});
    let u = lm_2sum_${tag}(lm_opaque_${tag}(xh - k * LN2_H_${tag}), -(k * LN2_M_${tag}));
    let r = lm_fast2sum_${tag}(u.x, u.y + (xl - k * LN2_L_${tag}));
    let q = lm_2prod_${tag}(r.x, r.x);
    let tail = r.x * q.x * poly_exp_${tag}(r.x);
    let a = lm_fast2sum_${tag}(r.x, ${T}(0.5) * q.x);
    let s = lm_fast2sum_${tag}(a.x, a.y + (${T}(0.5) * q.y + tail + r.y * (${T}(1) + r.x)));
    return vec3<${T}>(s.x, s.y, k);
}
// e^(xh + xl) as (hi, lo, k): the value is 2^k (hi + lo).
fn lm_exp_ext_${tag}(xh: ${T}, xl: ${T}) -> vec3<${T}> {
    let s = lm_expm1_red_${tag}(xh, xl);
    let e = lm_fast2sum_${tag}(${T}(1), s.x);
    return vec3<${T}>(e.x, e.y + s.y, s.z);
}
fn exp${G}_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (x > EXP_HI_${tag}) { return lm_inf_${tag}(); }
    if (x < EXP_LO_${tag}) { return ${T}(0); }
    let k = round(x * INV_LN2_${tag});
    // opaque, or NVIDIA's compiler folds the constants: x - k (LN2_H + LN2_T), 15 ulp at x = 100
    let r = lm_opaque_${tag}(x - k * LN2_H_${tag}) - k * LN2_T_${tag};
    let h = lm_fast2sum_${tag}(${T}(1), r);  // 1 + r exactly, then the small rest
    return lm_scale_${tag}(h.x + (h.y + r * r * (${T}(0.5) + r * poly_exp_${tag}(r))), i32(k));
}
// expm1 as (hi, lo, k): the value is 2^k (hi + lo); k > 0 only where hi >= 1.
fn lm_expm1_ext_${tag}(x: ${T}) -> vec3<${T}> {
    let s = lm_expm1_red_${tag}(x, ${T}(0));
    let k = i32(s.z);
    if (k == 0) { return vec3<${T}>(s.x, s.y, ${T}(0)); }
    if (k > 0) {  // 2^k (1 + S) - 1 = 2^k ((1 - 2^-k) + S)
        let v = lm_add22_${tag}(lm_2sum_${tag}(${T}(1), -lm_pow2_${tag}(-min(k, PBITS_${tag} + 2))), s.xy);
        return vec3<${T}>(v.x, v.y, s.z);
    }
    let c = lm_pow2_${tag}(k);  // (2^k - 1) + 2^k S
    let v = lm_add22_${tag}(lm_2sum_${tag}(${T}(-1), c), s.xy * c);
    return vec3<${T}>(v.x, v.y, ${T}(0));
}
fn expm1${G}_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (x > EXP_HI_${tag}) { return lm_inf_${tag}(); }
    if (x < EXPM1_LO_${tag}) { return ${T}(-1); }
    if (fabs_${tag}(x) < SMALL_${tag} * SMALL_${tag}) { return x; }
    let e = lm_expm1_ext_${tag}(x);
    return lm_scale_${tag}(e.x + e.y, i32(e.z));
}

// ---- log ------------------------------------------------------------------------------------
// x = 2^k m with m in [sqrt(1/2), sqrt(2)], for finite x > 0; returns (m, k).
fn lm_frexp_${tag}(x: ${T}) -> vec2<${T}> {
    var bits = bitcast<${U}>(x);
    var k = 0;
    if (bits < (${U}(1) << MANT_${tag})) {  // subnormal: x = M 2^(EMIN - MANT), M converts exactly
        bits = bitcast<${U}>(${T}(bits));
        k = EMIN_${tag} - i32(MANT_${tag});
    }
    k = k + i32(bits >> MANT_${tag}) - BIAS_${tag};
    var m = bitcast<${T}>((bits & MANTMASK_${tag}) | ONEBITS_${tag});
    if (m > SQRT2_${tag}) {
        m = m * ${T}(0.5);
        k = k + 1;
    }
    return vec2<${T}>(m, ${T}(k));
}
// ln(m) as a pair, m in [sqrt(1/2), sqrt(2)]: 2 atanh(s) with s = (m - 1) / (m + 1).
fn lm_log_m_${tag}(m: ${T}) -> vec2<${T}> {
    return lm_log_s_${tag}(lm_div22_${tag}(lm_p_${tag}(m - ${T}(1)), lm_2sum_${tag}(m, ${T}(1))));
}
// 2 atanh(s) = ln((1 + s) / (1 - s)) as a pair, for a pair |s| <= 0.1716.
fn lm_log_s_${tag}(s: vec2<${T}>) -> vec2<${T}> {
    let z = lm_mul22_${tag}(s, s);
    let s3 = lm_mul22_${tag}(s, z);
    let c3 = lm_mul22_${tag}(s3, vec2<${T}>(TWO_THIRDS_H_${tag}, TWO_THIRDS_L_${tag}));
    let t5 = s3.x * z.x * poly_log_${tag}(z.x);
    let a = lm_fast2sum_${tag}(${T}(2) * s.x, c3.x);
    return lm_fast2sum_${tag}(a.x, a.y + (${T}(2) * s.y + c3.y + t5));
}
// ln(x) as a pair, for finite x > 0.
fn lm_log_ext_${tag}(x: ${T}) -> vec2<${T}> {
    let mk = lm_frexp_${tag}(x);
    let k = mk.y;
    let kl = lm_2sum_${tag}(k * LN2_H_${tag}, k * LN2_M_${tag});
    return lm_add22_${tag}(vec2<${T}>(kl.x, kl.y + k * LN2_L_${tag}), lm_log_m_${tag}(mk.x));
}
// ln(v.x + v.y) for v.x > 0.
fn lm_log_pair_${tag}(v: vec2<${T}>) -> vec2<${T}> {
    let l = lm_log_ext_${tag}(v.x);
    return lm_fast2sum_${tag}(l.x, l.y + v.y / v.x);
}
// log1p(u) for a pair u > -1. Near 0 from u / (2 + u) directly: 1 + u as a pair would keep
// only one word of u.
fn lm_log1p_pair_${tag}(u: vec2<${T}>) -> vec2<${T}> {
    if (u.x > ${T}(-0.29) && u.x < ${T}(0.41)) {
        return lm_log_s_${tag}(lm_div22_${tag}(u, lm_add22_${tag}(lm_p_${tag}(${T}(2)), u)));
    }
    return lm_log_pair_${tag}(lm_add22_${tag}(lm_p_${tag}(${T}(1)), u));
}
// NaN, negative, zero and infinite arguments of the log family; 0 where none applies.
fn lm_log_special_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (!nz_${tag}(x)) { return -lm_inf_${tag}(); }
    if (signbit_${tag}(x)) { return nan_${tag}(); }
    return x;  // +inf
}
fn lm_log_ok_${tag}(x: ${T}) -> bool {
    return isfinite_${tag}(x) && nz_${tag}(x) && !signbit_${tag}(x);
}
fn log_${tag}(x: ${T}) -> ${T} {
    if (!lm_log_ok_${tag}(x)) { return lm_log_special_${tag}(x); }
    let mk = lm_frexp_${tag}(x);
    return lm_log_mk_${tag}(mk.x, mk.y);
}
// ln(2^k m) for lm_frexp's (m, k): log's kernel, also for callers that know x is positive and
// normal and read m and k off its bits (wgsl/random_philox.wgsl's uniforms).
fn lm_log_mk_${tag}(m: ${T}, k: ${T}) -> ${T} {
    let f = m - ${T}(1);
    let s = f / (${T}(2) + f);
    let z = s * s;
    let r = z * (TWO_THIRDS_${tag} + z * poly_log_${tag}(z));
    let hfsq = ${T}(0.5) * f * f;
    // ln(m) = f - hfsq + s (hfsq + r), since 2 atanh(s) = 2s + s r and f = 2s + s f.
    return k * LN2_H_${tag} - ((hfsq - (s * (hfsq + r) + k * LN2_T_${tag})) - f);
}
fn log2_${tag}(x: ${T}) -> ${T} {
    if (!lm_log_ok_${tag}(x)) { return lm_log_special_${tag}(x); }
    let mk = lm_frexp_${tag}(x);
    let l = lm_mul22_${tag}(lm_log_m_${tag}(mk.x), vec2<${T}>(INV_LN2_H_${tag}, INV_LN2_L_${tag}));
    let v = lm_add22_${tag}(lm_p_${tag}(mk.y), l);
    return v.x + v.y;
}
fn log10_${tag}(x: ${T}) -> ${T} {
    if (!lm_log_ok_${tag}(x)) { return lm_log_special_${tag}(x); }
    let mk = lm_frexp_${tag}(x);
    let k = mk.y;
    let kl = lm_2sum_${tag}(k * LOG10_2_H_${tag}, k * LOG10_2_M_${tag});
    let l = lm_mul22_${tag}(lm_log_m_${tag}(mk.x), vec2<${T}>(INV_LN10_H_${tag}, INV_LN10_L_${tag}));
    let v = lm_add22_${tag}(vec2<${T}>(kl.x, kl.y + k * LOG10_2_L_${tag}), l);
    return v.x + v.y;
}
fn log1p_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (x == ${T}(-1)) { return -lm_inf_${tag}(); }
    if (x < ${T}(-1)) { return nan_${tag}(); }
    if (isinf_${tag}(x)) { return x; }
    if (fabs_${tag}(x) < SMALL_${tag} * SMALL_${tag}) { return x; }
    let v = lm_log1p_pair_${tag}(lm_p_${tag}(x));
    return v.x + v.y;
}
fn logaddexp_${tag}(x: ${T}, y: ${T}) -> ${T} {
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return nan_${tag}(); }
    // select, not max/min: those flush a subnormal operand to zero on NVIDIA
    let m = select(y, x, x > y);
    let n = select(x, y, x > y);
    if (isinf_${tag}(m) || isinf_${tag}(n)) { return m; }  // +inf, or -inf and anything
    let d = lm_2sum_${tag}(n, -m);  // -(m - n) exactly, <= 0
    if (d.x < EXP_LO_${tag}) {  // m + a positive number below half an ulp: m, and +0.0 for a zero m
        return select(m, ${T}(0), (bitcast<${U}>(m) & ${ABSMASK}) == ${U}(0));
    }
    // m + log1p(e), e = exp(-(m - n)); log1p(e) = e to working precision for small e.
    let e = lm_exp_ext_${tag}(d.x, d.y);
    var l = vec2<${T}>(lm_scale_${tag}(e.x, i32(e.z)), lm_scale_${tag}(e.y, i32(e.z)));
    if (d.x > -LAE_BIG_${tag}) {
        l = lm_log1p_pair_${tag}(l);
    } else if ((bitcast<${U}>(m) & ${ABSMASK}) < bitcast<${U}>(lm_pow2_${tag}(EMIN_${tag} + PBITS_${tag}))) {
        // m + e^d with both near or below the normal range (NVIDIA flushes subnormals): scaled by 2^P
        let k = i32(e.z) + PBITS_${tag};
        let s = lm_2sum_${tag}(lm_scale_sub_${tag}(m, PBITS_${tag}), lm_scale_${tag}(e.x, k));
        return lm_scale_${tag}(s.x + (s.y + lm_scale_${tag}(e.y, k)), -PBITS_${tag});
    }
    let s = lm_2sum_${tag}(m, l.x);
    return s.x + (s.y + l.y);
}
