// LU with partial pivoting (LAPACK's getf2, right-looking, one column at a time) of the
// columns [c0, c1) of one matrix per workgroup, rows c0..n-1. The matrix lies in `${mem}`:
// workgroup memory (the whole matrix, c0 = 0, c1 = n: the small-matrix kernel) or the
// lu buffer itself (one panel of the blocked factorisation). Row swaps reach the columns
// [s0, s1); pivots are absolute row indices; info[g] is 1 + the first column whose pivot is
// exactly zero (0 if none): LAPACK keeps going past it without scaling, and so do we.
// Parameters: lu.py's FACTOR_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> lu: array<${T}>;
@group(0) @binding(2) var<storage, read_write> piv: array<i32>;
@group(0) @binding(3) var<storage, read_write> info: array<i32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

${workgroup_matrix}
var<workgroup> red_key: array<${F}, ${wg}>;
var<workgroup> red_row: array<u32, ${wg}>;

// The pivot's key: LAPACK's |re| + |im| (cabs1); NaN ranks above everything, so a NaN
// column yields a NaN pivot (NaN results, no singular flag) as LAPACK does.
fn pivot_key(v: ${T}) -> ${F} {
    let m = ${magnitude};
    return select(m, ${infinity}, ${isnan}(m));
}
fn is_zero(v: ${T}) -> bool { return ${is_zero}; }
fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    if (g >= p_batch()) { return; }
    let n = ${n};
    let base = p_offset() + g * n * n;  // where this matrix starts in lu (contiguous rows)
    let mbase = ${mbase};                // where it starts in ${mem}
    let pbase = g * n;
    let c0 = p_c0();
    let c1 = p_c1();
    let s0 = p_s0();
    let s1 = p_s1();
${load}
    var first_zero = 0i;
    for (var j = c0; j < c1; j++) {
        // The pivot: the row of the largest key in column j, the first one on ties.
        var best = ${F}(-1);
        var best_row = j;
        for (var r = j + lid; r < n; r += ${wg}u) {
            let key = pivot_key(${mem}[mbase + r * n + j]);
            if (key > best) { best = key; best_row = r; }
        }
        red_key[lid] = best;
        red_row[lid] = best_row;
        workgroupBarrier();
        for (var half = ${wg}u / 2u; half > 0u; half >>= 1u) {
            if (lid < half) {
                let key = red_key[lid + half];
                let row = red_row[lid + half];
                if (key > red_key[lid] || (key == red_key[lid] && row < red_row[lid])) {
                    red_key[lid] = key;
                    red_row[lid] = row;
                }
            }
            workgroupBarrier();
        }
        let p = red_row[0];
        if (p != j) {
            for (var c = s0 + lid; c < s1; c += ${wg}u) {
                let t = ${mem}[mbase + j * n + c];
                ${mem}[mbase + j * n + c] = ${mem}[mbase + p * n + c];
                ${mem}[mbase + p * n + c] = t;
            }
        }
        if (lid == 0u) { piv[pbase + j] = i32(p); }
        ${barrier}
        let d = ${mem}[mbase + j * n + j];
        if (is_zero(d)) {
            if (first_zero == 0i) { first_zero = i32(j + 1u); }
        } else {
            for (var r = j + 1u + lid; r < n; r += ${wg}u) {
                ${mem}[mbase + r * n + j] = divide(${mem}[mbase + r * n + j], d);
            }
        }
        ${barrier}
        // Rank-1 update of the rest of the columns [j+1, c1), rows j+1..n-1.
        let width = c1 - j - 1u;
        let count = (n - j - 1u) * width;
        for (var t = lid; t < count; t += ${wg}u) {
            let r = j + 1u + t / width;
            let c = j + 1u + t % width;
            ${mem}[mbase + r * n + c] = ${mem}[mbase + r * n + c] - multiply(${mem}[mbase + r * n + j], ${mem}[mbase + j * n + c]);
        }
        ${barrier}
    }
${store}
    if (lid == 0u) { ${set_info} }
}
