// The column steps' workgroup reductions as trees in workgroup memory (see
// column_step_reductions.wgsl).

// The sum of x over the workgroup.
fn wg_sum(x: ${T}) -> ${T} {
    red[local_id] = x;
    workgroupBarrier();
    for (var s = WG / 2u; s > 0u; s >>= 1u) {
        if (local_id < s) { red[local_id] = red[local_id] + red[local_id + s]; }
        workgroupBarrier();
    }
    let total = red[0];
    workgroupBarrier();
    return total;
}

// The sum (or, take_max, the maximum) of the real x over the workgroup.
fn wg_reduce_r(x: R, take_max: bool) -> R {
    red_r[local_id] = x;
    workgroupBarrier();
    for (var s = WG / 2u; s > 0u; s >>= 1u) {
        if (local_id < s) {
            let o = red_r[local_id + s];
            red_r[local_id] = select(red_r[local_id] + o, max(red_r[local_id], o), take_max);
        }
        workgroupBarrier();
    }
    let total = red_r[0];
    workgroupBarrier();
    return total;
}

// The sum of x over each aligned group of `lanes` consecutive invocations (a power of two),
// for every invocation of the group.
fn lanes_sum(x: ${T}, lanes: u32) -> ${T} { return lanes_tree_sum(x, lanes); }
