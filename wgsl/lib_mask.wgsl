// Packed boolean masks (4 bools per u32 word), shared by gather_count and gather_compact.

// Bit 7 of each byte of the result is set where that byte of w is nonzero; bytes at or
// past element n are cleared (e: the element index of w's first byte).
fn nonzero_bytes(w: u32, e: u32, n: u32) -> u32 {
    let nz = (((w & 0x7f7f7f7fu) + 0x7f7f7f7fu) | w) & 0x80808080u;
    if (e + 4u <= n) { return nz; }
    if (e >= n) { return 0u; }
    return nz & ((1u << (8u * (n - e))) - 1u);
}
