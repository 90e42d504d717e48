// Philox's multiply on adapters with shader-int64 (linked after random_philox.wgsl): the high
// word of a * b from one 32 x 32 -> 64-bit multiply, which GPUs do in one or two instructions
// where the 16-bit halves of philox_mulhi_halves take about ten.
fn philox_mulhi_wide(a: u32, b: u32) -> u32 { return u32((u64(a) * u64(b)) >> 32u); }
