// Exact uniform integers in [0, rng] (rng = high - low, inclusive; up to 2^64 - 1), no modulo bias.
// rng < 2^32: Lemire's method (ACM TOMACS 29, 2019): the high word of w (rng + 1) for a 32-bit w,
// rejecting the low words below 2^32 mod (rng + 1). Wider: masked rejection of 64-bit words
// (w & mask <= rng, mask the smallest 2^k - 1 >= rng). Each candidate is accepted with
// probability above 1/2; try j of element i takes block (i, j, 0): four 32-bit candidates or two
// 64-bit ones. Past 128 candidates (probability below 2^-128) the offset is 0.
const INTEGER_TRIES: u32 = 64u;

fn integer_lemire(i: u32, range: u64) -> u64 {
    let threshold = (0x100000000lu - range) % range;
    for (var j = 0u; j < INTEGER_TRIES / 2u; j++) {
        let r = philox_block(i, j, 0u);
        for (var k = 0u; k < 4u; k++) {
            let m = u64(r[k]) * range;
            if ((m & 0xfffffffflu) >= threshold) { return m >> 32u; }
        }
    }
    return 0lu;
}

fn integer_masked(i: u32, rng: u64) -> u64 {
    var mask = rng;
    mask |= mask >> 1u;
    mask |= mask >> 2u;
    mask |= mask >> 4u;
    mask |= mask >> 8u;
    mask |= mask >> 16u;
    mask |= mask >> 32u;
    for (var j = 0u; j < INTEGER_TRIES; j++) {
        let r = philox_block(i, j, 0u);
        let w0 = (u64(r.y) << 32u | u64(r.x)) & mask;
        if (w0 <= rng) { return w0; }
        let w1 = (u64(r.w) << 32u | u64(r.z)) & mask;
        if (w1 <= rng) { return w1; }
    }
    return 0lu;
}

fn uniform_integer(i: u32, rng: u64) -> u64 {
    if (rng == 0lu) { return 0lu; }
    if (rng <= 0xfffffffflu) { return integer_lemire(i, rng + 1lu); }
    return integer_masked(i, rng);
}
