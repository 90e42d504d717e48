// Triangular solve from the right, batched, many right-hand sides: X L^H = B for a lower
// triangular k x k L with a real diagonal (k <= ${NB}); B (rows x k) is overwritten by X.
// A workgroup solves RPW rows of B, an invocation per element (row, column c), each
// element held by its invocation. Step q: column q's invocations finish
// x_q = (b_q - sum_{p<q} x_p conj(L[q, p])) / L[q, q] and pass it on through workgroup memory;
// after the step's barrier the columns c > q take x_q conj(L[c, q]) off. L sits in workgroup
// memory by columns (its lower triangle packed: the invocations of a row read consecutive
// elements).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> bm: array<${S}>;
@group(0) @binding(2) var<storage, read_write> lm: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const RPW: u32 = ${WG}u / NB;  // rows of B a workgroup solves
var<workgroup> l: array<${T}, NB * (NB + 1u) / 2u>;  // L[c, q] (c >= q) at column_start(q) + c - q
var<workgroup> solved: array<${T}, 2u * RPW>;  // x_q of each row, two buffers by the step's parity

fn column_start(q: u32) -> u32 { return q * (2u * NB + 1u - q) / 2u; }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let per_batch = (p_rows() + RPW - 1u) / RPW;
    let b = group / per_batch;
    if (b >= p_batch()) { return; }
    let k = p_k();
    let lbase = p_l_offset() + b * p_l_batch();
    for (var t = lid; t < k * k; t += ${WG}u) {
        let i = t / k;
        let j = t % k;
        if (j <= i) { l[column_start(j) + i - j] = lm[lbase + i * p_l_row() + j * p_l_col()]; }
    }
    let c = lid % NB;
    let slot = lid / NB;
    let r = (group % per_batch) * RPW + slot;
    let in_b = r < p_rows() && c < k;
    let at = p_b_offset() + b * p_b_batch() + r * p_b_row() + c * p_b_col();
    var x = ${T}();
    if (in_b) { x = bm[at]; }
    workgroupBarrier();
    for (var q = 0u; q < k; q++) {
        let buf = (q % 2u) * RPW + slot;
        if (c == q) {
            x = sc_scale(x, R(1) / sc_re(l[column_start(q)]));
            solved[buf] = x;
        }
        workgroupBarrier();
        if (c > q) { x = x - sc_mul(solved[buf], sc_conj(l[column_start(q) + c - q])); }
    }
    if (in_b) { bm[at] = x; }
}
