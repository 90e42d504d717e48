// Radix sort, pass part 1: per tile, how many elements have each 8-bit digit.
// Output layout [segment][digit][tile of segment], so that one exclusive scan over the
// whole array gives every (segment, digit, tile) its first output position.
// Parameters: sort.py's PASS. One invocation per digit: ${workgroup} invocations, 256 digits.
${lib}
@group(0) @binding(1) var<storage, read_write> hist: array<u32>;
@group(0) @binding(2) var<storage, read> src: array<Raw>;
${index}

const IPT: u32 = ${ipt}u;
var<workgroup> h: array<atomic<u32>, 2048>;  // 8 copies of the 256 bins: fewer collisions

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let tile = wid.x + wid.y * nwg.x;
    if (tile >= p_tiles()) { return; }
${init}
${zero}
    workgroupBarrier();
    let seg = tile / p_seg_tiles();
    let tir = tile % p_seg_tiles();
    let start = tir * IPT * ${workgroup}u;
    let count = min(IPT * ${workgroup}u, p_seg_len() - start);
    let base = seg * p_seg_len() + start;
    // Written out per item (naga bounds loops, which blocks unrolling): all loads first,
    // clamped into the tile, then the counts of those inside it.
${tally}
    workgroupBarrier();
    hist[(seg * 256u + t) * p_seg_tiles() + tir] = ${total};
}
