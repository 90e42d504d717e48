// a[view] -= p (or conj(p)), elementwise over a batch of rows x cols blocks: the trailing
// updates of the blocked factorisations, whose products come from the matmul engine (p is
// contiguous). lower != 0 skips the elements above the diagonal (j > i) of each block.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read> p: array<${S}>;
${scalar}
${library}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${WG}u);
    if (item >= p_items()) { return; }
    let cols = p_cols();
    let j = item % cols;
    let i = (item / cols) % p_rows();
    let b = item / cols / p_rows();
    if (p_lower() != 0u && j > i) { return; }
    var q = p[item];
    if (p_conj() != 0u) { q = sc_conj(q); }
    let at = p_offset() + b * p_batch_stride() + i * p_row_stride() + j * p_col_stride();
    a[at] = a[at] - q;
}
