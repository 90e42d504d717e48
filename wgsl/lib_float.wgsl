// Float helpers for ${T}. Classification works on the bits, so it is immune to
// fast-math assumptions in drivers; results follow NumPy bit for bit.
fn isnan_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ${ABSMASK}) > ${EXPMASK}; }
fn isinf_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ${ABSMASK}) == ${EXPMASK}; }
fn isfinite_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ${EXPMASK}) != ${EXPMASK}; }
fn signbit_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ~${ABSMASK}) != 0${US}; }
// Truthiness (nonzero or nan) and !=, on the bits: WGSL lets drivers assume floats are
// never NaN, and lavapipe then evaluates `nan != 0` as false.
fn nz_${tag}(x: ${T}) -> bool { return (bitcast<${U}>(x) & ${ABSMASK}) != 0${US}; }
fn ne_${tag}(a: ${T}, b: ${T}) -> bool { return !equal_${tag}(a, b); }
// Comparisons on the bits (order_key), NaN unordered: NVIDIA flushes float32 subnormal operands
// of its compare instructions (1e-45 == 0.0 there).
fn equal_${tag}(a: ${T}, b: ${T}) -> bool {
    if (isnan_${tag}(a) || isnan_${tag}(b)) { return false; }
    return bitcast<${U}>(a) == bitcast<${U}>(b) || (!nz_${tag}(a) && !nz_${tag}(b));
}
fn less_${tag}(a: ${T}, b: ${T}) -> bool { return !isnan_${tag}(a) && !isnan_${tag}(b) && !ge_${tag}(a, b); }
fn less_equal_${tag}(a: ${T}, b: ${T}) -> bool { return !isnan_${tag}(a) && !isnan_${tag}(b) && ge_${tag}(b, a); }
fn greater_${tag}(a: ${T}, b: ${T}) -> bool { return less_${tag}(b, a); }
fn greater_equal_${tag}(a: ${T}, b: ${T}) -> bool { return less_equal_${tag}(b, a); }
fn nan_${tag}() -> ${T} { return bitcast<${T}>(${QNAN}); }
fn fabs_${tag}(x: ${T}) -> ${T} { return bitcast<${T}>(bitcast<${U}>(x) & ${ABSMASK}); }
fn neg_${tag}(x: ${T}) -> ${T} { return bitcast<${T}>(bitcast<${U}>(x) ^ ~${ABSMASK}); }
fn copysign_${tag}(x: ${T}, y: ${T}) -> ${T} {
    return bitcast<${T}>((bitcast<${U}>(x) & ${ABSMASK}) | (bitcast<${U}>(y) & ~${ABSMASK}));
}
// NumPy: maximum/minimum propagate NaN, and on ties (0.0 vs -0.0) return the second.
fn maximum_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(b, a, greater_${tag}(a, b) || isnan_${tag}(a)); }
fn minimum_${tag}(a: ${T}, b: ${T}) -> ${T} { return select(b, a, less_${tag}(a, b) || isnan_${tag}(a)); }
// The zero comes from x's own bits: drivers may fold the comparisons into a sign op
// that keeps the sign of zero, but NumPy's sign(-0.0) is +0.0.
fn sign_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (!nz_${tag}(x)) { return fabs_${tag}(x); }
    return copysign_${tag}(${T}(1), x);
}
fn nextafter_${tag}(x: ${T}, y: ${T}) -> ${T} {
    if (isnan_${tag}(x) || isnan_${tag}(y)) { return x + y; }
    // Compared on the bits: NVIDIA's compare instructions flush float32 subnormal operands.
    if (equal_${tag}(x, y)) { return y; }
    if (!nz_${tag}(x)) { return copysign_${tag}(bitcast<${T}>(1${US}), y); }
    let bits = bitcast<${U}>(x);
    // Moving away from zero increments the magnitude bits, towards zero decrements them.
    let away = greater_${tag}(y, x) == !signbit_${tag}(x);
    return bitcast<${T}>(select(bits - 1${US}, bits + 1${US}, away));
}
// Correctly rounded division and sqrt. NVIDIA's f32 built-ins are approximate (a third of
// f32 quotients off by an ulp), while f64 division and sqrt are correctly rounded on the
// adapters we measured. An f32 result computed in f64 and rounded once is correctly rounded
// too, since 53 >= 2 * 24 + 2 makes the double rounding harmless.
fn div_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${DIV}; }
// x itself, through a select on its bits that no compiler sees through: a product passed
// through it is rounded on its own, never contracted into a later sum (NVIDIA fuses a * b + c
// into an fma; NumPy rounds each product), and a sum is never reassociated with its neighbours.
fn rounded_${tag}(x: ${T}) -> ${T} { return select(x, ${T}(0), bitcast<${U}>(x) == (${QNAN} | 0xdead${US})); }
fn sqrt_${tag}(x: ${T}) -> ${T} { return ${SQRT}; }
// Exact fmod by binary long division: each subtraction is exact (Sterbenz).
// float32 runs it in float64 where the device has it (exact either way): NVIDIA flushes the
// float32 subnormals that the loop below would halve and compare.
fn fmod_${tag}(x: ${T}, y: ${T}) -> ${T} { return ${FMOD}; }
fn fmod_loop_${tag}(x: ${T}, y: ${T}) -> ${T} {
    if (!isfinite_${tag}(x) || isnan_${tag}(y) || y == ${T}(0)) { return nan_${tag}(); }
    let ay = fabs_${tag}(y);
    var r = fabs_${tag}(x);
    if (r < ay) { return x; }
    var d = ay;
    while (d * ${T}(2) <= r) { d = d * ${T}(2); }
    loop {
        if (r >= d) { r = r - d; }
        if (d == ay) { break; }
        d = d * ${T}(0.5);
    }
    return copysign_${tag}(r, x);
}
// NumPy's npy_divmod: returns (floor quotient, remainder with the divisor's sign). C's
// `if (mod)` is true for NaN, so NaNs take the branches they take in C (nz_ tests).
fn divmod_${tag}(a: ${T}, b: ${T}) -> vec2<${T}> {
    if (!nz_${tag}(b)) { return vec2<${T}>(div_${tag}(a, b), fmod_${tag}(a, b)); }
    // add_/sub_: m is subnormal for tiny divisors, which NVIDIA's float32 `+`/`-` would flush.
    var m = fmod_${tag}(a, b);
    var div = div_${tag}(sub_${tag}(a, m), b);
    if (nz_${tag}(m)) {
        if (signbit_${tag}(b) != signbit_${tag}(m)) { m = add_${tag}(m, b); div = div - ${T}(1); }
    } else {
        m = copysign_${tag}(${T}(0), b);
    }
    var q: ${T};
    if (isnan_${tag}(div)) {
        q = div;
    } else if (nz_${tag}(div)) {
        q = floor(div);
        if (div - q > ${T}(0.5)) { q = q + ${T}(1); }
    } else {
        q = copysign_${tag}(${T}(0), div_${tag}(a, b));
    }
    return vec2<${T}>(q, m);
}
// The standard's special cases: an infinite operand against a finite one divides as is
// (+inf // 2 = +inf and -1 // +inf = -0, where NumPy gives nan and -1).
fn floordiv_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (isinf_${tag}(a) != isinf_${tag}(b) && !isnan_${tag}(a) && !isnan_${tag}(b)) { return div_${tag}(a, b); }
    return divmod_${tag}(a, b).x;
}
fn remainder_${tag}(a: ${T}, b: ${T}) -> ${T} {
    if (!nz_${tag}(b)) { return fmod_${tag}(a, b); }
    return divmod_${tag}(a, b).y;
}
// Correctly rounded sums, differences and products, subnormals kept: float32 checks for them
// and redoes those in float64 where the device has it (NVIDIA flushes float32 subnormal
// operands and results of `+`, `-`, `*`).
fn add_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${ADD}; }
fn sub_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${SUB}; }
fn mul_${tag}(a: ${T}, b: ${T}) -> ${T} { return ${MUL}; }
// A key of non-NaN floats, on the bits, whose integer order is theirs with -0.0 below 0.0:
// negative floats order the other way round, and flipping their magnitude bits makes it total.
// Right for subnormals on devices that flush them.
fn order_key_${tag}(a: ${T}) -> ${S} {
    let ia = bitcast<${S}>(a);
    return select(ia, ia ^ bitcast<${S}>(${ABSMASK}), ia < ${S}(0));
}
// a >= b for non-NaN a, b (0.0 and -0.0 are equal).
fn ge_${tag}(a: ${T}, b: ${T}) -> bool {
    if (!nz_${tag}(a) && !nz_${tag}(b)) { return true; }
    return order_key_${tag}(a) >= order_key_${tag}(b);
}
// NumPy's fmax/fmin: a NaN operand loses to a number. Zeros order -0.0 below 0.0 (IEEE 754-2019's
// maximumNumber, as NumPy's maximum and minimum), so fmax(-0.0, 0.0) is 0.0 either way round and
// the fold over them is exact in any order. (NumPy's own loops differ there: its scalar loop gives
// the first operand, its x86 SIMD loop the second.)
fn fmax_${tag}(a: ${T}, b: ${T}) -> ${T} {
    return select(b, a, isnan_${tag}(b) || (!isnan_${tag}(a) && order_key_${tag}(a) >= order_key_${tag}(b)));
}
fn fmin_${tag}(a: ${T}, b: ${T}) -> ${T} {
    return select(b, a, isnan_${tag}(b) || (!isnan_${tag}(a) && order_key_${tag}(b) >= order_key_${tag}(a)));
}
// NumPy's clip of one float by a lower (upper) bound: x unless the bound lies strictly beyond
// it, so clip(-0.0, 0, 2) stays -0.0; a NaN x or bound gives NaN.
fn clip_low_${tag}(x: ${T}, low: ${T}) -> ${T} {
    return select(x, low, isnan_${tag}(low) || (!isnan_${tag}(x) && !ge_${tag}(x, low)));
}
fn clip_high_${tag}(x: ${T}, high: ${T}) -> ${T} {
    return select(x, high, isnan_${tag}(high) || (!isnan_${tag}(x) && !ge_${tag}(high, x)));
}
// With one bound only, NumPy 2 clips through maximum (minimum), whose ties give the bound:
// clip(0.0, None, -0.0) is -0.0.
fn clip_only_low_${tag}(x: ${T}, low: ${T}) -> ${T} {
    return select(x, low, isnan_${tag}(low) || (!isnan_${tag}(x) && !(ge_${tag}(x, low) && !ge_${tag}(low, x))));
}
fn clip_only_high_${tag}(x: ${T}, high: ${T}) -> ${T} {
    return select(x, high, isnan_${tag}(high) || (!isnan_${tag}(x) && !(ge_${tag}(high, x) && !ge_${tag}(x, high))));
}
// NumPy's heaviside: NaN for NaN, h0 at (either) zero, else 0 or 1; tested on the bits.
fn heaviside_${tag}(x: ${T}, h0: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (!nz_${tag}(x)) { return h0; }
    return select(${T}(1), ${T}(0), signbit_${tag}(x));
}
// NumPy's nan_to_num for one float: NaN, +inf and -inf replaced by the given values.
fn nan_to_num_${tag}(x: ${T}, nan: ${T}, posinf: ${T}, neginf: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return nan; }
    if (isinf_${tag}(x)) { return select(posinf, neginf, signbit_${tag}(x)); }
    return x;
}
// NumPy's modf fraction: x - trunc(x) with x's sign, +-0 for an infinity; x itself below 1, by
// its bits (a subnormal x meets no float arithmetic, which NVIDIA would flush).
fn modf_frac_${tag}(x: ${T}) -> ${T} {
    if (isnan_${tag}(x)) { return x; }
    if (isinf_${tag}(x)) { return copysign_${tag}(${T}(0), x); }
    if (fabs_${tag}(x) < ${T}(1)) { return x; }
    return copysign_${tag}(x - trunc(x), x);
}
