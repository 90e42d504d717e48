// geev, second kernel: the shifted QR iteration (LAPACK's ?lahqr) on the Hessenberg matrices
// of geev_hessenberg, one matrix per workgroup, down to (quasi-)triangular Schur form T with
// Z <- Z Q (WANT_T; else only the active block is iterated, for the eigenvalues alone).
// The iteration runs in events, at most p_events() per dispatch (llvmpipe ends a loop nest
// after 65535 iterations): an event looks for a negligible subdiagonal entry of the active
// block (Ahues and Tisseur's test, as LAPACK), deflates a converged 1 x 1 (or real 2 x 2)
// block at its bottom, writing its eigenvalues, or else runs one shifted QR sweep (a bulge
// chased down the block). The kind-specific steps (real double shift, complex single shift)
// come from geev_qr_real / geev_qr_complex.
// state per matrix: status (0 running, 1 converged, 2 no convergence, 3 non-finite input), the
// active block's last row, its first row, the sweeps since the last deflation (exceptional
// shifts every 10th), the sweeps in all (at most p_max_sweeps(): then status 2), the exponent
// e of the scale of the matrix (its eigenvalues are written times 2^-e).
// H and Z live in the work buffer, or for small matrices in a copy in workgroup memory,
// loaded at the start of a dispatch and stored at its end.
// Parameters: eig_general.py's _params("qr").
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out_w: array<${cstorage}>;
@group(0) @binding(2) var<storage, read_write> work: array<${tstorage}>;
@group(0) @binding(3) var<storage, read_write> state: array<i32>;

${library}

${field}

const WG = ${workgroup}u;
const WANT_T = ${want_vectors};
const STOP = 0i;
const NOTHING = 1i;
const ROTATE = 2i;
const SWEEP = 3i;

var<private> n: i32;
var<private> h0: i32;
var<private> z0: i32;
var<private> s0: u32;
var<private> w0: u32;
var<private> unscale: R;

${workgroup_matrix}
var<workgroup> w_mode: i32;
var<workgroup> w_m: i32;   // SWEEP: the chase's first row; ROTATE: the 2 x 2 block's first row
var<workgroup> w_hi: i32;  // SWEEP: the active block's last row
var<workgroup> w_l: i32;   // SWEEP: the active block's first row

fn Hx(i: i32, j: i32) -> u32 { return u32(h0 + i * n + j); }
fn Zx(i: i32, j: i32) -> u32 { return u32(z0 + i * n + j); }
fn sync() { storageBarrier(); workgroupBarrier(); }
fn cabs1_at(i: i32, j: i32) -> R { return f_cabs1(${mem}[Hx(i, j)]); }

${steps}

// The first row l of the active block ending at row hi: the last k whose subdiagonal entry
// h[k, k-1] is negligible (set to 0 here), else `low`.
fn split_row(hi: i32, low: i32) -> i32 {
    let ulp = p_ulp();
    let smlnum = p_smlnum();
    var k = hi;
    for (; k > low; k--) {
        let sub = cabs1_at(k, k - 1);
        if (sub <= smlnum) { break; }
        var tst = cabs1_at(k - 1, k - 1) + cabs1_at(k, k);
        if (tst == R(0)) {
            if (k - 2 >= 0) { tst += cabs1_at(k - 1, k - 2); }
            if (k + 1 <= n - 1) { tst += cabs1_at(k + 1, k); }
        }
        if (sub <= ulp * tst) {
            let sup = cabs1_at(k - 1, k);
            let ab = max(sub, sup);
            let ba = min(sub, sup);
            let dkk = cabs1_at(k, k);
            let diff = f_cabs1(${mem}[Hx(k - 1, k - 1)] - ${mem}[Hx(k, k)]);
            let aa = max(dkk, diff);
            let bb = min(dkk, diff);
            let s = aa + ab;
            if (ba * (ab / s) <= max(smlnum, ulp * (bb * (aa / s)))) { break; }
        }
    }
    if (k > 0) { ${mem}[Hx(k, k - 1)] = f_real(R(0)); }
    return k;
}

// What this event does (invocation 0): sets w_mode and what the others need.
fn decide() {
    w_mode = STOP;
    if (state[s0] != 0i) { return; }
    let hi = state[s0 + 1u];
    if (hi < 0i) {
        state[s0] = 1i;
        return;
    }
    let l = split_row(hi, state[s0 + 2u]);
    if (l >= hi - BLOCK + 1) {  // a converged block at the bottom
        w_mode = deflate(l, hi);
        state[s0 + 1u] = l - 1;
        state[s0 + 2u] = 0i;
        state[s0 + 3u] = 0i;
        return;
    }
    let total = state[s0 + 4u];
    if (total >= i32(p_max_sweeps())) {
        state[s0] = 2i;
        return;
    }
    let sweeps = state[s0 + 3u] + 1;
    state[s0 + 2u] = l;
    state[s0 + 3u] = sweeps;
    state[s0 + 4u] = total + 1;
    start_sweep(l, hi, sweeps);
    w_l = l;
    w_hi = hi;
    w_mode = SWEEP;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    n = i32(p_n());
    let base = b * p_work_stride();
    let cells = select(1u, 2u, WANT_T) * u32(n * n);  // H, and Z where it is wanted
${load}
    h0 = ${h0};
    z0 = h0 + n * n;
    s0 = ${state_words}u * (p_first() + b);
    w0 = (p_first() + b) * u32(n);
    unscale = f_pow2(-state[s0 + 5u]);
    for (var e = 0u; e < p_events(); e++) {
        if (lid == 0u) { decide(); }
        sync();
        let mode = workgroupUniformLoad(&w_mode);
        if (mode == STOP) { break; }
        if (mode == ROTATE) {
            rotate_block(i32(lid));
            sync();
        }
        if (mode == SWEEP) {
            let m = workgroupUniformLoad(&w_m);
            let hi = workgroupUniformLoad(&w_hi);
            let l = workgroupUniformLoad(&w_l);
            let i1 = select(l, 0i, WANT_T);      // rows the right-hand updates reach from
            let i2 = select(hi, n - 1, WANT_T);  // columns the left-hand updates reach to
            for (var k = m; k < hi; k++) {
                if (lid == 0u) { reflector(k, m, l, hi); }
                sync();
                apply_left(k, hi, i2, i32(lid));
                sync();
                apply_right(k, hi, i1, i32(lid));
                sync();
            }
        }
    }
${store}
}
