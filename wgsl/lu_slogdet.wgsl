// The sign and log|det| of each matrix from its LU factors, one invocation per matrix:
// det(A) = (-1)^(row interchanges) * prod(u_ii). sign is the product of the signs (u_ii / |u_ii|
// for complex), logabsdet the sum of log|u_ii| (the library's log, not the built-in); a
// singular matrix (info != 0) gives sign 0 and logabsdet -inf, as NumPy.
// Parameters: lu_kernels.py's SLOGDET_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> sign_out: array<${T}>;
@group(0) @binding(2) var<storage, read_write> log_out: array<${F}>;
@group(0) @binding(3) var<storage, read> lu: array<${T}>;
@group(0) @binding(4) var<storage, read> piv: array<i32>;
@group(0) @binding(5) var<storage, read> info: array<i32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = linear_id(wid, nwg, lid, ${workgroup}u);
    if (g >= p_batch()) { return; }
    let n = p_n();
    var sign = ${one};
    var logabs = ${F}(0);
    for (var i = 0u; i < n; i++) {
        let d = lu[g * n * n + i * n + i];
        let mag = ${magnitude};
        if (u32(piv[g * n + i]) != i) { sign = -sign; }
        sign = ${times_sign};
        logabs = logabs + log_${ftag}(mag);
    }
    if (info[g] != 0i) {
        sign = ${T}();
        logabs = ${neg_infinity};
    }
    sign_out[g] = sign;
    log_out[g] = logabs;
}
