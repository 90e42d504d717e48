// x[view] -= c, in place: x's (matrix, row, column) view at offset with batch and row strides
// (columns contiguous), c contiguous of the same shape (a matmul's product). The trailing
// updates of the blocked LU and of the blocked triangular solves. Parameters: lu_kernels.py's SUB_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
@group(0) @binding(2) var<storage, read> c: array<${T}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    if (i >= p_items()) { return; }
    let per_matrix = p_rows() * p_cols();
    let g = i / per_matrix;
    let r = (i % per_matrix) / p_cols();
    let col = i % p_cols();
    let k = p_offset() + g * p_batch_stride() + r * p_row_stride() + col;
    x[k] = x[k] - c[i];
}
