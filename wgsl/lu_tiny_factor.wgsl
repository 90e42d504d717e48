// The start of both tiny-matrix kernels (wgsl/lu_tiny_solve.wgsl, lu_tiny_slogdet.wgsl), inside
// main(): matrix g's offsets in a and b from its batch coordinates, then LU with partial pivoting
// (LAPACK's getf2, the same operations in the same order as wgsl/lu_factor_steps.wgsl) of the
// N x N matrix held in this invocation's private array m. Every index into m is a constant once
// the loops (constant bounds) are unrolled, so m can live in registers: the row swap visits each
// candidate row instead of indexing by the pivot. Leaves m (L below the diagonal, U on and
// above), perm (row i of P A is row perm[i] of A), flips (bit j: step j swapped two rows) and
// first_zero (1 + the first column with an exactly zero pivot, or 0; the steps go on past it
// without scaling, as LAPACK's).
    var a_base = p_a_offset();
    var b_base = p_b_offset();
    var rest = g;
    for (var d = 0u; d < p_batch_dims(); d++) {  // innermost batch dimension first
        let coord = rest % p_batch_shape(d);
        rest = rest / p_batch_shape(d);
        a_base += coord * p_a_batch_strides(d);
        b_base += coord * p_b_batch_strides(d);
    }
    var m: array<${T}, N * N>;
    for (var r = 0u; r < N; r++) {
        for (var c = 0u; c < N; c++) {
            m[r * N + c] = a[a_base + r * p_a_row_stride() + c * p_a_col_stride()];
        }
    }
    var perm: array<u32, N>;
    for (var i = 0u; i < N; i++) { perm[i] = i; }
    var flips = 0u;
    var first_zero = 0i;
    for (var j = 0u; j < N; j++) {
        // The pivot: the row of the largest key in column j, the first one on ties.
        var best = ${F}(-1);
        var p = j;
        for (var r = j; r < N; r++) {
            let key = pivot_key(m[r * N + j]);
            if (key > best) { best = key; p = r; }
        }
        for (var r = j + 1u; r < N; r++) {
            if (r == p) {
                for (var c = 0u; c < N; c++) {
                    let t = m[j * N + c];
                    m[j * N + c] = m[r * N + c];
                    m[r * N + c] = t;
                }
                let t = perm[j];
                perm[j] = perm[r];
                perm[r] = t;
                flips |= 1u << j;
            }
        }
        let d = m[j * N + j];
        if (is_zero(d)) {
            if (first_zero == 0i) { first_zero = i32(j + 1u); }
        } else {
            for (var r = j + 1u; r < N; r++) { m[r * N + j] = divide(m[r * N + j], d); }
        }
        // Rank-1 update of the trailing matrix.
        for (var r = j + 1u; r < N; r++) {
            for (var c = j + 1u; c < N; c++) {
                m[r * N + c] = m[r * N + c] - multiply(m[r * N + j], m[j * N + c]);
            }
        }
    }
