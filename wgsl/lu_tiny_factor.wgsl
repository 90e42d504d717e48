// The start of both tiny-matrix kernels (wgsl/lu_tiny_solve.wgsl, lu_tiny_slogdet.wgsl), inside
// main(): matrix g's offsets in a and b from its batch coordinates, then LU with partial pivoting
// (LAPACK's getf2: the operations of wgsl/lu_factor_steps.wgsl in the same order) of the N x N
// matrix, held in this invocation's variables m<row>_<col>. The steps are written out by
// lu_tiny.py (naga bounds every loop, which keeps drivers from unrolling them, and only constant
// indices keep a matrix in registers): the row swap visits each candidate row instead of
// indexing by the pivot. Leaves m (L below the diagonal, U on and above), perm<i> (row i of P A
// is row perm<i> of A), flips (bit j: step j swapped two rows) and first_zero (1 + the first
// column with an exactly zero pivot, or 0; the steps go on past it without scaling, as LAPACK's).
    var a_base = p_a_offset();
    var b_base = p_b_offset();
    var rest = g;
    for (var d = 0u; d < p_batch_dims(); d++) {  // innermost batch dimension first
        let coord = rest % p_batch_shape(d);
        rest = rest / p_batch_shape(d);
        a_base += coord * p_a_batch_strides(d);
        b_base += coord * p_b_batch_strides(d);
    }
    let a_rows = p_a_row_stride();
    let a_cols = p_a_col_stride();
    var flips = 0u;
    var first_zero = 0i;
${steps}
