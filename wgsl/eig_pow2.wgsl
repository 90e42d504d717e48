// 2^-e for the exponent e of x (x > 0 finite), clamped to the normal range: an exact scale
// that brings x near 1, so that sums of squares neither overflow nor underflow.
fn f_pow2_recip(x: R) -> R {
    let e = i32((bitcast<${U}>(x) >> ${MANT}u) & ${EMASK}${US}) - ${BIAS};
    return f_pow2(-e);
}
// 2^k, k clamped to the normal exponents.
fn f_pow2(k: i32) -> R {
    let c = clamp(k, 1 - ${BIAS}, ${BIAS});
    return bitcast<R>(${U}(c + ${BIAS}) << ${MANT}u);
}
