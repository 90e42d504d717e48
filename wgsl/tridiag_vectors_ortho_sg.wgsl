// tridiag_vectors_ortho.wgsl's step (the same semantics; sums in another order) for float32
// vectors on adapters with subgroups, a subgroup per group of rows: the member being
// orthogonalised stays in registers (invocation lid holds its rows lid + t WG of the block,
// t < RPL), a chunk's members are the subgroup's lanes (CH = min(QB, subgroup size) of them),
// so every load of the cluster reads neighbouring words. A chunk's dot products: each lane sums
// its member times the subgroup's rows of the vector (broadcast by shuffles) and the subgroups'
// partials fold through workgroup memory (one barrier; two buffers by the chunk's parity); the
// update: each row's correction is one subgroup sum over the lanes' members. The largest entry
// and the 2-norm are subgroup operations and one barrier each; the vector goes back to x once a
// member, then a barrier publishes it to the next members' dot products.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> info: array<u32>;
${library}

const INFO_WORDS: u32 = ${INFO_WORDS}u;  // info per vector: first, end, pos, size, checks, done

const WG: u32 = ${WG}u;
const QB: u32 = ${QB}u;
const RPL: u32 = ${RPL}u;  // rows an invocation holds: ceil(n / WG)
const PARTS: u32 = WG / 4u;  // at most this many subgroups (WebGPU's have at least 4 lanes)
const CHECKS: u32 = 3u;

var<workgroup> wg_pos: u32;
var<workgroup> wg_size: u32;
var<workgroup> wg_first: u32;
var<workgroup> wg_end: u32;
var<workgroup> wg_done: u32;
var<workgroup> sums: array<f32, 2u * WG>;  // [parity][subgroup][lane]: a chunk's partial dots
var<workgroup> big_part: array<f32, PARTS>;
var<workgroup> at_part: array<u32, PARTS>;
var<workgroup> value_part: array<f32, PARTS>;
var<workgroup> ssq_part: array<f32, PARTS>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32, @builtin(subgroup_invocation_id) sg_lane: u32,
        @builtin(subgroup_size) sg_size: u32) {
    let g = wid.x + wid.y * nwg.x;
    let n = p_n();
    if (g >= p_batch() * n) { return; }
    let b = g / n;
    let lead = g % n;
    if (lid == 0u) {
        let at = g * INFO_WORDS;
        wg_first = info[at];
        wg_end = info[at + 1u];
        wg_pos = info[at + 2u];
        wg_size = info[at + 3u];
    }
    if (workgroupUniformLoad(&wg_pos) != 0u) { return; }
    let size = workgroupUniformLoad(&wg_size);
    let first = workgroupUniformLoad(&wg_first);
    let end = workgroupUniformLoad(&wg_end);
    let rows = end - first;
    let sg_id = lid / sg_size;  // subgroups as the local index groups them
    let sg_count = WG / sg_size;
    let ch = min(QB, sg_size);
    let xbase = b * n * n;
    let crit = sqrt(0.1 / f32(rows));
    var chunk_no = 0u;
    var mine: array<f32, RPL>;  // the member's rows lid + t WG (0 past the block)
    for (var j = p_j_first(); j < min(p_j_end(), size); j++) {
        let col = xbase + lead + j;
        if (lid == 0u) { wg_done = info[(g + j) * INFO_WORDS + 5u]; }
        if (workgroupUniformLoad(&wg_done) != 0u) { continue; }
        for (var t = 0u; t < RPL; t++) {
            let rho = lid + t * WG;
            mine[t] = select(f32(0), x[col + (first + min(rho, rows - 1u)) * n], rho < rows);
        }
        for (var sweep = 0u; sweep < 2u; sweep++) {
            for (var c0 = 0u; c0 < j; c0 += ch) {
                let count = min(ch, j - c0);
                let lane_ok = sg_lane < count;
                let member = xbase + lead + c0 + min(sg_lane, count - 1u);
                var acc = f32(0);
                for (var t = 0u; t < RPL; t++) {
                    for (var i = 0u; i < sg_size; i++) {
                        let v = subgroupShuffle(mine[t], i);
                        let rho = t * WG + sg_id * sg_size + i;
                        if (rho < rows) { acc += x[member + (first + rho) * n] * v; }
                    }
                }
                let buf = (chunk_no % 2u) * WG;
                chunk_no += 1u;
                if (sg_lane < ch) { sums[buf + sg_id * ch + sg_lane] = acc; }
                workgroupBarrier();
                var dot = f32(0);
                if (lane_ok) {
                    for (var s = 0u; s < sg_count; s++) { dot += sums[buf + s * ch + sg_lane]; }
                }
                for (var t = 0u; t < RPL; t++) {
                    for (var i = 0u; i < sg_size; i++) {
                        let rho = t * WG + sg_id * sg_size + i;
                        var term = f32(0);
                        if (lane_ok && rho < rows) { term = dot * x[member + (first + rho) * n]; }
                        let correction = subgroupAdd(term);
                        if (sg_lane == i) { mine[t] -= correction; }
                    }
                }
            }
        }
        // the largest |x_r| (the first such row on ties) and its value, then the 2-norm
        var big = f32(-1);
        var at = end;
        var value = f32(0);
        for (var t = 0u; t < RPL; t++) {
            let rho = lid + t * WG;
            if (rho < rows && abs(mine[t]) > big) {
                big = abs(mine[t]);
                at = first + rho;
                value = mine[t];
            }
        }
        let sg_big = subgroupMax(big);
        let sg_at = subgroupMin(select(end, at, big == sg_big));
        let sg_value = subgroupAdd(select(f32(0), value, at == sg_at && big == sg_big));  // one lane's
        if (sg_lane == 0u) {
            big_part[sg_id] = sg_big;
            at_part[sg_id] = sg_at;
            value_part[sg_id] = sg_value;
        }
        workgroupBarrier();
        var fold_big = f32(-1);
        var fold_at = end;
        var fold_value = f32(0);
        for (var s = sg_lane; s < sg_count; s += sg_size) {
            let v = big_part[s];
            let i = at_part[s];
            if (v > fold_big || (v == fold_big && i < fold_at)) {
                fold_big = v;
                fold_at = i;
                fold_value = value_part[s];
            }
        }
        big = subgroupMax(fold_big);
        at = subgroupMin(select(end, fold_at, fold_big == big));
        value = subgroupAdd(select(f32(0), fold_value, fold_at == at && fold_big == big));
        let inv = select(1.0 / big, f32(0), big == f32(0));
        var ssq = f32(0);
        for (var t = 0u; t < RPL; t++) {
            let v = mine[t] * inv;
            ssq += v * v;
        }
        let sg_ssq = subgroupAdd(ssq);
        if (sg_lane == 0u) { ssq_part[sg_id] = sg_ssq; }
        workgroupBarrier();
        var fold_ssq = f32(0);
        for (var s = sg_lane; s < sg_count; s += sg_size) { fold_ssq += ssq_part[s]; }
        let scale = select(1.0, -1.0, value < f32(0)) * (inv / sqrt(subgroupAdd(fold_ssq)));
        if (lid == 0u) {
            let state = (g + j) * INFO_WORDS;
            let checks = info[state + 4u] + u32(big >= crit);
            info[state + 4u] = checks;
            info[state + 5u] = u32(checks >= CHECKS && (j == 0u || info[state - INFO_WORDS + 5u] != 0u));
        }
        for (var t = 0u; t < RPL; t++) {
            let rho = lid + t * WG;
            if (rho < rows) { x[col + (first + rho) * n] = mine[t] * scale; }
        }
        storageBarrier();  // the member, for the next members' dot products
        workgroupBarrier();
    }
}
