// histogram's first pass over the items, for equal bins over their own range: each workgroup
// folds its share (the grid stride of bin_count.wgsl, with the same loop and parameters) into a
// (min, max) pair, partials[p_edges_offset() + group] (in the storage of the counting pass's
// edges, after them and the checks), that the counting pass folds in turn
// (bin_count_stage_range.wgsl). NaN anywhere makes the pair NaN, as NumPy's min and max.
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
var<workgroup> lows: array<${C}, ${workgroup}>;
var<workgroup> highs: array<${C}, ${workgroup}>;
var<private> low: ${C};
var<private> high: ${C};

fn take(v: ${C}) {
    low = minimum_${tag}(low, v);
    high = maximum_${tag}(high, v);
}

${count_loop}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    if (group >= p_groups()) { return; }  // uniform per workgroup
    for (var k = group * ${workgroup}u + lid; k < p_count_words(); k += p_groups() * ${workgroup}u) { counts[k] = 0u; }
    low = ${INF};
    high = -${INF};
    count_share(group, lid);
    lows[lid] = low;
    highs[lid] = high;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            lows[lid] = minimum_${tag}(lows[lid], lows[lid + half]);
            highs[lid] = maximum_${tag}(highs[lid], highs[lid + half]);
        }
        workgroupBarrier();
    }
    if (lid == 0u) { partials[p_edges_offset() + group] = vec2<${C}>(lows[0], highs[0]); }
}
