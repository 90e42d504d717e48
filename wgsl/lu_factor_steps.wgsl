// The steps of LU with partial pivoting (LAPACK's getf2) over the columns [c0, c1) of one
// matrix, shared by wgsl/lu_factor.wgsl and wgsl/lu_solve_small.wgsl. The kernel defines n (rows),
// ld (row stride), u1 (the rank-1 updates reach columns up to u1: columns past the matrix's
// own are right-hand sides, so the updates do the forward substitution too), s0, s1 (row swaps
// reach the columns [s0, s1)), mbase (the matrix in ${mem}), lid, and the workgroup arrays
// red_key and red_row. Leaves first_zero: 1 + the first column with an exactly zero pivot, or 0.
    var first_zero = 0i;
    for (var j = c0; j < c1; j++) {
        // The pivot: the row of the largest key in column j, the first one on ties.
        var best = ${F}(-1);
        var best_row = j;
        for (var r = j + lid; r < n; r += ${wg}u) {
            let key = pivot_key(${mem}[mbase + r * ld + j]);
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
                let t = ${mem}[mbase + j * ld + c];
                ${mem}[mbase + j * ld + c] = ${mem}[mbase + p * ld + c];
                ${mem}[mbase + p * ld + c] = t;
            }
        }
        ${record_pivot}
        ${barrier}
        let d = ${mem}[mbase + j * ld + j];
        if (is_zero(d)) {
            if (first_zero == 0i) { first_zero = i32(j + 1u); }
        } else {
            for (var r = j + 1u + lid; r < n; r += ${wg}u) {
                ${mem}[mbase + r * ld + j] = divide(${mem}[mbase + r * ld + j], d);
            }
        }
        ${barrier}
        // Rank-1 update of the rest of the columns [j+1, u1), rows j+1..n-1: ${lanes} invocations
        // per row (a power of two: no integer division), ${wg} / ${lanes} rows at a time.
        for (var r = j + 1u + lid / ${lanes}u; r < n; r += ${wg}u / ${lanes}u) {
            let l = ${mem}[mbase + r * ld + j];
            for (var c = j + 1u + lid % ${lanes}u; c < u1; c += ${lanes}u) {
                ${mem}[mbase + r * ld + c] = ${mem}[mbase + r * ld + c] - multiply(l, ${mem}[mbase + j * ld + c]);
            }
        }
        ${barrier}
    }
