// Philox's multiply on adapters with shader-int64 (linked after random_philox.wgsl): a * b as
// (low word, high word) from one 32 x 32 -> 64-bit multiply, which GPUs do in one or two
// instructions where the 16-bit halves of philox_mulhilo_halves take about ten.
fn philox_mulhilo_wide(a: u32, b: u32) -> vec2<u32> {
    let product = u64(a) * u64(b);
    return vec2<u32>(u32(product & 0xfffffffflu), u32(product >> 32u));
}
// The high word alone (Lemire's method in wgsl/random_integers.wgsl).
fn philox_mulhi_wide(a: u32, b: u32) -> u32 { return u32((u64(a) * u64(b)) >> 32u); }
