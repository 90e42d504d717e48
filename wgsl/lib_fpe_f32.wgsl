// float32's part of lib_fpe: the layout of its bits.
const FPE_LOWEST_BIT_f32 = -149i;  // the exponent of the smallest subnormal, 2^-149

// Zero or subnormal.
fn fpe_tiny_f32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) < 0x00800000u; }

// The exponent q of x = m 2^q with m odd (x finite and nonzero).
fn fpe_low_bit_f32(x: f32) -> i32 {
    let bits = bitcast<u32>(x);
    let biased = i32((bits >> 23u) & 0xffu);
    let mantissa = bits & 0x7fffffu;
    if (biased == 0) { return FPE_LOWEST_BIT_f32 + i32(countTrailingZeros(mantissa)); }
    return biased - 150 + i32(countTrailingZeros(mantissa | 0x800000u));
}
