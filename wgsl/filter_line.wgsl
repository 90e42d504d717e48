// The correlation of filter_correlate.wgsl for a kernel of one row along the last axis (1-D
// signals, and 1-D passes along the last axis), tiled: a workgroup computes ${tile} consecutive
// outputs of one output row, ${VW} a thread. Per chunk of ${chunk} taps it stages the input
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
@group(0) @binding(2) var<storage, read> xin: array<${T}>;
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
${library}
${boundary_lib}

const L: u32 = ${last}u;
const SKIP: bool = ${skip};
const TILE: i32 = ${tile};
const CHUNK: i32 = ${chunk};
const PLANE: i32 = ${plane};  // slots a plane (a multiple of 32 plus 8: the planes start in distinct banks)

var<workgroup> staged: array<${T}, ${staged}>;
var<workgroup> weights: array<${T}, ${chunk}>;

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

fn slot(e: i32) -> i32 { return (e % ${VW}) * PLANE + e / ${VW}; }

fn row_value(base: i32, j: i32) -> ${T} {
    let m = boundary(j, p_size(L));
    if (m < 0) { return p_cval(); }
    return xin[u32(base + m * p_xs(L))];
}

// one output's sum tap by tap, only the taps inside the input (SKIP)
fn edge_output(base: i32, j0: i32, K: i32) -> ${T} {
    var acc = ${T}(0);
    let lo = clamp(-j0, 0, K);
    let hi = clamp(p_size(L) - j0, lo, K);
    for (var t = lo; t < hi; t++) {
        acc += wt[u32(t)] * xin[u32(base + (j0 + t) * p_xs(L))];
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
            for (var t = 0; t < K; t++) { s += wt[u32(t)] * p_cval(); }
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
            for (var e = i32(lid); e < len; e += ${workgroup}) {
                weights[e] = wt[u32(chunk0 + e)];
            }
            workgroupBarrier();
            var x0 = staged[slot(mine)];
            var x1 = staged[slot(mine + 1)];
            var x2 = staged[slot(mine + 2)];
            for (var t = 0; t < len; t++) {
                let x3 = staged[slot(mine + t + 3)];
                let w = weights[t];
                acc0 += w * x0;
                acc1 += w * x1;
                acc2 += w * x2;
                acc3 += w * x3;
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
