// histogram's bins: a value's place among the sorted edges in1 (p_bins() + 1 of them), compared
// in ${C} as NumPy's searchsorted compares them: edges[i] <= v < edges[i + 1], the last bin
// closed on the right; NaN and values outside the edges: p_bins() (no bin).
// Equal bins (the usual edges) are found by arithmetic: the guess from the outer edges is
// checked against its two edges and kept only when they hold v, so any sorted edges give
// searchsorted's bin, a binary search answering where the guess misses.
fn edge(k: u32) -> ${C} { return ${edge}; }

fn bin_of(value: ${T}) -> u32 {
    let v = ${value};
    let bins = p_bins();
    let first = edge(0u);
    let last = edge(bins);
    if (isnan_${tag}(v) || v < first || v > last) { return bins; }
    if (v == last) { return bins - 1u; }
    let scaled = (v - first) * (${C}(bins) / (last - first));  // NaN or inf for odd edges: any guess
    let guess = min(u32(clamp(scaled, ${C}(0), ${C}(bins - 1u))), bins - 1u);
    if (edge(guess) <= v && v < edge(guess + 1u)) { return guess; }
    var lo = 0u;  // the number of edges <= v, less one: searchsorted(edges, v, 'right') - 1
    var hi = bins + 1u;
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (edge(mid) <= v) { lo = mid + 1u; } else { hi = mid; }
    }
    return lo - 1u;
}
