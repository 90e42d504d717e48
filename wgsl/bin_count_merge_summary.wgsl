// The summary of count_small_values (zeroed by the counting pass): the highest nonzero bin + 1,
// and the count of the last bin (the values at or past it).
fn summarize(bin: u32, total: u32) {
    if (total != 0u) { atomicMax(&summary[0], bin + 1u); }
    if (bin == p_bins() - 1u) { atomicStore(&summary[1], total); }
}
