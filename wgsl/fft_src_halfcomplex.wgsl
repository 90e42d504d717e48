// Source: the first h + 1 terms X of a Hermitian spectrum of even length n = 2h, h = p_mode_n(0),
// folded into the spectrum Z of length h whose inverse transform z has z[j] = x[2j] + i x[2j+1]:
// Z[j] = (X[j] + conj X[h-j]) + i w^-j (X[j] - conj X[h-j]), w = exp(-2 pi i / n).
// The imaginary parts of X[0] and X[h] are ignored, as pocketfft does.
fn halfcomplex_term(base: i32, j: u32, h: u32) -> C {
    let x = C(src[at(0u, base, j)]);
    return select(x, C(x.x, F(0)), j == 0u || j == h);
}
fn src_read(base: i32, j: u32) -> C {
    let h = p_mode_n(0u);
    let a = halfcomplex_term(base, j, h);
    let b = conj(halfcomplex_term(base, h - j, h));
    let d = cmul(a - b, conj(src_root(j)));  // the source's roots are those of 2h
    return (a + b) + C(-d.y, d.x);
}
