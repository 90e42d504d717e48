// float64's part of lib_fpe: the layout of its bits.
const FPE_LOWEST_BIT_f64 = -1074i;  // the exponent of the smallest subnormal, 2^-1074

// Zero or subnormal.
fn fpe_tiny_f64(x: f64) -> bool { return (bitcast<u64>(x) & 0x7ffffffffffffffflu) < 0x0010000000000000lu; }

// The exponent q of x = m 2^q with m odd (x finite and nonzero).
fn fpe_low_bit_f64(x: f64) -> i32 {
    let bits = bitcast<u64>(x);
    let biased = i32(u32(bits >> 52u) & 0x7ffu);
    let low = u32(bits & 0xfffffffflu);
    let high = u32(bits >> 32u) & 0xfffffu;
    let q = select(biased - 1075, FPE_LOWEST_BIT_f64, biased == 0);
    let implicit = select(0x100000u, 0u, biased == 0);  // the leading 1 of a normal mantissa
    if (low != 0u) { return q + i32(countTrailingZeros(low)); }
    return q + 32 + i32(countTrailingZeros(high | implicit));
}

// A float64 x cast to float32 r: overflow (an infinity from a finite x), underflow (a tiny r that
// is not x exactly). r widens through its bits: NVIDIA's f32 -> f64 conversion flushes a subnormal r.
fn fpe_narrow_f64(x: f64, r: f32) -> u32 {
    if (isinf_f32(r) && isfinite_f64(x)) { return 2u; }
    return select(0u, 4u, fpe_tiny_f32(r) && !fpe_same_f64(f32_wide(r), x));
}
