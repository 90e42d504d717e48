// histogram's first pass over the items, for equal bins over their own range: each workgroup
// folds its share (the grid stride of bin_count.wgsl, with the same loop and parameters) into a
// (min, max) pair of order keys (lib_float's order_key: integers in the floats' order, -0.0 below
// 0.0, on the bits, so subnormals too), pair p_edges_offset() + group of the storage of the
// counting pass's edges (after the edges and the data's (min, max)). An integer min and max an
// item: NumPy's NaN-aware minimum and maximum of floats cost the H100 about 50 instructions an
// item (this pass took 66 us over 2^24 float32 items, not the 25 us of its bytes). NaN keys lie
// past the infinities' (a positive NaN above +inf's, a negative one below -inf's).
// The last workgroup to arrive (an atomic count, 0 between dispatches: it puts it back) folds the
// pairs into the data's (min, max) as floats, both NaN where a NaN key is among them, after the
// p_bins() + 1 edges: the counting pass makes its edges from them, and the host reads them while
// that pass runs (NumPy raises for a range that is not finite).
// It also zeroes the output's p_count_words() words, which the counting pass adds to.
// Parameters: bin_count.py's PARAMS.
${enables}
${prelude}
${params}
// Bindings: counts (the output's words), partials (the edges' storage, as integers), arrivals, in0
// (the items), vin0 (the items as vectors).
${bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

const UNROLL: u32 = 4u;
var<workgroup> lows: array<${I}, ${workgroup}>;
var<workgroup> highs: array<${I}, ${workgroup}>;
var<private> low: ${I};
var<private> high: ${I};
var<workgroup> last_to_arrive: u32;

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
    let pair = fold_pairs(lid);
    let at = 2u * (p_edges_offset() + group);
    if (lid == 0u) {
        partials[at] = pair.x;
        partials[at + 1u] = pair.y;
    }
    // Release this workgroup's pair, count it in; the last to arrive acquires everyone's.
    storageBarrier();
    if (lid == 0u) { last_to_arrive = u32(atomicAdd(&arrivals[0], 1u) == p_groups() - 1u); }
    if (workgroupUniformLoad(&last_to_arrive) == 0u) { return; }
    storageBarrier();
    if (lid == 0u) { atomicStore(&arrivals[0], 0u); }
    low = order_key_${tag}(${INF});
    high = order_key_${tag}(-${INF});
    for (var k = lid; k < p_groups(); k += ${workgroup}u) {
        let at = 2u * (p_edges_offset() + k);
        low = min(low, partials[at]);
        high = max(high, partials[at + 1u]);
    }
    let data = fold_pairs(lid);
    if (lid == 0u) {
        var range = vec2<${C}>(from_order_key(data.x), from_order_key(data.y));
        if (data.x < order_key_${tag}(-${INF}) || data.y > order_key_${tag}(${INF})) {
            range = vec2<${C}>(nan_${tag}(), nan_${tag}());
        }
        partials[p_bins() + 1u] = bitcast<${I}>(range.x);
        partials[p_bins() + 2u] = bitcast<${I}>(range.y);
    }
}

// The (min, max) of the invocations' (low, high), for every invocation (a tree in lows, highs).
fn fold_pairs(lid: u32) -> vec2<${I}> {
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
    let pair = vec2<${I}>(lows[0], highs[0]);
    workgroupBarrier();  // before the tree is used again
    return pair;
}

// The float of an order key (order_key_${tag} undone: the same flip of a negative's bits).
fn from_order_key(key: ${I}) -> ${C} {
    return bitcast<${C}>(select(key, key ^ bitcast<${I}>(${ABS}), key < ${I}(0)));
}
