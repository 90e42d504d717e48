// Exact uniform integers low + [0, rng] (rng = high - low, inclusive, up to 2^64 - 1; both 64-bit
// words, scalars or arrays of the output's size: _engines/random.py's ELEMENT["u64"]), no modulo
// bias. Invocation b makes elements 4 b + k, k = 0..3, and stores them with 16-byte stores
// (coalesced; the last invocation may write past the draw, into the buffer's padding).
// rng < 2^32: Lemire's method (ACM TOMACS 29, 2019): the high word of w (rng + 1) for a 32-bit
// candidate w, rejected where its low word is below 2^32 mod (rng + 1) (the modulo is computed
// only for low words below rng + 1, which are rare). Element 4 b + k's first candidate is word k of
// block (b, 0, 0), so one block serves four elements; more come from block (b, j, k), j >= 1.
// Wider: masked rejection of 64-bit words (w & mask <= rng, mask the smallest 2^m - 1 >= rng);
// the first candidate is words 2 (k mod 2), 2 (k mod 2) + 1 of block (b, 0, 1 + k / 2), more come
// from block (b, j, k), j >= 1, two a block. Each candidate is accepted with probability above
// 1/2; past 128 more (probability below 2^-128) the offset is 0.
// ${WORDS}: the 32-bit words an element takes (1 or 2). The kernel of a scalar rng has only the
// method it needs (the other's code is folded away): HAS_NARROW, HAS_WIDE.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<vec4<u32>>;
${bindings}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${generator}
${library}

fn param_a(i: u32) -> u64 { return ${param_a}; }
fn param_b(i: u32) -> u64 { return ${param_b}; }

const NARROW: u64 = 0xfffffffflu;  // the largest rng of Lemire's method
const HAS_NARROW: bool = ${HAS_NARROW};
const HAS_WIDE: bool = ${HAS_WIDE};
const NARROW_BLOCKS: u32 = 32u;  // blocks of four candidates after the first
const WIDE_BLOCKS: u32 = 64u;  // blocks of two candidates after the first

// Lemire's test of candidate w for the range r = rng + 1 < 2^32.
fn lemire_accepts(w: u32, r: u32) -> bool {
    let low = w * r;
    return low >= r || low >= (0u - r) % r;
}

fn narrow_offset(b: u32, k: u32, first: u32, rng: u32) -> u32 {
    if (rng == 0xffffffffu) { return first; }  // every word is an offset
    let r = rng + 1u;
    if (lemire_accepts(first, r)) { return philox_mulhi_wide(first, r); }
    for (var j = 1u; j <= NARROW_BLOCKS; j++) {
        let words = philox_block(b, j, k);
        for (var c = 0u; c < 4u; c++) {
            if (lemire_accepts(words[c], r)) { return philox_mulhi_wide(words[c], r); }
        }
    }
    return 0u;
}

fn wide_offset(b: u32, k: u32, first: vec2<u32>, rng: u64) -> u64 {
    var mask = rng;
    mask |= mask >> 1u;
    mask |= mask >> 2u;
    mask |= mask >> 4u;
    mask |= mask >> 8u;
    mask |= mask >> 16u;
    mask |= mask >> 32u;
    let w = (u64(first.y) << 32u | u64(first.x)) & mask;
    if (w <= rng) { return w; }
    for (var j = 1u; j <= WIDE_BLOCKS; j++) {
        let words = philox_block(b, j, k);
        let w0 = (u64(words.y) << 32u | u64(words.x)) & mask;
        if (w0 <= rng) { return w0; }
        let w1 = (u64(words.w) << 32u | u64(words.z)) & mask;
        if (w1 <= rng) { return w1; }
    }
    return 0lu;
}

// Element 4 b + k: low + its offset (wrapping), given its first candidates of either method.
fn is_wide(rng: u64) -> bool { return HAS_WIDE && (!HAS_NARROW || rng > NARROW); }

fn element(b: u32, k: u32, i: u32, narrow: u32, wide: vec2<u32>) -> u64 {
    let rng = param_b(i);
    var offset = 0lu;
    if (is_wide(rng)) { offset = wide_offset(b, k, wide, rng); }
    else if (HAS_NARROW && rng != 0lu) { offset = u64(narrow_offset(b, k, narrow, u32(rng))); }
    return param_a(i) + offset;
}

fn low_word(v: u64) -> u32 { return u32(v & 0xfffffffflu); }
fn high_word(v: u64) -> u32 { return u32(v >> 32u); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_items();
    if (b * 4u >= n) { return; }
    let last = n - 1u;  // past the draw, elements repeat the last one's parameters (never stored)
    let i = vec4<u32>(b * 4u, min(b * 4u + 1u, last), min(b * 4u + 2u, last), min(b * 4u + 3u, last));
    // the first candidates' blocks, each computed only where an element takes from it
    let wide = vec4<bool>(is_wide(param_b(i.x)), is_wide(param_b(i.y)), is_wide(param_b(i.z)), is_wide(param_b(i.w)));
    let wide01 = wide.x || wide.y;
    let wide23 = wide.z || wide.w;
    var narrow = vec4<u32>(0u);
    var first01 = vec4<u32>(0u);
    var first23 = vec4<u32>(0u);
    if (!all(wide)) { narrow = philox_block(b, 0u, 0u); }
    if (wide01) { first01 = philox_block(b, 0u, 1u); }
    if (wide23) { first23 = philox_block(b, 0u, 2u); }
    let v0 = element(b, 0u, i.x, narrow.x, first01.xy);
    let v1 = element(b, 1u, i.y, narrow.y, first01.zw);
    let v2 = element(b, 2u, i.z, narrow.z, first23.xy);
    let v3 = element(b, 3u, i.w, narrow.w, first23.zw);
    if (${WORDS} == 1u) {
        out[b] = vec4<u32>(low_word(v0), low_word(v1), low_word(v2), low_word(v3));
    } else {  // two words an element: elements 4 b, 4 b + 1, then 4 b + 2, 4 b + 3 where in the draw
        out[2u * b] = vec4<u32>(low_word(v0), high_word(v0), low_word(v1), high_word(v1));
        if (b * 4u + 2u < n) { out[2u * b + 1u] = vec4<u32>(low_word(v2), high_word(v2), low_word(v3), high_word(v3)); }
    }
}
