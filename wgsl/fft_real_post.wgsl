// The real forward transform's last pass when its half-length transform Z did not fit one
// workgroup: X[k] = rfft_term(...) * scale for k = 0 .. h, from rows of Z (contiguous, length h)
// into the C-contiguous output whose transform axis has inner elements after it.
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
    let b = i / (h + 1u);
    let k = i - b * (h + 1u);
    let row = b * h;
    let x = rfft_term(C(z[row + k % h]), conj(C(z[row + (h - k) % h])), root(k));
    let inner = p_inner();
    dst[(b / inner) * (h + 1u) * inner + k * inner + b % inner] = ${S}(x * p_scale());
}
