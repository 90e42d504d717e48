// Triangular solve from the right, batched, many right-hand sides, by substitution: X L^H = B
// for a lower triangular k x k L with a real diagonal (k <= ${NB}); B (rows x k, a strided
// view) is overwritten by X. An invocation solves one row of B alone, its k elements in
// registers (x<q>: chol_blocks.trsm_rows_fields writes the steps out), so no step waits on a
// barrier: x_q /= L[q, q], then x_c -= x_q conj(L[c, q]) for c > q. L sits in workgroup memory
// (its lower triangle packed by columns; every invocation reads the same word at a time),
// padded to NB with the identity so that the steps need no bounds; with its diagonal's
// reciprocals beside it.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> bm: array<${S}>;
@group(0) @binding(2) var<storage, read_write> lm: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
var<workgroup> l: array<${T}, NB * (NB + 1u) / 2u>;  // L[c, q] (c >= q) at column_start(q) + c - q
var<workgroup> inv_diag: array<R, NB>;

fn column_start(q: u32) -> u32 { return q * (2u * NB + 1u - q) / 2u; }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let per_batch = (p_rows() + ${WG}u - 1u) / ${WG}u;
    let b = group / per_batch;
    if (b >= p_batch()) { return; }
    let k = p_k();
    let lbase = p_l_offset() + b * p_l_batch();
    for (var t = lid; t < NB * NB; t += ${WG}u) {
        let i = t / NB;
        let j = t % NB;
        if (j <= i) {
            var v = select(${T}(), sc_real(R(1)), i == j);
            if (i < k) { v = lm[lbase + i * p_l_row() + j * p_l_col()]; }
            l[column_start(j) + i - j] = v;
        }
    }
    for (var q = lid; q < NB; q += ${WG}u) {
        var d = R(1);
        if (q < k) { d = sc_re(lm[lbase + q * p_l_row() + q * p_l_col()]); }
        inv_diag[q] = R(1) / d;
    }
    workgroupBarrier();
    let r = (group % per_batch) * ${WG}u + lid;
    let in_b = r < p_rows();
    let at = p_b_offset() + b * p_b_batch() + r * p_b_row();
    let cs = p_b_col();
${load}
${steps}
    if (!in_b) { return; }
${store}
}
