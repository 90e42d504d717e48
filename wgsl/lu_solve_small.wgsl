// A X = B for small matrices, one per workgroup, everything in workgroup memory (gesv in one
// dispatch). [A | B] is factored with partial pivoting over A's columns: the row swaps and
// rank-1 updates reach B's columns too, which is the forward substitution with L. Then back
// substitution with U, a row at a time from the bottom. B is read from b through its view, or
// is the identity (inv). info[g]: 1 + the first column with an exactly zero pivot, or 0.
// Parameters: lu_kernels.py's SOLVE_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
@group(0) @binding(2) var<storage, read_write> info: array<i32>;
@group(0) @binding(3) var<storage, read> a: array<${T}>;
${b_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

var<workgroup> m: array<${T}, ${cells}>;
${scalar}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    if (g >= p_batch()) { return; }
    let n = ${n}u;
    let k = ${k}u;
    let ld = n + k;
    let mbase = 0u;
    let c0 = 0u;
    let c1 = n;
    let s0 = 0u;
    let s1 = ld;
    let u1 = ld;
    let a_base = p_a_offset() + g * p_a_batch_stride();
    for (var i = lid; i < n * n; i += ${wg}u) {
        let r = i / n;
        let c = i % n;
        m[r * ld + c] = a[a_base + r * p_a_row_stride() + c * p_a_col_stride()];
    }
    for (var i = lid; i < n * k; i += ${wg}u) {
        let r = i / k;
        let c = i % k;
        m[r * ld + n + c] = ${load_b};
    }
    workgroupBarrier();
${steps}
    for (var step = 0u; step < n; step++) {
        let i = n - 1u - step;
        for (var c = lid; c < k; c += ${wg}u) {
            m[i * ld + n + c] = divide(m[i * ld + n + c], m[i * ld + i]);
        }
        workgroupBarrier();
        for (var t = lid; t < i * k; t += ${wg}u) {
            let r = t / k;
            let c = n + t % k;
            m[r * ld + c] = m[r * ld + c] - multiply(m[r * ld + i], m[i * ld + c]);
        }
        workgroupBarrier();
    }
    for (var i = lid; i < n * k; i += ${wg}u) {
        x[g * n * k + i] = m[(i / k) * ld + n + i % k];
    }
    if (lid == 0u) { info[g] = first_zero; }
}
