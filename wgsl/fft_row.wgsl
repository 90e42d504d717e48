// Where transform b sits on the ${NAME} side: its row is b / SPLIT, in C order over the side's
// ${NDIM} batch dims (the parameters' shape and stride of side ${SIDE}); position k of the
// transform is the row's element j = k * SPLIT + digit, r = b % SPLIT,
// digit = (r % INNER) * (SPLIT / INNER) + r / INNER (fft_plan.Side). The plan's constants make
// the common cases free of divisions: no split, and at most one batch dim after coalescing.
fn ${NAME}_row(b: u32) -> Row {
    const SPLIT: u32 = ${SPLIT}u;
    const INNER: u32 = ${INNER}u;
    var row = b / SPLIT;
    let r = b % SPLIT;
    var base = i32(p_offset(${SIDE}u));
    for (var d = ${NDIM}u; d > 1u; d--) {
        let size = p_shape(${SIDE}u * MAXD + d - 1u);
        base += i32(row % size) * p_stride(${SIDE}u * MAXD + d - 1u);
        row /= size;
    }
    if (${NDIM}u > 0u) { base += i32(row) * p_stride(${SIDE}u * MAXD); }  // row < shape[0]
    return Row(base, (r % INNER) * (SPLIT / INNER) + r / INNER);
}
