// Cholesky factorisation of one n x n block per workgroup (n <= ${NB}), in workgroup memory:
// the lower triangle of the block (the strided view a[offset + b * batch + i * row + j * col])
// is overwritten by L with A = L L^H, the strict upper triangle of the block by zeros. Only
// the real part of the diagonal is read, as LAPACK's potrf. A pivot that is not positive (or
// NaN) sets failed[b] to 1; the factorisation goes on, its result is then not used.
// Right-looking, one barrier a column: in step j every invocation takes 1 / sqrt(pivot) itself
// and updates its column k of the trailing triangle (rows i = slice, slice + SLICES, ...)
// with the scaled values of column j read as they are; column j itself is scaled during
// step j + 1, when nobody reads it. The block has row stride LDS (padded where workgroup
// memory allows: the invocations of a step read column j's elements in distinct banks).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const LDS: u32 = ${LDS}u;
const SLICES: u32 = ${WG}u / NB;
var<workgroup> s: array<${T}, NB * LDS>;

// Column j below the diagonal times inv, the pivot's root r on the diagonal.
fn scale_column(j: u32, n: u32, r: R, inv: R, lid: u32) {
    for (var i = j + 1u + lid; i < n; i += ${WG}u) { s[i * LDS + j] = sc_scale(s[i * LDS + j], inv); }
    if (lid == 0u) { s[j * LDS + j] = sc_real(r); }
}

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
        if (j <= i) { s[i * LDS + j] = a[base + i * p_row_stride() + j * p_col_stride()]; }
    }
    workgroupBarrier();
    let k = lid % NB;
    let slice = lid / NB;
    var fail = false;
    var last_r = R(1);
    var last_inv = R(1);
    for (var j = 0u; j < n; j++) {
        if (j > 0u) { scale_column(j - 1u, n, last_r, last_inv, lid); }
        let d = sc_re(s[j * LDS + j]);
        let r = sc_sqrt(d);
        let inv = R(1) / r;
        fail = fail || sc_bad_pivot(d);
        if (k > j && k < n) {
            let lk = sc_conj(sc_scale(s[k * LDS + j], inv));
            for (var i = slice; i < n; i += SLICES) {
                if (i >= k) { s[i * LDS + k] = s[i * LDS + k] - sc_mul(sc_scale(s[i * LDS + j], inv), lk); }
            }
        }
        last_r = r;
        last_inv = inv;
        workgroupBarrier();
    }
    if (n > 0u) { scale_column(n - 1u, n, last_r, last_inv, lid); }
    workgroupBarrier();
    for (var t = lid; t < n * n; t += ${WG}u) {
        let i = t / n;
        let j = t % n;
        a[base + i * p_row_stride() + j * p_col_stride()] = select(${T}(), s[i * LDS + j], j <= i);
    }
    if (lid == 0u && fail) { failed[b] = 1u; }
}
