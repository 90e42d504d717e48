// The loop of bin_count.wgsl (and bin_count_range.wgsl) over items one by one (any stride and
// dtype): UNROLL loads at indices clamped into range (always valid, so issued together), then the
// ones in range taken (take(v): counted, or folded into the range).
fn count_share(group: u32, lid: u32) {
    let stride = p_groups() * ${workgroup}u;  // items between an invocation's turns
    let items = p_items();
    let offset = p_offset();
    let step = p_stride();
    let last = items - 1u;
    for (var round = 0u; round < p_rounds(); round++) {
        let i = (group + round * UNROLL * p_groups()) * ${workgroup}u + lid;
        let v0 = load0(offset + min(i, last) * step);
        let v1 = load0(offset + min(i + stride, last) * step);
        let v2 = load0(offset + min(i + 2u * stride, last) * step);
        let v3 = load0(offset + min(i + 3u * stride, last) * step);
        if (i < items) { take(v0); }
        if (i + stride < items) { take(v1); }
        if (i + 2u * stride < items) { take(v2); }
        if (i + 3u * stride < items) { take(v3); }
    }
}
