// Writes index v at k of the output: int64 (two words, the high one 0) or int32.
const INDEX_WORDS: u32 = ${index_words}u;
fn store_index(k: u32, v: u32) {
    out[INDEX_WORDS * k] = v;
    if (INDEX_WORDS == 2u) { out[2u * k + 1u] = 0u; }
}
