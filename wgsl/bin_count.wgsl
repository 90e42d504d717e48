// Counting into bins (bincount, histogram): the workgroups share the items out in turn (a grid
// stride), each counting its share in workgroup memory (an atomic<u32> per bin, when the bins fit
// LOCAL_BINS) and then storing its counts, every bin, as its row of partial counts
// (counts[group * bins + b]; bin_count_merge.wgsl adds the rows up: no zero fill, no global
// atomics). With more bins than that, every item goes to the global atomics (counts, zeroed
// before) directly. bin_of(v) is an item's bin, or p_bins() for none.
// Skewed data (a normal sample's middle bins) would serialise on a few counters, so the
// workgroup keeps p_copies() copies of its counters, invocation lid counting in copy lid % copies;
// a bin's copies are adjacent words (distinct banks: copies a bin-count apart would share one).
// No invocation loops more than p_rounds() times (lavapipe's loop limit).
// Parameters: bin_count.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read> in0: array<${storage}>;
${edges_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

const LOCAL_BINS: u32 = ${local_bins}u;
var<workgroup> local_counts: array<atomic<u32>, LOCAL_BINS>;

${bin_of}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let bins = p_bins();
    let stride = p_groups() * ${workgroup}u;  // items between an invocation's turns
    let first = group * ${workgroup}u + lid;
    let shared_bins = bins * p_copies() <= LOCAL_BINS;  // uniform: from the parameters alone
    let copies = p_copies();
    let copy = lid % copies;
    if (shared_bins) {
        for (var b = lid; b < bins * copies; b += ${workgroup}u) { atomicStore(&local_counts[b], 0u); }
    }
    stage_bins(lid);
    workgroupBarrier();
    prepare_bins();
    let offset = p_offset();
    let step = p_stride();
    for (var round = 0u; round < p_rounds(); round++) {
        let i = first + round * stride;
        if (group < p_groups() && i < p_items()) {
            let b = bin_of(load0(offset + i * step));
            if (b < bins) {
                if (shared_bins) { atomicAdd(&local_counts[b * copies + copy], 1u); } else { atomicAdd(&counts[b], 1u); }
            }
        }
    }
    workgroupBarrier();
    if (shared_bins && group < p_groups()) {
        for (var b = lid; b < bins; b += ${workgroup}u) {
            var c = 0u;
            for (var k = 0u; k < copies; k++) { c += atomicLoad(&local_counts[b * copies + k]); }
            atomicStore(&counts[group * bins + b], c);
        }
    }
}
