// The real forward transform's last pass when its half-length transform Z did not fit one
// workgroup: X[k] = rfft_term(...) * scale for k = 0 .. h, from rows of Z (term k of row b at
// b * z_b + k * z_k) into the C-contiguous output whose transform axis has inner elements after
// it. Each invocation makes the pair of terms k and h - k (k <= h / 2; k = 0 makes terms 0 and h)
// from Z[k] and Z[h - k], so that Z is read once (H100, n = 2^24: reading it for each term moved
// 320 MB, not 192). Consecutive invocations write consecutive elements (ascending k, descending
// h - k) and read Z's adjacent terms (inner = 1) or adjacent rows (inner > 1, Z j-major).
${prelude}
${params}
alias F = f64;
alias C = vec2<F>;
@group(0) @binding(1) var<storage, read_write> dst: array<${S}>;
@group(0) @binding(2) var<storage, read> z: array<${Z}>;  // complex128
@group(0) @binding(3) var<storage, read> roots: array<C>;  // of 2h, two levels (fft_roots.wgsl)
${library}
fn cmul(a: C, b: C) -> C { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn conj(a: C) -> C { return C(a.x, -a.y); }
${roots}
${real_lib}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${WG}u);
    let h = p_h();
    if (i >= p_items()) { return; }
    // Item i is pair k of row b, the rows' inner index fastest.
    let inner = p_inner();
    let pairs = h / 2u + 1u;
    let b = (i / (inner * pairs)) * inner + i % inner;
    let k = (i / inner) % pairs;
    let a = C(z[b * p_z_b() + k * p_z_k()]);
    let c = C(z[b * p_z_b() + ((h - k) % h) * p_z_k()]);
    let row = (b / inner) * (h + 1u) * inner + b % inner;  // where term 0 of row b goes
    dst[row + k * inner] = ${S}(rfft_term_at(a, conj(c), root(k), k, h) * p_scale());
    dst[row + (h - k) * inner] = ${S}(rfft_term_at(c, conj(a), root(h - k), h - k, h) * p_scale());
}
