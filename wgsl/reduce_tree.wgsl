${head}
// Tree reduction. The workgroup's 256 invocations form segments of ${W}; a segment folds
// one row, or with G > 1 (then ${W} = 256) G workgroups share a row. Lane l of part p folds
// the row's elements p * ${W} + l + k * G * ${W}: consecutive invocations read consecutive
// elements, four accumulators deep for memory-level parallelism. Then each segment folds
// its partials in workgroup memory: by a tree, or where the adapter has subgroups and the
// fold a subgroup operation (whole-workgroup segments only), by one subgroup operation and
// a short serial fold of the subgroups' results.
var<workgroup> sh: array<A, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
${subgroup_ids}) {
    let wg = wid.x + wid.y * nwg.x;
    let R = p_length();
    let G = p_partials();
    let units = p_rows() * G;
    if (wg * ${per_group}u >= units) { return; }
    let lane = lid % ${W}u;
    let unit = wg * ${per_group}u + lid / ${W}u;
    let live = unit < units;
    let row = unit / G;
    let part = unit % G;
    let base = p_offset() + kept_off(row);
    let step = G * ${W}u;
    var a0 = init();
    var a1 = init();
    var a2 = init();
    var a3 = init();
    if (live) {
${setup}
${loop}
    }
${fold_group}
    if (lane == 0u && live) {
        if (R == 0u) { out[row] = ${store_empty}; } else { out[unit] = ${store}; }
    }
}
