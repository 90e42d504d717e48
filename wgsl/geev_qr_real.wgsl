// geev_qr's steps for real matrices (dlahqr): Francis double-shift sweeps with 3 x 3
// reflectors; converged 2 x 2 blocks are put in standard form (dlanv2): real eigenvalues
// split off (upper triangular), a complex pair kept with equal diagonal entries, the
// eigenvalue of positive imaginary part first.
const BLOCK = 2i;

var<workgroup> w_v: array<R, 3>;  // the reflector (1, v2, v3), or the first column of the shift polynomial
var<workgroup> w_t: array<R, 3>;  // tau, tau v2, tau v3
var<workgroup> w_cs: R;
var<workgroup> w_sn: R;

fn sign_of(a: R, b: R) -> R { return select(-abs(a), abs(a), b >= R(0)); }  // Fortran's SIGN

fn put_eigenvalue(i: i32, re: R, im: R) { out_w[w0 + u32(i)] = vec2<R>(re, im) * unscale; }

// The eigenvalues of a converged block at rows l .. hi (hi - l < 2); with WANT_T a 2 x 2 block
// is rotated into standard form, the rotation then applied to the rest of H and Z (ROTATE).
fn deflate(l: i32, hi: i32) -> i32 {
    if (l == hi) {
        put_eigenvalue(hi, ${mem}[Hx(hi, hi)], R(0));
        return NOTHING;
    }
    // dlanv2: [a b; c d] = [cs -sn; sn cs] [aa bb; cc dd] [cs sn; -sn cs]
    var a = ${mem}[Hx(l, l)];
    var bq = ${mem}[Hx(l, hi)];
    var c = ${mem}[Hx(hi, l)];
    var d = ${mem}[Hx(hi, hi)];
    var cs = R(1);
    var sn = R(0);
    let eps = p_ulp();
    if (c == R(0)) {
    } else if (bq == R(0)) {
        cs = R(0);
        sn = R(1);
        let tmp = d;
        d = a;
        a = tmp;
        bq = -c;
        c = R(0);
    } else if (a - d == R(0) && (bq >= R(0)) != (c >= R(0))) {
    } else {
        let temp = a - d;
        var p = R(0.5) * temp;
        let bcmax = max(abs(bq), abs(c));
        let bcmis = min(abs(bq), abs(c)) * sign_of(R(1), bq) * sign_of(R(1), c);
        let scale = max(abs(p), bcmax);
        var z = (p / scale) * p + (bcmax / scale) * bcmis;
        if (z >= R(4) * eps) {  // real eigenvalues
            z = p + sign_of(sqrt_${rtag}(scale) * sqrt_${rtag}(z), p);
            a = d + z;
            d = d - (bcmax / z) * bcmis;
            let tau = hypot_${rtag}(c, z);
            cs = z / tau;
            sn = c / tau;
            bq = bq - c;
            c = R(0);
        } else {  // complex or nearly equal real eigenvalues: make the diagonal entries equal
            let sigma = bq + c;
            let tau = hypot_${rtag}(sigma, temp);
            cs = sqrt_${rtag}(R(0.5) * (R(1) + abs(sigma) / tau));
            sn = -(p / (tau * cs)) * sign_of(R(1), sigma);
            let aa = a * cs + bq * sn;
            let bb = -a * sn + bq * cs;
            let cc = c * cs + d * sn;
            let dd = -c * sn + d * cs;
            a = aa * cs + cc * sn;
            bq = bb * cs + dd * sn;
            c = -aa * sn + cc * cs;
            d = -bb * sn + dd * cs;
            let mid = R(0.5) * (a + d);
            a = mid;
            d = mid;
            if (c != R(0)) {
                if (bq != R(0)) {
                    if ((bq >= R(0)) == (c >= R(0))) {  // real eigenvalues: make it upper triangular
                        let sab = sqrt_${rtag}(abs(bq));
                        let sac = sqrt_${rtag}(abs(c));
                        p = sign_of(sab * sac, c);
                        let t = R(1) / sqrt_${rtag}(abs(bq + c));
                        a = mid + p;
                        d = mid - p;
                        bq = bq - c;
                        c = R(0);
                        let cs1 = sab * t;
                        let sn1 = sac * t;
                        let tmp = cs * cs1 - sn * sn1;
                        sn = cs * sn1 + sn * cs1;
                        cs = tmp;
                    }
                } else {
                    bq = -c;
                    c = R(0);
                    let tmp = cs;
                    cs = -sn;
                    sn = tmp;
                }
            }
        }
    }
    ${mem}[Hx(l, l)] = a;
    ${mem}[Hx(l, hi)] = bq;
    ${mem}[Hx(hi, l)] = c;
    ${mem}[Hx(hi, hi)] = d;
    var im = R(0);
    if (c != R(0)) { im = sqrt_${rtag}(abs(bq)) * sqrt_${rtag}(abs(c)); }
    put_eigenvalue(l, a, im);
    put_eigenvalue(hi, d, -im);
    if (!WANT_T) { return NOTHING; }
    w_cs = cs;
    w_sn = sn;
    w_m = l;
    return ROTATE;
}

// The rotation of a 2 x 2 block in standard form, applied to the rest of H (rows p, p+1 right
// of it; columns p, p+1 above it) and to Z (columns p, p+1).
fn rotate_block(lid: i32) {
    let p = workgroupUniformLoad(&w_m);
    let cs = w_cs;
    let sn = w_sn;
    for (var j = p + 2 + lid; j < n; j += i32(WG)) {
        let x = ${mem}[Hx(p, j)];
        let y = ${mem}[Hx(p + 1, j)];
        ${mem}[Hx(p, j)] = cs * x + sn * y;
        ${mem}[Hx(p + 1, j)] = cs * y - sn * x;
    }
    for (var i = lid; i < p; i += i32(WG)) {
        let x = ${mem}[Hx(i, p)];
        let y = ${mem}[Hx(i, p + 1)];
        ${mem}[Hx(i, p)] = cs * x + sn * y;
        ${mem}[Hx(i, p + 1)] = cs * y - sn * x;
    }
    for (var i = lid; i < n; i += i32(WG)) {
        let x = ${mem}[Zx(i, p)];
        let y = ${mem}[Zx(i, p + 1)];
        ${mem}[Zx(i, p)] = cs * x + sn * y;
        ${mem}[Zx(i, p + 1)] = cs * y - sn * x;
    }
}

fn h(i: i32, j: i32) -> R { return ${mem}[Hx(i, j)]; }

// The double shift (the eigenvalues of the trailing 2 x 2 block, or exceptional shifts every
// 10th sweep), the row m where the chase starts, and the first column of the shift polynomial.
fn start_sweep(l: i32, hi: i32, sweeps: i32) {
    let ulp = p_ulp();
    var h11: R;
    var h12: R;
    var h21: R;
    var h22: R;
    if (sweeps % 20 == 0) {
        let s = abs(h(hi, hi - 1)) + abs(h(hi - 1, hi - 2));
        h11 = R(0.75) * s + h(hi, hi);
        h12 = R(-0.4375) * s;
        h21 = s;
        h22 = h11;
    } else if (sweeps % 10 == 0) {
        let s = abs(h(l + 1, l)) + abs(h(l + 2, l + 1));
        h11 = R(0.75) * s + h(l, l);
        h12 = R(-0.4375) * s;
        h21 = s;
        h22 = h11;
    } else {
        h11 = h(hi - 1, hi - 1);
        h21 = h(hi, hi - 1);
        h12 = h(hi - 1, hi);
        h22 = h(hi, hi);
    }
    var rt1r = R(0);
    var rt1i = R(0);
    var rt2r = R(0);
    var rt2i = R(0);
    let s = abs(h11) + abs(h12) + abs(h21) + abs(h22);
    if (s != R(0)) {
        h11 /= s;
        h21 /= s;
        h12 /= s;
        h22 /= s;
        let tr = (h11 + h22) / R(2);
        let det = (h11 - tr) * (h22 - tr) - h12 * h21;
        let rtdisc = sqrt_${rtag}(abs(det));
        if (det >= R(0)) {  // a complex conjugate pair
            rt1r = tr * s;
            rt2r = rt1r;
            rt1i = rtdisc * s;
            rt2i = -rt1i;
        } else {  // two real shifts: the one nearer h22, twice
            rt1r = tr + rtdisc;
            rt2r = tr - rtdisc;
            if (abs(rt1r - h22) <= abs(rt2r - h22)) {
                rt1r *= s;
                rt2r = rt1r;
            } else {
                rt2r *= s;
                rt1r = rt2r;
            }
        }
    }
    // Two consecutive small subdiagonal entries let the chase start lower.
    var m = hi - 2;
    var v = vec3<R>();
    loop {
        let h21s0 = h(m + 1, m);
        let s1 = abs(h(m, m) - rt2r) + abs(rt2i) + abs(h21s0);
        let h21s = h21s0 / s1;
        v = vec3<R>(h21s * h(m, m + 1) + (h(m, m) - rt1r) * ((h(m, m) - rt2r) / s1) - rt1i * (rt2i / s1),
                    h21s * (h(m, m) + h(m + 1, m + 1) - rt1r - rt2r),
                    h21s * h(m + 2, m + 1));
        v /= abs(v.x) + abs(v.y) + abs(v.z);
        if (m == l) { break; }
        let h00 = abs(h(m, m - 1)) * (abs(v.y) + abs(v.z));
        let h01 = abs(v.x) * (abs(h(m - 1, m - 1)) + abs(h(m, m)) + abs(h(m + 1, m + 1)));
        if (h00 <= ulp * h01) { break; }
        m--;
    }
    w_v = array<R, 3>(v.x, v.y, v.z);
    w_m = m;
}

// The reflector of chase step k (dlarfg on 3 entries, 2 at the last step), its entries of H set.
fn reflector(k: i32, m: i32, l: i32, hi: i32) {
    let nr = min(3, hi - k + 1);
    var alpha = w_v[0];
    var x1 = w_v[1];
    var x2 = select(R(0), w_v[2], nr == 3);
    if (k > m) {
        alpha = h(k, k - 1);
        x1 = h(k + 1, k - 1);
        x2 = select(R(0), h(k + 2, k - 1), nr == 3);
    }
    let xnorm = hypot_${rtag}(x1, x2);
    var t1 = R(0);
    var beta = alpha;
    if (xnorm != R(0)) {
        let norm = hypot_${rtag}(alpha, xnorm);
        beta = select(norm, -norm, alpha >= R(0));
        t1 = (beta - alpha) / beta;
        let scal = R(1) / (alpha - beta);
        x1 *= scal;
        x2 *= scal;
    }
    if (k > m) {
        ${mem}[Hx(k, k - 1)] = beta;
        ${mem}[Hx(k + 1, k - 1)] = R(0);
        if (k < hi - 1) { ${mem}[Hx(k + 2, k - 1)] = R(0); }
    } else if (m > l) {
        ${mem}[Hx(k, k - 1)] *= R(1) - t1;
    }
    w_v = array<R, 3>(R(1), x1, x2);
    w_t = array<R, 3>(t1, t1 * x1, t1 * x2);
}

// Rows k .. k+2, columns k .. i2: less tau v (v^T row part).
fn apply_left(k: i32, hi: i32, i2: i32, lid: i32) {
    let v2 = w_v[1];
    let v3 = w_v[2];
    let t1 = w_t[0];
    let t2 = w_t[1];
    let t3 = w_t[2];
    let three = hi - k + 1 >= 3;
    for (var j = k + lid; j <= i2; j += i32(WG)) {
        if (three) {
            let sum = h(k, j) + v2 * h(k + 1, j) + v3 * h(k + 2, j);
            ${mem}[Hx(k, j)] -= sum * t1;
            ${mem}[Hx(k + 1, j)] -= sum * t2;
            ${mem}[Hx(k + 2, j)] -= sum * t3;
        } else {
            let sum = h(k, j) + v2 * h(k + 1, j);
            ${mem}[Hx(k, j)] -= sum * t1;
            ${mem}[Hx(k + 1, j)] -= sum * t2;
        }
    }
}

// Columns k .. k+2: rows i1 .. min(k+3, hi) of H and every row of Z.
fn apply_right(k: i32, hi: i32, i1: i32, lid: i32) {
    let v2 = w_v[1];
    let v3 = w_v[2];
    let t1 = w_t[0];
    let t2 = w_t[1];
    let t3 = w_t[2];
    let three = hi - k + 1 >= 3;
    let last = min(k + 3, hi);
    for (var j = i1 + lid; j <= last; j += i32(WG)) {
        if (three) {
            let sum = h(j, k) + v2 * h(j, k + 1) + v3 * h(j, k + 2);
            ${mem}[Hx(j, k)] -= sum * t1;
            ${mem}[Hx(j, k + 1)] -= sum * t2;
            ${mem}[Hx(j, k + 2)] -= sum * t3;
        } else {
            let sum = h(j, k) + v2 * h(j, k + 1);
            ${mem}[Hx(j, k)] -= sum * t1;
            ${mem}[Hx(j, k + 1)] -= sum * t2;
        }
    }
    if (!WANT_T) { return; }
    for (var j = lid; j < n; j += i32(WG)) {
        if (three) {
            let sum = ${mem}[Zx(j, k)] + v2 * ${mem}[Zx(j, k + 1)] + v3 * ${mem}[Zx(j, k + 2)];
            ${mem}[Zx(j, k)] -= sum * t1;
            ${mem}[Zx(j, k + 1)] -= sum * t2;
            ${mem}[Zx(j, k + 2)] -= sum * t3;
        } else {
            let sum = ${mem}[Zx(j, k)] + v2 * ${mem}[Zx(j, k + 1)];
            ${mem}[Zx(j, k)] -= sum * t1;
            ${mem}[Zx(j, k + 1)] -= sum * t2;
        }
    }
}
