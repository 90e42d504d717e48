// The float64 side of the generator (linked where the adapter has shader-f64): uniforms of
// k 2^-53 from 53 bits of two words, normals, and log-gamma for the rejection samplers.
fn random_bits53(lo: u32, hi: u32) -> f64 { return f64(hi) * 2097152.0lf + f64(lo >> 11u); }
fn u01_f64(lo: u32, hi: u32) -> f64 { return random_bits53(lo, hi) * 1.1102230246251565e-16lf; }
fn u01_open_f64(lo: u32, hi: u32) -> f64 { return (random_bits53(lo, hi) + 1.0lf) * 1.1102230246251565e-16lf; }
// Box-Muller in float64 (see box_muller_f32).
fn box_muller_f64(u1: f64, u2: f64) -> vec2<f64> {
    let r = sqrt(-2.0lf * log_f64(u1));
    let angle = 6.283185307179586lf * u2;
    return vec2<f64>(r * cos_f64(angle), r * sin_f64(angle));
}
// A standard normal from one block (both of its 53-bit uniforms).
fn normal_of_block_f64(r: vec4<u32>) -> f64 {
    return box_muller_f64(u01_open_f64(r.x, r.y), u01_f64(r.z, r.w)).x;
}

// A vectorised draw's values of one block (wgsl/random_block.wgsl): two per block in float64.
fn block_uniform_f64(r: vec4<u32>) -> vec2<f64> { return vec2<f64>(u01_f64(r.x, r.y), u01_f64(r.z, r.w)); }
fn block_normal_f64(r: vec4<u32>) -> vec2<f64> { return box_muller_f64(u01_open_f64(r.x, r.y), u01_f64(r.z, r.w)); }
fn block_exponential_f64(r: vec4<u32>) -> vec2<f64> {
    return vec2<f64>(0.0lf - log_f64(u01_open_f64(r.x, r.y)), 0.0lf - log_f64(u01_open_f64(r.z, r.w)));
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
