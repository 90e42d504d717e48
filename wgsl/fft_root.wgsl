// exp(-2 pi i m / n) for 0 <= m < n, in float64, from the exact integer angle: 8m = q n + r
// puts the angle in octant q, and the sine and cosine are taken of an argument of at most
// pi/4 (lib_math's kernels), so no twiddle carries more than about an ulp of error.
fn fft_root(m: u32, n: u32) -> vec2<f64> {
    let e = u64(m) * 8lu;
    let q = u32(e / u64(n));
    let r = u32(e % u64(n));
    // angle = p * pi/2 + delta, |delta| <= pi/4: delta = (pi/4) r/n (q even) or -(pi/4)(n-r)/n (q odd)
    let odd = (q & 1u) == 1u;
    let num = select(r, n - r, odd);
    let p = ((q + 1u) >> 1u) & 3u;
    let f = f64(num) / f64(n);
    let y = lm_2prod_f64(PIO4_H_f64, f);
    let y1 = y.y + PIO4_L_f64 * f;
    let sv = lm_sin_k_f64(y.x, y1);
    let cv = lm_cos_k_f64(y.x, y1);
    let sd = select(1.0lf, -1.0lf, odd) * (sv.x + sv.y);
    let c = cv.x + cv.y;
    var w: vec2<f64>;  // (cos, sin) of the angle
    switch p {
        case 0u: { w = vec2<f64>(c, sd); }
        case 1u: { w = vec2<f64>(-sd, c); }
        case 2u: { w = vec2<f64>(-c, -sd); }
        default: { w = vec2<f64>(sd, -c); }
    }
    return vec2<f64>(w.x, -w.y);
}
