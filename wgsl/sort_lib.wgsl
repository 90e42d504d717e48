// Shared by the sort and set kernels: the kernel's parameter accessors (its layout has the
// key fields of sort.py's KEY_FIELDS) and the order-preserving key transforms of one element
// type Raw: key_word(r, w) is word w (least significant first) of r's ascending sort key.
${enables}
${prelude}
${params}

fn isnan32(b: u32) -> bool { return (b & 0x7fffffffu) > 0x7f800000u; }
fn isnan64(lo: u32, hi: u32) -> bool {
    let a = hi & 0x7fffffffu;
    return a > 0x7ff00000u || (a == 0x7ff00000u && lo != 0u);
}
// Float bits -> unsigned key in the same order: -0.0 and 0.0 share a key, every NaN is the largest.
fn canon32(b: u32) -> u32 {
    if (isnan32(b)) { return 0xffffffffu; }
    if ((b & 0x7fffffffu) == 0u) { return 0x80000000u; }
    return select(b | 0x80000000u, ~b, (b >> 31u) == 1u);
}
fn canon64(lo: u32, hi: u32) -> vec2<u32> {
    if (isnan64(lo, hi)) { return vec2<u32>(0xffffffffu, 0xffffffffu); }
    if ((hi & 0x7fffffffu) == 0u && lo == 0u) { return vec2<u32>(0u, 0x80000000u); }
    if ((hi >> 31u) == 1u) { return vec2<u32>(~lo, ~hi); }
    return vec2<u32>(lo, hi | 0x80000000u);
}
// NumPy's complex order: finite parts first, then NaN imaginary, NaN real, both NaN.
fn cclass(re_nan: bool, im_nan: bool) -> u32 { return select(0u, 2u, re_nan) | select(0u, 1u, im_nan); }

alias Raw = ${raw};
${keyfns}

fn key_less(a: Raw, b: Raw) -> bool {
    for (var w = p_key_words(); w > 0u; w--) {
        let ka = key_word(a, w - 1u);
        let kb = key_word(b, w - 1u);
        if (ka != kb) { return ka < kb; }
    }
    return false;
}
fn key_equal(a: Raw, b: Raw) -> bool {
    for (var w = 0u; w < p_key_words(); w++) {
        if (key_word(a, w) != key_word(b, w)) { return false; }
    }
    return true;
}
