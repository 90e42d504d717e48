// geev, third kernel: the eigenvectors from the Schur form A = Z T Z^H of geev_qr, one matrix
// per workgroup, in complex arithmetic (C = vec2<R>) for real and complex input alike:
//   0: Tc, Zc: T and Z as complex; for real input each 2 x 2 block (a complex pair) is made
//      upper triangular by the unitary G = [g, i w; i w, g] / |(g, w)| (g = T[p, p+1],
//      w = Im lambda_p > 0): Tc = G^H T G, Zc = Z G, its diagonal the pair's eigenvalues;
//   1: X = the right-hand sides: column k is (-Tc[0..k, k], 1, 0 ..);
//   2: back substitution (ztrevc) for rows t1 - 1 down to t0, all eigenvectors at once:
//      x[j, k] = r[j, k] / (Tc[j, j] - lambda_k), the divisor kept from below smin (LAPACK's
//      perturbation), the column scaled by a power of 2 where x would grow past 2^(BIAS/4),
//      then r[i, k] -= Tc[i, j] x[j, k] for i < j;
//   3: out_v = Zc X for the columns t0 .. t1 - 1 (X upper triangular); for real input the
//      second of a pair is the conjugate of the first, and a real eigenvalue's vector is real;
//   4: each column scaled to norm 1 with its entry of largest modulus real and positive.
// Parameters: eig_general.py's _params("vectors").
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out_v: array<${cstorage}>;
@group(0) @binding(2) var<storage, read_write> cwork: array<${cstorage}>;
@group(0) @binding(3) var<storage, read> work: array<${tstorage}>;
@group(0) @binding(4) var<storage, read> state: array<i32>;
@group(0) @binding(5) var<storage, read> out_w: array<${cstorage}>;

${library}

${field}

alias C = vec2<R>;
const WG = ${workgroup}u;
const REAL_INPUT = ${real_input};

var<private> n: u32;
var<private> h0: u32;
var<private> z0: u32;
var<private> t0c: u32;
var<private> zc0: u32;
var<private> x0: u32;
var<private> w0: u32;
var<private> scale: R;  // of the matrix (geev_hessenberg): its Schur form's eigenvalues are out_w's times this

fn eigenvalue(i: u32) -> C { return out_w[w0 + i] * scale; }

fn cmul(a: C, b: C) -> C { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn cabs1(a: C) -> R { return abs(a.x) + abs(a.y); }
fn sync() { storageBarrier(); workgroupBarrier(); }

// For real input: the first row of the 2 x 2 block holding row i, or -1 (a real eigenvalue).
fn block_of(i: u32) -> i32 {
    if (!REAL_INPUT) { return -1; }
    if (i + 1u < n && f_re(work[h0 + (i + 1u) * n + i]) != R(0)) { return i32(i); }
    if (i > 0u && f_re(work[h0 + i * n + i - 1u]) != R(0)) { return i32(i) - 1; }
    return -1;
}

// G[a, c] for rows a, c of the block starting at p (G = 1 outside blocks).
fn g_entry(p: i32, a: u32, c: u32) -> C {
    if (p < 0) { return C(R(1), R(0)); }
    let pu = u32(p);
    let g = f_re(work[h0 + pu * n + pu + 1u]);
    let w = eigenvalue(pu).y;
    let r = hypot_${rtag}(g, w);
    return select(C(R(0), w / r), C(g / r, R(0)), a == c);
}

fn to_complex(i: u32, j: u32) {
    let pi = block_of(i);
    let pj = block_of(j);
    let ri = select(vec2<u32>(i, i), vec2<u32>(u32(pi), u32(pi) + 1u), pi >= 0);
    let rj = select(vec2<u32>(j, j), vec2<u32>(u32(pj), u32(pj) + 1u), pj >= 0);
    var t = C();
    var z = C();
    for (var c = rj.x; c <= rj.y; c++) {
        let gcj = g_entry(pj, c, j);
        z += cmul(f_to_c(work[z0 + i * n + c]), gcj);
        for (var a = ri.x; a <= ri.y; a++) {
            let gai = g_entry(pi, a, i);
            t += cmul(cmul(C(gai.x, -gai.y), f_to_c(work[h0 + a * n + c])), gcj);
        }
    }
    if (i == j) { t = eigenvalue(i); }
    if (i > j) { t = C(); }
    cwork[t0c + i * n + j] = t;
    cwork[zc0 + i * n + j] = z;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    n = p_n();
    h0 = b * p_work_stride();
    z0 = h0 + n * n;
    t0c = b * p_cwork_stride();
    zc0 = t0c + n * n;
    x0 = zc0 + n * n;
    w0 = (p_first() + b) * n;
    scale = f_pow2(state[${state_words}u * (p_first() + b) + 5u]);
    let stage = p_stage();
    if (stage == 0u) {
        for (var idx = lid; idx < n * n; idx += WG) { to_complex(idx / n, idx % n); }
    } else if (stage == 1u) {
        for (var idx = lid; idx < n * n; idx += WG) {
            let i = idx / n;
            let k = idx % n;
            var x = C();
            if (i < k) { x = -cwork[t0c + idx]; } else if (i == k) { x = C(R(1), R(0)); }
            cwork[x0 + idx] = x;
        }
    } else if (stage == 2u) {
        back_substitute(lid);
    } else if (stage == 3u) {
        back_transform(lid);
    } else {
        normalise(lid);
    }
}

fn back_substitute(lid: u32) {
    let ulp = p_ulp();
    let smlnum = p_smlnum();
    let big = f_pow2(${BIAS} / 4);
    for (var jj = p_t1(); jj > p_t0(); jj--) {
        let j = jj - 1u;
        let tjj = cwork[t0c + j * n + j];
        for (var k = j + 1u + lid; k < n; k += WG) {
            let lambda = cwork[t0c + k * n + k];
            var d = tjj - lambda;
            let smin = max(ulp * cabs1(lambda), smlnum);
            if (cabs1(d) < smin) { d = C(smin, R(0)); }
            let r = cwork[x0 + j * n + k];
            let ar = cabs1(r);
            let ad = cabs1(d);
            if (ar > big * ad) {  // scale column k so that x[j, k] comes out near 1
                let f = f_pow2_recip(ar) / f_pow2_recip(ad);
                for (var i = 0u; i <= k; i++) { cwork[x0 + i * n + k] *= f; }
            }
            cwork[x0 + j * n + k] = cdiv_${ctag}(cwork[x0 + j * n + k], d);
        }
        sync();
        let cols = n - 1u - j;
        for (var idx = lid; idx < j * cols; idx += WG) {
            let i = idx % j;
            let k = j + 1u + idx / j;
            cwork[x0 + i * n + k] -= cmul(cwork[t0c + i * n + j], cwork[x0 + j * n + k]);
        }
        sync();
    }
}

fn back_transform(lid: u32) {
    let k0 = p_t0();
    let cols = p_t1() - k0;
    let out0 = w0 * n;
    for (var idx = lid; idx < n * cols; idx += WG) {
        let i = idx / cols;
        let k = k0 + idx % cols;
        let lambda = out_w[w0 + k];
        let second = REAL_INPUT && lambda.y < R(0);  // the conjugate of the pair's first vector
        let kk = select(k, k - 1u, second);
        var v = C();
        for (var m = 0u; m <= kk; m++) { v += cmul(cwork[zc0 + i * n + m], cwork[x0 + m * n + kk]); }
        if (second) { v.y = -v.y; }
        if (REAL_INPUT && lambda.y == R(0)) { v.y = R(0); }
        out_v[out0 + i * n + k] = v;
    }
}

fn normalise(lid: u32) {
    let out0 = w0 * n;
    for (var k = lid; k < n; k += WG) {
        var amax = R(0);
        for (var i = 0u; i < n; i++) {
            let v = out_v[out0 + i * n + k];
            amax = max(amax, max(abs(v.x), abs(v.y)));
        }
        if (amax == R(0)) { continue; }
        let sc = f_pow2_recip(amax);
        var sum = R(0);
        var top = R(-1);
        var at = 0u;
        for (var i = 0u; i < n; i++) {
            let v = out_v[out0 + i * n + k] * sc;
            let m2 = v.x * v.x + v.y * v.y;
            sum += m2;
            if (m2 > top) {
                top = m2;
                at = i;
            }
        }
        let vt = out_v[out0 + at * n + k] * sc;
        let mt = hypot_${rtag}(vt.x, vt.y);
        let norm = sqrt_${rtag}(sum);
        let phase = C(vt.x, -vt.y) / (mt * norm);  // conj(v_at / |v_at|) / |v|
        for (var i = 0u; i < n; i++) {
            out_v[out0 + i * n + k] = cmul(out_v[out0 + i * n + k] * sc, phase);
        }
        out_v[out0 + at * n + k] = C(mt / norm, R(0));
    }
}
