// The column steps' workgroup reductions by subgroup operations (see
// column_step_reductions.wgsl): each subgroup's sum into workgroup memory, one barrier, then
// every subgroup sums the partials alike (the same lanes, the same order).
var<private> sg_lane: u32;
var<private> sg_id: u32;
var<private> sg_count: u32;
var<private> sg_size: u32;

// The sum of x over the workgroup.
fn wg_sum(x: ${T}) -> ${T} {
    let part = subgroupAdd(x);
    if (sg_lane == 0u) { red[sg_id] = part; }
    workgroupBarrier();
    var t = ${T}();
    for (var k = sg_lane; k < sg_count; k += sg_size) { t = t + red[k]; }
    let total = subgroupAdd(t);
    workgroupBarrier();  // red is reused by the next reduction
    return total;
}

// The sum (or, take_max, the maximum) of the real x over the workgroup.
fn wg_reduce_r(x: R, take_max: bool) -> R {
    var part = subgroupAdd(x);
    if (take_max) { part = subgroupMax(x); }
    if (sg_lane == 0u) { red_r[sg_id] = part; }
    workgroupBarrier();
    var t = R(0);
    for (var k = sg_lane; k < sg_count; k += sg_size) { t = select(t + red_r[k], max(t, red_r[k]), take_max); }
    var total = subgroupAdd(t);
    if (take_max) { total = subgroupMax(t); }
    workgroupBarrier();
    return total;
}

// The sum of x over each aligned group of `lanes` consecutive invocations (a power of two),
// for every invocation of the group: butterflies within the subgroup where the group fits in
// one, else a tree. (The butterflies take invocation local_id as lane local_id % sg_size of
// subgroup local_id / sg_size, as GPUs and lavapipe lay out a 1-D workgroup.)
fn lanes_sum(x: ${T}, lanes: u32) -> ${T} {
    if (lanes <= sg_size) {
        var s = x;
        for (var d = lanes / 2u; d > 0u; d >>= 1u) { s = s + subgroupShuffleXor(s, d); }
        return s;
    }
    return lanes_tree_sum(x, lanes);
}
