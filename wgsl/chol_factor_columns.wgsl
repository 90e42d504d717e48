// One step of the blocked Cholesky factorisation in one dispatch (cholesky.factor_and_solve):
// the factor L of an n x n diagonal block (n <= ${NB}; the strided view
// a[offset + b * batch + i * row + j * col], lower triangle read, only the real part of the
// diagonal) and the triangular solve of the rows x n panel below it, B := B L^-H.
// Workgroup g = 0 of a matrix writes L (zeros above the diagonal) to the stage
// st[stage_offset + b * stage_batch + i * NB + j] and sets failed[b] to 1 where a pivot is not
// positive (a NaN does not); every other workgroup owns RT rows of B. All of them factor the
// block themselves (the serial steps take as long in each), so that no dispatch, and no barrier
// between dispatches, separates the factor from the solve; none writes the block, which the
// others may still be reading (the caller copies the stage into place at the end).
// Invocation t holds column t of A (v<i>: rows i >= t) and row t of X = L^-1 (x<c>: c <= t),
// every statement on them written out (chol_columns.column_fields); with a split of S > 1,
// invocations t + NB h (h < S) share them, each holding every S-th word (${WG} invocations). A step eliminates the K
// columns j .. j + K - 1, one barrier for K (two buffers by the step's parity): invocation
// j + m publishes its column (of A, raw: updated by the columns before j only) and its row (of
// X, likewise, lacking the division by L[j + m, j + m]) in workgroup memory; every invocation
// then factors the published K x K diagonal block alike (its LDL: pivots d<m>) and takes the
// coefficients r<m> by which A[i, t] -= sum_m column_m[i] r<m> and X[t, c] -= sum_m
// conj(r<m>) row_m[c] are the K single steps (for t > j + m: r<m> = conj(column_m[t]) / d<m>
// with column m as the block's earlier columns update it; chol_columns._block_step). No square
// root on the steps' chain: a column is scaled by 1 / sqrt(pivot) once, when it is stored. A
// solver then computes B W with W = X^H (= L^-H, as chol_trsm.wgsl does with the W that
// chol_factor.wgsl writes): invocation t column t of its rows, from its row of X and the rows
// of B in workgroup memory (with a split, each part's sums over its words of the row meet in
// workgroup memory; the parts store a share of the rows each).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
@group(0) @binding(3) var<storage, read_write> st: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const RT: u32 = ${RT}u;  // rows of B a solver workgroup owns
const K: u32 = ${K}u;  // columns a step eliminates
// Workgroup memory in words of ${V} (vec4 for float32: a quarter of the loads and stores).
var<workgroup> column: array<${V}, 2u * K * NB / ${width}u>;  // the step's K columns of A, by parity
var<workgroup> row_x: array<${V}, 2u * K * NB / ${width}u>;  // the step's K rows of X (undivided), by parity
var<workgroup> bs: array<${V}, RT * NB / ${width}u>;  // a solver's rows of B
${exchange}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    ${index}
    let flat = wid.x + wid.y * nwg.x;
    let b = flat / p_groups();
    let g = flat % p_groups();
    if (b >= p_batch()) { return; }
    let n = p_n();
    let base = p_offset() + b * p_batch_stride();
    let rs = p_row_stride();
    let cs = p_col_stride();
    let mine = t < n;
${load}
${init_x}
    // A solver's rows r0 .. r0 + RT of B (the rows below the block) go to workgroup memory
    // first: their loads' latency hides behind the factorisation (whose barriers order them
    // before the solve).
    let rows = p_rows();
    let r0 = max(g, 1u) * RT - RT;
    let bbase = base + n * rs;
    if (g != 0u) {
${load_b}
    }
    var pivot = R(1);  // A[t, t] once column t is complete
    var fail = false;
    for (var j = 0u; j < n; j += K) {
        let buf = (j / K % 2u) * (K * NB / ${width}u);
        if (t >= j && t < j + K) {
            let slot = buf + (t - j) * (NB / ${width}u);
${publish}
        }
        workgroupBarrier();
${block_step}
        if (t > j) {
${update}
${update_x}
        }
    }
    let r = sc_sqrt(pivot);
    let inv_r = R(1) / r;
    if (g == 0u) {
        let sbase = p_stage_offset() + b * p_stage_batch();
${store}
        if (lid == 0u && fail) { failed[b] = 1u; }
        return;
    }
    // W[c, t] = conj(X[t, c]), X's row t divided by L[t, t] at last.
${w_column}
${solve}
}
