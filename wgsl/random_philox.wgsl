// Philox4x32-10 (Salmon, Moraes, Dror, Shaw, SC'11), the counter-based generator of cuRAND and
// JAX: four 32-bit words from a 128-bit counter and a 64-bit key, in integer arithmetic only, so
// any block of a stream is computed by any invocation with no state to carry, and every adapter
// gives the same bits. The uniforms below take their mantissas straight from those bits, exactly.
// Every kernel that links this declares the parameters key_lo, key_hi, counter_lo, counter_hi
// (_engines/random.py's layouts).
const PHILOX_M0: u32 = 0xD2511F53u;
const PHILOX_M1: u32 = 0xCD9E8D57u;
const PHILOX_W0: u32 = 0x9E3779B9u;
const PHILOX_W1: u32 = 0xBB67AE85u;

// a * b as (low word, high word), the high word from 16-bit halves, for adapters without 64-bit
// integers. philox() uses the one _engines/random.py names: philox_mulhilo_wide
// (wgsl/random_philox_int64.wgsl, one widening multiply) where the adapter has shader-int64.
fn philox_mulhilo_halves(a: u32, b: u32) -> vec2<u32> {
    let al = a & 0xffffu;
    let ah = a >> 16u;
    let bl = b & 0xffffu;
    let bh = b >> 16u;
    let hl = ah * bl;
    let mid = al * bh + ((al * bl) >> 16u) + (hl & 0xffffu);  // below 2^32
    return vec2<u32>(a * b, ah * bh + (mid >> 16u) + (hl >> 16u));
}

// One round: the counter's words multiplied, mixed with the round's key.
fn philox_round(c: vec4<u32>, k: vec2<u32>) -> vec4<u32> {
    let p0 = ${mulhilo}(PHILOX_M0, c.x);
    let p1 = ${mulhilo}(PHILOX_M1, c.z);
    return vec4<u32>(p1.y ^ c.y ^ k.x, p1.x, p0.y ^ c.w ^ k.y, p0.x);
}
// Ten rounds, written out (round r takes key + r (W0, W1)): no loop left to a compiler to unroll.
fn philox(counter: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
    let w = vec2<u32>(PHILOX_W0, PHILOX_W1);
    var c = philox_round(counter, key);
    c = philox_round(c, key + w);
    c = philox_round(c, key + 2u * w);
    c = philox_round(c, key + 3u * w);
    c = philox_round(c, key + 4u * w);
    c = philox_round(c, key + 5u * w);
    c = philox_round(c, key + 6u * w);
    c = philox_round(c, key + 7u * w);
    c = philox_round(c, key + 8u * w);
    return philox_round(c, key + 9u * w);
}

// The words of block b of this dispatch: counter (draw offset + b as 64 bits, j, lane). Vectorised
// draws use j = lane = 0; an element that rejects draws its j-th try (and extra lanes) from its own b.
fn philox_block(b: u32, j: u32, lane: u32) -> vec4<u32> {
    let lo = p_counter_lo() + b;
    let hi = p_counter_hi() + select(0u, 1u, lo < b);
    return philox(vec4<u32>(lo, hi, j, lane), vec2<u32>(p_key_lo(), p_key_hi()));
}

// Uniforms from the top bits of a word: k 2^-24 in [0, 1); the "open" form (k + 1) 2^-24 lies in
// (0, 1], safe for a logarithm (float64 ones: random_f64.wgsl).
fn u01_f32(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
fn u01_open_f32(w: u32) -> f32 { return f32((w >> 8u) + 1u) * 5.9604644775390625e-8; }
// ln(u01_open_f32(w)): log_f32's kernel on the exponent and mantissa of the exact float k + 1
// (k = w >> 8, so k + 1 in [1, 2^24] is never zero, subnormal or special: none of log_f32's
// checks and branches apply, and the value is log_f32's).
fn log_open_f32(w: u32) -> f32 {
    let bits = bitcast<u32>(f32((w >> 8u) + 1u));
    let m = bitcast<f32>((bits & 0x7fffffu) | 0x3f800000u);  // in [1, 2)
    let high = m > SQRT2_f32;
    let k = i32(bits >> 23u) - (127 + 24) + select(0, 1, high);  // the exponent of (k + 1) 2^-24
    return lm_log_mk_f32(select(m, 0.5 * m, high), f32(k));
}
// cos and sin of 2 pi k 2^-24 for a 24-bit k, reduced exactly in turns: the quadrant q is k's top
// two bits rounded, and t = k - q 2^22 lies in [-2^21, 2^21) (an eighth of a turn at most), so
// only the product 2 pi t 2^-24 (y0, with y1 the part of 2 pi beyond float32) is rounded before
// lib_math32's polynomials: within about an ulp, at a fraction of a general argument's cost.
const TURN_H_f32: f32 = 3.7450703871400037e-07;  // 2 pi 2^-24 rounded to float32
const TURN_L_f32: f32 = -1.042160708588074e-14;  // 2 pi 2^-24 - TURN_H_f32
fn cos_sin_turn_f32(k: u32) -> vec2<f32> {
    let q = (k + 0x200000u) >> 22u;  // 0 ..= 4
    let t = f32(i32(k) - i32(q << 22u));
    let y0 = t * TURN_H_f32;
    let y1 = t * TURN_L_f32;
    let c = lm_cos32(y0, y1);
    let s = lm_sin32(y0, y1);
    // q quarter turns more: (-sin, cos) for an odd q, negated for q = 2, 3
    let v = select(vec2<f32>(c, s), vec2<f32>(-s, c), (q & 1u) == 1u);
    return select(v, -v, (q & 2u) == 2u);
}
// Box-Muller: two standard normals r (cos a, sin a) from two words: r = sqrt(-2 log u1) for
// u1 = u01_open_f32(w1) in (0, 1], a = 2 pi u2 for u2 = u01_f32(w2) in [0, 1).
fn box_muller_f32(w1: u32, w2: u32) -> vec2<f32> {
    let r = sqrt(-2.0 * log_open_f32(w1));
    return r * cos_sin_turn_f32(w2 >> 8u);
}

// A vectorised draw's values of one block (wgsl/random_block.wgsl): four per block in float32.
fn block_uniform_f32(r: vec4<u32>) -> vec4<f32> {
    return vec4<f32>(u01_f32(r.x), u01_f32(r.y), u01_f32(r.z), u01_f32(r.w));
}
fn block_normal_f32(r: vec4<u32>) -> vec4<f32> {
    return vec4<f32>(box_muller_f32(r.x, r.y), box_muller_f32(r.z, r.w));
}
fn block_exponential_f32(r: vec4<u32>) -> vec4<f32> {
    return vec4<f32>(0.0) - vec4<f32>(log_open_f32(r.x), log_open_f32(r.y), log_open_f32(r.z), log_open_f32(r.w));
}
fn block_bits_u32(r: vec4<u32>) -> vec4<u32> { return r; }
