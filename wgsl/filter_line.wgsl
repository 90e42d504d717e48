// The correlation of filter_correlate.wgsl for a kernel of one row along the last axis (1-D
// signals, and 1-D passes along the last axis), tiled: a workgroup computes ${tile} consecutive
// outputs of one output row, ${VW} a thread (the code assumes 4). Per chunk of ${chunk} taps it stages the input
// positions its outputs read (boundary-mapped: the constant reads p_cval()) and the chunk's weights
// in workgroup memory; each thread then slides a window of ${VW} values over its outputs, one
// workgroup-memory load per tap. The staged values sit in ${VW} interleaved planes (position e at
// plane e % ${VW}, slot e / ${VW}), so the threads of a subgroup read distinct banks. SKIP (zero
// padding, positions outside adding nothing): a tile whose windows leave the input runs each of
// its outputs tap by tap instead (uniform per workgroup, so the barriers stay in uniform control).
// Parameters: filter.py's correlate_params (rows = 1).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${X}>;  // converted to ${T} as read
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
${library}
${boundary_lib}
${term_lib}

const L: u32 = ${last}u;
const SKIP: bool = ${skip};
const REVERSE: bool = ${reverse};  // the kernel is read reversed (a convolution)
const TILE: i32 = ${tile};
const CHUNK: i32 = ${chunk};
const PLANE: i32 = ${plane};  // slots a plane (a multiple of 32 plus 8: the planes start in distinct banks)

var<workgroup> staged: array<${T}, ${staged}>;
var<workgroup> weights: array<vec4<${T}>, ${chunk4}>;  // tap t at weights[t / 4][t % 4]

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

fn tap_weight(t: i32) -> ${T} { return wt[select(u32(t), p_wlast() - u32(t), REVERSE)]; }

fn slot(e: i32) -> i32 { return (e % ${VW}) * PLANE + e / ${VW}; }

fn row_value(base: i32, j: i32) -> ${T} {
    let m = boundary(j, p_size(L));
    if (m < 0) { return p_cval(); }
    return ${T}(xin[u32(base + m * p_xs(L))]);
}

// one output's sum tap by tap, only the taps inside the input (SKIP)
fn edge_output(base: i32, j0: i32, K: i32) -> ${T} {
    var acc = ${T}(0);
    let lo = clamp(-j0, 0, K);
    let hi = clamp(p_size(L) - j0, lo, K);
    for (var t = lo; t < hi; t++) {
        acc = add_term(acc, tap_weight(t), ${T}(xin[u32(base + (j0 + t) * p_xs(L))]));
    }
    return acc;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;  // uniform: everything below the barriers depends on it only
    let tiles = (p_oshape(L) + u32(TILE) - 1u) / u32(TILE);
    if (group >= p_items()) { return; }
    let orow = group / tiles;
    let tile0 = i32(group % tiles) * TILE;
    var rest = orow;
    var base = i32(p_x_off());
    var outside = false;
    for (var d = i32(L) - 1; d >= 0; d--) {
        let n = p_oshape(u32(d));
        let m = boundary(i32(rest % n) + p_shift(u32(d)), p_size(u32(d)));
        rest = rest / n;
        outside = outside || m < 0;
        base += max(m, 0) * p_xs(u32(d));
    }
    let K = i32(p_klast());
    let n = p_size(L);
    let first = tile0 + p_shift(L);  // input position of the tile's first tap
    let c0 = tile0 + i32(lid) * ${VW};
    let count = clamp(i32(p_oshape(L)) - c0, 0, ${VW});
    var acc0 = ${T}(0);
    var acc1 = ${T}(0);
    var acc2 = ${T}(0);
    var acc3 = ${T}(0);
    if (outside) {
        if (!SKIP) {
            var s = ${T}(0);
            for (var t = 0; t < K; t++) { s = add_term(s, tap_weight(t), p_cval()); }
            acc0 = s;
            acc1 = s;
            acc2 = s;
            acc3 = s;
        }
    } else if (SKIP && (first < 0 || first + TILE + K - 1 > n)) {
        let j0 = c0 + p_shift(L);
        if (count > 0) { acc0 = edge_output(base, j0, K); }
        if (count > 1) { acc1 = edge_output(base, j0 + 1, K); }
        if (count > 2) { acc2 = edge_output(base, j0 + 2, K); }
        if (count > 3) { acc3 = edge_output(base, j0 + 3, K); }
    } else {
        let mine = i32(lid) * ${VW};  // this thread's first output in the tile
        for (var chunk0 = 0; chunk0 < K; chunk0 += CHUNK) {
            let len = min(CHUNK, K - chunk0);
            workgroupBarrier();
            for (var e = i32(lid); e < TILE + len - 1; e += ${workgroup}) {
                staged[slot(e)] = row_value(base, first + chunk0 + e);
            }
            for (var q = i32(lid); q < (len + 3) / 4; q += ${workgroup}) {
                let t = chunk0 + 4 * q;  // taps past the chunk weigh 0 (no loop reads them)
                let last = chunk0 + len - 1;
                weights[q] = vec4<${T}>(tap_weight(t), select(${T}(0), tap_weight(min(t + 1, last)), 4 * q + 1 < len),
                                        select(${T}(0), tap_weight(min(t + 2, last)), 4 * q + 2 < len),
                                        select(${T}(0), tap_weight(min(t + 3, last)), 4 * q + 3 < len));
            }
            workgroupBarrier();
            // Four taps a step: position mine + 4u + k lies in plane k % 4 at slot mine / 4 + u + k / 4.
            let at = mine / ${VW};
            var x0 = staged[at];
            var x1 = staged[PLANE + at];
            var x2 = staged[2 * PLANE + at];
            let steps = len / 4;
            for (var u = 0; u < steps; u++) {
                let w = weights[u];
                let p = at + u;
                let x3 = staged[3 * PLANE + p];
                acc0 = add_term(acc0, w.x, x0);
                acc1 = add_term(acc1, w.x, x1);
                acc2 = add_term(acc2, w.x, x2);
                acc3 = add_term(acc3, w.x, x3);
                let x4 = staged[p + 1];
                acc0 = add_term(acc0, w.y, x1);
                acc1 = add_term(acc1, w.y, x2);
                acc2 = add_term(acc2, w.y, x3);
                acc3 = add_term(acc3, w.y, x4);
                let x5 = staged[PLANE + p + 1];
                acc0 = add_term(acc0, w.z, x2);
                acc1 = add_term(acc1, w.z, x3);
                acc2 = add_term(acc2, w.z, x4);
                acc3 = add_term(acc3, w.z, x5);
                let x6 = staged[2 * PLANE + p + 1];
                acc0 = add_term(acc0, w.w, x3);
                acc1 = add_term(acc1, w.w, x4);
                acc2 = add_term(acc2, w.w, x5);
                acc3 = add_term(acc3, w.w, x6);
                x0 = x4;
                x1 = x5;
                x2 = x6;
            }
            for (var t = steps * 4; t < len; t++) {  // the last len % 4 taps
                let x3 = staged[slot(mine + t + 3)];
                let w = weights[t / 4][t % 4];
                acc0 = add_term(acc0, w, x0);
                acc1 = add_term(acc1, w, x1);
                acc2 = add_term(acc2, w, x2);
                acc3 = add_term(acc3, w, x3);
                x0 = x1;
                x1 = x2;
                x2 = x3;
            }
        }
    }
    let o = i32(orow * p_oshape(L)) + c0;
    if (count > 0) { out[u32(o)] = acc0; }
    if (count > 1) { out[u32(o + 1)] = acc1; }
    if (count > 2) { out[u32(o + 2)] = acc2; }
    if (count > 3) { out[u32(o + 3)] = acc3; }
}
