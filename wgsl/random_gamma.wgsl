// Standard gamma variates by Marsaglia and Tsang's method (ACM TOMS 26, 2000), as NumPy's
// random_standard_gamma: for shape a >= 1, d = a - 1/3, c = 1 / sqrt(9 d), a normal z and a
// uniform u per try, accepted with probability above 0.95; a < 1 is boosted, G(a) = G(a + 1) U^(1/a).
// Try j of element i: the normal from block (i, j, 0), u from block (i, j, 1); the boost's U from
// block (i, 0, 2). After GAMMA_TRIES rejections (probability below 1e-300) the result is NaN.
const GAMMA_TRIES: u32 = 256u;

fn standard_gamma(i: u32, a: f64) -> f64 {
    if (a == 0.0lf) { return 0.0lf; }
    if (!(a > 0.0lf)) { return nan_f64(); }
    let boost = a < 1.0lf;
    let d = select(a, a + 1.0lf, boost) - 1.0lf / 3.0lf;
    let c = 1.0lf / sqrt(9.0lf * d);
    for (var j = 0u; j < GAMMA_TRIES; j++) {
        let z = normal_of_block_f64(philox_block(i, j, 0u));
        let w = philox_block(i, j, 1u);
        let u = u01_f64(w.x, w.y);
        let t = 1.0lf + c * z;
        if (t <= 0.0lf) { continue; }
        let v = t * t * t;
        let z2 = z * z;
        if (u < 1.0lf - 0.0331lf * z2 * z2 || log_f64(u) < 0.5lf * z2 + d * (1.0lf - v + log_f64(v))) {
            if (!boost) { return d * v; }
            let e = philox_block(i, 0u, 2u);
            return d * v * exp_f64(log_open_f64(e.x, e.y) / a);
        }
    }
    return nan_f64();
}
