// The digit a radix pass sorts 32-bit elements by, with the key transform fixed at compile
// time (float or integer) and its parameters read once into registers by key_params():
// integers (b ^ flip) & mask; floats canonical (-0.0 as 0.0, every NaN largest); descending
// flips every key bit. Parameter words as in sort_lib.wgsl's digit().
var<private> kflip: u32;
var<private> kmask: u32;
var<private> kxor: u32;
var<private> kshift: u32;

fn key_params() {
    kflip = pw(13u);
    kmask = pw(15u);
    kxor = select(0u, pw(15u), pw(11u) != 0u);
    kshift = pw(6u);
}

fn digit32(b: u32) -> u32 {
${key}
    return ((k ^ kxor) >> kshift) & 0xffu;
}
