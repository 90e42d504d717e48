// Destination: the real forward transform X[k], k = 0 .. N, of the n = 2N real values whose
// pairs were transformed into Z (in workgroup memory); see fft_real_lib.wgsl.
${real_lib}
fn dst_store(t: u32, base: i32, j: u32, k: u32) {
    let x = rfft_term(s[t * N + k % N], conj(s[t * N + (N - k) % N]), root(k, 2u * N));
    dst[at(1u, base, j)] = ${DST}(finish(j, x));
}
