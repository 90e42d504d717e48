// Where a scatter pass writes the carried indices: the indices themselves, except in the last
// pass of an argsort, which writes positions within the row (p_index_out() 1: as int64, 2: int32).
@group(0) @binding(2) var<storage, read_write> dst_idx: array<u32>;

fn store_idx(dest: u32, id: u32) {
    let out = p_index_out();
    if (out == 1u) {
        dst_idx[2u * dest] = id % p_row_len();
        dst_idx[2u * dest + 1u] = 0u;
    } else if (out == 2u) {
        dst_idx[dest] = id % p_row_len();
    } else {
        dst_idx[dest] = id;
    }
}
