// The pivot of a step of wgsl/lu_panel_select.wgsl from every invocation's best row, with
// subgroup operations on integers (f32 keys: a non-negative float's bits order as the float;
// NaN's key -1 becomes 1, no candidate's -2 becomes 0), which GPUs reduce in hardware. A
// candidate's position and stack row travel packed in one word (both below 2^16; positions
// are distinct, so the least word is the first position among equal keys). Each subgroup's
// best goes to workgroup memory (two buffers, by the step's parity: a step's partials are read
// while the next step's are written); after the one barrier, which also publishes the pivot
// row, every subgroup folds the partials alike.
const SUBGROUPS_MAX: u32 = ${wg}u / 4u;  // WebGPU's subgroups have at least 4 invocations
var<workgroup> part_key: array<u32, 2u * SUBGROUPS_MAX>;
var<workgroup> part_at: array<u32, 2u * SUBGROUPS_MAX>;

fn pick_pivot(best: Pivot, step: u32, sg_lane: u32, sg_id: u32, sg_count: u32, sg_size: u32) -> Pivot {
    let mine = select(bitcast<u32>(best.key) + 2u, u32(best.key + 2.0), best.key < 0.0);
    let at = select(INACTIVE, (best.pos << 16u) | best.row, best.pos != INACTIVE);
    let key = subgroupMax(mine);
    let first = subgroupMin(select(INACTIVE, at, mine == key));
    let buf = (step % 2u) * SUBGROUPS_MAX;
    if (sg_lane == 0u) {
        part_key[buf + sg_id] = key;
        part_at[buf + sg_id] = first;
    }
    workgroupBarrier();
    var fold_key = 0u;
    var fold_at = INACTIVE;
    for (var s = sg_lane; s < sg_count; s += sg_size) {
        let k = part_key[buf + s];
        let a = part_at[buf + s];
        if (k > fold_key || (k == fold_key && a < fold_at)) {
            fold_key = k;
            fold_at = a;
        }
    }
    let top = subgroupMax(fold_key);
    let pick = subgroupMin(select(INACTIVE, fold_at, fold_key == top));
    return Pivot(${F}(0), pick >> 16u, pick & 0xffffu);
}
