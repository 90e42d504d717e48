// Sort keys of 32-bit elements. p_key_kind() 0: integers, (r ^ flip) & mask; 1: float32.
fn key_word(r: Raw, w: u32) -> u32 {
    if (p_key_kind() == 1u) { return canon32(r); }
    return (r ^ p_key_flip()) & p_key_mask();
}
fn is_nan(r: Raw) -> bool { return p_key_kind() == 1u && isnan32(r); }
