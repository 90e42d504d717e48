// The pivot of a step of wgsl/lu_panel_select.wgsl from every invocation's best row, with
// subgroup operations: each subgroup's best goes to workgroup memory (two buffers, by the
// step's parity: a step's partials are read while the next step's are written), then every
// invocation folds the subgroups' partials. One barrier, which also publishes the pivot row.
const SUBGROUPS_MAX: u32 = ${wg}u / 4u;  // WebGPU's subgroups have at least 4 invocations
var<workgroup> part_key: array<${F}, 2u * SUBGROUPS_MAX>;
var<workgroup> part_pos: array<u32, 2u * SUBGROUPS_MAX>;
var<workgroup> part_row: array<u32, 2u * SUBGROUPS_MAX>;

fn pick_pivot(best: Pivot, step: u32, sg_lane: u32, sg_id: u32, sg_count: u32) -> Pivot {
    let key = subgroupMax(best.key);
    let pos = subgroupMin(select(INACTIVE, best.pos, best.key == key));
    let row = subgroupMin(select(INACTIVE, best.row, best.key == key && best.pos == pos));
    let buf = (step % 2u) * SUBGROUPS_MAX;
    if (sg_lane == 0u) {
        part_key[buf + sg_id] = key;
        part_pos[buf + sg_id] = pos;
        part_row[buf + sg_id] = row;
    }
    workgroupBarrier();
    var pick = Pivot(part_key[buf], part_pos[buf], part_row[buf]);
    for (var s = 1u; s < sg_count; s++) {
        if (beats(part_key[buf + s], part_pos[buf + s], pick.key, pick.pos)) {
            pick = Pivot(part_key[buf + s], part_pos[buf + s], part_row[buf + s]);
        }
    }
    return pick;
}
