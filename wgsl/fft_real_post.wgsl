// The real forward transform's last pass when its half-length transform Z did not fit one
// workgroup: X[k] = rfft_term(...) * scale for k = 0 .. h, from rows of Z (term k of row b at
// b * z_b + k * z_k) into the C-contiguous output whose transform axis has inner elements after
// it: consecutive invocations write consecutive elements and read Z's adjacent terms (inner = 1)
// or adjacent rows (inner > 1, Z j-major).
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
    // Item i is output element i (C-contiguous): term k of row b, the rows' inner index fastest.
    let inner = p_inner();
    let b = (i / (inner * (h + 1u))) * inner + i % inner;
    let k = (i / inner) % (h + 1u);
    let a = z[b * p_z_b() + (k % h) * p_z_k()];
    let c = z[b * p_z_b() + ((h - k) % h) * p_z_k()];
    dst[i] = ${S}(rfft_term(C(a), conj(C(c)), root(k)) * p_scale());
}
