// Triangular solve from the right, batched, many right-hand sides, as a product: X L^H = B for a
// lower triangular k x k L (k <= ${NB}) is X = B W with W = L^-H, which the diagonal block's
// factorisation wrote (wgsl/chol_factor.wgsl: upper triangular, zeros elsewhere, rows of NB).
// B (rows x k, a strided view) is overwritten by X in place: a workgroup owns RT whole rows of
// B, copies them into workgroup memory and writes their X back. Invocation (row group g,
// column c) accumulates X[r, c] for the rows g, g + RG, ... of its workgroup's rows; W's row p
// is read by consecutive invocations at consecutive columns, B's element by all of a row group
// at once (one word, broadcast). Its rows' sums acc<t> are unrolled (chol_blocks.trsm_fields).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> bm: array<${S}>;
@group(0) @binding(2) var<storage, read> wm: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const RG: u32 = ${WG}u / NB;  // row groups of a workgroup
const RT: u32 = ${RT}u;  // rows of B a workgroup solves
var<workgroup> bs: array<${T}, RT * NB>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let per_batch = (p_rows() + RT - 1u) / RT;
    let b = group / per_batch;
    if (b >= p_batch()) { return; }
    let k = p_k();
    let r0 = (group % per_batch) * RT;
    let bbase = p_b_offset() + b * p_b_batch();
    for (var t = lid; t < RT * NB; t += ${WG}u) {
        let r = r0 + t / NB;
        let c = t % NB;
        var x = ${T}();
        if (r < p_rows() && c < k) { x = bm[bbase + r * p_b_row() + c * p_b_col()]; }
        bs[t] = x;
    }
    workgroupBarrier();
    let c = lid % NB;
    let g = lid / NB;
    let wbase = p_l_offset() + b * p_l_batch() + c * p_l_col();
${declare}
    for (var p = 0u; p < k; p++) {
        let w = wm[wbase + p * p_l_row()];
${accumulate}
    }
    if (c >= k) { return; }
${store}
}
