// eigh: the cyclic Jacobi method on one Hermitian matrix per workgroup (parallel ordering).
// Each sweep visits every pair (p, q) once, in n - 1 steps of a round-robin tournament of
// disjoint pairs; a step computes every pair's rotation J from the current A, then
// A <- A J and V <- V J (columns p, q), then A <- J^H A (rows p, q), the rotated 2 x 2 block
// being set to its exact diagonal form. A pair rotates when |a_pq| > tol sqrt(|a_pp a_qq|);
// sweeps end when one rotates none (checked on the GPU). The eigenvalues come out
// ascending, the eigenvectors as the matching columns. A non-finite input in the triangle
// read gives NaN results, as LAPACK's.
// Three stages, one dispatch each but the sweeps, which run steps t0 .. t1 of the sequence
// (sweep, step) per dispatch (llvmpipe ends a loop nest after 65535 iterations):
//   0: load A (and V = I);  1: rotate;  2: sort and write the results.
// work: per matrix A and V (column-major, n x n each), 5 values per pair of a step (c, s, the
// phase of a_pq, the new a_pp and a_qq), then the state: the sweep's rotations so far and the
// status (0 running, 1 converged, 2 non-finite input). Parameters: jacobi.py's eig_params.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out_w: array<${rstorage}>;
@group(0) @binding(2) var<storage, read_write> out_v: array<${tstorage}>;
@group(0) @binding(3) var<storage, read_write> work: array<${tstorage}>;
@group(0) @binding(4) var<storage, read> in0: array<${tstorage}>;

${library}

${field}

const WG = ${workgroup}u;
const WANT_V = ${want_vectors};

var<workgroup> rotations: atomic<u32>;
var<workgroup> bad: atomic<u32>;
var<workgroup> flag: u32;

fn sync() { storageBarrier(); workgroupBarrier(); }

${pairing}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let players = n + (n & 1u);  // a dummy player for odd n
    let pairs = players / 2u;
    let a0 = b * p_work_stride();
    let v0 = a0 + n * n;
    let r0 = v0 + n * n;
    let src = p_offset() + (p_first() + b) * p_batch_stride();
    let lower = p_lower() != 0u;
    let state = r0 + 5u * pairs;
    let out0 = (p_first() + b) * n;
    if (p_stage() != 0u) {
        if (lid == 0u) {
            flag = u32(f_re(work[state + 1u]));
            atomicStore(&rotations, u32(f_re(work[state])));
        }
        let status = workgroupUniformLoad(&flag);
        if (status != 0u && (p_stage() == 1u || status == 2u)) { return; }
        if (p_stage() == 1u) { rotate(b, lid, p_t0(), p_t1()); } else { finish(b, lid); }
        return;
    }

    if (lid == 0u) { atomicStore(&bad, 0u); }  // workgroup memory starts undefined
    workgroupBarrier();
    // The triangle read, as the full Hermitian matrix (the diagonal's imaginary parts ignored).
    for (var idx = lid; idx < n * n; idx += WG) {
        let i = idx % n;
        let j = idx / n;
        let r = select(min(i, j), max(i, j), lower);
        let c = select(max(i, j), min(i, j), lower);
        var v = in0[src + r * p_row_stride() + c * p_col_stride()];
        if (!f_finite(v)) { atomicOr(&bad, 1u); }
        if (i == j) { v = f_real(f_re(v)); } else if ((i > j) != lower) { v = f_conj(v); }
        work[a0 + idx] = v;
        if (WANT_V) { work[v0 + idx] = f_real(select(R(0), R(1), i == j)); }
    }
    sync();
    if (lid == 0u) { flag = atomicLoad(&bad); }
    let any_bad = workgroupUniformLoad(&flag);
    if (lid == 0u) {
        work[state] = f_real(R(0));
        work[state + 1u] = f_real(select(R(0), R(2), any_bad != 0u));
    }
    if (any_bad != 0u) {
        for (var i = lid; i < n; i += WG) { out_w[out0 + i] = nan_${rtag}(); }
        if (WANT_V) { for (var i = lid; i < n * n; i += WG) { out_v[out0 * n + i] = f_real(nan_${rtag}()); } }
    }
}

// Steps t0 .. t1 of the sweeps; a sweep that rotates nothing marks the matrix converged.
fn rotate(b: u32, lid: u32, t0: u32, t1: u32) {
    let n = p_n();
    let players = n + (n & 1u);
    let pairs = players / 2u;
    let a0 = b * p_work_stride();
    let v0 = a0 + n * n;
    let r0 = v0 + n * n;
    let state = r0 + 5u * pairs;
    let tol = p_tol();
    workgroupBarrier();
    for (var t = t0; t < t1; t++) {
        let s = t % (players - 1u);
        {  // step s: rotations, columns, rows
            for (var k = lid; k < pairs; k += WG) {
                let pq = pair_of(s, k, players);
                var c = R(1);
                var sn = R(0);
                var ph = f_real(R(1));
                var dpp = R(0);
                var dqq = R(0);
                if (pq.y < n) {
                    let g = work[a0 + pq.y * n + pq.x];
                    let app = f_re(work[a0 + pq.x * n + pq.x]);
                    let aqq = f_re(work[a0 + pq.y * n + pq.y]);
                    let ag = f_abs(g);
                    if (ag > R(0) && ag > tol * sqrt_${rtag}(abs(app)) * sqrt_${rtag}(abs(aqq))) {
                        atomicAdd(&rotations, 1u);
                        ph = f_unit(g, ag);
                        let tau = (aqq - app) / (R(2) * ag);
                        let tn = select(R(-1), R(1), tau >= R(0)) / (abs(tau) + hypot_${rtag}(R(1), tau));
                        c = R(1) / sqrt_${rtag}(R(1) + tn * tn);
                        sn = tn * c;
                        dpp = app - tn * ag;
                        dqq = aqq + tn * ag;
                    }
                }
                let r = r0 + 5u * k;
                work[r] = f_real(c);
                work[r + 1u] = f_real(sn);
                work[r + 2u] = ph;
                work[r + 3u] = f_real(dpp);
                work[r + 4u] = f_real(dqq);
            }
            sync();
            // A <- A J, V <- V J: columns p' = c a_p - s conj(ph) a_q, q' = s a_p + c conj(ph) a_q.
            for (var it = lid; it < pairs * n; it += WG) {
                let k = it / n;
                let i = it % n;
                let r = r0 + 5u * k;
                let sn = f_re(work[r + 1u]);
                if (sn == R(0)) { continue; }
                let c = f_re(work[r]);
                let w = f_conj(work[r + 2u]);
                let pq = pair_of(s, k, players);
                let ip = a0 + pq.x * n + i;
                let iq = a0 + pq.y * n + i;
                let ap = work[ip];
                let waq = f_mul(w, work[iq]);
                work[ip] = c * ap - sn * waq;
                work[iq] = sn * ap + c * waq;
                if (WANT_V) {
                    let jp = v0 + pq.x * n + i;
                    let jq = v0 + pq.y * n + i;
                    let vp = work[jp];
                    let wvq = f_mul(w, work[jq]);
                    work[jp] = c * vp - sn * wvq;
                    work[jq] = sn * vp + c * wvq;
                }
            }
            sync();
            // A <- J^H A: rows p' = c a_p - s ph a_q, q' = s a_p + c ph a_q; the 2 x 2 block exact.
            for (var it = lid; it < pairs * n; it += WG) {
                let k = it / n;
                let j = it % n;
                let r = r0 + 5u * k;
                let sn = f_re(work[r + 1u]);
                if (sn == R(0)) { continue; }
                let pq = pair_of(s, k, players);
                let ip = a0 + j * n + pq.x;
                let iq = a0 + j * n + pq.y;
                if (j == pq.x) {
                    work[ip] = work[r + 3u];
                    work[iq] = f_real(R(0));
                } else if (j == pq.y) {
                    work[ip] = f_real(R(0));
                    work[iq] = work[r + 4u];
                } else {
                    let c = f_re(work[r]);
                    let ap = work[ip];
                    let waq = f_mul(work[r + 2u], work[iq]);
                    work[ip] = c * ap - sn * waq;
                    work[iq] = sn * ap + c * waq;
                }
            }
            sync();
        }
        if (s + 2u == players) {  // the sweep's last step
            if (lid == 0u) {
                flag = atomicLoad(&rotations);
                atomicStore(&rotations, 0u);
            }
            if (workgroupUniformLoad(&flag) == 0u) {
                if (lid == 0u) { work[state + 1u] = f_real(R(1)); }
                break;
            }
        }
    }
    if (lid == 0u) { work[state] = f_real(R(atomicLoad(&rotations))); }
}

// Ascending eigenvalues (ties by position), the eigenvectors as the matching columns.
fn finish(b: u32, lid: u32) {
    let n = p_n();
    let a0 = b * p_work_stride();
    let v0 = a0 + n * n;
    let out0 = (p_first() + b) * n;
    for (var i = lid; i < n; i += WG) {
        let d = f_re(work[a0 + i * n + i]);
        var rank = 0u;
        for (var j = 0u; j < n; j++) {
            let e = f_re(work[a0 + j * n + j]);
            if (e < d || (e == d && j < i)) { rank++; }
        }
        out_w[out0 + rank] = d;
        if (WANT_V) {
            for (var row = 0u; row < n; row++) { out_v[out0 * n + row * n + rank] = work[v0 + i * n + row]; }
        }
    }
}
