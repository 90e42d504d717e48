// Boolean-mask compaction, step 1: the number of true elements in each block of 1024.
// One workgroup per block; thread t reads packed word t of the block (4 bools a word).
// Parameters: [blocks, n, first word of the mask]. Block `blocks` writes the 0 that
// completes the exclusive scan's last entry (the total).
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<u32>;

fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }

var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block > pw(0u)) { return; }
    let w = block * ${workgroup}u + lid;
    var c = 0u;
    if (block < pw(0u) && w * 4u < pw(1u)) {
        let word = mask[pw(2u) + w];
        for (var j = 0u; j < 4u; j++) {
            if (w * 4u + j < pw(1u) && ((word >> (8u * j)) & 0xffu) != 0u) { c += 1u; }
        }
    }
    sh[lid] = c;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half > 0u; half = half / 2u) {
        if (lid < half) { sh[lid] += sh[lid + half]; }
        workgroupBarrier();
    }
    if (lid == 0u) { counts[block] = sh[0]; }
}
