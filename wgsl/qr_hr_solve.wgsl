// Householder reconstruction, the rows below the top block (see qr_hr_lu.wgsl): Y2 = Q2 U^{-1}
// as a product, with U^{-1} (u[b * u_batch + i * cols + j], upper triangular) from qr_hr_lu.
// An invocation per element: a workgroup takes WG / PB rows of Q2 (invocation (r, c) of row r,
// column c), p_groups() workgroups per matrix. Row i of Y2 goes to the panel h (the
// reflectors' vectors below R) and to v (the vectors explicitly). (A substitution by rows, an
// invocation each, took 55 us a panel on an H100: its steps wait on each other.)
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> h: array<${S}>;
@group(0) @binding(2) var<storage, read_write> v: array<${S}>;
@group(0) @binding(3) var<storage, read> q: array<${S}>;
@group(0) @binding(4) var<storage, read> u: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const WG: u32 = ${WG}u;
var<workgroup> inverse: array<${T}, ${PB2}>;  // U^{-1}, zeros past cols
var<workgroup> rows_q: array<${T}, WG>;  // the workgroup's rows of Q2, zeros past cols

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * p_groups()) { return; }
    let b = id / p_groups();
    let cols = p_cols();
    for (var e = lid; e < PB * PB; e += WG) {
        var x = ${T}();
        if (e / PB < cols && e % PB < cols) { x = u[b * p_u_batch() + (e / PB) * cols + e % PB]; }
        inverse[e] = x;
    }
    let r = lid / PB;
    let c = lid % PB;
    let i = cols + (id % p_groups()) * (WG / PB) + r;
    var x = ${T}();
    if (i < p_rows() && c < cols) { x = q[b * p_q_batch() + i * cols + c]; }
    rows_q[lid] = x;
    workgroupBarrier();
    if (i >= p_rows() || c >= cols) { return; }
    var y = ${T}();
    for (var l = 0u; l < PB; l++) {
        if (l <= c) { y = y + sc_mul(rows_q[r * PB + l], inverse[l * PB + c]); }
    }
    h[p_h_offset() + b * p_h_batch() + i * p_h_row() + c * p_h_col()] = y;
    v[p_v_offset() + b * p_v_batch() + i * p_v_row() + c] = y;
}
