// Cholesky factorisation of one n x n block per workgroup (n <= ${NB}), in registers: the lower
// triangle of the block (the strided view a[offset + b * batch + i * row + j * col]) is
// overwritten by L with A = L L^H, the strict upper triangle of the block by zeros. Only the
// real part of the diagonal is read, as LAPACK's potrf. A pivot that is not positive (or NaN)
// sets failed[b] to 1; the factorisation goes on, its result is then not used.
// With p_invert() != 0 the kernel also writes W = L^-H (upper triangular, zeros elsewhere) to
// inv[inv_offset + b * inv_batch + r * NB + c]: the blocked factorisation's triangular solves
// against L become products with W (wgsl/chol_trsm.wgsl).
// The ${WG} invocations form a G x G grid; invocation (ty, tx) holds the elements (ty + G p,
// tx + G q) of the block in registers (cyclic: every step keeps all of them busy). Step j of
// the right-looking factorisation: the holders of column j publish it in workgroup memory, one
// barrier, then everyone takes 1 / sqrt(pivot) and updates its own elements of the trailing
// triangle (two buffers by the step's parity: one barrier a step). The inversion X = L^-1 runs
// the same way by rows (X[i, :] -= L[i, j] X[j, :] for i > j), column j of L published beside
// row j of X.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> failed: array<u32>;
@group(0) @binding(3) var<storage, read_write> inv: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
const G: u32 = 16u;  // the invocation grid's side (G * G = ${WG})
const RB: u32 = NB / G;  // rows (and columns) of the block an invocation holds
var<workgroup> column: array<${T}, 2u * NB>;  // the step's column (of A, then of L), by parity
var<workgroup> row_x: array<${T}, 2u * NB>;  // the inversion step's row of X, by parity

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let base = p_offset() + b * p_batch_stride();
    let tx = lid % G;
    let ty = lid / G;
    var v: array<${T}, RB * RB>;  // element (ty + G p, tx + G q) at p * RB + q
    for (var p = 0u; p < RB; p++) {
        for (var q = 0u; q < RB; q++) {
            let i = ty + G * p;
            let c = tx + G * q;
            var x = ${T}();
            if (i < n && c <= i) { x = a[base + i * p_row_stride() + c * p_col_stride()]; }
            v[p * RB + q] = x;
        }
    }
    var fail = false;
    for (var j = 0u; j < n; j++) {
        let buf = (j % 2u) * NB;
        if (tx == j % G) {
            for (var q = 0u; q < RB; q++) {
                if (q == j / G) {
                    for (var p = 0u; p < RB; p++) { column[buf + ty + G * p] = v[p * RB + q]; }
                }
            }
        }
        workgroupBarrier();
        let d = sc_re(column[buf + j]);
        let r = sc_sqrt(d);
        let inv_r = R(1) / r;
        fail = fail || sc_bad_pivot(d);
        var li: array<${T}, RB>;  // L[i, j] of the rows held
        var lc: array<${T}, RB>;  // conj(L[c, j]) of the columns held
        for (var p = 0u; p < RB; p++) { li[p] = sc_scale(column[buf + ty + G * p], inv_r); }
        for (var q = 0u; q < RB; q++) { lc[q] = sc_conj(sc_scale(column[buf + tx + G * q], inv_r)); }
        for (var p = 0u; p < RB; p++) {
            for (var q = 0u; q < RB; q++) {
                let i = ty + G * p;
                let c = tx + G * q;
                if (c > j && i >= c) {
                    v[p * RB + q] = v[p * RB + q] - sc_mul(li[p], lc[q]);
                } else if (c == j && i > j) {
                    v[p * RB + q] = li[p];
                } else if (c == j && i == j) {
                    v[p * RB + q] = sc_real(r);
                }
            }
        }
    }
    for (var p = 0u; p < RB; p++) {
        for (var q = 0u; q < RB; q++) {
            let i = ty + G * p;
            let c = tx + G * q;
            if (i < n && c < n) { a[base + i * p_row_stride() + c * p_col_stride()] = v[p * RB + q]; }
        }
    }
    if (lid == 0u && fail) { failed[b] = 1u; }
    if (p_invert() == 0u) { return; }
    workgroupBarrier();  // the last step's readers are done with its buffer
    // X = L^-1 by rows: before step j, row j of X lacks only the division by L[j, j].
    var x: array<${T}, RB * RB>;
    for (var p = 0u; p < RB; p++) {
        for (var q = 0u; q < RB; q++) {
            x[p * RB + q] = select(${T}(), sc_real(R(1)), ty + G * p == tx + G * q);
        }
    }
    for (var j = 0u; j < n; j++) {
        let buf = (j % 2u) * NB;
        if (tx == j % G) {
            for (var q = 0u; q < RB; q++) {
                if (q == j / G) {
                    for (var p = 0u; p < RB; p++) { column[buf + ty + G * p] = v[p * RB + q]; }
                }
            }
        }
        if (ty == j % G) {
            for (var p = 0u; p < RB; p++) {
                if (p == j / G) {
                    for (var q = 0u; q < RB; q++) { row_x[buf + tx + G * q] = x[p * RB + q]; }
                }
            }
        }
        workgroupBarrier();
        let inv_d = R(1) / sc_re(column[buf + j]);
        var xj: array<${T}, RB>;  // X[j, c] of the columns held, final
        for (var q = 0u; q < RB; q++) { xj[q] = sc_scale(row_x[buf + tx + G * q], inv_d); }
        for (var p = 0u; p < RB; p++) {
            let i = ty + G * p;
            let lij = column[buf + i];
            for (var q = 0u; q < RB; q++) {
                if (i > j) {
                    x[p * RB + q] = x[p * RB + q] - sc_mul(lij, xj[q]);
                } else if (i == j) {
                    x[p * RB + q] = xj[q];
                }
            }
        }
    }
    // W = X^H: W[c, i] = conj(X[i, c]), zero outside the n x n block.
    let wbase = p_inv_offset() + b * p_inv_batch();
    for (var p = 0u; p < RB; p++) {
        for (var q = 0u; q < RB; q++) {
            let i = ty + G * p;
            let c = tx + G * q;
            inv[wbase + c * NB + i] = select(${T}(), sc_conj(x[p * RB + q]), i < n && c < n && c <= i);
        }
    }
}
