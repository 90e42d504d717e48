// The pivot of a step of wgsl/lu_panel_select.wgsl from every invocation's best row, by a
// tree in workgroup memory (adapters without subgroups, and f64 keys, which subgroup
// operations may not take): a barrier per level, and one before the next step reuses it.
var<workgroup> red_key: array<${F}, ${wg}>;
var<workgroup> red_pos: array<u32, ${wg}>;
var<workgroup> red_row: array<u32, ${wg}>;

fn pick_pivot(best: Pivot, step: u32, lid: u32) -> Pivot {
    red_key[lid] = best.key;
    red_pos[lid] = best.pos;
    red_row[lid] = best.row;
    workgroupBarrier();
    for (var half = ${wg}u / 2u; half > 0u; half >>= 1u) {
        if (lid < half && beats(red_key[lid + half], red_pos[lid + half], red_key[lid], red_pos[lid])) {
            red_key[lid] = red_key[lid + half];
            red_pos[lid] = red_pos[lid + half];
            red_row[lid] = red_row[lid + half];
        }
        workgroupBarrier();
    }
    let pick = Pivot(red_key[0], red_pos[0], red_row[0]);
    workgroupBarrier();
    return pick;
}
