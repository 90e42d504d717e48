// histogram's bins: a value's place among the sorted edges in1 (p_bins() + 1 of them), compared
// in ${C} as NumPy's searchsorted compares them: edges[i] <= v < edges[i + 1], the last bin
// closed on the right; NaN and values outside the edges: p_bins() (no bin).
fn edge(k: u32) -> ${C} { return ${edge}; }

fn bin_of(value: ${T}) -> u32 {
    let v = ${value};
    let bins = p_bins();
    if (isnan_${tag}(v) || v < edge(0u) || v > edge(bins)) { return bins; }
    if (v == edge(bins)) { return bins - 1u; }
    var lo = 0u;  // the number of edges <= v, less one: searchsorted(edges, v, 'right') - 1
    var hi = bins + 1u;
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (edge(mid) <= v) { lo = mid + 1u; } else { hi = mid; }
    }
    return lo - 1u;
}
