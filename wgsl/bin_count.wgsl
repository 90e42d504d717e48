// Counting into bins (bincount, histogram): the workgroups share the items out in turn (a grid
// stride), each counting its share in workgroup memory (an atomic<u32> per bin, when the bins fit
// LOCAL_BINS) and then storing its counts (store_count): every bin as its row of partial counts
// (counts[group * bins + b]; bin_count_merge.wgsl adds the rows up: no zero fill, no global
// atomics), or, for histogram's equal bins over the data's range, added to the output's words
// (zeroed by bin_count_range.wgsl, the pass before: no merge). With more bins than fit, every
// item goes to the global atomics (counts, zeroed before) directly. bin_of(v) is an item's bin,
// or p_bins() for none.
// An invocation loads UNROLL items (or vectors of items) before it counts them, so that the
// loads are in flight together (one at a time left the memory idle).
// Skewed data (a normal sample's middle bins) would serialise on a few counters, so the
// workgroup keeps p_copies() copies of its counters, invocation lid counting in copy lid % copies;
// a bin's copies are adjacent words (distinct banks: copies a bin-count apart would share one).
// No invocation loops more than p_rounds() times (lavapipe's loop limit).
// Parameters: bin_count.py's PARAMS.
${enables}
${prelude}
${params}
// Bindings: counts (the rows, or the global atomics), in0 (the items), then what the variant
// needs (vin0: the items as vectors; the edges, or the (min, max) pair and the edges out).
${bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

const LOCAL_BINS: u32 = ${local_bins}u;
const UNROLL: u32 = 4u;
var<workgroup> local_counts: array<atomic<u32>, LOCAL_BINS>;
var<private> copy: u32;

${bin_of}

${store_count}

fn count_bin(b: u32) {
    let bins = p_bins();
    if (b < bins) {
        if (bins * p_copies() <= LOCAL_BINS) { atomicAdd(&local_counts[b * p_copies() + copy], 1u); }
        else { atomicAdd(&counts[b], 1u); }
    }
}

fn take(v: ${T}) { count_bin(bin_of(v)); }

${count_loop}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let bins = p_bins();
    let shared_bins = bins * p_copies() <= LOCAL_BINS;  // uniform: from the parameters alone
    let copies = p_copies();
    copy = lid % copies;
    if (shared_bins) {
        for (var b = lid; b < bins * copies; b += ${workgroup}u) { atomicStore(&local_counts[b], 0u); }
    }
    stage_bins(lid, group);
    workgroupBarrier();
    prepare_bins();
    if (group < p_groups()) { count_share(group, lid); }
    workgroupBarrier();
    if (shared_bins && group < p_groups()) {
        for (var b = lid; b < bins; b += ${workgroup}u) {
            var c = 0u;
            for (var k = 0u; k < copies; k++) { c += atomicLoad(&local_counts[b * copies + k]); }
            store_count(group, b, c);
        }
    }
}
