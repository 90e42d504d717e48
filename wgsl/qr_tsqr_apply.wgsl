// TSQR, one level back down: the explicit Q of each chunk that qr_tsqr_factor.wgsl factored,
// Q_g = H_0 ... H_{k-1} [Qin_g; 0] (rows x cols), where Qin_g is rows g * cols .. of the level
// above's explicit Q, qin[b * qin_batch + i * cols + j] (the identity at the top: p_identity()),
// and the reflectors are the chunk's vectors in src (below the diagonal, 1 on it) and its
// scalars taus[b * tau_batch + g * PB + j]. Q goes to q[b * q_batch + i * cols + j] (rows of
// the whole level, contiguous); one workgroup per chunk, Q_g in workgroup memory.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> q: array<${S}>;
@group(0) @binding(2) var<storage, read> src: array<${S}>;
@group(0) @binding(3) var<storage, read> taus: array<${S}>;
@group(0) @binding(4) var<storage, read> qin: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const SLICES: u32 = ${SLICES}u;
const WG: u32 = ${WG}u;
var<workgroup> a: array<${T}, ${CAP}>;
var<workgroup> part: array<${T}, WG>;
var<workgroup> dots: array<${T}, PB>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let nodes = p_nodes();
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * nodes) { return; }
    let b = id / nodes;
    let g = id % nodes;
    let cols = p_cols();
    let r0 = g * p_rows() / nodes;
    let rows = (g + 1u) * p_rows() / nodes - r0;
    let base = p_src_offset() + b * p_src_batch() + r0 * p_src_row();
    let in_base = b * p_qin_batch() + g * cols * cols;
    for (var e = lid; e < rows * cols; e += WG) {
        let i = e / cols;
        var value = ${T}();
        if (i < cols) {
            value = select(qin[in_base + e], select(${T}(), sc_real(R(1)), i == e % cols), p_identity() != 0u);
        }
        a[e] = value;
    }
    workgroupBarrier();
    let lane = lid % PB;
    let slice = lid / PB;
    let k = min(rows, cols);
    for (var step = 0u; step < k; step++) {
        let j = k - 1u - step;
        // a := (I - tau v v^H) a: d_c = v^H a[j:, c], then a[j:, c] -= tau v d_c.
        var acc = ${T}();
        if (lane < cols) {
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(src[base + i * p_src_row() + j * p_src_col()], sc_real(R(1)), i == j);
                acc = acc + sc_mul(sc_conj(vi), a[i * cols + lane]);
            }
        }
        part[lid] = acc;
        workgroupBarrier();
        if (lid < PB) {
            var sum = ${T}();
            for (var s = 0u; s < SLICES; s++) { sum = sum + part[s * PB + lid]; }
            dots[lid] = sum;
        }
        workgroupBarrier();
        if (lane < cols) {
            let f = sc_mul(taus[p_tau_offset() + b * p_tau_batch() + g * PB + j], dots[lane]);
            for (var i = j + slice; i < rows; i += SLICES) {
                let vi = select(src[base + i * p_src_row() + j * p_src_col()], sc_real(R(1)), i == j);
                a[i * cols + lane] = a[i * cols + lane] - sc_mul(vi, f);
            }
        }
        workgroupBarrier();
    }
    let out_base = b * p_q_batch() + r0 * cols;
    for (var e = lid; e < rows * cols; e += WG) { q[out_base + e] = a[e]; }
}
