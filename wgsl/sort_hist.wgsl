// Radix sort, pass part 1: per tile, how many elements have each 8-bit digit.
// Output layout [segment][digit][tile of segment], so that one exclusive scan over the
// whole array gives every (segment, digit, tile) its first output position.
// Parameters: see _sorting.py (_pass_params).
${lib}
@group(0) @binding(1) var<storage, read_write> hist: array<u32>;
@group(0) @binding(2) var<storage, read> src: array<Raw>;
@group(0) @binding(3) var<storage, read> src_idx: array<u32>;

${load_idx}

const IPT: u32 = ${ipt}u;
var<workgroup> h: array<atomic<u32>, 2048>;  // 8 copies of the 256 bins: fewer collisions

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let tile = wid.x + wid.y * nwg.x;
    if (tile >= pw(2u)) { return; }
${init}
${zero}
    workgroupBarrier();
    let seg = tile / pw(1u);
    let tir = tile % pw(1u);
    let start = tir * IPT * 256u;
    let count = min(IPT * 256u, pw(0u) - start);
    let base = seg * pw(0u) + start;
    // Written out per item (naga bounds loops, which blocks unrolling): all loads first,
    // clamped into the tile, then the counts of those inside it.
${tally}
    workgroupBarrier();
    hist[(seg * 256u + t) * pw(1u) + tir] = ${total};
}
