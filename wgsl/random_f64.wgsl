// The float64 side of the generator (linked where the adapter has shader-f64): uniforms of
// k 2^-53 from 53 bits of two words, normals, and log-gamma for the rejection samplers.
fn random_bits53(lo: u32, hi: u32) -> f64 { return f64(hi) * 2097152.0lf + f64(lo >> 11u); }
fn u01_f64(lo: u32, hi: u32) -> f64 { return random_bits53(lo, hi) * 1.1102230246251565e-16lf; }
fn u01_open_f64(lo: u32, hi: u32) -> f64 { return (random_bits53(lo, hi) + 1.0lf) * 1.1102230246251565e-16lf; }
// ln(u01_open_f64(lo, hi)) as log_open_f32: log_f64's kernel on the bits of the exact k + 1.
fn log_open_f64(lo: u32, hi: u32) -> f64 {
    let bits = bitcast<u64>(random_bits53(lo, hi) + 1.0lf);
    let m = bitcast<f64>((bits & 0xffffffffffffflu) | 0x3ff0000000000000lu);  // in [1, 2)
    let high = m > SQRT2_f64;
    let k = i32(bits >> 52u) - (1023 + 53) + select(0, 1, high);
    return lm_log_mk_f64(select(m, 0.5lf * m, high), f64(k));
}
// cos and sin of 2 pi k 2^-53 for the 53-bit k = hi 2^21 + (lo >> 11) of two words (u01_f64's),
// reduced exactly in turns as cos_sin_turn_f32: q = k's top two bits rounded, t = k - q 2^51 in
// [-2^50, 2^50) (an exact float64), and only 2 pi t 2^-53 is rounded before the polynomials.
const TURN_H_f64: f64 = 6.975736996017264e-16lf;  // 2 pi 2^-53 rounded to float64
const TURN_L_f64: f64 = 2.719262146893782e-32lf;  // 2 pi 2^-53 - TURN_H_f64
fn cos_sin_turn_f64(lo: u32, hi: u32) -> vec2<f64> {
    let q = ((hi >> 29u) + 1u) >> 1u;  // 0 ..= 4: (hi + 2^29) >> 30 without overflow
    let t = f64(bitcast<i32>(hi - (q << 30u))) * 2097152.0lf + f64(lo >> 11u);
    let y0 = t * TURN_H_f64;
    let y1 = t * TURN_L_f64;
    let z = y0 * y0;
    let hz = 0.5lf * z;
    let w = lm_opaque_f64(1.0lf - hz);
    // lm_cos_k_f64 and lm_sin_k_f64 summed, less y0^2's rounding error (a quarter ulp at most)
    let c = w + (((1.0lf - w) - hz) + (z * z * poly_cos_f64(z) - y0 * y1));
    let s = y0 + (z * y0 * poly_sin_f64(z) + y1 * (1.0lf - hz));
    let v = select(vec2<f64>(c, s), vec2<f64>(-s, c), (q & 1u) == 1u);
    return select(v, -v, (q & 2u) == 2u);
}
// Box-Muller in float64 (see box_muller_f32): two normals from the two 53-bit uniforms of a block.
fn box_muller_f64(r: vec4<u32>) -> vec2<f64> {
    return sqrt(-2.0lf * log_open_f64(r.x, r.y)) * cos_sin_turn_f64(r.z, r.w);
}
// A standard normal from one block (both of its 53-bit uniforms).
fn normal_of_block_f64(r: vec4<u32>) -> f64 { return box_muller_f64(r).x; }

// A vectorised draw's values of one block (wgsl/random_block.wgsl): two per block in float64.
fn block_uniform_f64(r: vec4<u32>) -> vec2<f64> { return vec2<f64>(u01_f64(r.x, r.y), u01_f64(r.z, r.w)); }
fn block_normal_f64(r: vec4<u32>) -> vec2<f64> { return box_muller_f64(r); }
fn block_exponential_f64(r: vec4<u32>) -> vec2<f64> {
    return vec2<f64>(0.0lf - log_open_f64(r.x, r.y), 0.0lf - log_open_f64(r.z, r.w));
}
// Logistic values log(u / (1 - u)) of u = (2k + 1) 2^-53 for 52 random bits k: strictly inside
// (0, 1), and 1 - u exact, so never infinite.
fn logistic_of_words(lo: u32, hi: u32) -> f64 {
    let u = (2.0lf * floor(random_bits53(lo, hi) * 0.5lf) + 1.0lf) * 1.1102230246251565e-16lf;
    return log_f64(u) - log_f64(1.0lf - u);
}
fn block_logistic_f64(r: vec4<u32>) -> vec2<f64> { return vec2<f64>(logistic_of_words(r.x, r.y), logistic_of_words(r.z, r.w)); }

// log(Gamma(x)) for x > 0, as NumPy's random_loggam: Stirling's series from x + n >= 7.
fn random_loggam(x: f64) -> f64 {
    if (x == 1.0lf || x == 2.0lf) { return 0.0lf; }
    var n = 0.0lf;
    if (x < 7.0lf) { n = floor(7.0lf - x); }
    var x0 = x + n;
    let x2 = 1.0lf / (x0 * x0);
    var series = -1.39243221690590e+00lf;
    series = series * x2 + 1.796443723688307e-01lf;
    series = series * x2 - 2.955065359477124e-02lf;
    series = series * x2 + 6.410256410256410e-03lf;
    series = series * x2 - 1.917526917526918e-03lf;
    series = series * x2 + 8.417508417508418e-04lf;
    series = series * x2 - 5.952380952380952e-04lf;
    series = series * x2 + 7.936507936507937e-04lf;
    series = series * x2 - 2.777777777777778e-03lf;
    series = series * x2 + 8.333333333333333e-02lf;
    var result = series / x0 + 0.9189385332046727lf + (x0 - 0.5lf) * log_f64(x0) - x0;
    for (var k = 0u; k < u32(n); k++) {
        x0 -= 1.0lf;
        result -= log_f64(x0);
    }
    return result;
}
