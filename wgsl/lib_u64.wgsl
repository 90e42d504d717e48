// 64-bit scalars arrive as two parameter words, low word first.
fn pu64(k: u32) -> u64 { return u64(pw(k)) | (u64(pw(k + 1u)) << 32u); }
// An int64 exponent of ldexp clamped to a range that keeps every result's rounding (beyond it
// the result is 0 or inf for every float anyway), as an i32.
fn ldexp_exponent(n: i64) -> i32 { return i32(select(select(n, -100000li, n < -100000li), 100000li, n > 100000li)); }
