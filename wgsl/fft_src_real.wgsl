// Source: real elements, promoted to complex (odd-length real transforms).
fn src_read(base: i32, j: u32) -> C { return C(F(src[at(0u, base, j)]), F(0)); }
