// Shared by the sort kernels: parameters, order-preserving key transforms and a
// workgroup scan. The key functions below define, for one dtype, the element type Raw and
// key_word(r, w): word w (least significant first) of r's ascending sort key.
${enables}
${prelude}


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

${keyfns}

// The digit a pass sorts by: byte pw(6)/8 of key word pw(5), or of the row index
// (idx / row length) when pw(5) is past the pw(14) key words; pw(11) != 0: descending.
fn digit(r: Raw, idx: u32) -> u32 {
    let w = pw(5u);
    var k: u32;
    if (w >= pw(14u)) {
        k = idx / pw(8u);
    } else {
        k = key_word(r, w);
        if (pw(11u) != 0u) { k = ~k & word_mask(w); }
    }
    return (k >> pw(6u)) & 0xffu;
}

fn word_mask(w: u32) -> u32 { return select(0xffffffffu, pw(15u), w + 1u == pw(14u)); }

fn key_less(a: Raw, b: Raw) -> bool {
    for (var w = pw(14u); w > 0u; w--) {
        let ka = key_word(a, w - 1u);
        let kb = key_word(b, w - 1u);
        if (ka != kb) { return ka < kb; }
    }
    return false;
}
fn key_equal(a: Raw, b: Raw) -> bool {
    for (var w = 0u; w < pw(14u); w++) {
        if (key_word(a, w) != key_word(b, w)) { return false; }
    }
    return true;
}

var<workgroup> wsum: array<u32, 256>;
// Exclusive scan of one value per invocation over the workgroup: (prefix, total).
fn scan256(t: u32, v: u32) -> vec2<u32> {
    wsum[t] = v;
    workgroupBarrier();
    for (var o = 1u; o < 256u; o <<= 1u) {
        var a = 0u;
        if (t >= o) { a = wsum[t - o]; }
        workgroupBarrier();
        wsum[t] += a;
        workgroupBarrier();
    }
    let inclusive = wsum[t];
    let total = wsum[255];
    workgroupBarrier();
    return vec2<u32>(inclusive - v, total);
}
