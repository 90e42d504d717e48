// svd: one-sided Jacobi (Hestenes) on one m x n matrix (m >= n) per workgroup. Columns p, q
// of W (initially A, scaled by a power of two so that sums of squares stay in range) rotate
// until every pair is orthogonal to tol: |w_p^H w_q| <= tol ||w_p|| ||w_q||. Each sweep
// visits every pair once, in n - 1 steps of disjoint pairs (a round-robin tournament); a step
// computes its pairs' rotations, then rotates W's columns (and V's, V = the product of the
// rotations). Sweeps end when one rotates nothing (checked on the GPU).
// Then sigma_i = ||w_i||, descending; U's columns are w_i / sigma_i, and the columns the
// zero singular values (and full_matrices) leave are completed to an orthonormal basis, one
// at a time: the unit vector e_j least covered by the columns so far (the row of least norm),
// orthogonalised twice against them. Vh = V^H. A non-finite input gives NaN everywhere.
// Four stages, a dispatch each but the sweeps and the completion, which run steps (columns)
// t0 .. t1 per dispatch (llvmpipe ends a loop nest after 65535 iterations):
//   0: load and scale W (V = I);  1: rotate;  2: S, U's first columns and Vh;  3: complete U.
// work: per matrix W (m x n), V (n x n), both column-major, the rotations of a step (c, s,
// phase), m + ucols values for the completion, then the state: the sweep's rotations so far,
// the status (0 running, 1 converged, 2 non-finite input), the scale, the rank.
// Parameters: jacobi.py's svd_params.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out_s: array<${rstorage}>;
@group(0) @binding(2) var<storage, read_write> out_u: array<${tstorage}>;
@group(0) @binding(3) var<storage, read_write> out_vh: array<${tstorage}>;
@group(0) @binding(4) var<storage, read_write> work: array<${tstorage}>;
@group(0) @binding(5) var<storage, read> in0: array<${tstorage}>;

${library}

${field}

const WG = ${workgroup}u;
const WANT_UV = ${want_uv};

var<workgroup> rotations: atomic<u32>;
var<workgroup> counter: atomic<u32>;
var<workgroup> flag: u32;
var<workgroup> red: array<R, ${workgroup}>;
var<workgroup> red_at: array<u32, ${workgroup}>;
var<workgroup> red_out: R;

fn sync() { storageBarrier(); workgroupBarrier(); }

${pairing}

// The workgroup's largest x (every invocation gets it).
fn group_max(lid: u32, x: R) -> R {
    red[lid] = x;
    for (var w = WG / 2u; w > 0u; w >>= 1u) {
        workgroupBarrier();
        if (lid < w) { red[lid] = max(red[lid], red[lid + w]); }
    }
    if (lid == 0u) { red_out = red[0]; }
    let total = workgroupUniformLoad(&red_out);
    workgroupBarrier();
    return total;
}

// The workgroup's sum of x.
fn group_sum(lid: u32, x: R) -> R {
    red[lid] = x;
    for (var w = WG / 2u; w > 0u; w >>= 1u) {
        workgroupBarrier();
        if (lid < w) { red[lid] = red[lid] + red[lid + w]; }
    }
    if (lid == 0u) { red_out = red[0]; }
    let total = workgroupUniformLoad(&red_out);
    workgroupBarrier();
    return total;
}

// Where the workgroup's smallest x is (the first such `at` among equals).
fn group_argmin(lid: u32, x: R, at: u32) -> u32 {
    red[lid] = x;
    red_at[lid] = at;
    for (var w = WG / 2u; w > 0u; w >>= 1u) {
        workgroupBarrier();
        if (lid < w) {
            let y = red[lid + w];
            let y_at = red_at[lid + w];
            if (y < red[lid] || (y == red[lid] && y_at < red_at[lid])) {
                red[lid] = y;
                red_at[lid] = y_at;
            }
        }
    }
    if (lid == 0u) { flag = red_at[0]; }
    let found = workgroupUniformLoad(&flag);
    workgroupBarrier();
    return found;
}

fn count_of(lid: u32) -> u32 {
    workgroupBarrier();
    if (lid == 0u) { flag = atomicLoad(&counter); }
    return workgroupUniformLoad(&flag);
}

struct Layout {
    m: u32, n: u32, uc: u32, players: u32, pairs: u32,
    w0: u32, v0: u32, r0: u32, x0: u32, h0: u32, state: u32,  // in work
    s0: u32, u0: u32, vh0: u32,  // in the outputs
}

fn layout_of(b: u32) -> Layout {
    var L: Layout;
    L.m = p_m();
    L.n = p_n();
    L.uc = p_ucols();
    L.players = L.n + (L.n & 1u);  // a dummy player for odd n
    L.pairs = L.players / 2u;
    L.w0 = b * p_work_stride();
    L.v0 = L.w0 + L.m * L.n;
    L.r0 = L.v0 + L.n * L.n;
    L.x0 = L.r0 + 3u * L.pairs;  // row norms (m), then the projections h (ucols)
    L.h0 = L.x0 + L.m;
    L.state = L.h0 + max(L.uc, 1u);
    let mat = p_first() + b;
    L.s0 = mat * L.n;
    L.u0 = mat * L.m * L.uc;
    L.vh0 = mat * L.n * L.n;
    return L;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let L = layout_of(b);
    if (p_stage() == 0u) {
        load(b, lid, L);
        return;
    }
    if (lid == 0u) {
        flag = u32(f_re(work[L.state + 1u]));
        atomicStore(&rotations, u32(f_re(work[L.state])));
    }
    let status = workgroupUniformLoad(&flag);
    if (status == 2u || (status == 1u && p_stage() == 1u)) { return; }
    if (p_stage() == 1u) {
        rotate(lid, L);
    } else if (p_stage() == 2u) {
        finish(lid, L);
    } else if (WANT_UV) {
        complete(lid, L);
    }
}

fn load(b: u32, lid: u32, L: Layout) {
    let src = p_offset() + (p_first() + b) * p_batch_stride();
    if (lid == 0u) { atomicStore(&counter, 0u); }  // workgroup memory starts undefined
    workgroupBarrier();
    var largest = R(0);
    var finite = true;
    for (var idx = lid; idx < L.m * L.n; idx += WG) {
        var v = in0[src + (idx % L.m) * p_row_stride() + (idx / L.m) * p_col_stride()];
        if (p_conj() != 0u) { v = f_conj(v); }
        finite = finite && f_finite(v);
        largest = max(largest, f_absmax(v));
        work[L.w0 + idx] = v;
    }
    if (!finite) { atomicAdd(&counter, 1u); }
    let bad = count_of(lid) != 0u;
    largest = group_max(lid, largest);
    var scale = R(1);
    if (largest > R(0) && f_needs_scaling(largest)) { scale = f_pow2_recip(largest); }
    if (lid == 0u) {
        work[L.state] = f_real(R(0));
        work[L.state + 1u] = f_real(select(R(0), R(2), bad));
        work[L.state + 2u] = f_real(scale);
    }
    if (bad) {
        for (var i = lid; i < L.n; i += WG) { out_s[L.s0 + i] = nan_${rtag}(); }
        if (WANT_UV) {
            for (var i = lid; i < L.m * L.uc; i += WG) { out_u[L.u0 + i] = f_real(nan_${rtag}()); }
            for (var i = lid; i < L.n * L.n; i += WG) { out_vh[L.vh0 + i] = f_real(nan_${rtag}()); }
        }
        return;
    }
    for (var idx = lid; idx < L.m * L.n; idx += WG) {
        work[L.w0 + idx] = scale * work[L.w0 + idx];
        if (WANT_UV && idx < L.n * L.n) { work[L.v0 + idx] = f_real(select(R(0), R(1), idx % L.n == idx / L.n)); }
    }
}

// Steps t0 .. t1 of the sweeps; a sweep that rotates nothing marks the matrix converged.
fn rotate(lid: u32, L: Layout) {
    let m = L.m;
    let n = L.n;
    let tol = p_tol();
    workgroupBarrier();
    for (var t = p_t0(); t < p_t1(); t++) {
        let s = t % (L.players - 1u);
        for (var k = lid; k < L.pairs; k += WG) {
            let pq = pair_of(s, k, L.players);
            var c = R(1);
            var sn = R(0);
            var ph = f_real(R(1));
            if (pq.y < n) {
                let ip = L.w0 + pq.x * m;
                let iq = L.w0 + pq.y * m;
                var alpha = R(0);
                var beta = R(0);
                var g = f_real(R(0));
                for (var i = 0u; i < m; i++) {
                    let wp = work[ip + i];
                    let wq = work[iq + i];
                    alpha += f_abs2(wp);
                    beta += f_abs2(wq);
                    g += f_mul(f_conj(wp), wq);
                }
                let ag = f_abs(g);
                if (ag > R(0) && ag > tol * sqrt_${rtag}(alpha) * sqrt_${rtag}(beta)) {
                    atomicAdd(&rotations, 1u);
                    ph = f_unit(g, ag);
                    let zeta = (beta - alpha) / (R(2) * ag);
                    let tn = select(R(-1), R(1), zeta >= R(0)) / (abs(zeta) + hypot_${rtag}(R(1), zeta));
                    c = R(1) / sqrt_${rtag}(R(1) + tn * tn);
                    sn = tn * c;
                }
            }
            let r = L.r0 + 3u * k;
            work[r] = f_real(c);
            work[r + 1u] = f_real(sn);
            work[r + 2u] = ph;
        }
        sync();
        // columns p' = c w_p - s conj(ph) w_q, q' = s w_p + c conj(ph) w_q, of W then of V
        let rows = select(m, m + n, WANT_UV);
        for (var it = lid; it < L.pairs * rows; it += WG) {
            let k = it / rows;
            let i = it % rows;
            let r = L.r0 + 3u * k;
            let sn = f_re(work[r + 1u]);
            if (sn == R(0)) { continue; }
            let c = f_re(work[r]);
            let w = f_conj(work[r + 2u]);
            let pq = pair_of(s, k, L.players);
            var ip = L.w0 + pq.x * m + i;
            var iq = L.w0 + pq.y * m + i;
            if (i >= m) {
                ip = L.v0 + pq.x * n + (i - m);
                iq = L.v0 + pq.y * n + (i - m);
            }
            let ap = work[ip];
            let waq = f_mul(w, work[iq]);
            work[ip] = c * ap - sn * waq;
            work[iq] = sn * ap + c * waq;
        }
        sync();
        if (s + 2u == L.players) {  // the sweep's last step
            if (lid == 0u) {
                flag = atomicLoad(&rotations);
                atomicStore(&rotations, 0u);
            }
            if (workgroupUniformLoad(&flag) == 0u) {
                if (lid == 0u) { work[L.state + 1u] = f_real(R(1)); }
                break;
            }
        }
    }
    if (lid == 0u) { work[L.state] = f_real(R(atomicLoad(&rotations))); }
}

// sigma_i = ||w_i|| (kept in the row-norm slots meanwhile), descending, ties by position; U's
// columns of the nonzero ones, Vh; then the rank and the row norms of those columns of U.
fn finish(lid: u32, L: Layout) {
    let m = L.m;
    let n = L.n;
    let uc = L.uc;
    for (var i = lid; i < n; i += WG) {
        var alpha = R(0);
        for (var row = 0u; row < m; row++) { alpha += f_abs2(work[L.w0 + i * m + row]); }
        work[L.x0 + i] = f_real(sqrt_${rtag}(alpha));
    }
    if (lid == 0u) { atomicStore(&counter, 0u); }
    sync();
    let unscale = R(1) / f_re(work[L.state + 2u]);
    for (var i = lid; i < n; i += WG) {
        let d = f_re(work[L.x0 + i]);
        var rank = 0u;
        for (var j = 0u; j < n; j++) {
            let e = f_re(work[L.x0 + j]);
            if (e > d || (e == d && j < i)) { rank++; }
        }
        out_s[L.s0 + rank] = d * unscale;
        if (WANT_UV) {
            if (d > R(0)) {
                atomicAdd(&counter, 1u);
                let inv = R(1) / d;
                for (var row = 0u; row < m; row++) { out_u[L.u0 + row * uc + rank] = inv * work[L.w0 + i * m + row]; }
            }
            for (var row = 0u; row < n; row++) { out_vh[L.vh0 + rank * n + row] = f_conj(work[L.v0 + i * n + row]); }
        }
    }
    if (!WANT_UV) { return; }
    let rank = count_of(lid);
    storageBarrier();
    for (var row = lid; row < m; row += WG) {
        var norm2 = R(0);
        for (var k = 0u; k < rank; k++) { norm2 += f_abs2(out_u[L.u0 + row * uc + k]); }
        work[L.x0 + row] = f_real(norm2);
    }
    if (lid == 0u) { work[L.state + 3u] = f_real(R(rank)); }
}

// Columns t0 .. t1 of U past the rank, one at a time: the unit vector e_j of the row least
// covered so far, orthogonalised twice against the columns before it.
fn complete(lid: u32, L: Layout) {
    let m = L.m;
    let uc = L.uc;
    if (lid == 0u) { flag = u32(f_re(work[L.state + 3u])); }
    let rank = workgroupUniformLoad(&flag);
    for (var col = max(rank, p_t0()); col < p_t1(); col++) {
        var least = R(0);
        var least_at = 0xffffffffu;
        for (var row = lid; row < m; row += WG) {
            let v = f_re(work[L.x0 + row]);
            if (least_at == 0xffffffffu || v < least) {
                least = v;
                least_at = row;
            }
        }
        if (least_at == 0xffffffffu) { least = R(3); }
        let j = group_argmin(lid, least, least_at);
        // v = e_j - U U^H e_j
        for (var row = lid; row < m; row += WG) {
            var v = f_real(select(R(0), R(1), row == j));
            for (var k = 0u; k < col; k++) {
                v -= f_mul(out_u[L.u0 + row * uc + k], f_conj(out_u[L.u0 + j * uc + k]));
            }
            out_u[L.u0 + row * uc + col] = v;
        }
        sync();
        // again: h = U^H v, v -= U h
        for (var k = lid; k < col; k += WG) {
            var h = f_real(R(0));
            for (var row = 0u; row < m; row++) {
                h += f_mul(f_conj(out_u[L.u0 + row * uc + k]), out_u[L.u0 + row * uc + col]);
            }
            work[L.h0 + k] = h;
        }
        sync();
        var norm2 = R(0);
        for (var row = lid; row < m; row += WG) {
            var v = out_u[L.u0 + row * uc + col];
            for (var k = 0u; k < col; k++) { v -= f_mul(out_u[L.u0 + row * uc + k], work[L.h0 + k]); }
            out_u[L.u0 + row * uc + col] = v;
            norm2 += f_abs2(v);
        }
        let inv = R(1) / sqrt_${rtag}(group_sum(lid, norm2));
        storageBarrier();
        for (var row = lid; row < m; row += WG) {
            let v = inv * out_u[L.u0 + row * uc + col];
            out_u[L.u0 + row * uc + col] = v;
            work[L.x0 + row] = f_real(f_re(work[L.x0 + row]) + f_abs2(v));
        }
        sync();
    }
}
