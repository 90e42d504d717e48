// Small one-item-per-invocation kernels on sorted data, for unique and isin: the kernel (one
// of wgsl/set_*.wgsl) declares its bindings and item(i), the work of item i < p_items().
${lib}
${kernel}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    if (i >= p_items()) { return; }
    item(i);
}
