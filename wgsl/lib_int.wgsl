// Signed integer helpers for ${T}; NumPy's results, including division by zero giving 0.
// C's truncated remainder, from the quotient: NVIDIA's Vulkan driver computes WGSL's signed `%`
// of a negative operand as if both were unsigned (-60 % 3 gave 1), while its division is right.
// b must be nonzero and not -1 (MIN / -1 overflows).
fn srem_${tag}(a: ${T}, b: ${T}) -> ${T} { return a - b * (a / b); }
fn floordiv_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b == ${ZERO}) { return ${ZERO}; }
    if (b == -${ONE}) { return -a; }
    let q = a / b;
    if ((a - b * q != ${ZERO}) && ((a < ${ZERO}) != (b < ${ZERO}))) { return q - ${ONE}; }
    return q;
}
fn remainder_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b == ${ZERO} || b == -${ONE}) { return ${ZERO}; }
    let r = srem_${tag}(a, b);
    if (r != ${ZERO} && ((r < ${ZERO}) != (b < ${ZERO}))) { return r + b; }
    return r;
}
fn pow_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b < ${ZERO}) {
        if (a == ${ONE}) { return ${ONE}; }
        if (a == -${ONE}) { return select(${ONE}, -${ONE}, (b & ${ONE}) != ${ZERO}); }
        return ${ZERO};
    }
    var result = ${ONE};
    var base = a;
    var e = b;
    while (e > ${ZERO}) {
        if ((e & ${ONE}) != ${ZERO}) { result = result * base; }
        base = base * base;
        e = e >> 1u;
    }
    return result;
}
fn sign_${tag}(a: ${T}) -> ${T} { return select(select(${ZERO}, -${ONE}, a < ${ZERO}), ${ONE}, a > ${ZERO}); }
fn abs_${tag}(a: ${T}) -> ${T} { return select(a, -a, a < ${ZERO}); }
// Shifts by a negative amount or by the width or more saturate, as in NumPy.
fn shl_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b < ${ZERO} || b >= ${T}(${WIDTH})) { return ${ZERO}; }
    return a << u32(b);
}
fn shr_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b < ${ZERO} || b >= ${T}(${WIDTH})) { return select(${ZERO}, -${ONE}, a < ${ZERO}); }
    return a >> u32(b);
}
// NumPy's gcd and lcm of signed integers: C's, on the magnitudes as unsigned (|MIN| is 2^(w-1),
// which reads back as MIN); lcm wraps around on overflow.
fn gcd_${tag}(a: ${T}, b: ${T}) -> ${T} {
    return bitcast<${T}>(gcd_u${WIDTH}(bitcast<u${WIDTH}>(abs_${tag}(a)), bitcast<u${WIDTH}>(abs_${tag}(b))));
}
fn lcm_${tag}(a: ${T}, b: ${T}) -> ${T} {
    return bitcast<${T}>(lcm_u${WIDTH}(bitcast<u${WIDTH}>(abs_${tag}(a)), bitcast<u${WIDTH}>(abs_${tag}(b))));
}
// C's remainder (the dividend's sign); 0 for a zero divisor, as in NumPy, and for -1 (MIN % -1 overflows in C).
fn fmod_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (b == ${ZERO} || b == -${ONE}) { return ${ZERO}; }
    return srem_${tag}(a, b);
}
// NumPy's bitwise_count: the 1-bits of |a| (|MIN| as unsigned).
fn popcount_${tag}(a: ${T}) -> u32 { return popcount_u${WIDTH}(bitcast<u${WIDTH}>(abs_${tag}(a))); }
