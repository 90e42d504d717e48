// Unsigned integer helpers for ${T}; division by zero gives 0, as in NumPy.
fn floordiv_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(a / max(b, ${ONE}), ${ZERO}, b == ${ZERO}); }
fn remainder_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(a % max(b, ${ONE}), ${ZERO}, b == ${ZERO}); }
fn pow_${tag}(a: ${T}, b: ${T}) -> ${T} {
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
fn sign_${tag}(a: ${T}) -> ${T} { return select(${ZERO}, ${ONE}, a > ${ZERO}); }
fn shl_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(${ZERO}, a << u32(min(b, ${T}(${WIDTH} - 1))), b < ${T}(${WIDTH})); }
fn shr_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(${ZERO}, a >> u32(min(b, ${T}(${WIDTH} - 1))), b < ${T}(${WIDTH})); }
// Euclid's algorithm: at most about 1.44 log2(2^64) steps.
fn gcd_${tag}(a: ${T}, b: ${T}) -> ${T} {
    var x = a;
    var y = b;
    while (x != ${ZERO}) {
        let t = x;
        x = y % x;
        y = t;
    }
    return y;
}
fn lcm_${tag}(a: ${T}, b: ${T}) -> ${T} {
    let g = gcd_${tag}(a, b);
    return select(a / max(g, ${ONE}) * b, ${ZERO}, g == ${ZERO});
}
fn fmod_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(a % max(b, ${ONE}), ${ZERO}, b == ${ZERO}); }
// The high half of a 64-bit word is shifted in two steps, which leaves 0 for a 32-bit one.
fn popcount_${tag}(a: ${T}) -> u32 {
    return countOneBits(u32(a & ${T}(0xffffffffu))) + countOneBits(u32((a >> 16u) >> 16u));
}
