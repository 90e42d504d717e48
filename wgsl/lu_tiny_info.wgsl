// How a tiny solve (wgsl/lu_tiny_solve.wgsl) records singular matrices for lu.gesv's callers:
// info[g], 1 + the first column of matrix g with an exactly zero pivot, or 0 (written by the
// work item of g's first chunk of columns).
@group(0) @binding(2) var<storage, read_write> info: array<i32>;

fn record(item: u32, first_zero: i32, lid: u32, groups: u32) {
    if (item < p_items() && item % p_chunks() == 0u) {
        info[item / p_chunks()] = first_zero;
    }
}
