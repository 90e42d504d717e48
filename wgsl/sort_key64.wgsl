// Sort keys of 64-bit elements (vec2<u32>, low word first). p_key_kind() 0: 64-bit integers;
// 1: float64; 2: complex64 (imaginary, real, NaN class).
fn key_word(r: Raw, w: u32) -> u32 {
    let kind = p_key_kind();
    if (kind == 1u) {
        let c = canon64(r.x, r.y);
        return select(c.x, c.y, w == 1u);
    }
    if (kind == 2u) {
        if (w == 0u) { return canon32(r.y); }
        if (w == 1u) { return canon32(r.x); }
        return cclass(isnan32(r.x), isnan32(r.y));
    }
    return select(r.x, r.y ^ p_key_flip(), w == 1u);
}
fn is_nan(r: Raw) -> bool {
    let kind = p_key_kind();
    return (kind == 1u && isnan64(r.x, r.y)) || (kind == 2u && (isnan32(r.x) || isnan32(r.y)));
}
