// Small one-item-per-invocation kernels on sorted data: unique's boundary flags and
// compactions, and the binary search of isin; the body is the code for item i < pw(0).
${lib}
${bindings}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * 256u + lid;
    if (i >= pw(0u)) { return; }
${body}
}
