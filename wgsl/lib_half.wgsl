// float16 (NumPy's half) is stored two per u32 word and computed in f32 registers (as
// NumPy's float16 loops compute in float32 and round once). Loads widen exactly; stores
// round to nearest even with overflow to inf, subnormals, NaN kept NaN and -0.0 kept, bit
// for bit as NumPy's npy_floatbits_to_halfbits: WGSL's pack2x16float leaves rounding and
// out-of-range values to the implementation, so everything here works on the bits.

// The float32 value of a half's 16 bits (exact: every half is a normal float32 or zero).
fn half_to_f32(h: u32) -> f32 {
    let sign = (h & 0x8000u) << 16u;
    let e = (h >> 10u) & 0x1fu;
    let m = h & 0x3ffu;
    if (e == 0x1fu) { return bitcast<f32>(sign | 0x7f800000u | (m << 13u)); }  // inf, NaN
    if (e != 0u) { return bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u)); }
    if (m == 0u) { return bitcast<f32>(sign); }
    // a subnormal half, m * 2^-24, is a normal float32: normalise m by its leading bit
    let lead = 31u - countLeadingZeros(m);
    return bitcast<f32>(sign | ((lead + 103u) << 23u) | ((m << (23u - lead)) & 0x7fffffu));
}

// The half nearest to a float32 (ties to even), as its 16 bits in a u32.
fn f32_to_half(x: f32) -> u32 {
    let f = bitcast<u32>(x);
    let sign = (f >> 16u) & 0x8000u;
    let f_exp = f & 0x7f800000u;
    if (f_exp >= 0x47800000u) {  // beyond the half range: inf, or NaN with its top payload bits
        let f_sig = f & 0x7fffffu;
        if (f_exp == 0x7f800000u && f_sig != 0u) { return sign | max(0x7c00u + (f_sig >> 13u), 0x7c01u); }
        return sign | 0x7c00u;
    }
    if (f_exp <= 0x38000000u) {  // a subnormal half or zero
        if (f_exp < 0x33000000u) { return sign; }
        var f_sig = (0x800000u + (f & 0x7fffffu)) >> (113u - (f_exp >> 23u));
        // round up unless already even with exactly half an ulp left (bits shifted out count too)
        if ((f_sig & 0x3fffu) != 0x1000u || (f & 0x7ffu) != 0u) { f_sig += 0x1000u; }
        return sign | (f_sig >> 13u);  // a carry makes the smallest normal, as it should
    }
    var f_sig = f & 0x7fffffu;
    if ((f_sig & 0x3fffu) != 0x1000u) { f_sig += 0x1000u; }
    // a carry out of the significand increments the exponent (up to inf), as it should
    return sign | (((f_exp - 0x38000000u) >> 13u) + (f_sig >> 13u));
}

// x rounded to the nearest half, as a float32 register value.
fn half_round(x: f32) -> f32 { return half_to_f32(f32_to_half(x)); }

// The functions of a half's bit layout, over its float32 register value (which is a half).
fn half_bits_isnan(h: u32) -> bool { return (h & 0x7fffu) > 0x7c00u; }

// The next half after x towards y (NumPy's npy_half_nextafter).
fn nextafter_half(x: f32, y: f32) -> f32 {
    let hx = f32_to_half(x);
    let hy = f32_to_half(y);
    if (half_bits_isnan(hx) || half_bits_isnan(hy)) { return half_to_f32(0x7e00u); }
    if (hx == hy || x == y) { return ${EQUAL_GIVES}; }  // x or y: the installed NumPy's choice (wgsl.py)
    if ((hx & 0x7fffu) == 0u) { return half_to_f32((hy & 0x8000u) | 1u); }  // the smallest subnormal towards y
    let away = (y > x) == ((hx & 0x8000u) == 0u);  // away from zero: one more in the magnitude bits
    return half_to_f32(select(hx - 1u, hx + 1u, away));
}

// NumPy's float16 spacing: the gap to the next half away from zero for +x, towards zero for
// -x (always positive; 2^-24 for both zeros); NaN for NaN and infinities.
fn spacing_half(x: f32) -> f32 {
    let h = f32_to_half(x);
    let mag = h & 0x7fffu;
    if (mag >= 0x7c00u) { return half_to_f32(0x7e00u); }
    let a = half_to_f32(mag);
    if ((h & 0x8000u) != 0u && mag != 0u) { return a - half_to_f32(mag - 1u); }
    return half_to_f32(mag + 1u) - a;
}

// A float32 NaN, on the bits (here rather than lib_float's isnan_f32: kernels without a
// library slot, see wgsl.half_helpers, get this file alone).
fn half_isnan32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }

// NumPy's float16 maximum, minimum, fmax and fmin keep the first operand on ties (so
// maximum(-0.0, 0.0) is -0.0, unlike its float32 loops); NaN as their float32 versions.
fn maximum_half(a: f32, b: f32) -> f32 { return select(b, a, a >= b || half_isnan32(a)); }
fn minimum_half(a: f32, b: f32) -> f32 { return select(b, a, a <= b || half_isnan32(a)); }
fn fmax_half(a: f32, b: f32) -> f32 { return select(b, a, a >= b || half_isnan32(b)); }
fn fmin_half(a: f32, b: f32) -> f32 { return select(b, a, a <= b || half_isnan32(b)); }

// errstate's flags of rounding `exact` to the half r (NumPy's conversion reports them): overflow
// when a finite value becomes infinite, underflow when one below the normal range is inexact.
fn fpe_half_f32(exact: f32, r: f32) -> u32 {
    let e = bitcast<u32>(exact) & 0x7fffffffu;
    let overflow = e < 0x7f800000u && (bitcast<u32>(r) & 0x7fffffffu) == 0x7f800000u;
    let underflow = e < 0x38800000u && e != (bitcast<u32>(r) & 0x7fffffffu);  // below 2^-14, inexact
    return select(0u, 2u, overflow) | select(0u, 4u, underflow);
}
