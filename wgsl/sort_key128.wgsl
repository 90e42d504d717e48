// Sort keys of complex128 elements (vec4<u32>): imaginary (2 words), real (2 words), NaN class.
fn key_word(r: Raw, w: u32) -> u32 {
    if (w < 2u) {
        let c = canon64(r.z, r.w);
        return select(c.x, c.y, w == 1u);
    }
    if (w < 4u) {
        let c = canon64(r.x, r.y);
        return select(c.x, c.y, w == 3u);
    }
    return cclass(isnan64(r.x, r.y), isnan64(r.z, r.w));
}
fn is_nan(r: Raw) -> bool { return isnan64(r.x, r.y) || isnan64(r.z, r.w); }
