// bincount's summary (count_small_values): group 0 zeroes its two words, which the merge (a later
// dispatch) then fills in; no edges.
fn stage_bins(lid: u32, group: u32) {
    if (group == 0u && lid < 2u) { atomicStore(&summary[lid], 0u); }
}

fn prepare_bins() {}
