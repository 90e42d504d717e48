// A X = B for tiny matrices (N x N, N a constant), one invocation per matrix and chunk of
// right-hand-side columns: the whole solve (gesv) in one dispatch, A held in registers. A is
// factored (wgsl/lu_tiny_factor.wgsl), then each column of B is read in P's row order
// (or is a column of the identity: inv) into v<i>, solved by forward substitution with the unit
// lower L and back substitution with U (written out by lu_tiny.py), and stored to x (contiguous
// batch x N x k). The operations and their order are those of wgsl/lu_solve_small.wgsl, column
// by column, so both give the same results (up to multiply-adds a driver fuses in only one).
// record() (wgsl/lu_tiny_info.wgsl or lu_tiny_flag.wgsl) then notes the singular matrices.
// Parameters: lu_tiny.py's TINY_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
@group(0) @binding(3) var<storage, read> a: array<${T}>;
${b_binding}

fn zero_word() -> u32 { return p_zero(); }

// Element (r, c) of the identity (inv's B), built on zero_word(): a driver that assumes no NaN
// would otherwise fold arithmetic on its constant zeros (0 / 0 to 0, say).
fn identity(r: u32, c: u32) -> ${T} {
    let z = ${F}(bitcast<f32>(zero_word()));
    let x = select(z, z + ${F}(1), r == c);
    return ${identity_element};
}

${library}

${scalar}

// Work item `item`: matrix g and a chunk of its right-hand sides. Returns first_zero.
fn solve(item: u32) -> i32 {
    let g = item / p_chunks();
    let k = p_k();
    let c0 = (item % p_chunks()) * p_chunk();
    let c1 = min(c0 + p_chunk(), k);
${factor}
    for (var c = c0; c < c1; c++) {
${solve_column}
    }
    return first_zero;
}

${record}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    var first_zero = 0i;
    if (item < p_items()) { first_zero = solve(item); }
    record(item, first_zero, lid, nwg.x * nwg.y);  // in uniform control flow: it may hold a barrier
}
