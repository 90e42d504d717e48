// Householder reconstruction, the rows below the top block (see qr_hr_lu.wgsl): Y2 = Q2 U^{-1}
// with U upper triangular (u[b * u_batch + i * cols + j], |U_jj| >= 1), one invocation per row
// of Q2, p_groups() workgroups per matrix. Row i of Y2 goes to the panel h (the reflectors'
// vectors below R) and to v (the vectors explicitly).
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
var<workgroup> us: array<${T}, ${PB2}>;
var<workgroup> pivots: array<${T}, PB>;  // 1 / U_jj

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * p_groups()) { return; }
    let b = id / p_groups();
    let cols = p_cols();
    for (var e = lid; e < cols * cols; e += WG) { us[(e / cols) * PB + e % cols] = u[b * p_u_batch() + e]; }
    if (lid < cols) { pivots[lid] = sc_recip(u[b * p_u_batch() + lid * cols + lid]); }
    workgroupBarrier();
    let i = cols + (id % p_groups()) * WG + lid;
    if (i >= p_rows()) { return; }
    let qrow = b * p_q_batch() + i * cols;
    let hrow = p_h_offset() + b * p_h_batch() + i * p_h_row();
    let vrow = p_v_offset() + b * p_v_batch() + i * p_v_row();
    var y: array<${T}, PB>;
    for (var j = 0u; j < cols; j++) {
        var acc = q[qrow + j];
        for (var l = 0u; l < j; l++) { acc = acc - sc_mul(y[l], us[l * PB + j]); }
        y[j] = sc_mul(acc, pivots[j]);
        h[hrow + j * p_h_col()] = y[j];
        v[vrow + j] = y[j];
    }
}
