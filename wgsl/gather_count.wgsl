// Boolean-mask compaction, step 1: the number of true elements in each block of 16 * ${workgroup}.
// One workgroup per block; thread t reads vec4 t of the block (16 packed bools, one per byte).
// Parameters: compact.py's COUNT. Block p_blocks() writes the 0 that completes the
// exclusive scan's last entry (the total).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<vec4<u32>>;


${lib_mask}

var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block > p_blocks()) { return; }
    let v = block * ${workgroup}u + lid;
    let n = p_size();
    var c = 0u;
    if (block < p_blocks() && v * 16u < n) {
        let words = mask[p_mask_vec4() + v];
        for (var j = 0u; j < 4u; j++) {
            c += countOneBits(nonzero_bytes(words[j], v * 16u + j * 4u, n));
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
