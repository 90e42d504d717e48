// Bluestein's convolution kernel of length m for a transform of length n: b[l] = conj(c[l])
// for l < n, b[m - l] = conj(c[l]) for 0 < l < n, 0 elsewhere; c[l] = exp(-i pi l^2 / n), with
// l^2 reduced mod 2n exactly before the angle.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> b: array<vec2<f64>>;
${root}
${library}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_n();
    let m = p_m();
    if (i >= m) { return; }
    let l = select(m - i, i, i < n);
    if (i >= n && i <= m - n) { b[i] = vec2<f64>(); return; }
    let w = fft_root(u32((u64(l) * u64(l)) % u64(2u * n)), 2u * n);
    b[i] = vec2<f64>(w.x, -w.y);
}
