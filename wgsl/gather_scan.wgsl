// Exclusive prefix sum of u32 values, in place, 4 * ${workgroup} values per workgroup; each
// block's total goes to sums[block] (the next level's input). One buffer holds all levels.
// Parameters: [blocks, m, data offset, sums offset].
${prelude}
@group(0) @binding(1) var<storage, read_write> data: array<u32>;


var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block >= pw(0u)) { return; }
    let m = pw(1u);
    let base = block * (4u * ${workgroup}u) + lid * 4u;
    var mine: array<u32, 4>;
    var s = 0u;
    for (var j = 0u; j < 4u; j++) {
        mine[j] = s;
        if (base + j < m) { s += data[pw(2u) + base + j]; }
    }
    sh[lid] = s;
    workgroupBarrier();
    for (var o = 1u; o < ${workgroup}u; o = o * 2u) {
        var t = 0u;
        if (lid >= o) { t = sh[lid - o]; }
        workgroupBarrier();
        sh[lid] += t;
        workgroupBarrier();
    }
    let before = sh[lid] - s;
    for (var j = 0u; j < 4u; j++) {
        if (base + j < m) { data[pw(2u) + base + j] = before + mine[j]; }
    }
    if (lid == ${workgroup}u - 1u) { data[pw(3u) + block] = sh[lid]; }
}
