// Where transform (row, j) sits on the ${NAME} side: the row is in C order over the side's
// ${NDIM} batch dims (the parameters' shape and stride of side ${SIDE}); position k of the
// transform is the row's element k * SPLIT + j % SPLIT + (j / SPLIT) * SPLIT * N (a global
// Stockham pass: the source's SPLIT is the pass's transforms per row, j < SPLIT; the
// destination's, the product ns of the radices before it). Plain transforms have j = 0 and
// SPLIT = 1 (PER_ROW = 1). The plan's constants make the common cases free of divisions.
fn ${NAME}_row(row_index: u32, j: u32) -> Row {
    const SPLIT: u32 = ${SPLIT}u;
    var row = row_index;
    var base = i32(p_offset(${SIDE}u));
    for (var d = ${NDIM}u; d > 1u; d--) {
        let size = p_shape(${SIDE}u * MAXD + d - 1u);
        base += i32(row % size) * p_stride(${SIDE}u * MAXD + d - 1u);
        row /= size;
    }
    if (${NDIM}u > 0u) { base += i32(row) * p_stride(${SIDE}u * MAXD); }  // row < shape[0]
    if (PER_ROW > 1u) { base += i32((j / SPLIT) * SPLIT * N) * p_axis(${SIDE}u); }
    return Row(base, j % SPLIT);
}
