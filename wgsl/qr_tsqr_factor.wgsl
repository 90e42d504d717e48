// TSQR, one level: the rows x cols matrix src[offset + b * batch + i * row + j * col] of every
// matrix b of the batch is cut into p_nodes() chunks of consecutive rows (node g: rows
// g * rows / nodes up to (g + 1) * rows / nodes, at least cols of them), and each chunk is
// QR-factored by its own workgroup in workgroup memory, as qr_panel.wgsl does (LAPACK's
// geqr2: beta = -sign(re alpha) * ||(alpha, x)|| real). The kernel writes
//   src (in place)                           the chunk's R above the diagonal, its reflectors' vectors below;
//   taus[b * tau_batch + g * PB + j]         the chunk's scalars;
//   rs[b * r_batch + (g * cols + i) * cols + j]  its R (cols x cols, zeros below): the
//                                            stacked R factors, the next level's matrix.
// The chunk lives in a[i * cols + j]: ${CAP} elements hold at least cols rows of it. Each column
// takes one reduction: s_c = x^H a[j+1:, c] for x = a[j+1:, j] and every c >= j gives ||x||^2
// (c = j) and v^H a[j:, c] = conj(1 / (alpha - beta)) s_c + a[j, c] (v = x / (alpha - beta)):
// three barriers a column. Where ||x||^2 leaves [SAFE_LOW, 1 / SAFE_LOW] (it would over- or
// underflow), the column's sums are taken again with x scaled by 2^-e near 1 / max|x|, as
// LAPACK's nrm2 (exactly; the scaled values opaque: see wgsl/householder.wgsl).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> src: array<${S}>;
@group(0) @binding(2) var<storage, read_write> taus: array<${S}>;
@group(0) @binding(3) var<storage, read_write> rs: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const SLICES: u32 = ${SLICES}u;
const WG: u32 = ${WG}u;
const SAFE_LOW: R = ${SAFE_LOW};
var<workgroup> a: array<${T}, ${CAP}>;
var<workgroup> part: array<${T}, WG>;
var<workgroup> part_r: array<R, WG>;
var<workgroup> dots: array<${T}, PB>;
var<workgroup> top: array<${T}, PB>;  // row j, read by every slice before slice 0 updates it
var<workgroup> x_max: R;
var<private> lid: u32;
var<private> rows: u32;
var<private> cols: u32;

// dots[c] = (scale x)^H a[j+1:, c] for the columns c > j, dots[j] = ||scale x||^2, and
// x_max = max |x| (by parts); top = a[j, :].
fn column_sums(j: u32, scale: R) {
    let lane = lid % PB;
    var acc = ${T}();
    var mx = R(0);
    if (lane >= j && lane < cols) {
        for (var i = j + 1u + lid / PB; i < rows; i += SLICES) {
            let x = a[i * cols + j];
            mx = max(mx, sc_absmax(x));
            let y = a[i * cols + lane];
            let xs = sc_opaque_t(sc_scale(x, scale));
            acc = acc + sc_mul(sc_conj(xs), select(y, xs, lane == j));
        }
    }
    part[lid] = acc;
    part_r[lid] = mx;
    workgroupBarrier();
    if (lid < PB) {
        var sum = ${T}();
        for (var q = 0u; q < SLICES; q++) { sum = sum + part[q * PB + lid]; }
        dots[lid] = sum;
        top[lid] = a[j * cols + lid];
    }
    if (lid == j) {
        var m = R(0);
        for (var q = 0u; q < SLICES; q++) { m = max(m, part_r[q * PB + lid]); }
        x_max = m;
    }
    workgroupBarrier();
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) local_index: u32) {
    let nodes = p_nodes();
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * nodes) { return; }
    lid = local_index;
    let b = id / nodes;
    let g = id % nodes;
    cols = p_cols();
    let r0 = g * p_rows() / nodes;
    rows = (g + 1u) * p_rows() / nodes - r0;
    let base = p_src_offset() + b * p_src_batch() + r0 * p_src_row();
    for (var q = lid; q < rows * cols; q += WG) { a[q] = src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()]; }
    workgroupBarrier();
    let lane = lid % PB;
    let slice = lid / PB;
    let k = min(rows, cols);
    // Column j - 1's vector is scaled and its beta stored during step j (nobody reads it then).
    var last_beta = R(0);
    var last_scal = sc_real(R(1));
    for (var j = 0u; j < k; j++) {
        if (j > 0u && lane == j - 1u) {
            for (var i = j + slice; i < rows; i += SLICES) { a[i * cols + j - 1u] = sc_mul(last_scal, a[i * cols + j - 1u]); }
            if (slice == 0u) { a[(j - 1u) * cols + j - 1u] = sc_real(last_beta); }
        }
        column_sums(j, R(1));
        var x_scale = R(1);
        let plain = workgroupUniformLoad(&dots[j]);
        let big_x = workgroupUniformLoad(&x_max);
        if (!(sc_re(plain) >= SAFE_LOW && sc_re(plain) <= R(1) / SAFE_LOW) && big_x > R(0)) {
            let e = sc_scale_exponent(big_x);
            x_scale = sc_pow2(e);
            workgroupBarrier();
            column_sums(j, sc_pow2(-e));
        }
        let xnorm = x_scale * sc_sqrt(max(sc_re(dots[j]), R(0)));
        let alpha = a[j * cols + j];
        let reflector = householder(alpha, xnorm);  // wgsl/householder.wgsl
        let beta = reflector.beta;
        let tau = reflector.tau;
        let scal = reflector.scal;
        if (lid == 0u) { taus[p_tau_offset() + b * p_tau_batch() + g * PB + j] = tau; }
        // a[j:, c] -= conj(tau) v d_c with d_c = v^H a[j:, c], v = (1, scal x).
        if (lane > j && lane < cols) {
            let d = sc_mul(sc_conj(sc_opaque_t(sc_scale(scal, x_scale))), dots[lane]) + top[lane];
            let f = sc_mul(sc_conj(tau), d);
            let fx = sc_mul(scal, f);
            if (slice == 0u) { a[j * cols + lane] = a[j * cols + lane] - f; }
            for (var i = j + 1u + slice; i < rows; i += SLICES) {
                a[i * cols + lane] = a[i * cols + lane] - sc_mul(a[i * cols + j], fx);
            }
        }
        last_beta = beta;
        last_scal = scal;
        workgroupBarrier();
    }
    if (k > 0u && lane == k - 1u) {
        for (var i = k + slice; i < rows; i += SLICES) { a[i * cols + k - 1u] = sc_mul(last_scal, a[i * cols + k - 1u]); }
        if (slice == 0u) { a[(k - 1u) * cols + k - 1u] = sc_real(last_beta); }
    }
    workgroupBarrier();
    for (var q = lid; q < rows * cols; q += WG) { src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()] = a[q]; }
    let rbase = p_r_offset() + b * p_r_batch() + g * cols * cols;
    for (var q = lid; q < cols * cols; q += WG) {
        let i = q / cols;
        rs[rbase + q] = select(${T}(), a[q], i <= q % cols && i < rows);
    }
}
