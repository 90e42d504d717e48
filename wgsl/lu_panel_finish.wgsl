// The rest of a CALU panel step, after wgsl/lu_panel_select.wgsl chose the pivots of the
// panel [k, k + kb) and wrote L11\U11 over its top block. One invocation per item of a matrix:
// - each column c outside the panel: the panel's row interchanges (pivots k..k+kb-1, in order),
//   then, right of the panel, the block row U12 = L11^-1 A12 (forward substitution, unit L11);
// - each row r below the top block: L21 = A21 U11^-1 (the panel without pivoting: a zero
//   pivot leaves its column unscaled, as LAPACK's getf2).
// Columns and rows are disjoint parts of the matrix; L11 and U11 are only read.
// Parameters: lu_panel.py's FINISH_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> lu: array<${T}>;
@group(0) @binding(2) var<storage, read> piv: array<i32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

fn is_zero(v: ${T}) -> bool { return ${is_zero}; }
fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    let dim = p_n();
    let k = p_k();
    let kb = p_kb();
    let columns = dim - kb;
    let per_matrix = columns + dim - k - kb;
    if (i >= p_batch() * per_matrix) { return; }
    let g = i / per_matrix;
    let t = i % per_matrix;
    let base = p_offset() + g * dim * dim;
    let top = base + k * dim + k;  // L11\U11
    if (t < columns) {
        let c = select(t, t + kb, t >= k);
        let col = base + c;
        for (var j = 0u; j < kb; j++) {
            let to = u32(piv[g * dim + k + j]);
            if (to != k + j) {
                let v = lu[col + (k + j) * dim];
                lu[col + (k + j) * dim] = lu[col + to * dim];
                lu[col + to * dim] = v;
            }
        }
        if (c < k) { return; }
        for (var j = 1u; j < kb; j++) {
            var s = lu[col + (k + j) * dim];
            for (var l = 0u; l < j; l++) {
                s = s - multiply(lu[top + j * dim + l], lu[col + (k + l) * dim]);
            }
            lu[col + (k + j) * dim] = s;
        }
    } else {
        let row = base + (k + kb + t - columns) * dim + k;
        for (var j = 0u; j < kb; j++) {
            var s = lu[row + j];
            for (var l = 0u; l < j; l++) {
                s = s - multiply(lu[row + l], lu[top + l * dim + j]);
            }
            let d = lu[top + j * dim + j];
            if (!is_zero(d)) { s = divide(s, d); }
            lu[row + j] = s;
        }
    }
}
