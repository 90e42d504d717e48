// Triangular solve from the right, batched, many right-hand sides: X L^H = B for a lower
// triangular k x k L with a real diagonal (k <= ${NB}); B (rows x k) is overwritten by X.
// Each workgroup holds L in workgroup memory and solves ${WG} rows of B, one per invocation,
// by forward substitution: x_c = (b_c - sum_{q<c} x_q conj(L[c, q])) / L[c, c].
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> bm: array<${S}>;
@group(0) @binding(2) var<storage, read_write> lm: array<${S}>;
${scalar}
${library}

var<workgroup> l: array<${T}, ${CAP}>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let per_batch = (p_rows() + ${WG}u - 1u) / ${WG}u;
    let b = group / per_batch;
    if (b >= p_batch()) { return; }
    let k = p_k();
    let lbase = p_l_offset() + b * p_l_batch();
    for (var t = lid; t < k * k; t += ${WG}u) {
        let i = t / k;
        let j = t % k;
        if (j <= i) { l[t] = lm[lbase + i * p_l_row() + j * p_l_col()]; }
    }
    workgroupBarrier();
    let r = (group % per_batch) * ${WG}u + lid;
    if (r >= p_rows()) { return; }
    let row = p_b_offset() + b * p_b_batch() + r * p_b_row();
    var x: array<${T}, ${NB}>;
    for (var c = 0u; c < k; c++) {
        var acc = bm[row + c * p_b_col()];
        for (var q = 0u; q < c; q++) { acc = acc - sc_mul(x[q], sc_conj(l[c * k + q])); }
        x[c] = sc_scale(acc, R(1) / sc_re(l[c * k + c]));
        bm[row + c * p_b_col()] = x[c];
    }
}
