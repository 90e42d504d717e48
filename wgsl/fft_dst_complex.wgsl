// Destination: complex elements.
fn dst_store(t: u32, base: i32, j: u32, k: u32) { dst[at(1u, base, j)] = ${DST}(finish(j, s[t * N + k])); }
