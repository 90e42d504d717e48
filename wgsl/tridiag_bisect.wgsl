// Eigenvalues of symmetric tridiagonal matrices by bisection on Sturm counts (LAPACK's stebz),
// one workgroup per (matrix, row k): the (k - first)-th smallest eigenvalue of the block
// [first, end) holding row k (tridiag_split.wgsl), so that each block's eigenvalues come in
// order at its rows. lohi (batch, n, 2) keeps the bracket [lo, hi] between dispatches (stage 0
// starts it from the block's Gerschgorin interval); each dispatch halves it at most p_iters()
// times, stopping at hi - lo <= 2 eps max(|lo|, |hi|) + eps ||T_block||; w gets the middle.
// The halvings go DEPTH at a time: the midpoints that DEPTH halvings may visit (a binary tree
// of 2^DEPTH - 1 nodes, children 2v and 2v + 1) depend on the bracket alone, so LANES = 2^DEPTH
// lanes (lane v: node v) count at all of them at once and their lane 0 then walks down the
// tree: the brackets of one-by-one bisection, a serial Sturm count per DEPTH halvings instead of
// one per halving. A workgroup takes WG / LANES eigenvalues.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> w: array<R>;
@group(0) @binding(2) var<storage, read_write> lohi: array<R>;
@group(0) @binding(3) var<storage, read> de: array<R>;
${scalar}
${split}
${library}

const WG: u32 = ${WG}u;
const DEPTH: u32 = ${DEPTH}u;
const LANES: u32 = 1u << DEPTH;  // per eigenvalue
const GROUPS: u32 = WG / LANES;  // eigenvalues per workgroup
const STEP: u32 = max(DEPTH, 1u);  // halvings per step

var<workgroup> wg_lo: array<R, GROUPS>;
var<workgroup> wg_hi: array<R, GROUPS>;
var<workgroup> wg_taken: array<u32, GROUPS>;  // halvings of the last walk
var<workgroup> wg_stop: array<u32, GROUPS>;
var<workgroup> wg_running: u32;  // whether any eigenvalue of the workgroup goes on
var<workgroup> above: array<u32, WG>;  // node v of group g at g LANES + v: whether the eigenvalue lies below its midpoint

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

fn converged(lo: R, hi: R, block_norm: R) -> bool {
    return hi - lo <= R(2) * EPS * max(abs(lo), abs(hi)) + EPS * block_norm;
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = lid / LANES;
    let lane = lid % LANES;
    let n = p_n();
    let items = p_batch() * n;
    let item = (wid.x + wid.y * nwg.x) * GROUPS + group;
    let b = min(item, items - 1u) / n;  // (no return before the barriers: every lane takes part)
    let k = min(item, items - 1u) % n;
    let norm = t_norm(b, n);
    var live = item < items;
    var blk = vec2<u32>(k, k + 1u);
    if (isnan_${rtag}(norm)) {
        if (live && lane == 0u) { w[item] = nan_${rtag}(); }
        live = false;
    } else {
        blk = t_block(b, n, k, norm);
    }
    if (live && blk.y - blk.x == 1u) {  // a block of one row: its eigenvalue exactly
        if (lane == 0u) { w[item] = t_d(b, n, k); }
        live = false;
    }
    var max_e2 = R(0);
    var block_norm = R(0);  // the bracket's tolerance is relative to the block, whose vectors
    for (var i = blk.x; live && i < blk.y; i++) {  // inverse iteration separates at that scale
        let e = t_inner_e(b, n, i, blk);
        max_e2 = max(max_e2, e * e);
        var row = abs(t_d(b, n, i)) + abs(e);
        if (i > blk.x) { row += abs(t_e(b, n, i - 1u)); }
        block_norm = max(block_norm, row);
    }
    let pivmin = SAFEMIN * max(R(1), max_e2);
    if (lane == 0u) {
        wg_stop[group] = u32(!live);
        if (!live) {
        } else if (p_stage() == 0u) {
            var lo = t_d(b, n, blk.x);
            var hi = lo;
            for (var i = blk.x; i < blk.y; i++) {
                var radius = abs(t_inner_e(b, n, i, blk));
                if (i > blk.x) { radius += abs(t_e(b, n, i - 1u)); }
                lo = min(lo, t_d(b, n, i) - radius);
                hi = max(hi, t_d(b, n, i) + radius);
            }
            let pad = EPS * block_norm * R(2u * (blk.y - blk.x) + 2u) + R(2) * pivmin;
            wg_lo[group] = lo - pad;
            wg_hi[group] = hi + pad;
        } else {
            wg_lo[group] = lohi[2u * item];
            wg_hi[group] = lohi[2u * item + 1u];
        }
    }
    workgroupBarrier();
    var lo = wg_lo[group];
    var hi = wg_hi[group];
    var stopped = wg_stop[group] != 0u;
    let target_index = k - blk.x;
    var halvings = 0u;
    for (var step = 0u; step < p_iters(); step += STEP) {
        if (lane > 0u && !stopped) {  // node lane: down from the root along its index's bits, then its midpoint
            var l = lo;
            var h = hi;
            for (var level = firstLeadingBit(lane); level > 0u; level--) {
                let mid = R(0.5) * (l + h);
                if (((lane >> (level - 1u)) & 1u) == 0u) { h = mid; } else { l = mid; }
            }
            above[lid] = u32(below(b, n, blk, R(0.5) * (l + h), pivmin) > target_index);
        }
        workgroupBarrier();
        if (lane == 0u && !stopped) {  // the walk: bisection's steps, its tests, the counts looked up
            var l = lo;
            var h = hi;
            var node = 1u;
            var taken = 0u;
            var stop = false;
            for (; taken < STEP && halvings + taken < p_iters(); taken++) {
                if (converged(l, h, block_norm)) { stop = true; break; }
                let mid = R(0.5) * (l + h);
                if (mid <= l || mid >= h) { stop = true; break; }
                var is_above: bool;
                if (node < LANES) {
                    is_above = above[lid + node] != 0u;
                } else {  // past the tree (DEPTH 0: plain bisection)
                    is_above = below(b, n, blk, mid, pivmin) > target_index;
                }
                if (is_above) { h = mid; node = 2u * node; } else { l = mid; node = 2u * node + 1u; }
            }
            wg_lo[group] = l;
            wg_hi[group] = h;
            wg_taken[group] = taken;
            wg_stop[group] = u32(stop);
        }
        workgroupBarrier();
        if (!stopped) {
            lo = wg_lo[group];
            hi = wg_hi[group];
            halvings += wg_taken[group];
            stopped = wg_stop[group] != 0u;
        }
        if (lid == 0u) {
            var running = 0u;
            for (var g = 0u; g < GROUPS; g++) { running |= 1u - wg_stop[g]; }
            wg_running = running;
        }
        if (workgroupUniformLoad(&wg_running) == 0u) { break; }
    }
    if (lane == 0u && live) {
        lohi[2u * item] = lo;
        lohi[2u * item + 1u] = hi;
        w[item] = R(0.5) * (lo + hi);
    }
}
