// Source: complex elements.
fn src_read(base: i32, j: u32) -> C { return C(src[at(0u, base, j)]); }
