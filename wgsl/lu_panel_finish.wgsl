// The rest of a CALU panel step, after wgsl/lu_panel_select.wgsl chose the pivots of the
// panel [k, k + kb) and wrote L11\U11 over its top block. Three kinds of workgroups per matrix:
// - `swap_groups` of one invocation per column left of the panel: the panel's row
//   interchanges (pivots k..k+kb-1, in order);
// - `block_row_groups` of ${lanes} columns right of the panel each: the interchanges, then
//   U12 = L11^-1 A12 (forward substitution with unit L11), an invocation per (row, column),
//   the columns the fast index (a row's columns are read together);
// - `l21_groups` of ${lanes} rows below the top block each: L21 = A21 U11^-1, an invocation
//   per (row, column), the columns again the fast index: the panel without pivoting (a zero pivot leaves its column unscaled,
//   as LAPACK's getf2).
// The substitutions run a step per column or row of the top block (held in workgroup memory),
// each step's solved value passed on through workgroup memory. Columns and rows are disjoint
// parts of the matrix; L11 and U11 are only read. Parameters: lu_panel.py's FINISH_PARAMS.
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

var<workgroup> top: array<${T}, ${top_cells}>;  // L11\U11, row stride ${width}
var<workgroup> solved: array<${T}, ${wg}>;

// The panel's interchanges applied to one column (at col, row stride dim) of matrix g.
fn swap_column(col: u32, g: u32, dim: u32, k: u32, kb: u32) {
    for (var j = 0u; j < kb; j++) {
        let to = u32(piv[g * dim + k + j]);
        if (to != k + j) {
            let v = lu[col + (k + j) * dim];
            lu[col + (k + j) * dim] = lu[col + to * dim];
            lu[col + to * dim] = v;
        }
    }
}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let w = wid.x + wid.y * nwg.x;
    let groups = p_swap_groups() + p_block_row_groups() + p_l21_groups();
    if (w >= p_batch() * groups) { return; }
    let g = w / groups;
    var q = w % groups;
    let dim = p_n();
    let k = p_k();
    let kb = p_kb();
    let base = p_offset() + g * dim * dim;
    if (q < p_swap_groups()) {
        let c = q * ${wg}u + lid;
        if (c < k) { swap_column(base + c, g, dim, k, kb); }
        return;
    }
    q -= p_swap_groups();
    for (var t = lid; t < kb * kb; t += ${wg}u) {
        top[(t / kb) * ${width}u + t % kb] = lu[base + (k + t / kb) * dim + k + t % kb];
    }
    let lane = lid % ${lanes}u;
    let step_of = lid / ${lanes}u;  // the row (block row) or column (L21) of the top block
    if (q < p_block_row_groups()) {
        let c = k + kb + q * ${lanes}u + lane;
        let valid = c < dim && step_of < kb;
        if (c < dim && step_of == 0u) { swap_column(base + c, g, dim, k, kb); }
        storageBarrier();
        workgroupBarrier();
        let at = base + (k + step_of) * dim + c;
        var s = ${T}();
        if (valid) { s = lu[at]; }
        for (var i = 0u; i < kb; i++) {
            if (step_of == i) { solved[lid] = s; }
            workgroupBarrier();
            if (step_of > i && step_of < kb) {
                s = s - multiply(top[step_of * ${width}u + i], solved[i * ${lanes}u + lane]);
            }
        }
        if (valid) { lu[at] = s; }
        return;
    }
    q -= p_block_row_groups();
    workgroupBarrier();
    let col = lid % ${width}u;  // the column of the panel: a row's values are read together
    let r = k + kb + q * ${lanes}u + lid / ${width}u;
    let row_solved = (lid / ${width}u) * ${width}u;
    let valid = r < dim && col < kb;
    let at = base + r * dim + k + col;
    var s = ${T}();
    if (valid) { s = lu[at]; }
    for (var j = 0u; j < kb; j++) {
        if (col == j) {
            let d = top[j * ${width}u + j];
            if (!is_zero(d)) { s = divide(s, d); }
            solved[lid] = s;
        }
        workgroupBarrier();
        if (col > j && col < kb) {
            s = s - multiply(solved[row_solved + j], top[j * ${width}u + col]);
        }
    }
    if (valid) { lu[at] = s; }
}
