// chol_factor_columns.wgsl's solver by forward substitution (chol_blocks.column_fields): L
// (column t from invocation t, zeros above the diagonal) and the reciprocals of its diagonal go
// to workgroup memory; invocation t then owns row t of the workgroup's RT = NB rows of B and
// solves y L^H = b in registers (b<i>), a column of L at a time: y[j] = b[j] / L[j, j], then
// b[i] -= y[j] conj(L[i, j]) for i > j. No row of X = L^-1 rides along the factorisation's
// steps, and the substitution is backward stable.
${store_l}
    l_recip[t] = inv_r;
    workgroupBarrier();
    let row = (g - 1u) * RT + t;
    let inside = row < p_rows();
    let bbase = base + (n + row) * rs;
${load_row}
${substitute}
${store_row}
