// Destination: z[j] as the real elements 2j (real part) and 2j+1 (imaginary part).
fn dst_store(t: u32, row: Row, j: u32, k: u32) {
    let v = finish(j, k, row, s[slot(t, k)]);
    dst[at(1u, row.base, 2u * j)] = ${DST}(v.x);
    dst[at(1u, row.base, 2u * j + 1u)] = ${DST}(v.y);
}
