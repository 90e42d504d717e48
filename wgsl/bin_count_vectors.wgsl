// The loop of bin_count.wgsl (and bin_count_range.wgsl) over contiguous items as vectors vin0
// (${vector} each, p_offset() a whole number of vectors in): UNROLL vector loads at clamped
// indices, then their items taken; the p_tail() items after the last whole vector are taken by
// group 0, one per invocation (take(v): counted, or folded into the range).
fn count_vector(v: ${vector}) { ${count_components} }

fn count_share(group: u32, lid: u32) {
    let stride = p_groups() * ${workgroup}u;  // vectors between an invocation's turns
    let vectors = p_vectors();
    let base = p_offset() / ${width}u;
    let last = vectors - 1u;
    for (var round = 0u; round < p_rounds(); round++) {
        let i = (group + round * UNROLL * p_groups()) * ${workgroup}u + lid;
        let v0 = vin0[base + min(i, last)];
        let v1 = vin0[base + min(i + stride, last)];
        let v2 = vin0[base + min(i + 2u * stride, last)];
        let v3 = vin0[base + min(i + 3u * stride, last)];
        if (i < vectors) { count_vector(v0); }
        if (i + stride < vectors) { count_vector(v1); }
        if (i + 2u * stride < vectors) { count_vector(v2); }
        if (i + 3u * stride < vectors) { count_vector(v3); }
    }
    if (group == 0u && lid < p_tail()) { take(load0(p_offset() + vectors * ${width}u + lid)); }
}
