// float64 to float16 in one rounding (through float32 would round twice), bit for bit as
// NumPy's npy_doublebits_to_halfbits. Needs shader-f64 and shader-int64.

fn f64_to_half(x: f64) -> u32 {
    let d = bitcast<u64>(x);
    let sign = u32(d >> 48u) & 0x8000u;
    let d_exp = d & 0x7ff0000000000000lu;
    if (d_exp >= 0x40f0000000000000lu) {  // beyond the half range: inf, or NaN with its top payload bits
        let d_sig = d & 0x000ffffffffffffflu;
        if (d_exp == 0x7ff0000000000000lu && d_sig != 0lu) { return sign | max(0x7c00u + u32(d_sig >> 42u), 0x7c01u); }
        return sign | 0x7c00u;
    }
    if (d_exp <= 0x3f00000000000000lu) {  // a subnormal half or zero
        if (d_exp < 0x3e60000000000000lu) { return sign; }
        var d_sig = (0x0010000000000000lu + (d & 0x000ffffffffffffflu)) << u32((d_exp >> 52u) - 998lu);
        if ((d_sig & 0x003ffffffffffffflu) != 0x0010000000000000lu) { d_sig += 0x0010000000000000lu; }
        return sign | u32(d_sig >> 53u);
    }
    var d_sig = d & 0x000ffffffffffffflu;
    if ((d_sig & 0x000007fffffffffflu) != 0x0000020000000000lu) { d_sig += 0x0000020000000000lu; }
    return sign | (u32((d_exp - 0x3f00000000000000lu) >> 42u) + u32(d_sig >> 42u));
}

// x rounded to the nearest half, as a float32 register value.
fn half_round_f64(x: f64) -> f32 { return half_to_f32(f64_to_half(x)); }

// fpe_half_f32 (lib_half.wgsl) for a float64 value rounded to the half r.
fn fpe_half_f64(exact: f64, r: f32) -> u32 {
    let e = bitcast<u64>(exact) & 0x7ffffffffffffffflu;
    let overflow = e < 0x7ff0000000000000lu && (bitcast<u32>(r) & 0x7fffffffu) == 0x7f800000u;
    let underflow = e < 0x3f10000000000000lu && bitcast<u64>(abs(f64(r))) != e;  // below 2^-14, inexact
    return select(0u, 2u, overflow) | select(0u, 4u, underflow);
}
