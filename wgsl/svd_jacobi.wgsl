// svd: one-sided Jacobi (Hestenes) on one m x n matrix (m >= n) per workgroup. Columns p, q
// of W (initially A, scaled by a power of two so that sums of squares stay in range) rotate
// until every pair is orthogonal to tol: |w_p^H w_q| <= tol ||w_p|| ||w_q||. Each sweep
// visits every pair once, in n - 1 steps of disjoint pairs (a round-robin tournament); a step
// computes its pairs' rotations, then rotates W's columns (and V's, V = the product of the
// rotations). Sweeps end when one rotates nothing (checked on the GPU) or at max_sweeps.
// Then sigma_i = ||w_i||, descending; U's columns are w_i / sigma_i, and the columns the
// zero singular values (and full_matrices) leave are completed to an orthonormal basis, one
// at a time: the unit vector e_j least covered by the columns so far (the row of least norm),
// orthogonalised twice against them. Vh = V^H. A non-finite input gives NaN everywhere.
// work: per matrix W (m x n), V (n x n), both column-major, the rotations of a step (c, s,
// phase), then m + ucols values for the completion. Parameters: jacobi.py's SVD_PARAMS.
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

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let m = p_m();
    let n = p_n();
    let uc = p_ucols();
    let players = n + (n & 1u);  // a dummy player for odd n
    let pairs = players / 2u;
    let w0 = b * p_work_stride();
    let v0 = w0 + m * n;
    let r0 = v0 + n * n;
    let x0 = r0 + 3u * pairs;  // row norms (m), then the projections h (ucols)
    let h0 = x0 + m;
    let mat = p_first() + b;
    let src = p_offset() + mat * p_batch_stride();
    let s0 = mat * n;
    let u0 = mat * m * uc;
    let vh0 = mat * n * n;

    if (lid == 0u) { atomicStore(&counter, 0u); }  // workgroup memory starts undefined
    workgroupBarrier();
    var largest = R(0);
    var finite = true;
    for (var idx = lid; idx < m * n; idx += WG) {
        var v = in0[src + (idx % m) * p_row_stride() + (idx / m) * p_col_stride()];
        if (p_conj() != 0u) { v = f_conj(v); }
        finite = finite && f_finite(v);
        largest = max(largest, f_absmax(v));
        work[w0 + idx] = v;
    }
    if (!finite) { atomicAdd(&counter, 1u); }
    if (count_of(lid) != 0u) {
        for (var i = lid; i < n; i += WG) { out_s[s0 + i] = nan_${rtag}(); }
        if (WANT_UV) {
            for (var i = lid; i < m * uc; i += WG) { out_u[u0 + i] = f_real(nan_${rtag}()); }
            for (var i = lid; i < n * n; i += WG) { out_vh[vh0 + i] = f_real(nan_${rtag}()); }
        }
        return;
    }
    largest = group_max(lid, largest);
    var scale = R(1);
    if (largest > R(0) && f_needs_scaling(largest)) { scale = f_pow2_recip(largest); }
    for (var idx = lid; idx < m * n; idx += WG) {
        work[w0 + idx] = scale * work[w0 + idx];
        if (WANT_UV && idx < n * n) { work[v0 + idx] = f_real(select(R(0), R(1), idx % n == idx / n)); }
    }
    sync();

    let tol = p_tol();
    for (var sweep = 0u; sweep < p_max_sweeps(); sweep++) {
        if (lid == 0u) { atomicStore(&rotations, 0u); }
        workgroupBarrier();  // the count starts at 0 before anyone rotates
        for (var s = 0u; s + 1u < players; s++) {
            for (var k = lid; k < pairs; k += WG) {
                let pq = pair_of(s, k, players);
                var c = R(1);
                var sn = R(0);
                var ph = f_real(R(1));
                if (pq.y < n) {
                    let ip = w0 + pq.x * m;
                    let iq = w0 + pq.y * m;
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
                        let t = select(R(-1), R(1), zeta >= R(0)) / (abs(zeta) + hypot_${rtag}(R(1), zeta));
                        c = R(1) / sqrt_${rtag}(R(1) + t * t);
                        sn = t * c;
                    }
                }
                let r = r0 + 3u * k;
                work[r] = f_real(c);
                work[r + 1u] = f_real(sn);
                work[r + 2u] = ph;
            }
            sync();
            // columns p' = c w_p - s conj(ph) w_q, q' = s w_p + c conj(ph) w_q, of W then of V
            let rows = select(m, m + n, WANT_UV);
            for (var it = lid; it < pairs * rows; it += WG) {
                let k = it / rows;
                let i = it % rows;
                let r = r0 + 3u * k;
                let sn = f_re(work[r + 1u]);
                if (sn == R(0)) { continue; }
                let c = f_re(work[r]);
                let w = f_conj(work[r + 2u]);
                let pq = pair_of(s, k, players);
                var ip = w0 + pq.x * m + i;
                var iq = w0 + pq.y * m + i;
                if (i >= m) {
                    ip = v0 + pq.x * n + (i - m);
                    iq = v0 + pq.y * n + (i - m);
                }
                let ap = work[ip];
                let waq = f_mul(w, work[iq]);
                work[ip] = c * ap - sn * waq;
                work[iq] = sn * ap + c * waq;
            }
            sync();
        }
        workgroupBarrier();
        if (lid == 0u) { flag = atomicLoad(&rotations); }
        if (workgroupUniformLoad(&flag) == 0u) { break; }
    }

    // sigma_i = ||w_i|| (kept in the row-norm slots meanwhile), descending, ties by position.
    for (var i = lid; i < n; i += WG) {
        var alpha = R(0);
        for (var row = 0u; row < m; row++) { alpha += f_abs2(work[w0 + i * m + row]); }
        work[x0 + i] = f_real(sqrt_${rtag}(alpha));
    }
    if (lid == 0u) { atomicStore(&counter, 0u); }
    sync();
    let unscale = R(1) / scale;
    for (var i = lid; i < n; i += WG) {
        let d = f_re(work[x0 + i]);
        var rank = 0u;
        for (var j = 0u; j < n; j++) {
            let e = f_re(work[x0 + j]);
            if (e > d || (e == d && j < i)) { rank++; }
        }
        out_s[s0 + rank] = d * unscale;
        if (WANT_UV) {
            if (d > R(0)) {
                atomicAdd(&counter, 1u);
                let inv = R(1) / d;
                for (var row = 0u; row < m; row++) { out_u[u0 + row * uc + rank] = inv * work[w0 + i * m + row]; }
            }
            for (var row = 0u; row < n; row++) { out_vh[vh0 + rank * n + row] = f_conj(work[v0 + i * n + row]); }
        }
    }
    if (!WANT_UV) { return; }
    let rank = count_of(lid);
    storageBarrier();
    if (rank >= uc) { return; }

    // Complete U: the row norms of its first `rank` columns, then one new column at a time.
    for (var row = lid; row < m; row += WG) {
        var norm2 = R(0);
        for (var k = 0u; k < rank; k++) { norm2 += f_abs2(out_u[u0 + row * uc + k]); }
        work[x0 + row] = f_real(norm2);
    }
    sync();
    for (var col = rank; col < uc; col++) {
        var least = R(0);
        var least_at = 0xffffffffu;
        for (var row = lid; row < m; row += WG) {
            let v = f_re(work[x0 + row]);
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
                v -= f_mul(out_u[u0 + row * uc + k], f_conj(out_u[u0 + j * uc + k]));
            }
            out_u[u0 + row * uc + col] = v;
        }
        sync();
        // again: h = U^H v, v -= U h
        for (var k = lid; k < col; k += WG) {
            var h = f_real(R(0));
            for (var row = 0u; row < m; row++) {
                h += f_mul(f_conj(out_u[u0 + row * uc + k]), out_u[u0 + row * uc + col]);
            }
            work[h0 + k] = h;
        }
        sync();
        var norm2 = R(0);
        for (var row = lid; row < m; row += WG) {
            var v = out_u[u0 + row * uc + col];
            for (var k = 0u; k < col; k++) { v -= f_mul(out_u[u0 + row * uc + k], work[h0 + k]); }
            out_u[u0 + row * uc + col] = v;
            norm2 += f_abs2(v);
        }
        let inv = R(1) / sqrt_${rtag}(group_sum(lid, norm2));
        storageBarrier();
        for (var row = lid; row < m; row += WG) {
            let v = inv * out_u[u0 + row * uc + col];
            out_u[u0 + row * uc + col] = v;
            work[x0 + row] = f_real(f_re(work[x0 + row]) + f_abs2(v));
        }
        sync();
    }
}
