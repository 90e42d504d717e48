// Destination: the real forward transform X[k], k = 0 .. N, of the n = 2N real values whose
// pairs were transformed into Z (in workgroup memory); see fft_real_lib.wgsl. The
// destination's roots are those of 2N.
${real_lib}
fn dst_store(t: u32, row: Row, j: u32, k: u32) {
    let x = rfft_term(s[slot(t, k % N)], conj(s[slot(t, (N - k) % N)]), dst_root(k));
    dst[at(1u, row.base, j)] = ${DST}(finish(j, k, row, x));
}
