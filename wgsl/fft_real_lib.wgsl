// The real forward transform's term X[k] from the complex transform Z of its pairs of values:
// a = Z[k], b = conj Z[h-k] (indices mod h), w = exp(-2 pi i k / 2h):
// X[k] = ((a + b) - i w (a - b)) / 2.
fn rfft_term(a: C, b: C, w: C) -> C {
    let d = cmul(a - b, w);
    return ((a + b) + C(d.y, -d.x)) * F(0.5);
}

// rfft_term for term k of 0 .. h: X[0] and X[h] are real, their imaginary part +0 as NumPy's
// (the arithmetic may leave -0, as an H100's fused multiply-adds did, or NaN from a NaN input).
fn rfft_term_at(a: C, b: C, w: C, k: u32, h: u32) -> C {
    let x = rfft_term(a, b, w);
    return select(x, C(x.x, F(0)), k == 0u || k == h);
}
