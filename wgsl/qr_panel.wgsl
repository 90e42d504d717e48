// Householder QR of one panel per workgroup (LAPACK's geqr2 + larft): the rows x cols panel
// h[offset + b * batch + i * row + j * col] (cols <= ${PB}) is overwritten by R above the
// diagonal and the reflectors' vectors v below it (v[j] = 1 is implicit), as LAPACK stores
// them. Reflector j is H_j = I - tau_j v_j v_j^H, with beta = -sign(re alpha) * ||(alpha, x)||
// real (LAPACK's larfg), and the panel is Q^H A with Q = H_0 H_1 ... The kernel also writes
//   tau[tau_offset + b * tau_batch + j]     the reflectors' scalars,
//   v[v_offset + b * v_batch + i * v_row + j] the vectors explicitly (zeros above, 1 on the diagonal),
//   t[t_offset + b * t_batch + i * t_row + j] the triangular T of the compact WY form
//                                          H_0 ... H_{k-1} = I - V T V^H (larft, forward).
// Invocations are ${PB} column lanes x ${SLICES} row slices: dot products with every column of
// the panel are one pass over the rows, the lanes of a row reading consecutive columns.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> h: array<${S}>;
@group(0) @binding(2) var<storage, read_write> v: array<${S}>;
@group(0) @binding(3) var<storage, read_write> taus: array<${S}>;
@group(0) @binding(4) var<storage, read_write> t: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const SLICES: u32 = ${SLICES}u;
const WG: u32 = ${WG}u;
var<workgroup> part: array<${T}, WG>;
var<workgroup> part_r: array<R, WG>;
var<workgroup> lane_r: array<R, PB>;
var<workgroup> dots: array<${T}, PB>;
var<workgroup> tm: array<${T}, ${PB2}>;

// The sum (or maximum) of part_r over all invocations, in one fixed order: every invocation
// gets the same value.
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

var<private> local_id: u32;
var<private> base: u32;

fn at(i: u32, j: u32) -> u32 { return base + i * p_h_row() + j * p_h_col(); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    local_id = lid;
    base = p_h_offset() + b * p_h_batch();
    let rows = p_rows();
    let cols = p_cols();
    let k = min(rows, cols);
    let lane = lid % PB;
    let slice = lid / PB;
    for (var q = lid; q < PB * PB; q += WG) { tm[q] = ${T}(); }
    for (var j = 0u; j < k; j++) {
        // The reflector of column j: ||x|| for x = h[j+1:, j], of x scaled by 2^-e near 1 / max |x|
        // (exactly; opaque, see wgsl/householder.wgsl) against over- and underflow.
        var mx = R(0);
        for (var i = j + 1u + lid; i < rows; i += WG) { mx = max(mx, sc_absmax(h[at(i, j)])); }
        let e = sc_scale_exponent(all_max(mx));
        let down = sc_pow2(-e);
        var ssq = R(0);
        for (var i = j + 1u + lid; i < rows; i += WG) { ssq += sc_sq(sc_opaque_t(sc_scale(h[at(i, j)], down))); }
        let alpha = h[at(j, j)];  // read by all before the barrier in all_sum: lane 0 overwrites it
        let xnorm = sc_sqrt(all_sum(ssq)) * sc_pow2(e);
        let reflector = householder(alpha, xnorm);  // wgsl/householder.wgsl
        let beta = reflector.beta;
        let tau = reflector.tau;
        let scal = reflector.scal;
        for (var i = j + 1u + lid; i < rows; i += WG) { h[at(i, j)] = sc_mul(scal, h[at(i, j)]); }
        if (lid == 0u) {
            h[at(j, j)] = sc_real(beta);
            taus[p_tau_offset() + b * p_tau_batch() + j] = tau;
        }
        workgroupBarrier();
        // d_c = v^H h[j:, c] for every other column c of the panel.
        var acc = ${T}();
        if (lane < cols && lane != j) {
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(h[at(i, j)], sc_real(R(1)), i == j);
                acc = acc + sc_mul(sc_conj(vi), h[at(i, lane)]);
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
        // Apply H_j^H = I - conj(tau) v v^H to the columns right of j.
        if (lane > j && lane < cols) {
            let f = sc_mul(sc_conj(tau), dots[lane]);
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(h[at(i, j)], sc_real(R(1)), i == j);
                h[at(i, lane)] = h[at(i, lane)] - sc_mul(vi, f);
            }
        }
        // Column j of T: T[:j, j] = -tau T[:j, :j] z with z_c = v_c^H v_j = conj(d_c).
        if (lid < j) {
            var z = ${T}();
            for (var q = lid; q < j; q++) { z = z + sc_mul(tm[lid * PB + q], sc_conj(dots[q])); }
            tm[lid * PB + j] = -sc_mul(tau, z);
        }
        if (lid == j) { tm[j * PB + j] = tau; }
        workgroupBarrier();
    }
    let vbase = p_v_offset() + b * p_v_batch();
    for (var q = lid; q < rows * k; q += WG) {
        let i = q / k;
        let c = q % k;
        var value = select(${T}(), sc_real(R(1)), i == c);
        if (i > c) { value = h[at(i, c)]; }
        v[vbase + i * p_v_row() + c] = value;
    }
    let tbase = p_t_offset() + b * p_t_batch();
    for (var q = lid; q < k * k; q += WG) { t[tbase + (q / k) * p_t_row() + q % k] = tm[(q / k) * PB + q % k]; }
}
