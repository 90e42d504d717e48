// What the one-workgroup column steps (tridiag_column.wgsl, bidiag_step.wgsl) share: WG
// invocations, their scratch for lane x slice dot products (red, red2) and the workgroup
// reductions, each the same fixed order for every invocation so that all get the same value:
// a tree in workgroup memory, or (where the adapter has subgroups and T is 32-bit) subgroup
// sums, one barrier, and subgroup sums of the subgroups' partials.
const WG: u32 = ${WG}u;
var<workgroup> red: array<${T}, WG>;
var<workgroup> red2: array<${T}, WG>;
var<workgroup> red_r: array<R, WG>;
var<private> local_id: u32;
${reduce}
