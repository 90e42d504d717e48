// Destination: z[j] as the real elements 2j (real part) and 2j+1 (imaginary part).
fn dst_write(row: Row, j: u32, k: u32, value: C) {
    let v = finish(j, k, row, value);
    dst[at(1u, row.base, 2u * j)] = ${DST}(v.x);
    dst[at(1u, row.base, 2u * j + 1u)] = ${DST}(v.y);
}
