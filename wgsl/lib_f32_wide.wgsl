// float32 through float64 with subnormals kept, on devices that flush float32 subnormals
// (NVIDIA's Vulkan driver flushes them in every float32 operation and conversion). The
// conversions below touch a float32 subnormal only through its bits.

// x exactly, also for a subnormal x: its integer mantissa times 2^-149.
fn f32_wide(x: f32) -> f64 {
    let bits = bitcast<u32>(x);
    if ((bits & 0x7f800000u) != 0u) { return f64(x); }
    let m = f64(bits & 0x7fffffu) * bitcast<f64>(0x36a0000000000000lu);  // 2^-149
    return select(m, -m, (bits >> 31u) != 0u);
}
// d rounded to float32 once (to nearest, ties to even), also where the result is subnormal:
// then its mantissa is rounded as an integer and assembled by bits.
fn f32_narrow(d: f64) -> f32 {
    let a = abs(d);
    if (!(a < 1.1754943508222875e-38lf)) { return f32(d); }  // normal, inf, NaN: the conversion rounds
    let m = round(a * bitcast<f64>(0x4940000000000000lu));  // a * 2^149, rounded half to even
    let sign = u32(bitcast<u64>(d) >> 32u) & 0x80000000u;  // -0.0 keeps its sign
    return bitcast<f32>(sign | u32(m));  // m = 2^23 encodes the smallest normal, as it should
}
// y * 2^n for a result below float32's normal range: one rounding.
fn f32_scale_tiny(y: f32, n: i32) -> f32 {
    return f32_narrow(f32_wide(y) * bitcast<f64>(u64(max(n, -1000) + 1023) << 52u));
}
// a + b, a - b and a * b rounded once, subnormals kept: the native result stands unless an
// operand is subnormal or the result is zero or subnormal (what a flushing driver gets wrong);
// those are redone in f64, where the sum or product of two float32 rounds once to float32.
fn f32_tiny(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) - 1u < 0x7fffffu; }
fn f32_exact_sum(a: f32, b: f32) -> f32 {
    let r = a + b;
    if (f32_tiny(a) || f32_tiny(b) || (bitcast<u32>(r) & 0x7f800000u) == 0u) {
        return f32_narrow(f32_wide(a) + f32_wide(b));
    }
    return r;
}
fn f32_exact_difference(a: f32, b: f32) -> f32 {
    let r = a - b;
    if (f32_tiny(a) || f32_tiny(b) || (bitcast<u32>(r) & 0x7f800000u) == 0u) {
        return f32_narrow(f32_wide(a) - f32_wide(b));
    }
    return r;
}
fn f32_exact_product(a: f32, b: f32) -> f32 {
    let r = a * b;
    if (f32_tiny(a) || f32_tiny(b) || (bitcast<u32>(r) & 0x7f800000u) == 0u) {
        return f32_narrow(f32_wide(a) * f32_wide(b));
    }
    return rounded_f32(r);  // never contracted into the caller's next sum
}
