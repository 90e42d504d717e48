// Poisson variates, as counts in float64.
// lam >= 10: Hoermann's transformed rejection with squeeze, PTRS (Insurance: Mathematics and
// Economics 12, 1993), as NumPy's random_poisson_ptrs: try j of element i takes U and V from
// block (i, j, 0); acceptance is above 0.9 per try.
// lam < 10: inversion, a search of the CDF from 0 with one uniform from block (i, j, 0); where
// rounding leaves u above every partial sum (probability below 1e-14) the try is repeated.
// After POISSON_TRIES tries without a result (probability below 1e-300) the result is NaN.
const POISSON_TRIES: u32 = 256u;

fn poisson_inversion(i: u32, lam: f64) -> f64 {
    let start = exp_f64(-lam);
    for (var j = 0u; j < POISSON_TRIES; j++) {
        let r = philox_block(i, j, 0u);
        let u = u01_f64(r.x, r.y);
        var k = 0.0lf;
        var term = start;
        var cdf = start;
        // below lam = 10, P(k >= 200) < 1e-150: further terms change nothing at float64's precision
        for (var step = 0u; step < 200u && u >= cdf; step++) {
            k += 1.0lf;
            term *= lam / k;
            cdf += term;
        }
        if (u < cdf) { return k; }
    }
    return nan_f64();
}

fn poisson_ptrs(i: u32, lam: f64) -> f64 {
    let slam = sqrt(lam);
    let loglam = log_f64(lam);
    let b = 0.931lf + 2.53lf * slam;
    let a = -0.059lf + 0.02483lf * b;
    let invalpha = 1.1239lf + 1.1328lf / (b - 3.4lf);
    let vr = 0.9277lf - 3.6224lf / (b - 2.0lf);
    for (var j = 0u; j < POISSON_TRIES; j++) {
        let r = philox_block(i, j, 0u);
        let u = u01_f64(r.x, r.y) - 0.5lf;
        let v = u01_f64(r.z, r.w);
        let us = 0.5lf - abs(u);
        let k = floor((2.0lf * a / us + b) * u + lam + 0.43lf);
        if (us >= 0.07lf && v <= vr) { return k; }
        if (k < 0.0lf || (us < 0.013lf && v > us)) { continue; }
        // NumPy's log(v) + log(invalpha) - log(a / us^2 + b), as one logarithm
        if (log_f64(v * invalpha / (a / (us * us) + b)) <= -lam + k * loglam - random_loggam(k + 1.0lf)) {
            return k;
        }
    }
    return nan_f64();
}

fn poisson(i: u32, lam: f64) -> f64 {
    if (lam == 0.0lf) { return 0.0lf; }
    if (lam >= 10.0lf) { return poisson_ptrs(i, lam); }
    return poisson_inversion(i, lam);
}
