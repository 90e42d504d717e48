// The digit a subgroup radix pass sorts 32-bit elements by, with the key transform fixed at
// compile time (${key}: float_key or int_key) and its parameters read once into registers by
// key_params(): integers (b ^ flip) & mask; floats canonical (-0.0 as 0.0, every NaN
// largest); descending complements every key bit. Parameters as in sort_digit.wgsl's digit().
var<private> kflip: u32;
var<private> kmask: u32;
var<private> kxor: u32;
var<private> kshift: u32;

fn key_params() {
    kflip = p_key_flip();
    kmask = p_key_mask();
    kxor = select(0u, p_key_mask(), p_descending() != 0u);
    kshift = p_shift();
}

fn int_key(b: u32) -> u32 { return (b ^ kflip) & kmask; }

fn float_key(b: u32) -> u32 {
    let a = b & 0x7fffffffu;
    var k = select(b | 0x80000000u, ~b, a != b);
    k = select(k, 0x80000000u, a == 0u);
    return select(k, 0xffffffffu, a > 0x7f800000u);
}

fn digit32(b: u32) -> u32 {
    let k = ${key}(b);
    return ((k ^ kxor) >> kshift) & 0xffu;
}
