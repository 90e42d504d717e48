// histogram's first pass over the items, for equal bins over their own range: each workgroup
// folds its share (the grid stride of bin_count.wgsl, with the same loop and parameters) into a
// (min, max) pair of order keys (lib_float's order_key: integers in the floats' order, -0.0 below
// 0.0, on the bits, so subnormals too), partials[p_edges_offset() + group] (in the storage of the
// counting pass's edges, after them and the checks), that the counting pass folds in turn
// (bin_count_stage_range.wgsl). An integer min and max an item: NumPy's NaN-aware minimum and
// maximum of floats cost the H100 about 50 instructions an item (this pass took 66 us over 2^24
// float32 items, not the 25 us of its bytes). NaN keys lie past the infinities' (a positive
// NaN above +inf's, a negative one below -inf's): the counting pass sees them there.
// It also zeroes the output's p_count_words() words, which the counting pass adds to.
// Parameters: bin_count.py's PARAMS.
${enables}
${prelude}
${params}
// Bindings: counts (the output's words), partials (the edges' storage), in0 (the items), vin0 (the items as vectors).
${bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

const UNROLL: u32 = 4u;
var<workgroup> lows: array<${I}, ${workgroup}>;
var<workgroup> highs: array<${I}, ${workgroup}>;
var<private> low: ${I};
var<private> high: ${I};

fn take(v: ${C}) {
    let key = order_key_${tag}(v);
    low = min(low, key);
    high = max(high, key);
}

${count_loop}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    if (group >= p_groups()) { return; }  // uniform per workgroup
    for (var k = group * ${workgroup}u + lid; k < p_count_words(); k += p_groups() * ${workgroup}u) { counts[k] = 0u; }
    low = order_key_${tag}(${INF});  // an empty share: (inf, -inf), as a fold of floats
    high = order_key_${tag}(-${INF});
    count_share(group, lid);
    lows[lid] = low;
    highs[lid] = high;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            lows[lid] = min(lows[lid], lows[lid + half]);
            highs[lid] = max(highs[lid], highs[lid + half]);
        }
        workgroupBarrier();
    }
    if (lid == 0u) { partials[p_edges_offset() + group] = vec2<${I}>(lows[0], highs[0]); }
}
