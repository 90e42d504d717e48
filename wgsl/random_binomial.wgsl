// Binomial variates (n trials of probability p), as counts in float64. p > 1/2 draws n - X of
// 1 - p. n p < 10: inversion as NumPy's random_binomial_inversion (one uniform, restarting past
// a bound of n p + 10 sd); otherwise Hoermann's BTRS (transformed rejection with squeeze,
// J. Statist. Comput. Simul. 46, 1993), as TensorFlow and JAX draw. Try j of element i takes
// its uniforms from block (i, j, 0). After BINOMIAL_TRIES tries (probability below 1e-300) NaN.
const BINOMIAL_TRIES: u32 = 256u;

fn binomial_inversion(i: u32, n: f64, p: f64) -> f64 {
    let q = 1.0lf - p;
    let start = exp_f64(n * log1p_f64(-p));
    let mean = n * p;
    let bound = min(n, mean + 10.0lf * sqrt(mean * q + 1.0lf));
    for (var j = 0u; j < BINOMIAL_TRIES; j++) {
        let r = philox_block(i, j, 0u);
        var u = u01_f64(r.x, r.y);
        var x = 0.0lf;
        var px = start;
        // bound < 10 + 10 sqrt(11) < 44 steps
        for (var step = 0u; step < 64u && u > px && x <= bound; step++) {
            x += 1.0lf;
            u -= px;
            px = ((n - x + 1.0lf) * p * px) / (x * q);
        }
        if (x <= bound && u <= px) { return x; }
    }
    return nan_f64();
}

fn binomial_btrs(i: u32, n: f64, p: f64) -> f64 {
    let q = 1.0lf - p;
    let spq = sqrt(n * p * q);
    let b = 1.15lf + 2.53lf * spq;
    let a = -0.0873lf + 0.0248lf * b + 0.01lf * p;
    let c = n * p + 0.5lf;
    let vr = 0.92lf - 4.2lf / b;
    let alpha = (2.83lf + 5.1lf / b) * spq;
    let lpq = log_f64(p / q);
    let m = floor((n + 1.0lf) * p);
    let h = random_loggam(m + 1.0lf) + random_loggam(n - m + 1.0lf);
    for (var j = 0u; j < BINOMIAL_TRIES; j++) {
        let r = philox_block(i, j, 0u);
        let u = u01_f64(r.x, r.y) - 0.5lf;
        let v = u01_f64(r.z, r.w);
        let us = 0.5lf - abs(u);
        let k = floor((2.0lf * a / us + b) * u + c);
        if (k < 0.0lf || k > n) { continue; }
        if (us >= 0.07lf && v <= vr) { return k; }
        let lhs = log_f64(v * alpha / (a / (us * us) + b));
        if (lhs <= h - random_loggam(k + 1.0lf) - random_loggam(n - k + 1.0lf) + (k - m) * lpq) { return k; }
    }
    return nan_f64();
}

fn binomial(i: u32, n: f64, p: f64) -> f64 {
    if (n == 0.0lf || p == 0.0lf) { return 0.0lf; }
    if (p == 1.0lf) { return n; }
    let flip = p > 0.5lf;
    let pp = select(p, 1.0lf - p, flip);
    var x = 0.0lf;
    if (n * pp < 10.0lf) { x = binomial_inversion(i, n, pp); } else { x = binomial_btrs(i, n, pp); }
    return select(x, n - x, flip);
}
