// The sign and log|det| of tiny matrices (N x N, N a constant), one invocation per matrix: A is
// factored in registers (wgsl/lu_tiny_factor.wgsl), then sign and logabsdet follow from the
// pivots (written out by lu_tiny.py) exactly as wgsl/lu_slogdet.wgsl computes them (same
// operations, same order): a singular matrix gives sign 0 and logabsdet -inf, as NumPy.
// Parameters: lu_tiny.py's TINY_PARAMS (k, chunk and the b fields unused).
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> sign_out: array<${T}>;
@group(0) @binding(2) var<storage, read_write> log_out: array<${F}>;
@group(0) @binding(3) var<storage, read> a: array<${T}>;

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
    sign_out[g] = sign;
    log_out[g] = logabs;
}
