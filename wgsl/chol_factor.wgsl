// Cholesky factorisation of one n x n block per workgroup (n <= ${NB}), in registers: the lower
// triangle of the block (the strided view a[offset + b * batch + i * row + j * col]) is
// overwritten by L with A = L L^H, the strict upper triangle of the block by zeros. Only the
// real part of the diagonal is read, as LAPACK's potrf. A pivot that is not positive sets
// failed[b] to 1 (a NaN does not, as in OpenBLAS); the factorisation goes on, its result is
// then not used.
// With p_invert() != 0 the kernel also writes W = L^-H (upper triangular, zeros elsewhere) to
// inv[inv_offset + b * inv_batch + r * NB + c]: the blocked factorisation's triangular solves
// against L become products with W (wgsl/chol_trsm.wgsl).
// The ${WG} invocations form a G x G grid; invocation (ty, tx) holds the elements (ty + G p,
// tx + G q) of the block (cyclic: every step keeps all invocations busy) in registers: the
// scalars v<p>_<q> and x<p>_<q>, over which chol_blocks.factor_fields writes the code out.
// Step j of the right-looking factorisation: the holders of column j publish it in workgroup
// memory, one barrier, then every invocation takes 1 / sqrt(pivot) itself and updates its own
// elements of the trailing triangle (two buffers by the step's parity: one barrier a step).
// The inversion X = L^-1 runs in the same steps, by rows: before step j, row j of X lacks only
// the division by L[j, j], so its holders publish it beside column j, and every invocation
// takes X[j, :] = row / L[j, j] and X[i, :] -= L[i, j] X[j, :] for its rows i > j (one loop
// of n steps for both: an H100 took 61 us for a 64 block with the inversion as a second loop).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
@group(0) @binding(3) var<storage, read_write> inv: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const G: u32 = ${G}u;  // the invocation grid's side (G * G = ${WG})
var<workgroup> column: array<${T}, 2u * NB>;  // the step's column (of A, then of L), by parity
var<workgroup> row_x: array<${T}, 2u * NB>;  // the inversion step's row of X, by parity

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let base = p_offset() + b * p_batch_stride();
    let rs = p_row_stride();
    let cs = p_col_stride();
    let tx = lid % G;
    let ty = lid / G;
${declare}
${load}
    let invert = p_invert() != 0u;
${init_x}
    var fail = false;
    for (var j = 0u; j < n; j++) {
        let buf = (j % 2u) * NB;
        if (tx == j % G) {
${publish_column}
        }
        if (invert && ty == j % G) {
${publish_row}
        }
        workgroupBarrier();
        let d = sc_re(column[buf + j]);
        let r = sc_sqrt(d);
        let inv_r = R(1) / r;
        fail = fail || sc_bad_pivot(d);
        // Element (i, c): the trailing update where c > j and i >= c; column j itself is
        // L[i, j] = A[i, j] / r below the diagonal, r on it.
${update}
        if (invert) {
${update_x}
        }
    }
${store}
    if (lid == 0u && fail) { failed[b] = 1u; }
    if (!invert) { return; }
    // W = X^H: W[c, i] = conj(X[i, c]), zero outside the n x n block.
    let wbase = p_inv_offset() + b * p_inv_batch();
${store_w}
}
