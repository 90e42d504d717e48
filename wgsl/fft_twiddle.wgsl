// A table of roots of unity w^m = exp(-2 pi i m / M), M = p_n(), each computed in float64 from
// its exact integer angle (fft_root) and rounded once:
//   p_kind() == 0: entry i < 2^bits holds w^i, entry 2^bits + h holds w^(h 2^bits): the
//     two-level table of fft_roots.wgsl (with 2^bits >= M, the plain table w^i, i < M);
//   p_kind() == 1: entry i holds w^(i^2 mod M) (Bluestein's chirp exp(-i pi i^2 / n), M = 2n);
//   p_kind() == 2: a global pass's two tables (fft_tables.pass_table): entry k L + j1 holds
//     w^(k j1), entry R L + k H + j2 holds w^(k L j2) (L = p_low(), H = p_high(), R = entries / (L + H)).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> table: array<vec2<f64>>;
${root}
${library}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${WG}u);
    if (i >= p_entries()) { return; }
    let fine = 1u << p_bits();
    var m = select((i - fine) << p_bits(), i, i < fine);
    if (p_kind() == 1u) { m = u32((u64(i) * u64(i)) % u64(p_n())); }
    if (p_kind() == 2u) {  // k j1 < R L and k L j2 < R L H: below M = ns R (< 2^32)
        let a = p_entries() / (p_low() + p_high()) * p_low();
        m = select(((i - a) / p_high()) * p_low() * ((i - a) % p_high()), (i / p_low()) * (i % p_low()), i < a);
    }
    table[i] = fft_root(m % p_n(), p_n());
}
