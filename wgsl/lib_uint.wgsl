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
