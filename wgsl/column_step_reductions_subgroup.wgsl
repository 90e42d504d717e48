// What the one-workgroup column steps share, as wgsl/column_step_reductions.wgsl, with the
// workgroup reductions by subgroup operations (f32 parts): each subgroup's sum (or maximum)
// into workgroup memory, then every invocation folds those in the same order, so that each
// gets the same value: two barriers where the tree takes log2(WG) + 1. main sets sg_lane,
// sg_id and sg_count from its builtins.
const WG: u32 = ${WG}u;
var<workgroup> red: array<${T}, WG>;
var<workgroup> red2: array<${T}, WG>;
var<workgroup> red_r: array<R, WG>;
var<private> local_id: u32;
var<private> sg_lane: u32;
var<private> sg_id: u32;
var<private> sg_count: u32;

// The sum of x over the workgroup.
fn wg_sum(x: ${T}) -> ${T} {
    let part = subgroupAdd(x);
    if (sg_lane == 0u) { red[sg_id] = part; }
    workgroupBarrier();
    var total = ${T}();
    for (var k = 0u; k < sg_count; k++) { total = total + red[k]; }
    workgroupBarrier();
    return total;
}

// The sum (or, take_max, the maximum) of the real x over the workgroup.
fn wg_reduce_r(x: R, take_max: bool) -> R {
    let part = select(subgroupAdd(x), subgroupMax(x), take_max);
    if (sg_lane == 0u) { red_r[sg_id] = part; }
    workgroupBarrier();
    var total = red_r[0];
    for (var k = 1u; k < sg_count; k++) { total = select(total + red_r[k], max(total, red_r[k]), take_max); }
    workgroupBarrier();
    return total;
}
