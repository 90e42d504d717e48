// Eigenvalues of symmetric tridiagonal matrices by bisection on Sturm counts (LAPACK's stebz),
// one invocation per (matrix, row k): the (k - first)-th smallest eigenvalue of the block
// [first, end) holding row k (tridiag_split.wgsl), so that each block's eigenvalues come in
// order at its rows. lohi (batch, n, 2) keeps the bracket [lo, hi] between dispatches (stage 0
// starts it from the block's Gerschgorin interval); each dispatch halves it at most
// p_iters() times, stopping at hi - lo <= 2 eps max(|lo|, |hi|) + eps ||T_block||; w gets the
// middle.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> w: array<R>;
@group(0) @binding(2) var<storage, read_write> lohi: array<R>;
@group(0) @binding(3) var<storage, read> de: array<R>;
${scalar}
${split}
${library}

// How many eigenvalues of the block are below x (the LDL^T pivots' signs, small pivots
// replaced by -pivmin as stebz does).
fn below(b: u32, n: u32, blk: vec2<u32>, x: R, pivmin: R) -> u32 {
    var count = 0u;
    var q = R(1);
    for (var i = blk.x; i < blk.y; i++) {
        var piv = t_d(b, n, i) - x;
        if (i > blk.x) {
            let e = t_e(b, n, i - 1u);
            piv -= e * e / q;
        }
        if (abs(piv) <= pivmin) { piv = -pivmin; }
        q = piv;
        count += u32(piv < R(0));
    }
    return count;
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_n();
    if (item >= p_batch() * n) { return; }
    let b = item / n;
    let k = item % n;
    let norm = t_norm(b, n);
    if (isnan_${rtag}(norm)) {
        w[item] = nan_${rtag}();
        return;
    }
    let blk = t_block(b, n, k, norm);
    if (blk.y - blk.x == 1u) {  // a block of one row: its eigenvalue exactly
        w[item] = t_d(b, n, k);
        return;
    }
    var max_e2 = R(0);
    var block_norm = R(0);  // the bracket's tolerance is relative to the block, whose vectors
    for (var i = blk.x; i < blk.y; i++) {  // inverse iteration separates at that scale
        let e = t_inner_e(b, n, i, blk);
        max_e2 = max(max_e2, e * e);
        var row = abs(t_d(b, n, i)) + abs(e);
        if (i > blk.x) { row += abs(t_e(b, n, i - 1u)); }
        block_norm = max(block_norm, row);
    }
    let pivmin = SAFEMIN * max(R(1), max_e2);
    var lo: R;
    var hi: R;
    if (p_stage() == 0u) {
        lo = t_d(b, n, blk.x);
        hi = lo;
        for (var i = blk.x; i < blk.y; i++) {
            var radius = abs(t_inner_e(b, n, i, blk));
            if (i > blk.x) { radius += abs(t_e(b, n, i - 1u)); }
            lo = min(lo, t_d(b, n, i) - radius);
            hi = max(hi, t_d(b, n, i) + radius);
        }
        let pad = EPS * block_norm * R(2u * (blk.y - blk.x) + 2u) + R(2) * pivmin;
        lo -= pad;
        hi += pad;
    } else {
        lo = lohi[2u * item];
        hi = lohi[2u * item + 1u];
    }
    let target_index = k - blk.x;
    for (var it = 0u; it < p_iters(); it++) {
        if (hi - lo <= R(2) * EPS * max(abs(lo), abs(hi)) + EPS * block_norm) { break; }
        let mid = R(0.5) * (lo + hi);
        if (mid <= lo || mid >= hi) { break; }
        if (below(b, n, blk, mid, pivmin) > target_index) { hi = mid; } else { lo = mid; }
    }
    lohi[2u * item] = lo;
    lohi[2u * item + 1u] = hi;
    w[item] = R(0.5) * (lo + hi);
}
