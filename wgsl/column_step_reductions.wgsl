// What the one-workgroup column steps (tridiag_column.wgsl, bidiag_step.wgsl) share: WG
// invocations, their scratch for lane x slice dot products (red, red2) and the workgroup
// reductions, each a fixed tree so that every invocation gets the same value.
const WG: u32 = ${WG}u;
var<workgroup> red: array<${T}, WG>;
var<workgroup> red2: array<${T}, WG>;
var<workgroup> red_r: array<R, WG>;
var<private> local_id: u32;

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
