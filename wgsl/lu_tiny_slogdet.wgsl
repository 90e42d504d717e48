// The sign and log|det| of tiny matrices (N x N, N a constant), or their determinants, one
// invocation per matrix: A is factored in registers (wgsl/lu_tiny_factor.wgsl), then sign and
// logabsdet follow from the pivots (written out by lu_tiny.py) exactly as wgsl/lu_slogdet.wgsl
// computes them (same operations, same order): a singular matrix gives sign 0 and logabsdet
// -inf, as NumPy. The kernel stores them (slogdet), or sign * exp(logabsdet) as NumPy's det
// computes it, with the exp and multiply of the map kernels (det: one dispatch, not three).
// Parameters: lu_tiny.py's TINY_PARAMS (k, chunk and the b fields unused).
${enables}
${prelude}
${params}
${outputs}
@group(0) @binding(${a_binding}) var<storage, read> a: array<${T}>;

fn zero_word() -> u32 { return p_zero(); }

${library}

${scalar}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = linear_id(wid, nwg, lid, ${workgroup}u);
    if (g >= p_items()) { return; }
${factor}
    var sign = ${one};
    var logabs = ${F}(0);
${fold_pivots}
    if (first_zero != 0i) {
        sign = ${T}();
        logabs = ${neg_infinity};
    }
${store}
}
