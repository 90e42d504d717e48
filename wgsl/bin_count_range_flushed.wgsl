// Equal float32 bins over the data's own range: the edges are normal or 0.0 (count_equal_bins'
// caller keeps them only then), so NVIDIA's compares, which flush subnormals, misplace only a
// negative subnormal value next to an edge at 0.0. It takes the bin of -FLT_MIN (the negative
// normal nearest 0) instead: the same bin, since no edge lies between the two.
fn is_flushed(v: f32) -> bool { return false; }
fn flushed_bin(v: f32) -> u32 { return 0u; }
fn prepare_flushed() {}
fn unflushed(v: f32) -> f32 {
    let bits = bitcast<u32>(v);
    return select(v, bitcast<f32>(0x80800000u), bits > 0x80000000u && bits < 0x80800000u);
}
