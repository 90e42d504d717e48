// Destination: the real parts (odd-length real inverse transforms).
fn dst_store(t: u32, row: Row, j: u32, k: u32) { dst[at(1u, row.base, j)] = ${DST}(finish(j, k, row, s[slot(t, k)]).x); }
