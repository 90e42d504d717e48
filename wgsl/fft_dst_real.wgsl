// Destination: the real parts (odd-length real inverse transforms).
fn dst_write(row: Row, j: u32, k: u32, value: C) { dst[at(1u, row.base, j)] = ${DST}(finish(j, k, row, value).x); }
