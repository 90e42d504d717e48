// The passes' twiddles in the ${D} direction, from the table (exp(-2 pi i m / N)), conjugated
// inverse; and x * (${SIGN} i) for the direct primes' butterflies (fft_dft_odd.wgsl).
fn twiddle_${D}(m: u32) -> C { let w = table[m]; return C(w.x, F(${NEG}) * w.y); }
fn rot_${D}(x: C) -> C { return C(F(-(${SIGN})) * x.y, F(${SIGN}) * x.x); }
