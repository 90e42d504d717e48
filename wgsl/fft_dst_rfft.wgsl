// Destination: the real forward transform X[k], k = 0 .. N, of the n = 2N real values whose
// pairs were transformed into Z; see fft_real_lib.wgsl. A term takes two positions of Z, so the
// last pass leaves the tile in workgroup memory and store_tile writes the terms, walking the
// tile in memory order (RUN adjacent transforms at one position, then the next position; RUN = 1:
// transform by transform). The destination's roots are those of 2N.
${complex}
${real_lib}
fn store_tile() {
    for (var i = 0u; i < (T * (N + 1u) + WG - 1u) / WG; i++) {
        let e = lane + i * WG;
        let t = (e / (STORE_RUN * (N + 1u))) * STORE_RUN + e % STORE_RUN;
        let k = (e / STORE_RUN) % (N + 1u);
        if (e < T * (N + 1u) && t < count) {
            let at_b = locate(first + t);
            let row = dst_row(at_b.x, at_b.y);
            let j = k * DST_SPLIT + row.digit;
            let x = rfft_term_at(s[slot(t, k % N)], conj(s[slot(t, (N - k) % N)]), dst_root(k), k, N);
            if (j < p_length(1u)) { dst_write(row, j, k, x); }
        }
    }
}
