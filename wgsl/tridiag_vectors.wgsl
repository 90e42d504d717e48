// Eigenvectors of symmetric tridiagonal matrices by inverse iteration (LAPACK's stein), one
// workgroup per (matrix, row k), for rows k_first .. k_first + count. w holds each block's
// eigenvalues in order at its rows (tridiag_bisect.wgsl). Within a block, eigenvalues closer
// than ortol = 1e-3 ||T_block||_1 to the one before form a cluster; the vector of a cluster's
// p-th member is made in round p (dispatch p_round()), orthogonalised in every iteration
// against the members before it (Gram-Schmidt twice), as stein does. Unlike stein, equal
// shifts are not moved apart (its pertol steps add up over a large cluster and move the shift
// off the eigenvalue): the orthogonalisation alone separates the members' vectors.
// Each iteration: x scaled to ||x||_1 = size ||T||_1 max(eps, |u_nn|), then solved with the LU
// of T - lambda I (partial pivoting, pivots below eps ||T||_1 raised to it); converged after
// |x|_max >= sqrt(0.1 / size) three times, at most MAXITS iterations. The vector, normalised
// with its largest component positive, goes to column k of z (batch, n, n) (zero outside its
// block). Thread 0 runs the O(n) recurrences; scratch holds them, 7n words per workgroup.
// Round 0 also leaves the number of rounds needed (the largest cluster) in rounds[0].
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> z: array<${S}>;
@group(0) @binding(2) var<storage, read_write> scratch: array<R>;
@group(0) @binding(3) var<storage, read_write> rounds: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read> de: array<R>;
@group(0) @binding(5) var<storage, read> w: array<R>;
${scalar}
${split}
${library}

const WG: u32 = ${WG}u;
const MAXITS: u32 = 5u;

// What invocation 0 finds out about row k (setup), read by all as uniform values.
var<workgroup> wg_first: u32;
var<workgroup> wg_end: u32;
var<workgroup> wg_pos: u32;
var<workgroup> wg_bad: u32;
var<workgroup> wg_shift: R;
var<workgroup> wg_onenorm: R;
var<workgroup> carry_on: u32;
var<workgroup> final_scale: R;

var<private> base: u32;

fn s_dd(i: u32) -> u32 { return base + i; }
fn s_du(i: u32, n: u32) -> u32 { return base + n + i; }
fn s_du2(i: u32, n: u32) -> u32 { return base + 2u * n + i; }
fn s_dl(i: u32, n: u32) -> u32 { return base + 3u * n + i; }
fn s_piv(i: u32, n: u32) -> u32 { return base + 4u * n + i; }
fn s_x(i: u32, n: u32) -> u32 { return base + 5u * n + i; }
fn s_dot(i: u32, n: u32) -> u32 { return base + 6u * n + i; }

// A start vector with entries in (-1, 1), different for every row and eigenvalue.
fn start_value(k: u32, i: u32) -> R {
    var h = k * 0x9e3779b9u ^ (i + 0x7f4a7c15u) * 0x85ebca6bu;
    h ^= h >> 16u;
    h *= 0x7feb352du;
    h ^= h >> 15u;
    h *= 0x846ca68bu;
    h ^= h >> 16u;
    return R(f32(h >> 8u) / 8388608.0 - 1.0) + R(1.0 / 16777216.0);
}

fn setup(b: u32, n: u32, k: u32) {
    let norm = t_norm(b, n);
    if (isnan_${rtag}(norm)) {
        wg_first = k;
        wg_end = k + 1u;
        wg_pos = 0u;
        wg_bad = 1u;
        return;
    }
    let blk = t_block(b, n, k, norm);
    var onenorm = R(0);
    for (var i = blk.x; i < blk.y; i++) {
        var row = abs(t_d(b, n, i)) + abs(t_inner_e(b, n, i, blk));
        if (i > blk.x) { row += abs(t_e(b, n, i - 1u)); }
        onenorm = max(onenorm, row);
    }
    let wbase = b * n;
    let ortol = R(1e-3) * onenorm;
    var pos = 0u;
    while (k - pos > blk.x && w[wbase + k - pos] - w[wbase + k - pos - 1u] <= ortol) { pos += 1u; }
    let shift = w[wbase + k];
    wg_first = blk.x;
    wg_end = blk.y;
    wg_pos = pos;
    wg_bad = 0u;
    wg_shift = shift;
    wg_onenorm = onenorm;
}

// LU of T_block - shift I with partial pivoting (LAPACK's gttrf), small pivots raised.
fn factor(b: u32, n: u32, first: u32, end: u32, shift: R, tiny: R) {
    for (var i = first; i < end; i++) {
        scratch[s_dd(i)] = t_d(b, n, i) - shift;
        if (i + 1u < end) {
            scratch[s_du(i, n)] = t_e(b, n, i);
            scratch[s_dl(i, n)] = t_e(b, n, i);
        }
        scratch[s_du2(i, n)] = R(0);
        scratch[s_piv(i, n)] = R(0);
    }
    for (var i = first; i + 1u < end; i++) {
        let d = scratch[s_dd(i)];
        let l = scratch[s_dl(i, n)];
        if (abs(d) >= abs(l)) {
            let fact = select(R(0), l / d, d != R(0));
            scratch[s_dl(i, n)] = fact;
            scratch[s_dd(i + 1u)] -= fact * scratch[s_du(i, n)];
        } else {
            let fact = d / l;
            scratch[s_dd(i)] = l;
            scratch[s_dl(i, n)] = fact;
            let up = scratch[s_du(i, n)];
            scratch[s_du(i, n)] = scratch[s_dd(i + 1u)];
            scratch[s_dd(i + 1u)] = up - fact * scratch[s_dd(i + 1u)];
            if (i + 2u < end) {
                scratch[s_du2(i, n)] = scratch[s_du(i + 1u, n)];
                scratch[s_du(i + 1u, n)] = -fact * scratch[s_du(i + 1u, n)];
            }
            scratch[s_piv(i, n)] = R(1);
        }
    }
    for (var i = first; i < end; i++) {
        let d = scratch[s_dd(i)];
        if (abs(d) < tiny) { scratch[s_dd(i)] = select(tiny, -tiny, d < R(0)); }
    }
}

// x := (T - shift I)^-1 x, x first scaled as stein does.
fn solve(n: u32, first: u32, end: u32, onenorm: R) {
    var asum = R(0);
    for (var i = first; i < end; i++) { asum += abs(scratch[s_x(i, n)]); }
    let size = R(end - first);
    let scale = size * onenorm * max(EPS, abs(scratch[s_dd(end - 1u)])) / asum;
    for (var i = first; i < end; i++) { scratch[s_x(i, n)] *= scale; }
    for (var i = first; i + 1u < end; i++) {
        let l = scratch[s_dl(i, n)];
        if (scratch[s_piv(i, n)] == R(0)) {
            scratch[s_x(i + 1u, n)] -= l * scratch[s_x(i, n)];
        } else {
            let t = scratch[s_x(i, n)];
            scratch[s_x(i, n)] = scratch[s_x(i + 1u, n)];
            scratch[s_x(i + 1u, n)] = t - l * scratch[s_x(i, n)];
        }
    }
    for (var q = 0u; q < end - first; q++) {
        let i = end - 1u - q;
        var x = scratch[s_x(i, n)];
        if (i + 1u < end) { x -= scratch[s_du(i, n)] * scratch[s_x(i + 1u, n)]; }
        if (i + 2u < end) { x -= scratch[s_du2(i, n)] * scratch[s_x(i + 2u, n)]; }
        scratch[s_x(i, n)] = x / scratch[s_dd(i)];
    }
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    let b = g / p_count();
    if (b >= p_batch()) { return; }
    let n = p_n();
    let k = p_k_first() + g % p_count();
    base = g * 7u * n;
    if (lid == 0u) {
        setup(b, n, k);
        if (p_round() == 0u) { atomicMax(&rounds[0], wg_pos + 1u); }  // the rounds the clusters need
    }
    let pos = workgroupUniformLoad(&wg_pos);
    if (pos != p_round()) { return; }
    let first = workgroupUniformLoad(&wg_first);
    let end = workgroupUniformLoad(&wg_end);
    let bad = workgroupUniformLoad(&wg_bad) != 0u;
    let zbase = b * n * n + k;
    if (bad || end - first == 1u) {
        let one = select(R(1), nan_${rtag}(), bad);
        for (var r = lid; r < n; r += WG) { z[zbase + r * n] = sc_real(select(R(0), one, r == k || bad)); }
        return;
    }
    let onenorm = workgroupUniformLoad(&wg_onenorm);
    let tiny = max(EPS * onenorm, SAFEMIN);
    if (lid == 0u) {
        factor(b, n, first, end, wg_shift, tiny);
        for (var i = first; i < end; i++) { scratch[s_x(i, n)] = start_value(k, i); }
    }
    let lead = k - pos;  // the cluster's first member: columns lead .. k-1 of z are made
    var checks = 0u;
    for (var its = 0u; its < MAXITS; its++) {
        if (lid == 0u) { solve(n, first, end, onenorm); }
        storageBarrier();
        workgroupBarrier();
        for (var sweep = 0u; sweep < 2u; sweep++) {
            for (var q = lid; q < pos; q += WG) {
                var dot = R(0);
                for (var r = first; r < end; r++) { dot += sc_re(z[b * n * n + r * n + lead + q]) * scratch[s_x(r, n)]; }
                scratch[s_dot(q, n)] = dot;
            }
            storageBarrier();
            workgroupBarrier();
            for (var r = first + lid; r < end; r += WG) {
                var x = scratch[s_x(r, n)];
                for (var q = 0u; q < pos; q++) { x -= scratch[s_dot(q, n)] * sc_re(z[b * n * n + r * n + lead + q]); }
                scratch[s_x(r, n)] = x;
            }
            storageBarrier();
            workgroupBarrier();
        }
        if (lid == 0u) {
            var big = R(0);
            for (var i = first; i < end; i++) { big = max(big, abs(scratch[s_x(i, n)])); }
            if (big >= sqrt(R(0.1) / R(end - first))) { checks += 1u; }
            carry_on = u32(checks < 3u);
        }
        if (workgroupUniformLoad(&carry_on) == 0u) { break; }
    }
    if (lid == 0u) {
        var big = R(0);
        var at = first;
        for (var i = first; i < end; i++) {
            let x = abs(scratch[s_x(i, n)]);
            if (x > big) { big = x; at = i; }
        }
        let inv = select(R(1) / big, R(0), big == R(0));
        var ssq = R(0);
        for (var i = first; i < end; i++) { ssq += (scratch[s_x(i, n)] * inv) * (scratch[s_x(i, n)] * inv); }
        let scale = inv / sc_sqrt(ssq);
        final_scale = select(scale, -scale, scratch[s_x(at, n)] < R(0));
    }
    storageBarrier();
    let scale = workgroupUniformLoad(&final_scale);
    for (var r = lid; r < n; r += WG) {
        var value = R(0);
        if (r >= first && r < end) { value = scratch[s_x(r, n)] * scale; }
        z[zbase + r * n] = sc_real(value);
    }
}
