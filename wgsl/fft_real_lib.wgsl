// The real forward transform's term X[k] from the complex transform Z of its pairs of values:
// a = Z[k], b = conj Z[h-k] (indices mod h), w = exp(-2 pi i k / 2h):
// X[k] = ((a + b) - i w (a - b)) / 2.
fn rfft_term(a: C, b: C, w: C) -> C {
    let d = cmul(a - b, w);
    return ((a + b) + C(d.y, -d.x)) * F(0.5);
}
