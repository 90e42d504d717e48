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
// Whether sums of squares of values up to x could overflow or underflow (x >= 0): then the
// matrix is scaled first (a scale by 2^-e loses values below 2^(e - ${BIAS}), so only then).
fn f_needs_scaling(x: R) -> bool { return x > f_pow2(${HALF}) || x < f_pow2(-${HALF}); }
