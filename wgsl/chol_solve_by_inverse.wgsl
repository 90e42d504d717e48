// chol_factor_columns.wgsl's solver by L^-1 (chol_blocks.column_fields, SUBSTITUTION off or
// where L does not fit workgroup memory): invocation t holds row t of X = L^-1 (x<c>), kept
// through the factorisation's steps; the workgroup's RT rows of B wait in workgroup memory.
    // A solver: rows r0 .. r0 + RT of B (the rows below the block), in workgroup memory.
    let rows = p_rows();
    let r0 = (g - 1u) * RT;
    let bbase = base + n * rs;
${load_b}
    workgroupBarrier();
    // W[c, t] = conj(X[t, c]), X's row t divided by L[t, t] at last.
${w_column}
    for (var q = 0u; q < RT; q++) {
        let row = r0 + q;
        if (row >= rows) { break; }
        var acc = ${T}();
${solve}
        if (mine) { a[bbase + row * rs + t * cs] = acc; }
    }
