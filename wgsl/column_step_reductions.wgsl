// What the one-workgroup column steps (tridiag_column.wgsl, bidiag_step.wgsl) share: WG
// invocations, their scratch for lane x slice dot products (red, red2) and the workgroup
// reductions, each the same fixed order for every invocation so that all get the same value:
// a tree in workgroup memory, or (where the adapter has subgroups and T is 32-bit) subgroup
// sums, one barrier, and subgroup sums of the subgroups' partials; and the panel's dot products
// (the step's template defines pan, its panel, and at(r, c), where its entry [r, c] lies).
const WG: u32 = ${WG}u;
const SL: u32 = WG / NB;  // invocations (row slices) of each column of the panel's dot products
var<workgroup> red: array<${T}, WG>;
var<workgroup> red2: array<${T}, WG>;
var<workgroup> red_r: array<R, WG>;
var<private> local_id: u32;
var<workgroup> dot_a: array<${T}, NB>;
var<workgroup> dot_b: array<${T}, NB>;

fn masked(x: ${T}, keep: bool) -> ${T} { return select(${T}(), x, keep); }

// The sum of x over each aligned group of `lanes` consecutive invocations (a power of two), for
// every invocation of the group, by a tree in red (lanes_sum's where subgroups do not serve).
fn lanes_tree_sum(x: ${T}, lanes: u32) -> ${T} {
    let lane = local_id % lanes;
    red[local_id] = x;
    workgroupBarrier();
    for (var s = lanes / 2u; s > 0u; s >>= 1u) {
        if (lane < s) { red[local_id] = red[local_id] + red[local_id + s]; }
        workgroupBarrier();
    }
    let total = red[local_id - lane];
    workgroupBarrier();
    return total;
}
${reduce}

// dot_a[k] = sum_r conj(pan[r, k]) pan[r, col] (k < count_a), dot_b[k] the same with column
// NB + k (k < count_b), over pan rows r0 .. r1.
fn panel_dots(r0: u32, r1: u32, col: u32, count_a: u32, count_b: u32) {
    let lid = local_id;
    let q = lid / SL;  // SL invocations a column, at consecutive rows
    var acc_a = ${T}();
    var acc_b = ${T}();
    if (q < max(count_a, count_b)) {  // four rows at a time, row by row
        let keep_a = q < count_a;
        let keep_b = q < count_b;
        for (var r = r0 + lid % SL; r < r1; r += 4u * SL) {
            let ra = min(r + SL, r1 - 1u);
            let rb = min(r + 2u * SL, r1 - 1u);
            let rc = min(r + 3u * SL, r1 - 1u);
            let x0 = pan[at(r, col)];
            let x1 = pan[at(ra, col)];
            let x2 = pan[at(rb, col)];
            let x3 = pan[at(rc, col)];
            let pa0 = pan[at(r, q)];
            let pa1 = pan[at(ra, q)];
            let pa2 = pan[at(rb, q)];
            let pa3 = pan[at(rc, q)];
            let pb0 = pan[at(r, NB + q)];
            let pb1 = pan[at(ra, NB + q)];
            let pb2 = pan[at(rb, NB + q)];
            let pb3 = pan[at(rc, NB + q)];
            acc_a = acc_a + masked(sc_mul(sc_conj(pa0), x0), keep_a) + masked(sc_mul(sc_conj(pa1), x1), keep_a && r + SL < r1)
                + masked(sc_mul(sc_conj(pa2), x2), keep_a && r + 2u * SL < r1)
                + masked(sc_mul(sc_conj(pa3), x3), keep_a && r + 3u * SL < r1);
            acc_b = acc_b + masked(sc_mul(sc_conj(pb0), x0), keep_b) + masked(sc_mul(sc_conj(pb1), x1), keep_b && r + SL < r1)
                + masked(sc_mul(sc_conj(pb2), x2), keep_b && r + 2u * SL < r1)
                + masked(sc_mul(sc_conj(pb3), x3), keep_b && r + 3u * SL < r1);
        }
    }
    let s_a = lanes_sum(acc_a, SL);
    let s_b = lanes_sum(acc_b, SL);
    if (lid % SL == 0u) {
        dot_a[q] = s_a;
        dot_b[q] = s_b;
    }
    workgroupBarrier();
}
