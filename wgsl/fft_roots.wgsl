// exp(-2 pi i m / M), 0 <= m < M, from a two-level table of M's roots (wgsl/fft_twiddle.wgsl,
// fft_plan.root_table): w^m = w^(m mod 2^bits) * w^((m >> bits) 2^bits), the product of two
// correctly rounded float64 values (about an ulp), never an accumulated one.
fn ${NAME}(m: u32) -> C {
    let bits = ${BITS};
    let fine = ${TABLE}[m & ((1u << bits) - 1u)];
    let coarse = ${TABLE}[(1u << bits) + (m >> bits)];
    return cmul(C(fine), C(coarse));
}
