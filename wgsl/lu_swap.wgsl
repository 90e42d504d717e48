// Row interchanges: one invocation per (matrix, column) applies the pivots start..stop-1 in
// order (row r swapped with row piv[r]) to its column, except the columns [skip0, skip1)
// (a panel that swapped its own rows). Parameters: lu_kernels.py's SWAP_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
@group(0) @binding(2) var<storage, read> piv: array<i32>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    if (i >= p_items()) { return; }
    let g = i / p_cols();
    let c = i % p_cols();
    if (c >= p_skip0() && c < p_skip1()) { return; }
    let base = p_offset() + g * p_batch_stride() + c;
    let pbase = p_piv_offset() + g * p_piv_batch_stride();
    for (var r = p_start(); r < p_stop(); r++) {
        let q = u32(piv[pbase + r]);
        if (q != r) {
            let t = x[base + r * p_row_stride()];
            x[base + r * p_row_stride()] = x[base + q * p_row_stride()];
            x[base + q * p_row_stride()] = t;
        }
    }
}
