// Tournament pivoting (CALU) for the panel of columns [k, k + kb) of one matrix, rows k..n-1:
// one level of the reduction tree. Workgroup (matrix g, group q) copies its stack of rows into
// workgroup memory: at the leaves (level 0) the rows [lo, hi) of chunk q (balanced chunks of at
// most ${rows} rows, each >= kb), above them the kb candidate rows of each of the `arity`
// groups q*arity.. of the level below (cand_in). It runs partial pivoting (getf2) over the
// stack and passes its kb pivot rows, the winners, on as candidates (cand_out) by their row
// indices, in pivot order. The panel itself is only read.
// The stack's rows never move (unpadded, their columns XOR-swizzled by row: cell(); their
// matrix rows recomputed, not stored: matrix_row()), so that the tallest stack fits: 365 rows
// of float32 in 48 KiB beside 512 invocations' pivot scratch, where 4015 rows take two levels. Each invocation owns the
// rows lid, lid + ${wg}, ... (at most SLOTS) and keeps their positions (where getf2's
// interchanges would have put them, for its tie-breaks: the first of equal pivot keys) in
// registers; a chosen pivot row leaves the active set. A step
// is then one reduction for the pivot (pick_pivot: subgroup operations where the adapter has
// them, one barrier a step) and each owner's rank-1 update of its own rows with unscaled
// multipliers (the pivot row is read by all, written by none after it is chosen). The
// multipliers of the winners are scaled only where L11 is written out.
// At the last level (one group, `last` = 1) the winners are the pivot rows, in pivot order, and
// their rows hold L11 and U11 (partial pivoting restricted to the winners): the kernel turns
// the chosen rows into LAPACK's row interchanges (pivots) and their net effect (moves), applies
// that to the panel's columns, writes L11\U11 over the panel's top block and sets info.
// The rest of the matrix's columns and the panel's rows below are wgsl/lu_panel_finish.wgsl's.
// Parameters: lu_panel.py's SELECT_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> lu: array<${T}>;
@group(0) @binding(2) var<storage, read_write> piv: array<i32>;
@group(0) @binding(3) var<storage, read_write> info: array<i32>;
@group(0) @binding(4) var<storage, read_write> cand_out: array<u32>;
@group(0) @binding(5) var<storage, read_write> moves: array<u32>;  // the last level's: top row t's destination (width a matrix)
@group(0) @binding(6) var<storage, read> cand_in: array<u32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

const W: u32 = ${width}u;
const SLOTS: u32 = ${slots}u;  // stack rows per invocation, at most
const MOVED_SLOTS: u32 = (W * W + ${wg}u - 1u) / ${wg}u;  // elements of the top block per invocation
const INACTIVE: u32 = 0xffffffffu;  // the position of a row chosen as a pivot
const NO_KEY: ${F} = ${F}(-2);  // below every row's key (a NaN's is -1)

var<workgroup> m: array<${T}, ${cells}>;  // the stack, ${rows} rows (cell())
var<workgroup> order: array<u32, ${width}>;  // the stack rows chosen, in pivot order
var<workgroup> swap_to: array<u32, ${width}>;  // the last level's interchanges
var<workgroup> wins: array<u32, ${width}>;  // the last level's winners' matrix rows

// The pivot key: LAPACK's |re| + |im| (cabs1). A NaN is never chosen over a number, as
// LAPACK's i?amax (whose > is false for NaN); an all-NaN column keeps its diagonal pivot.
fn pivot_key(v: ${T}) -> ${F} {
    let mag = ${magnitude};
    return select(mag, ${F}(-1), isnan_${ftag}(mag));
}
fn is_zero(v: ${T}) -> bool { return ${is_zero}; }
fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }

// Whether candidate (key, pos) beats (best_key, best_pos): the larger key, the first position on ties.
fn beats(key: ${F}, pos: u32, best_key: ${F}, best_pos: u32) -> bool {
    return key > best_key || (key == best_key && pos < best_pos);
}

struct Pivot { key: ${F}, pos: u32, row: u32 }

// Stack element (r, c): rows of W cells, column c of row r in cell c ^ (r's swizzle), so that
// the owners of consecutive rows reading one column hit distinct banks without padding.
fn cell(r: u32, c: u32) -> u32 { return r * W + (c ^ ((r >> ${row_shift}u) & (W - 1u))); }

// The matrix row of stack row i: chunk q's rows at the leaves, else the candidate set's.
fn matrix_row(i: u32, lo: u32, first: u32) -> u32 {
    if (p_level() == 0u) { return p_k() + lo + i; }
    return cand_in[first + i];
}

${pick_pivot}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32${subgroup_ids}) {
    let w = wid.x + wid.y * nwg.x;
    let groups = p_groups();
    if (w >= p_batch() * groups) { return; }
    let g = w / groups;
    let q = w % groups;
    let dim = p_n();
    let k = p_k();
    let kb = p_kb();
    let base = p_offset() + g * dim * dim;
    // The stack: its height n (uniform: from the parameters alone) and its rows.
    var n = 0u;
    var lo = 0u;
    var first = 0u;
    if (p_level() == 0u) {
        let m_rows = dim - k;
        lo = q * m_rows / groups;
        n = (q + 1u) * m_rows / groups - lo;
    } else {
        let sets = min(p_arity(), p_groups_in() - q * p_arity());
        n = sets * kb;
        first = (g * p_groups_in() + q * p_arity()) * kb;
    }
    // The positions of this invocation's rows lid + i * ${wg} (registers: SLOTS is a constant).
    var position: array<u32, SLOTS>;
    for (var i = 0u; i < SLOTS; i++) { position[i] = select(INACTIVE, lid + i * ${wg}u, lid + i * ${wg}u < n); }
    // Two elements per round, both loads ahead of the stores (in flight together).
    var t = lid;
    for (; t + ${wg}u < n * kb; t += 2u * ${wg}u) {
        let t1 = t + ${wg}u;
        let v0 = lu[base + matrix_row(t / kb, lo, first) * dim + k + t % kb];
        let v1 = lu[base + matrix_row(t1 / kb, lo, first) * dim + k + t1 % kb];
        m[cell(t / kb, t % kb)] = v0;
        m[cell(t1 / kb, t1 % kb)] = v1;
    }
    if (t < n * kb) { m[cell(t / kb, t % kb)] = lu[base + matrix_row(t / kb, lo, first) * dim + k + t % kb]; }
    workgroupBarrier();
    var first_zero = 0i;
    for (var j = 0u; j < kb; j++) {
        // This invocation's best row for column j (its rows' column j it updated itself).
        var best = Pivot(NO_KEY, INACTIVE, INACTIVE);
        for (var i = 0u; i < SLOTS; i++) {
            let pos = position[i];
            if (pos != INACTIVE) {
                let r = lid + i * ${wg}u;
                let key = pivot_key(m[cell(r, j)]);
                if (beats(key, pos, best.key, best.pos)) { best = Pivot(key, pos, r); }
            }
        }
        let pivot = pick_pivot(best, j${subgroup_args});  // a workgroup barrier: the pivot row is visible
        let p = pivot.row;
        if (lid == 0u) { order[j] = p; }
        let d = m[cell(p, j)];
        let zero = is_zero(d);
        if (zero && first_zero == 0i) { first_zero = i32(j + 1u); }
        // Rank-1 update of the owned active rows; the row at position j takes the pivot's
        // position, as getf2's interchange would move it. A zero pivot is not divided by.
        for (var i = 0u; i < SLOTS; i++) {
            let pos = position[i];
            if (pos == INACTIVE) { continue; }
            let r = lid + i * ${wg}u;
            if (r == p) {
                position[i] = INACTIVE;
                continue;
            }
            if (pos == j) { position[i] = pivot.pos; }
            var l = m[cell(r, j)];
            if (!zero) { l = divide(l, d); }
            // Four columns at a time, their eight loads ahead of the stores: a store may alias
            // a later load for all the compiler knows, so a one-column loop waits a round trip
            // to workgroup memory per column.
            var c = j + 1u;
            for (; c + 4u <= kb; c += 4u) {
                let u0 = m[cell(p, c)];
                let u1 = m[cell(p, c + 1u)];
                let u2 = m[cell(p, c + 2u)];
                let u3 = m[cell(p, c + 3u)];
                let a0 = m[cell(r, c)];
                let a1 = m[cell(r, c + 1u)];
                let a2 = m[cell(r, c + 2u)];
                let a3 = m[cell(r, c + 3u)];
                m[cell(r, c)] = a0 - multiply(l, u0);
                m[cell(r, c + 1u)] = a1 - multiply(l, u1);
                m[cell(r, c + 2u)] = a2 - multiply(l, u2);
                m[cell(r, c + 3u)] = a3 - multiply(l, u3);
            }
            for (; c < kb; c++) {
                m[cell(r, c)] = m[cell(r, c)] - multiply(l, m[cell(p, c)]);
            }
        }
    }
    workgroupBarrier();
    if (p_last() == 0u) {
        let out = (g * groups + q) * kb;
        for (var i = lid; i < kb; i += ${wg}u) { cand_out[out + i] = matrix_row(order[i], lo, first); }
        return;
    }
    // Winner i's matrix row; the interchanges before step i may have moved it (only a winner
    // that started in the top block, at a top row t < i: step t sent it to swap_to[t]).
    for (var i = lid; i < kb; i += ${wg}u) { wins[i] = matrix_row(order[i], lo, first); }
    workgroupBarrier();
    let pbase = g * dim;
    if (lid == 0u) {
        for (var i = 0u; i < kb; i++) {
            var at = wins[i];
            while (at >= k && at < k + i) { at = swap_to[at - k]; }
            swap_to[i] = at;
            piv[pbase + k + i] = i32(at);
        }
        if (first_zero != 0i && info[g] == 0i) { info[g] = i32(k) + first_zero; }
    }
    workgroupBarrier();
    // The interchanges' net effect on the panel's columns, as moves (dest <- src, every source
    // read before any write): top row k + i receives winner i's row (L11\U11 below); a top
    // row that is no winner ends below the top block, where the steps that met it sent it
    // (step t sends what is at top row t to swap_to[t]). (wgsl/lu_panel_finish.wgsl swaps the
    // other columns' rows by the pivots: there moves took longer on an H100, 5.1 ms a 4096
    // solve against 3.1.)
    let mbase = g * W;
    for (var t = lid; t < kb; t += ${wg}u) {
        var won = false;
        for (var i = 0u; i < kb; i++) { won = won || wins[i] == k + t; }
        var to = k + t;
        for (var s = 0u; s < kb && to < k + kb; s++) { to = swap_to[to - k]; }
        moves[mbase + t] = select(to, INACTIVE, won);
    }
    // The panel's own columns: the rows below the top block that receive a top row (read
    // before L11\U11 overwrites the top block); the top block itself is L11\U11.
    var moved: array<${T}, MOVED_SLOTS>;
    for (var e = 0u; e < MOVED_SLOTS; e++) {
        let t = (lid + e * ${wg}u) / kb;
        if (t < kb) { moved[e] = lu[base + (k + t) * dim + k + (lid + e * ${wg}u) % kb]; }
    }
    storageBarrier();
    workgroupBarrier();
    for (var e = 0u; e < MOVED_SLOTS; e++) {
        let t = (lid + e * ${wg}u) / kb;
        if (t < kb) {
            let to = moves[mbase + t];
            if (to != INACTIVE) { lu[base + to * dim + k + (lid + e * ${wg}u) % kb] = moved[e]; }
        }
    }
    // L11\U11: the winners' rows in pivot order, L's multipliers divided by their pivots now.
    for (var t = lid; t < kb * kb; t += ${wg}u) {
        let i = t / kb;
        let c = t % kb;
        var v = m[cell(order[i], c)];
        let d = m[cell(order[c], c)];
        if (c < i && !is_zero(d)) { v = divide(v, d); }
        lu[base + (k + i) * dim + k + c] = v;
    }
}
