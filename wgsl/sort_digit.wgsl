// The digit a generic radix pass sorts by: byte p_shift() / 8 of key word p_key_word(), or
// of the row index (idx / row length) when p_key_word() is past the p_key_words() key words.
// Descending sorts complement the key.
fn digit(r: Raw, idx: u32) -> u32 {
    let w = p_key_word();
    var k: u32;
    if (w >= p_key_words()) {
        k = idx / p_row_len();
    } else {
        k = key_word(r, w);
        if (p_descending() != 0u) { k = ~k & word_mask(w); }
    }
    return (k >> p_shift()) & 0xffu;
}

fn word_mask(w: u32) -> u32 { return select(0xffffffffu, p_key_mask(), w + 1u == p_key_words()); }
