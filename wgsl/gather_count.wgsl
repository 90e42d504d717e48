// Boolean-mask compaction, step 1: the number of true elements in each block of 16 * ${workgroup}.
// One workgroup per block; thread t reads vec4 t of the block (16 packed bools, one per byte).
// Parameters: [blocks, n, first vec4 of the mask]. Block `blocks` writes the 0 that
// completes the exclusive scan's last entry (the total).
${prelude}
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<vec4<u32>>;


// Bit 7 of each byte of the result is set where that byte of w is nonzero; bytes at or
// past element n are cleared (e: the element index of w's first byte).
fn nonzero_bytes(w: u32, e: u32, n: u32) -> u32 {
    let nz = (((w & 0x7f7f7f7fu) + 0x7f7f7f7fu) | w) & 0x80808080u;
    if (e + 4u <= n) { return nz; }
    if (e >= n) { return 0u; }
    return nz & ((1u << (8u * (n - e))) - 1u);
}

var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block > pw(0u)) { return; }
    let v = block * ${workgroup}u + lid;
    let n = pw(1u);
    var c = 0u;
    if (block < pw(0u) && v * 16u < n) {
        let words = mask[pw(2u) + v];
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
