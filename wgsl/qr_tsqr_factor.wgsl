// TSQR, one level: the rows x cols matrix src[offset + b * batch + i * row + j * col] of every
// matrix b of the batch is cut into p_nodes() chunks of consecutive rows (node g: rows
// g * rows / nodes up to (g + 1) * rows / nodes, at least cols of them), and each chunk is
// QR-factored by its own workgroup in workgroup memory, as qr_panel.wgsl does (LAPACK's
// geqr2: beta = -sign(re alpha) * ||(alpha, x)|| real). The kernel writes
//   src (in place)                           the chunk's R above the diagonal, its reflectors' vectors below;
//   taus[b * tau_batch + g * PB + j]         the chunk's scalars;
//   rs[b * r_batch + (g * cols + i) * cols + j]  its R (cols x cols, zeros below): the
//                                            stacked R factors, the next level's matrix.
// The chunk lives in a[i * cols + j]: ${CAP} elements hold at least cols rows of it.
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
var<workgroup> a: array<${T}, ${CAP}>;
var<workgroup> part: array<${T}, WG>;
var<workgroup> part_r: array<R, WG>;
var<workgroup> lane_r: array<R, PB>;
var<workgroup> dots: array<${T}, PB>;
var<private> local_id: u32;

// The sum (or maximum) of x over all invocations, in one fixed order: every invocation gets
// the same value.
fn all_sum(x: R) -> R {
    let lid = local_id;
    part_r[lid] = x;
    workgroupBarrier();
    if (lid < PB) {
        var acc = R(0);
        for (var q = 0u; q < SLICES; q++) { acc += part_r[lid * SLICES + q]; }
        lane_r[lid] = acc;
    }
    workgroupBarrier();
    var total = R(0);
    for (var q = 0u; q < PB; q++) { total += lane_r[q]; }
    workgroupBarrier();
    return total;
}

fn all_max(x: R) -> R {
    let lid = local_id;
    part_r[lid] = x;
    workgroupBarrier();
    if (lid < PB) {
        var acc = R(0);
        for (var q = 0u; q < SLICES; q++) { acc = max(acc, part_r[lid * SLICES + q]); }
        lane_r[lid] = acc;
    }
    workgroupBarrier();
    var total = R(0);
    for (var q = 0u; q < PB; q++) { total = max(total, lane_r[q]); }
    workgroupBarrier();
    return total;
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let nodes = p_nodes();
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * nodes) { return; }
    local_id = lid;
    let b = id / nodes;
    let g = id % nodes;
    let cols = p_cols();
    let r0 = g * p_rows() / nodes;
    let rows = (g + 1u) * p_rows() / nodes - r0;
    let base = p_src_offset() + b * p_src_batch() + r0 * p_src_row();
    for (var q = lid; q < rows * cols; q += WG) { a[q] = src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()]; }
    workgroupBarrier();
    let lane = lid % PB;
    let slice = lid / PB;
    let k = min(rows, cols);
    for (var j = 0u; j < k; j++) {
        // The reflector of column j: ||x|| for x = a[j+1:, j], scaled against overflow.
        var mx = R(0);
        for (var i = j + 1u + lid; i < rows; i += WG) { mx = max(mx, sc_absmax(a[i * cols + j])); }
        let amax = all_max(mx);
        let inv_amax = select(R(1) / amax, R(0), amax == R(0));
        var ssq = R(0);
        for (var i = j + 1u + lid; i < rows; i += WG) { ssq += sc_sq(sc_scale(a[i * cols + j], inv_amax)); }
        let alpha = a[j * cols + j];  // read by all before the barriers in all_sum: invocation 0 overwrites it
        let xnorm = amax * sc_sqrt(all_sum(ssq));
        let ar = sc_re(alpha);
        let ai = sc_im(alpha);
        let big = max(max(abs(ar), abs(ai)), xnorm);
        let inv_big = select(R(1) / big, R(0), big == R(0));
        let norm = big * sc_sqrt(ar * inv_big * ar * inv_big + ai * inv_big * ai * inv_big
                                 + xnorm * inv_big * xnorm * inv_big);
        let identity = xnorm == R(0) && ai == R(0);
        let beta = select(select(norm, -norm, ar >= R(0)), ar, identity);
        let tau = select(sc_make((beta - ar) / beta, -ai / beta), ${T}(), identity);
        let scal = select(sc_recip(sc_make(ar - beta, ai)), sc_real(R(1)), identity);
        for (var i = j + 1u + lid; i < rows; i += WG) { a[i * cols + j] = sc_mul(scal, a[i * cols + j]); }
        if (lid == 0u) {
            a[j * cols + j] = sc_real(beta);
            taus[p_tau_offset() + b * p_tau_batch() + g * PB + j] = tau;
        }
        workgroupBarrier();
        // d_c = v^H a[j:, c] for the columns c right of j, then a[j:, c] -= conj(tau) v d_c.
        var acc = ${T}();
        if (lane > j && lane < cols) {
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(a[i * cols + j], sc_real(R(1)), i == j);
                acc = acc + sc_mul(sc_conj(vi), a[i * cols + lane]);
            }
        }
        part[lid] = acc;
        workgroupBarrier();
        if (lid < PB) {
            var sum = ${T}();
            for (var q = 0u; q < SLICES; q++) { sum = sum + part[q * PB + lid]; }
            dots[lid] = sum;
        }
        workgroupBarrier();
        if (lane > j && lane < cols) {
            let f = sc_mul(sc_conj(tau), dots[lane]);
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(a[i * cols + j], sc_real(R(1)), i == j);
                a[i * cols + lane] = a[i * cols + lane] - sc_mul(vi, f);
            }
        }
        workgroupBarrier();
    }
    for (var q = lid; q < rows * cols; q += WG) { src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()] = a[q]; }
    let rbase = p_r_offset() + b * p_r_batch() + g * cols * cols;
    for (var q = lid; q < cols * cols; q += WG) {
        let i = q / cols;
        rs[rbase + q] = select(${T}(), a[q], i <= q % cols && i < rows);
    }
}
