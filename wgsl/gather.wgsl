// Advanced indexing: gather (out[i] = x[address(i)]), scatter (x[address(i)] = value(i)) and
// address (out[i] = address(i), to fold many index arrays into one). For item i with output
// coordinates c: address = offset + sum_d c[d] * stride[d] + sum_k pos_k(idx_k[c]) * xstride_k,
// where pos_k wraps negative indices and keeps every position inside its axis.
// The generator fills in the bindings, one load function per buffer and the per-item body.
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
    let item = (wid.x + wid.y * nwg.x) * ${workgroup}u + lid;
    if (item >= p_items()) { return; }
${body}
}
