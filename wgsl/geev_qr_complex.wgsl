// geev_qr's steps for complex matrices (zlahqr): single-shift sweeps (Wilkinson's shift, or an
// exceptional one every 10th sweep) with 2 x 2 reflectors; 1 x 1 blocks deflate. Unlike
// zlahqr the subdiagonal is not kept real: the reflectors are applied in their general form.
const BLOCK = 1i;

var<workgroup> w_v: array<T, 2>;  // the reflector (1, v2), or the first column of H - shift
var<workgroup> w_tau: T;

fn h(i: i32, j: i32) -> T { return ${mem}[Hx(i, j)]; }

fn deflate(l: i32, hi: i32) -> i32 {
    out_w[w0 + u32(hi)] = h(hi, hi) * unscale;
    return NOTHING;
}

fn rotate_block(lid: i32) {}

fn csqrt(z: T) -> T { return csqrt_${ctag}(z); }

// The shift, the row m where the chase starts, and the first column of H - shift there.
fn start_sweep(l: i32, hi: i32, sweeps: i32) {
    let ulp = p_ulp();
    var t: T;
    if (sweeps % 20 == 0) {
        t = h(hi, hi) + f_real(R(0.75) * f_cabs1(h(hi, hi - 1)));
    } else if (sweeps % 10 == 0) {
        t = h(l, l) + f_real(R(0.75) * f_cabs1(h(l + 1, l)));
    } else {  // Wilkinson's shift: the eigenvalue of the trailing 2 x 2 block nearer h[hi, hi]
        t = h(hi, hi);
        let u = f_mul(csqrt(h(hi - 1, hi)), csqrt(h(hi, hi - 1)));
        var s = f_cabs1(u);
        if (s != R(0)) {
            let x = R(0.5) * (h(hi - 1, hi - 1) - t);
            let sx = f_cabs1(x);
            s = max(s, sx);
            let xs = x / s;
            let us = u / s;
            var y = s * csqrt(f_mul(xs, xs) + f_mul(us, us));
            if (sx > R(0)) {
                let xd = x / sx;
                if (xd.x * y.x + xd.y * y.y < R(0)) { y = -y; }
            }
            t = t - f_mul(u, f_div(u, x + y));
        }
    }
    var m = hi - 1;
    var v0 = T();
    var v1 = T();
    loop {
        let h11 = h(m, m);
        let h22 = h(m + 1, m + 1);
        var h11s = h11 - t;
        var h21 = h(m + 1, m);
        let s = f_cabs1(h11s) + f_cabs1(h21);
        h11s /= s;
        h21 /= s;
        v0 = h11s;
        v1 = h21;
        if (m == l) { break; }
        let h10 = h(m, m - 1);
        if (f_cabs1(h10) * f_cabs1(h21) <= ulp * (f_cabs1(h11s) * (f_cabs1(h11) + f_cabs1(h22)))) { break; }
        m--;
    }
    w_v = array<T, 2>(v0, v1);
    w_m = m;
}

// The reflector of chase step k (zlarfg on 2 entries), its entries of H set.
fn reflector(k: i32, m: i32, l: i32, hi: i32) {
    var alpha = w_v[0];
    var x = w_v[1];
    if (k > m) {
        alpha = h(k, k - 1);
        x = h(k + 1, k - 1);
    }
    let xnorm = f_abs(x);
    var tau = T();
    var beta = alpha;
    if (xnorm != R(0) || alpha.y != R(0)) {
        let norm = hypot_${rtag}(hypot_${rtag}(alpha.x, alpha.y), xnorm);
        let b = select(norm, -norm, alpha.x >= R(0));
        tau = T((b - alpha.x) / b, -alpha.y / b);
        x = f_mul(x, f_div(f_real(R(1)), alpha - f_real(b)));
        beta = f_real(b);
    }
    if (k > m) {
        ${mem}[Hx(k, k - 1)] = beta;
        ${mem}[Hx(k + 1, k - 1)] = T();
    } else if (m > l) {
        ${mem}[Hx(k, k - 1)] = f_mul(h(k, k - 1), f_real(R(1)) - f_conj(tau));
    }
    w_v = array<T, 2>(f_real(R(1)), x);
    w_tau = tau;
}

// Rows k, k+1, columns k .. i2: H <- P^H H (P = I - tau v v^H).
fn apply_left(k: i32, hi: i32, i2: i32, lid: i32) {
    let v2 = w_v[1];
    let ct = f_conj(w_tau);
    for (var j = k + lid; j <= i2; j += i32(WG)) {
        let sum = f_mul(ct, h(k, j) + f_mul(f_conj(v2), h(k + 1, j)));
        ${mem}[Hx(k, j)] -= sum;
        ${mem}[Hx(k + 1, j)] -= f_mul(v2, sum);
    }
}

// Columns k, k+1: rows i1 .. min(k+2, hi) of H and every row of Z: X <- X P.
fn apply_right(k: i32, hi: i32, i1: i32, lid: i32) {
    let cv2 = f_conj(w_v[1]);
    let t = w_tau;
    let last = min(k + 2, hi);
    for (var j = i1 + lid; j <= last; j += i32(WG)) {
        let sum = f_mul(t, h(j, k) + f_mul(w_v[1], h(j, k + 1)));
        ${mem}[Hx(j, k)] -= sum;
        ${mem}[Hx(j, k + 1)] -= f_mul(sum, cv2);
    }
    if (!WANT_T) { return; }
    for (var j = lid; j < n; j += i32(WG)) {
        let sum = f_mul(t, ${mem}[Zx(j, k)] + f_mul(w_v[1], ${mem}[Zx(j, k + 1)]));
        ${mem}[Zx(j, k)] -= sum;
        ${mem}[Zx(j, k + 1)] -= f_mul(sum, cv2);
    }
}
