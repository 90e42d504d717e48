// 64-bit scalars arrive as two parameter words, low word first.
fn pu64(k: u32) -> u64 { return u64(pw(k)) | (u64(pw(k + 1u)) << 32u); }
