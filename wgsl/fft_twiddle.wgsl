// The twiddle table of a transform of length n: table[m] = exp(-2 pi i m / n), computed in
// float64 and rounded once to the table's type.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> table: array<${C}>;
${root}
${library}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let m = linear_id(wid, nwg, lid, ${WG}u);
    if (m >= p_n()) { return; }
    table[m] = ${C}(fft_root(m, p_n()));
}
