// Bluestein's convolution in one dispatch (fft_local.wgsl): the forward transform's term k times
// the kernel's spectrum (conjugated for an inverse transform), on its way to the inverse passes.
fn spectral(k: u32, value: C) -> C { let w = spectrum[k]; return cmul(value, select(w, conj(w), BLUE_INV)); }
