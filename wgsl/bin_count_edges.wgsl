// histogram's bins: a value's place among the sorted edges (p_bins() + 1 of them), compared
// in ${C} as NumPy's searchsorted compares them: edges[i] <= v < edges[i + 1], the last bin
// closed on the right; NaN and values outside the edges: p_bins() (no bin).
// Equal bins (the usual edges) are found by arithmetic: the guess from the outer edges is
// checked against its two edges and kept only when they hold v, so any sorted edges give
// searchsorted's bin, a binary search answering where the guess misses.
// The workgroup stages the edges in its memory first (when they fit: the counters do too), and
// each invocation reads the outer edges and the scale once. The stage (below) says where the edges
// come from: edges_local(), global_edge(k) and stage_bins(lid, group). float32 zeros and
// subnormals go their own way (is_flushed(v), flushed_bin(v): bin_count_flushed.wgsl; over the data's
// own range, unflushed(v): bin_count_range_flushed.wgsl).
var<workgroup> local_edges: array<${C}, LOCAL_BINS + 1u>;
var<private> first_edge: ${C};
var<private> last_edge: ${C};
var<private> edge_scale: ${C};

${stage}

${flushed}

fn edge(k: u32) -> ${C} {
    if (edges_local()) { return local_edges[k]; }
    return global_edge(k);
}

fn prepare_bins() {
    first_edge = edge(0u);
    last_edge = edge(p_bins());
    edge_scale = ${C}(p_bins()) / (last_edge - first_edge);  // NaN or inf for odd edges: any guess
    prepare_flushed();
}

// v's bin if the edges are equal (any bin below p_bins() otherwise: the caller checks it)
fn guess_bin(v: ${C}) -> u32 {
    let scaled = (v - first_edge) * edge_scale;
    return min(u32(clamp(scaled, ${C}(0), ${C}(p_bins() - 1u))), p_bins() - 1u);
}

fn bin_of(value: ${T}) -> u32 {
    let v = unflushed(${value});
    let bins = p_bins();
    if (is_flushed(v)) { return flushed_bin(v); }
    if (isnan_${tag}(v) || v < first_edge || v > last_edge) { return bins; }
    if (v == last_edge) { return bins - 1u; }
    let guess = guess_bin(v);
    if (edge(guess) <= v && v < edge(guess + 1u)) { return guess; }
    var lo = 0u;  // the number of edges <= v, less one: searchsorted(edges, v, 'right') - 1
    var hi = bins + 1u;
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (edge(mid) <= v) { lo = mid + 1u; } else { hi = mid; }
    }
    return lo - 1u;
}
