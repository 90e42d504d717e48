// y = A v for the tridiagonalisation's column step j (tridiag_column.wgsl): partial sums over
// column chunks, ypart[b][chunk][r] (MAX_CHUNKS chunks a matrix) = sum over c in the chunk of A[r, c] v[c], for rows and
// columns j+1 .. n-1 of the Hermitian a (batch, n, n), read as conj(a[c, r]) so that the
// invocations of a workgroup (consecutive rows r) read consecutive words. v is column
// p_col() of the panel buffer pan (batch, n, 3 NB). One workgroup per (matrix, row tile, chunk).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> ypart: array<${S}>;
@group(0) @binding(2) var<storage, read> a: array<${S}>;
@group(0) @binding(3) var<storage, read> pan: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
const WG: u32 = ${WG}u;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    let per_matrix = p_row_tiles() * p_chunks();
    let b = g / per_matrix;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let first = p_j() + 1u;
    let tile = (g % per_matrix) / p_chunks();
    let chunk = g % p_chunks();
    let r = first + tile * WG + lid;
    if (r >= n) { return; }
    let c0 = first + chunk * p_chunk_len();
    let c1 = min(n, c0 + p_chunk_len());
    let abase = b * n * n;
    let vbase = b * n * 3u * NB + p_col();
    var acc = ${T}();
    for (var c = c0; c < c1; c++) {
        acc = acc + sc_mul(sc_conj(a[abase + c * n + r]), pan[vbase + c * 3u * NB]);
    }
    ypart[(b * MAX_CHUNKS + chunk) * n + r] = acc;
}
