// Shared by the matmul kernels: the element offsets of batch `batch`'s A and B matrices. The
// batch index walks the merged batch dims, (size, A stride, B stride) each, innermost first.
fn batch_bases(batch: u32) -> vec2<u32> {
    var a_base = p_a_offset();
    var b_base = p_b_offset();
    var rem = batch;
    for (var d = 0u; d < p_batch_dims(); d++) {
        let size = p_batch(3u * d);
        let c = rem % size;
        rem = rem / size;
        a_base += c * p_batch(3u * d + 1u);
        b_base += c * p_batch(3u * d + 2u);
    }
    return vec2<u32>(a_base, b_base);
}
