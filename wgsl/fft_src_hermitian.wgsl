// Source: the first n/2 + 1 terms X of a Hermitian spectrum of length n = p_mode_n(0),
// extended by X[n - j] = conj(X[j]); the imaginary part of X[0] is ignored, as pocketfft does.
fn src_read(base: i32, j: u32) -> C {
    let n = p_mode_n(0u);
    if (j == 0u) { return C(F(src[at(0u, base, 0u)].x), F(0)); }
    if (2u * j <= n) { return C(src[at(0u, base, j)]); }
    return conj(C(src[at(0u, base, n - j)]));
}
