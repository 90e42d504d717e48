// Tournament pivoting (CALU) for the panel of columns [k, k + kb) of one matrix, rows k..n-1:
// one level of the reduction tree. Workgroup (matrix g, group q) copies its stack of rows into
// workgroup memory: at the leaves (level 0) the rows [lo, hi) of chunk q (balanced chunks of at
// most ${rows} rows, each >= kb), above them the kb candidate rows of each of the `arity`
// groups q*arity.. of the level below (cand_in). It runs partial pivoting (getf2, the steps of
// wgsl/lu_factor_steps.wgsl) over the stack and passes its first kb rows, the winners, on as
// candidates (cand_out) by their row indices. The panel itself is only read.
// At the last level (one group, `last` = 1) the winners are the pivot rows, in pivot order,
// and their rows in workgroup memory hold L11 and U11 (partial pivoting restricted to the
// winners): the kernel turns the chosen rows into LAPACK's row interchanges (pivots), applies
// them to the panel's columns, writes L11\U11 over the panel's top block and sets info.
// The rest of the matrix's columns and the panel's rows below are wgsl/lu_panel_finish.wgsl's.
// Parameters: lu_panel.py's SELECT_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> lu: array<${T}>;
@group(0) @binding(2) var<storage, read_write> piv: array<i32>;
@group(0) @binding(3) var<storage, read_write> info: array<i32>;
@group(0) @binding(4) var<storage, read_write> cand_out: array<u32>;
@group(0) @binding(5) var<storage, read> cand_in: array<u32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

var<workgroup> m: array<${T}, ${cells}>;  // the stack, ${rows} rows of ${width} columns
var<workgroup> rows: array<u32, ${rows}>;  // the matrix row each stack row came from
var<workgroup> swap_to: array<u32, ${width}>;  // the last level's interchanges
${scalar}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let w = wid.x + wid.y * nwg.x;
    let groups = p_groups();
    if (w >= p_batch() * groups) { return; }
    let g = w / groups;
    let q = w % groups;
    let dim = p_n();
    let k = p_k();
    let kb = p_kb();
    let base = p_offset() + g * dim * dim;
    let ld = ${width}u;
    // The stack: its height n (uniform: from the parameters alone) and its rows.
    var n = 0u;
    if (p_level() == 0u) {
        let m_rows = dim - k;
        let lo = q * m_rows / groups;
        n = (q + 1u) * m_rows / groups - lo;
        for (var i = lid; i < n; i += ${wg}u) { rows[i] = k + lo + i; }
    } else {
        let sets = min(p_arity(), p_groups_in() - q * p_arity());
        n = sets * kb;
        let first = (g * p_groups_in() + q * p_arity()) * kb;
        for (var i = lid; i < n; i += ${wg}u) { rows[i] = cand_in[first + i]; }
    }
    workgroupBarrier();
    for (var t = lid; t < n * kb; t += ${wg}u) {
        let i = t / kb;
        let c = t % kb;
        m[i * ld + c] = lu[base + rows[i] * dim + k + c];
    }
    workgroupBarrier();
    let mbase = 0u;
    let c0 = 0u;
    let c1 = kb;
    let s0 = 0u;
    let s1 = kb;
    let u1 = kb;
${steps}
    if (p_last() == 0u) {
        let first = (g * groups + q) * kb;
        for (var i = lid; i < kb; i += ${wg}u) { cand_out[first + i] = rows[i]; }
        return;
    }
    // Winner i sits at matrix row rows[i]; the interchanges so far moved it: follow them.
    let pbase = g * dim;
    if (lid == 0u) {
        for (var i = 0u; i < kb; i++) {
            var at = rows[i];
            for (var j = 0u; j < i; j++) {
                if (at == k + j) { at = swap_to[j]; } else if (at == swap_to[j]) { at = k + j; }
            }
            swap_to[i] = at;
            piv[pbase + k + i] = i32(at);
        }
        if (first_zero != 0i && info[g] == 0i) { info[g] = i32(k) + first_zero; }
    }
    workgroupBarrier();
    for (var c = lid; c < kb; c += ${wg}u) {
        for (var i = 0u; i < kb; i++) {
            let to = swap_to[i];
            if (to != k + i) {
                let here = base + (k + i) * dim + k + c;
                let there = base + to * dim + k + c;
                let t = lu[here];
                lu[here] = lu[there];
                lu[there] = t;
            }
        }
    }
    storageBarrier();
    workgroupBarrier();
    for (var t = lid; t < kb * kb; t += ${wg}u) {
        let i = t / kb;
        let c = t % kb;
        lu[base + (k + i) * dim + k + c] = m[i * ld + c];
    }
}
