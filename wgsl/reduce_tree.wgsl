${head}
// Tree reduction: G workgroups share a row; invocation lid of part p folds the elements
// p * 256 + lid + k * G * 256 (consecutive invocations read consecutive elements), four
// accumulators deep for memory-level parallelism, then the workgroup folds its 256 partials
// in workgroup memory.
var<workgroup> sh: array<A, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let wg = wid.x + wid.y * nwg.x;
    let R = pw(1u);
    let G = pw(2u);
    if (wg >= pw(0u) * G) { return; }
    let row = wg / G;
    let part = wg % G;
    let base = pw(4u) + kept_off(row);
    let step = G * 256u;
    var a0 = init();
    var a1 = init();
    var a2 = init();
    var a3 = init();
${loop}
    sh[lid] = comb(comb(a0, a1), comb(a2, a3));
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (lid < s) { sh[lid] = comb(sh[lid], sh[lid + s]); }
        workgroupBarrier();
    }
    if (lid == 0u) { out[row * G + part] = ${store}; }
    if (lid == 0u && R == 0u) { out[row] = ${store_empty}; }
}
