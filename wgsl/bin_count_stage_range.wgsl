// histogram's equal bins over the data's own range, made here rather than read back and sent:
// the (min, max) pair folded from the p_groups() partial pairs of bin_count_range.wgsl (every
// workgroup folds them all: a few KiB, read from the cache; they lie in edges_out's storage, after
// the edges and checks, from pair p_edges_offset() on), then NumPy's linspace(first, last,
// bins + 1) of the pair (first == last: 0.5 below and above), in ${C}: step = (last - first) /
// bins (correctly rounded), edge k = (k * step) * one + first with its two roundings (one: a 1
// the compiler cannot see, so that no driver fuses the multiply into the add), the last edge
// `last` itself. Group 0 writes the edges out, then (min, max, step) after them: the host reads
// those once and keeps these edges only where NumPy's step is the same (else, and for subnormals
// or a range that is not finite, it recounts). NaN anywhere makes the pair NaN.
// p_bins() <= LOCAL_BINS: the edges always fit, and local_edges holds the fold's 2 x ${workgroup}
// lanes before them.
fn edges_local() -> bool { return true; }

fn global_edge(k: u32) -> ${C} { return local_edges[k]; }

// (last - first) / bins rounded as NumPy's division rounds it: WGSL's division may be an ulp or
// two off (NVIDIA's is), so of its quotient and two neighbours each side, the one whose remainder
// (exact, by fma) is least. (A quotient exactly between two floats needs a power-of-2 divisor,
// which divides exactly.)
fn rounded_quotient(a: ${C}, b: ${C}) -> ${C} {
    let q = a / b;
    var best = q;
    var least = abs(fma(-q, b, a));
    for (var d = -2; d <= 2; d++) {
        let near = bitcast<${C}>(bitcast<${I}>(q) + ${I}(d));
        let remainder = abs(fma(-near, b, a));
        if (remainder < least) {
            best = near;
            least = remainder;
        }
    }
    return best;
}

// The (min, max) of the partial pairs, for every invocation: each folds a strided few, then a
// tree in local_edges (lows in the first ${workgroup} words, highs in the next).
fn data_range(lid: u32) -> vec2<${C}> {
    var low = ${INF};
    var high = -${INF};
    for (var k = lid; k < p_groups(); k += ${workgroup}u) {
        let at = 2u * (p_edges_offset() + k);
        let part = vec2<${C}>(edges_out[at], edges_out[at + 1u]);
        low = minimum_${tag}(low, part.x);
        high = maximum_${tag}(high, part.y);
    }
    local_edges[lid] = low;
    local_edges[${workgroup}u + lid] = high;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            local_edges[lid] = minimum_${tag}(local_edges[lid], local_edges[lid + half]);
            local_edges[${workgroup}u + lid] = maximum_${tag}(local_edges[${workgroup}u + lid],
                                                            local_edges[${workgroup}u + lid + half]);
        }
        workgroupBarrier();
    }
    let pair = vec2<${C}>(local_edges[0], local_edges[${workgroup}u]);
    workgroupBarrier();  // the edges overwrite local_edges next
    return pair;
}

fn stage_bins(lid: u32, group: u32) {
    let pair = data_range(lid);
    var first = pair.x;
    var last = pair.y;
    if (first == last) {
        first = first - ${C}(0.5);
        last = last + ${C}(0.5);
    }
    let bins = p_bins();
    let step = rounded_quotient(last - first, ${C}(bins));
    let one = ${C}(1u + zero_word());
    for (var k = lid; k <= bins; k += ${workgroup}u) {
        let e = select((${C}(k) * step) * one + first, last, k == bins);
        local_edges[k] = e;
        if (group == 0u) { edges_out[k] = e; }
    }
    if (group == 0u && lid == 0u) {
        edges_out[bins + 1u] = pair.x;
        edges_out[bins + 2u] = pair.y;
        edges_out[bins + 3u] = step;
    }
}
