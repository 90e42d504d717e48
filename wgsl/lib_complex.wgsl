// Complex helpers for ${T} = (re, im); arithmetic as NumPy computes it.
fn cisnan_${tag}(z: ${T}) -> bool { return isnan_${ftag}(z.x) || isnan_${ftag}(z.y); }
fn cisinf_${tag}(z: ${T}) -> bool { return isinf_${ftag}(z.x) || isinf_${ftag}(z.y); }
fn cisfinite_${tag}(z: ${T}) -> bool { return isfinite_${ftag}(z.x) && isfinite_${ftag}(z.y); }
fn cnz_${tag}(z: ${T}) -> bool { return nz_${ftag}(z.x) || nz_${ftag}(z.y); }
fn cne_${tag}(a: ${T}, b: ${T}) -> bool { return !cequal_${tag}(a, b); }
fn cequal_${tag}(a: ${T}, b: ${T}) -> bool { return equal_${ftag}(a.x, b.x) && equal_${ftag}(a.y, b.y); }
fn cadd_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${T}(add_${ftag}(a.x, b.x), add_${ftag}(a.y, b.y)); }
fn csub_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${T}(sub_${ftag}(a.x, b.x), sub_${ftag}(a.y, b.y)); }
fn cneg_${tag}(z: ${T}) -> ${T} { return ${T}(neg_${ftag}(z.x), neg_${ftag}(z.y)); }
fn conj_${tag}(z: ${T}) -> ${T} { return ${T}(z.x, neg_${ftag}(z.y)); }
// The arithmetic below goes through lib_float's add_/sub_/mul_/div_ and compares on the bits:
// for float32 they keep subnormal operands and results, which NVIDIA's instructions flush.
// Each product is rounded on its own, as NumPy's loops round them.
fn cmul_${tag}(a: ${T}, b: ${T}) -> ${T} {
    return ${T}(sub_${ftag}(mul_${ftag}(a.x, b.x), mul_${ftag}(a.y, b.y)),
                add_${ftag}(mul_${ftag}(a.x, b.y), mul_${ftag}(a.y, b.x)));
}
// The product with native arithmetic, for kernels whose roundings are their own (LU's updates, as
// its real kernels' `a * b`): no subnormal checks in their inner loops.
fn cmul_native_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${T}(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
// NumPy's reciprocal loop (not 1 / z by Smith's algorithm: the roundings and 1/0 differ).
fn crecip_${tag}(z: ${T}) -> ${T} {
    if (less_equal_${ftag}(fabs_${ftag}(z.y), fabs_${ftag}(z.x))) {
        let r = div_${ftag}(z.y, z.x);
        let d = add_${ftag}(z.x, mul_${ftag}(z.y, r));
        return ${T}(div_${ftag}(${F}(1), d), div_${ftag}(neg_${ftag}(r), d));
    }
    let r = div_${ftag}(z.x, z.y);
    let d = add_${ftag}(z.y, mul_${ftag}(z.x, r));
    return ${T}(div_${ftag}(r, d), div_${ftag}(${F}(-1), d));
}
// Smith's algorithm, branch for branch as NumPy. Native arithmetic (lib_float's checked helpers
// throughout doubled the time of a complex64 quotient on the H100: 2^24, 199 -> 394 us), guarded:
// where a float32 part is outside cm_plain's range or the last product underflows, cdiv_kept
// redoes the quotient with subnormals kept (NVIDIA's float32 arithmetic flushes them to 0).
// Each product is rounded on its own (rounded_: NVIDIA's compiler would contract it into the
// sum, an ulp away from NumPy in the quotient).
fn cdiv_${tag}(a: ${T}, b: ${T}) -> ${T} {
    // Both branches at once: (c, d) = (b.x, b.y) where |b.x| >= |b.y|, else (b.y, b.x); the
    // dividend's parts (s, t) likewise. One call site of cdiv_kept keeps the kernel small.
    let br = fabs_${ftag}(b.x);
    let bi = fabs_${ftag}(b.y);
    let wide = greater_equal_${ftag}(br, bi);
    let c = select(b.y, b.x, wide);
    let d = select(b.x, b.y, wide);
    let s = select(a.y, a.x, wide);
    let t = select(a.x, a.y, wide);
    let rat = div_${ftag}(d, c);
    let scl = div_${ftag}(${F}(1), c + rounded_${ftag}(d * rat));
    let re = s + rounded_${ftag}(t * rat);  // a.x + a.y rat, or a.x rat + a.y
    let sr = rounded_${ftag}(s * rat);
    let im = select(sr - t, t - sr, wide);  // a.y - a.x rat, or a.y rat - a.x
    var q = ${T}(re * scl, im * scl);
    if (!nz_${ftag}(br) && !nz_${ftag}(bi)) { q = ${T}(div_${ftag}(a.x, br), div_${ftag}(a.y, br)); }
    if (${FLUSHES} && (!(cm_plain_${tag}(a.x) && cm_plain_${tag}(a.y) && cm_plain_${tag}(b.x) && cm_plain_${tag}(b.y))
                       || (!nz_${ftag}(q.x) && nz_${ftag}(re)) || (!nz_${ftag}(q.y) && nz_${ftag}(im)))) {
        return cdiv_kept_${tag}(a, b);
    }
    return q;
}
// Zero, or a magnitude in [2^-34, 2^34]: for such parts every step of Smith's algorithm but the
// last product stays in float32's normal range (a nonzero sum is a multiple of its smaller term's
// ulp, at least 2^-34^3 2^-23). Only float32 asks (FLUSHES): no device flushes float64's subnormals.
fn cm_plain_${tag}(x: ${F}) -> bool {
    let e = i32((bitcast<${U}>(x) & ${EXPMASK}) >> ${MANT});
    return !nz_${ftag}(x) || abs(e - ${BIAS}) <= 34;
}
// cdiv through lib_float's checked arithmetic, for callers off the hot path (sinc): a subnormal
// part is kept where NVIDIA's native float32 arithmetic would flush it (identical elsewhere).
fn cdiv_kept_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let br = fabs_${ftag}(b.x);
    let bi = fabs_${ftag}(b.y);
    if (greater_equal_${ftag}(br, bi)) {
        if (!nz_${ftag}(br) && !nz_${ftag}(bi)) { return ${T}(div_${ftag}(a.x, br), div_${ftag}(a.y, br)); }
        let rat = div_${ftag}(b.y, b.x);
        let scl = div_${ftag}(${F}(1), add_${ftag}(b.x, mul_${ftag}(b.y, rat)));
        return ${T}(mul_${ftag}(add_${ftag}(a.x, mul_${ftag}(a.y, rat)), scl),
                    mul_${ftag}(sub_${ftag}(a.y, mul_${ftag}(a.x, rat)), scl));
    }
    let rat = div_${ftag}(b.x, b.y);
    let scl = div_${ftag}(${F}(1), add_${ftag}(b.y, mul_${ftag}(b.x, rat)));
    return ${T}(mul_${ftag}(add_${ftag}(mul_${ftag}(a.x, rat), a.y), scl),
                mul_${ftag}(sub_${ftag}(mul_${ftag}(a.y, rat), a.x), scl));
}
// NumPy's <, <=, >, >= of complex numbers (its CLT, CLE, CGT, CGE): the real parts decide, where
// neither imaginary part is NaN; equal real parts leave it to the imaginary parts.
fn cm_real_order_${tag}(a: ${T}, b: ${T}) -> bool { return !isnan_${ftag}(a.y) && !isnan_${ftag}(b.y); }
fn cless_${tag}(a: ${T}, b: ${T}) -> bool {
    return (less_${ftag}(a.x, b.x) && cm_real_order_${tag}(a, b)) || (equal_${ftag}(a.x, b.x) && less_${ftag}(a.y, b.y));
}
fn cless_equal_${tag}(a: ${T}, b: ${T}) -> bool {
    return (less_${ftag}(a.x, b.x) && cm_real_order_${tag}(a, b)) || (equal_${ftag}(a.x, b.x) && less_equal_${ftag}(a.y, b.y));
}
fn cgreater_${tag}(a: ${T}, b: ${T}) -> bool { return cless_${tag}(b, a); }
fn cgreater_equal_${tag}(a: ${T}, b: ${T}) -> bool { return cless_equal_${tag}(b, a); }
// NumPy's maximum/minimum of complex numbers: the lexicographic order (real part first), ties
// giving the first operand; a NaN part propagates (the first operand's, if both have one).
// (The orders come from cgreater_equal / cless_equal, consulted only where neither operand is NaN.)
fn cmaximum_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let ge = cgreater_equal_${tag}(a, b);
    return select(b, a, cisnan_${tag}(a) || (!cisnan_${tag}(b) && ge));
}
fn cminimum_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let le = cless_equal_${tag}(a, b);
    return select(b, a, cisnan_${tag}(a) || (!cisnan_${tag}(b) && le));
}
// NumPy's fmax/fmin of complex numbers: a NaN part loses to a number; otherwise the
// lexicographic order (real part first), ties giving the first operand.
fn cfmax_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let ge = cgreater_equal_${tag}(a, b);
    return select(b, a, cisnan_${tag}(b) || (!cisnan_${tag}(a) && ge));
}
fn cfmin_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let le = cless_equal_${tag}(a, b);
    return select(b, a, cisnan_${tag}(b) || (!cisnan_${tag}(a) && le));
}
