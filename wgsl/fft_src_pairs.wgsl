// Source: real elements 2j and 2j+1 as one complex value (even-length real forward transforms).
fn src_read(base: i32, j: u32) -> C { return C(F(src[at(0u, base, 2u * j)]), F(src[at(0u, base, 2u * j + 1u)])); }
