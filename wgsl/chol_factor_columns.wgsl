// Cholesky factorisation of one n x n block per workgroup (n <= ${NB}), an invocation per column,
// in registers; the same contract as wgsl/chol_factor.wgsl (which it replaces where
// chol_blocks.factor_by_columns says): the lower triangle of the block (the strided view
// a[offset + b * batch + i * row + j * col]) is overwritten by L with A = L L^H, the strict upper
// triangle by zeros; only the real part of the diagonal is read; a pivot that is not positive
// sets failed[b] to 1 (a NaN does not); with p_invert() != 0, W = L^-H goes to
// inv[inv_offset + b * inv_batch + r * NB + c] (upper triangular, zeros elsewhere).
// Invocation t holds column t of A (v<i>: rows i >= t) and row t of X = L^-1 (x<c>: c <= t),
// every statement on them written out (chol_blocks.column_fields). Step j: invocation j's column
// (of A, raw) and row (of X, lacking the division by L[j, j]) are complete: it publishes them in
// workgroup memory (two buffers by the step's parity: one barrier a step); every invocation
// t > j then takes its own coefficient column[t] / d (d = A[j, j]: the two divisions by
// sqrt(d) in one) and updates its column, A[i, t] -= column[i] conj(column[t]) / d, and its
// row of X, X[t, c] -= column[t] row[c] / d. No square root on the steps' chain: a column is
// scaled by 1 / sqrt(pivot) once it is complete, when it is stored. A step's lanes are busy
// for the 64 + 64 statements of one column and one row (the block-by-block chol_factor.wgsl
// spreads the block over a 16 x 16 grid but pays for a barrier step many times as long).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
@group(0) @binding(3) var<storage, read_write> inv: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const RT: u32 = ${RT}u;  // rows of B a solver workgroup owns
// Workgroup memory in words of ${V} elements (vec4 for f32: a quarter of the loads).
var<workgroup> column: array<${V}, 2u * NB / ${width}u>;  // the step's column of A, by parity
var<workgroup> row_x: array<${V}, 2u * NB / ${width}u>;  // the step's row of X (undivided), by parity
var<workgroup> bs: array<${V}, RT * NB / ${width}u>;  // a solver's rows of B

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let flat = wid.x + wid.y * nwg.x;
    let b = flat / p_groups();  // the matrix, and its workgroup g: 0 stores L, the others solve
    let g = flat % p_groups();
    if (b >= p_batch()) { return; }
    let n = p_n();
    let base = p_offset() + b * p_batch_stride();
    let rs = p_row_stride();
    let cs = p_col_stride();
    let mine = t < n;
${load}
${init_x}
    let invert = p_invert() != 0u;
    let with_x = invert || p_rows() != 0u;  // X = L^-1 for W or for the solvers
    var pivot = R(1);  // A[t, t] once column t is complete
    var fail = false;
    for (var j = 0u; j < n; j++) {
        let buf = (j % 2u) * (NB / ${width}u);
        if (t == j) {
${publish}
        }
        workgroupBarrier();
        let d = sc_re(${column_j});
        fail = fail || sc_bad_pivot(d);
        if (t == j) { pivot = d; }
        if (t > j) {
            let ct = sc_scale(${column_t}, R(1) / d);
            let s = sc_conj(ct);
${update}
            if (with_x) {
${update_x}
            }
        }
    }
    let r = sc_sqrt(pivot);
    let inv_r = R(1) / r;
    if (g == 0u) {
        // L, in place, or (solving too) to the stage: the solvers still read A's block.
        let staged = p_rows() != 0u;
        let sbase = p_inv_offset() + b * p_inv_batch();
${store}
        if (t == 0u && fail) { failed[b] = 1u; }
        if (!invert) { return; }
        // W = X^H: W[c, t] = conj(X[t, c]), zero outside the n x n block.
${store_w}
        return;
    }
    // A solver: rows r0 .. r0 + RT of B (the n columns below the block) := B L^-H = B W, its
    // rows in workgroup memory; invocation t (row t of X) computes column t.
    let rows = p_rows();
    let r0 = (g - 1u) * RT;
    let bbase = base + n * rs;
${load_b}
    workgroupBarrier();
${w_columns}
    for (var q = 0u; q < RT; q++) {
        let row = r0 + q;
        if (row >= rows) { break; }
        var acc = ${T}();
${solve}
        if (mine) { a[bbase + row * rs + t * cs] = acc; }
    }
}
