// LU with partial pivoting (LAPACK's getf2, right-looking, one column at a time) of the
// columns [c0, c1) of one matrix per workgroup, rows c0..n-1. The matrix lies in
// workgroup memory `m` (the whole matrix, c0 = 0, c1 = n: the small-matrix kernel) or the
// lu buffer itself (one panel of the blocked factorisation). Row swaps reach the columns
// [s0, s1); pivots are absolute row indices; info[g] is 1 + the first column whose pivot is
// exactly zero (0 if none): LAPACK keeps going past it without scaling, and so do we.
// The steps themselves are wgsl/lu_factor_steps.wgsl.
// Parameters: lu_kernels.py's FACTOR_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> lu: array<${T}>;
@group(0) @binding(2) var<storage, read_write> piv: array<i32>;
@group(0) @binding(3) var<storage, read_write> info: array<i32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

${workgroup_matrix}
${scalar}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    if (g >= p_batch()) { return; }
    let n = ${n};
    let base = p_offset() + g * n * n;  // where this matrix starts in lu (contiguous rows)
    let mbase = ${mbase};                // where it starts in the memory the steps work on
    let pbase = g * n;
    let c0 = p_c0();
    let c1 = p_c1();
    let s0 = p_s0();
    let s1 = p_s1();
    let ld = n;   // row stride
    let u1 = c1;  // the rank-1 updates reach columns up to u1
${load}
${steps}
${store}
    if (lid == 0u) { ${set_info} }
}
