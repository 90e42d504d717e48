// histogram's equal bins over the data's own range, made here rather than read back and sent:
// the (min, max) pair folded from the p_groups() partial pairs of order keys of
// bin_count_range.wgsl (every workgroup folds them all: a few KiB, read from the cache; they lie
// in edges_out's storage, after the edges and checks, from pair p_edges_offset() on), then
// NumPy's linspace(first, last, bins + 1) of the pair (first == last: 0.5 below and above), in
// ${C}: step = (last - first) / bins (correctly rounded), edge k = (k * step) * one + first with
// its two roundings (one: a 1 the compiler cannot see, so that no driver fuses the multiply into
// the add), the last edge `last` itself. Group 0 writes the edges out, then (min, max, step)
// after them: the host reads those once and keeps these edges only where NumPy's step is the
// same (else, and for subnormals or a range that is not finite, it recounts). NaN anywhere
// makes the pair NaN.
// p_bins() <= LOCAL_BINS: the edges always fit local_edges. Every edge is made once, here, and
// read back where bin_of checks one: edges made again by the same arithmetic in the counting
// loop gave a histogram other than NumPy's on an H100 (2^24 float32 items, 256 bins; lavapipe
// agreed), a compiler being free to evaluate one float expression differently in two places.
var<workgroup> range_keys: array<${I}, 2u * ${workgroup}u>;

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

// The (min, max) of the partial pairs' order keys, for every invocation: each folds a strided
// few, then a tree in range_keys (lows in the first ${workgroup} words, highs in the next). A
// NaN key (past an infinity's) makes the pair NaN.
fn data_range(lid: u32) -> vec2<${C}> {
    let lowest = order_key_${tag}(-${INF});
    let highest = order_key_${tag}(${INF});
    var low = highest;
    var high = lowest;
    for (var k = lid; k < p_groups(); k += ${workgroup}u) {
        let at = 2u * (p_edges_offset() + k);
        low = min(low, bitcast<${I}>(edges_out[at]));
        high = max(high, bitcast<${I}>(edges_out[at + 1u]));
    }
    range_keys[lid] = low;
    range_keys[${workgroup}u + lid] = high;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            range_keys[lid] = min(range_keys[lid], range_keys[lid + half]);
            range_keys[${workgroup}u + lid] = max(range_keys[${workgroup}u + lid], range_keys[${workgroup}u + lid + half]);
        }
        workgroupBarrier();
    }
    low = range_keys[0];
    high = range_keys[${workgroup}u];
    if (low < lowest || high > highest) { return vec2<${C}>(nan_${tag}(), nan_${tag}()); }
    return vec2<${C}>(from_order_key(low), from_order_key(high));
}

// The float of an order key (order_key_${tag} undone: the same flip of a negative's bits).
fn from_order_key(key: ${I}) -> ${C} {
    return bitcast<${C}>(select(key, key ^ bitcast<${I}>(${ABS}), key < ${I}(0)));
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
