// One diagonal block of a triangular solve T X = B, in place in x: one invocation per
// (matrix, right-hand-side column) runs the substitution over the block's m rows.
// ${lower}: forward substitution with the lower triangle, else backward with the upper;
// ${unit}: the diagonal is taken as 1. T is read from ${t_buf} (x itself for the U block row
// of the blocked LU). Strides are u32 two's complement. Parameters: lu_kernels.py's TRSM_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
${t_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    if (i >= p_items()) { return; }
    let g = i / p_cols();
    let c = i % p_cols();
    let xb = p_x_offset() + g * p_x_batch_stride() + c;
    let xr = p_x_row_stride();
    let tb = p_t_offset() + g * p_t_batch_stride();
    let tr = p_t_row_stride();
    let tc = p_t_col_stride();
    let m = p_m();
    for (var step = 0u; step < m; step++) {
        let k = ${row};
        var s = x[xb + k * xr];
        for (var j = ${j_from}; j < ${j_to}; j++) {
            s = s - multiply(${t_buf}[tb + k * tr + j * tc], x[xb + j * xr]);
        }
        ${divide_diagonal}
        x[xb + k * xr] = s;
    }
}
