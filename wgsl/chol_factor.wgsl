// Cholesky factorisation of one n x n block per workgroup (n <= ${NB}), in workgroup memory:
// the lower triangle of the block (the strided view a[offset + b * batch + i * row + j * col])
// is overwritten by L with A = L L^H, the strict upper triangle of the block by zeros. Only
// the real part of the diagonal is read, as LAPACK's potrf. A pivot that is not positive (or
// NaN) sets failed[b] to 1; the factorisation goes on, its result is then not used.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
${scalar}
${library}

var<workgroup> s: array<${T}, ${CAP}>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let base = p_offset() + b * p_batch_stride();
    for (var t = lid; t < n * n; t += ${WG}u) {
        let i = t / n;
        let j = t % n;
        if (j <= i) { s[t] = a[base + i * p_row_stride() + j * p_col_stride()]; }
    }
    workgroupBarrier();
    var fail = false;
    for (var j = 0u; j < n; j++) {
        // Right-looking: scale column j by 1 / sqrt(pivot), then update the trailing triangle.
        let d = sc_re(s[j * n + j]);
        let r = sc_sqrt(d);
        let inv = R(1) / r;
        for (var i = j + 1u + lid; i < n; i += ${WG}u) { s[i * n + j] = sc_scale(s[i * n + j], inv); }
        workgroupBarrier();
        if (lid == 0u) {
            s[j * n + j] = sc_real(r);
            fail = fail || sc_bad_pivot(d);
        }
        let m = n - j - 1u;
        for (var t = lid; t < m * m; t += ${WG}u) {
            let i = j + 1u + t / m;
            let k = j + 1u + t % m;
            if (k <= i) { s[i * n + k] = s[i * n + k] - sc_mul(s[i * n + j], sc_conj(s[k * n + j])); }
        }
        workgroupBarrier();
    }
    for (var t = lid; t < n * n; t += ${WG}u) {
        let i = t / n;
        let j = t % n;
        a[base + i * p_row_stride() + j * p_col_stride()] = select(${T}(), s[t], j <= i);
    }
    if (fail) { failed[b] = 1u; }
}
