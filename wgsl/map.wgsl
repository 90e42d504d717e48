// The map kernel: out[i] = op(inputs at i), for any dtypes, strides and broadcasting.
// The generator fills in the buffer bindings, the helper functions the op needs, one load
// function per buffer input, and the per-item body. Parameters: map.py's map_params.
${enables}
${prelude}
${params}
${bindings}
// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    if (item >= p_items()) { return; }
${body}
}
