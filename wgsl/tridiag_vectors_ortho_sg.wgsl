// tridiag_vectors_ortho.wgsl's step (the same semantics, bit for bit the same decisions up to
// the sums' order) for float32 vectors on adapters with subgroups: every invocation owns rows
// first + lid + i WG of the cluster's block for the whole kernel, so a member's rows stay with
// one invocation (no storage barriers between the dots and the update), and every sum over
// rows is one subgroup operation per invocation, the subgroups' partials folded by each
// subgroup from workgroup memory: a member's step is a few barriers and no serial loop over
// rows (tridiag_vectors_ortho.wgsl's invocations loop over n / 8 rows a dot product).
// Members per chunk: CH = min(QB, the subgroup size), as the partials of a chunk fill WG words.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> info: array<u32>;
${library}

const INFO_WORDS: u32 = ${INFO_WORDS}u;  // info per vector: first, end, pos, size, checks, done

const WG: u32 = ${WG}u;
const QB: u32 = ${QB}u;
const CHECKS: u32 = 3u;

var<workgroup> wg_pos: u32;
var<workgroup> wg_size: u32;
var<workgroup> wg_first: u32;
var<workgroup> wg_end: u32;
var<workgroup> wg_done: u32;
var<workgroup> sums: array<f32, WG>;  // a chunk's partial dots, [member * sg_count + subgroup]
var<workgroup> dots: array<f32, QB>;
var<workgroup> big_part: array<f32, WG>;
var<workgroup> at_part: array<u32, WG>;
var<workgroup> ssq_part: array<f32, WG>;

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
    // subgroups as the local index groups them (WGSL's subgroup_id is not in every adapter)
    let sg_id = lid / sg_size;
    let sg_count = (WG + sg_size - 1u) / sg_size;
    let chunk = min(QB, sg_size);
    let xbase = b * n * n;
    let crit = sqrt(0.1 / f32(end - first));
    for (var j = p_j_first(); j < min(p_j_end(), size); j++) {
        let col = xbase + lead + j;
        if (lid == 0u) { wg_done = info[(g + j) * INFO_WORDS + 5u]; }
        if (workgroupUniformLoad(&wg_done) != 0u) { continue; }
        for (var sweep = 0u; sweep < 2u; sweep++) {
            for (var c0 = 0u; c0 < j; c0 += chunk) {
                let count = min(chunk, j - c0);
                let members = xbase + lead + c0;
                for (var p = 0u; p < count; p += 4u) {  // four members at once (their loads and sums overlap)
                    let last = count - 1u;
                    let p1 = min(p + 1u, last);
                    let p2 = min(p + 2u, last);
                    let p3 = min(p + 3u, last);
                    var acc = vec4<f32>();
                    for (var r = first + lid; r < end; r += WG) {
                        let row = members + r * n;
                        acc += x[col + r * n] * vec4<f32>(x[row + p], x[row + p1], x[row + p2], x[row + p3]);
                    }
                    let s = subgroupAdd(acc);
                    if (sg_lane == 0u) {
                        sums[p * sg_count + sg_id] = s.x;
                        if (p + 1u < count) { sums[(p + 1u) * sg_count + sg_id] = s.y; }
                        if (p + 2u < count) { sums[(p + 2u) * sg_count + sg_id] = s.z; }
                        if (p + 3u < count) { sums[(p + 3u) * sg_count + sg_id] = s.w; }
                    }
                }
                workgroupBarrier();
                // subgroup q folds the partials of members q, q + sg_count, ... (a uniform loop)
                for (var p0 = 0u; p0 < count; p0 += sg_count) {
                    let p = p0 + sg_id;
                    var t = f32(0);
                    if (p < count) {
                        for (var s = sg_lane; s < sg_count; s += sg_size) { t += sums[p * sg_count + s]; }
                    }
                    let dot = subgroupAdd(t);
                    if (sg_lane == 0u && p < count) { dots[p] = dot; }
                }
                workgroupBarrier();
                for (var r = first + lid; r < end; r += WG) {
                    var v = x[col + r * n];
                    for (var p = 0u; p < count; p++) { v -= dots[p] * x[members + r * n + p]; }
                    x[col + r * n] = v;
                }
            }
        }
        // the largest |x_r| (the first such row on ties), then the sum of squares scaled by it
        var big = f32(-1);
        var at = end;
        for (var r = first + lid; r < end; r += WG) {
            let v = abs(x[col + r * n]);
            if (v > big) { big = v; at = r; }
        }
        let sg_big = subgroupMax(big);
        let sg_at = subgroupMin(select(end, at, big == sg_big));
        if (sg_lane == 0u) {
            big_part[sg_id] = sg_big;
            at_part[sg_id] = sg_at;
        }
        storageBarrier();  // the sign of x at the largest entry, read below by any invocation
        workgroupBarrier();
        var fold_big = f32(-1);
        var fold_at = end;
        for (var s = sg_lane; s < sg_count; s += sg_size) {
            let v = big_part[s];
            let i = at_part[s];
            if (v > fold_big || (v == fold_big && i < fold_at)) {
                fold_big = v;
                fold_at = i;
            }
        }
        big = subgroupMax(fold_big);
        at = subgroupMin(select(end, fold_at, fold_big == big));
        let inv = select(1.0 / big, f32(0), big == f32(0));
        var ssq = f32(0);
        for (var r = first + lid; r < end; r += WG) {
            let v = x[col + r * n] * inv;
            ssq += v * v;
        }
        let negative = x[col + at * n] < f32(0);  // read before the barrier after which its owner scales it
        let sg_ssq = subgroupAdd(ssq);
        if (sg_lane == 0u) { ssq_part[sg_id] = sg_ssq; }
        workgroupBarrier();
        var fold_ssq = f32(0);
        for (var s = sg_lane; s < sg_count; s += sg_size) { fold_ssq += ssq_part[s]; }
        let total = subgroupAdd(fold_ssq);
        let scale = select(1.0, -1.0, negative) * (inv / sqrt(total));
        if (lid == 0u) {
            let state = (g + j) * INFO_WORDS;
            let checks = info[state + 4u] + u32(big >= crit);
            info[state + 4u] = checks;
            info[state + 5u] = u32(checks >= CHECKS && (j == 0u || info[state - INFO_WORDS + 5u] != 0u));
        }
        for (var r = first + lid; r < end; r += WG) { x[col + r * n] *= scale; }
    }
}
