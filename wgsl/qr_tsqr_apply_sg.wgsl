// TSQR, one level back down, with subgroup operations: what wgsl/qr_tsqr_apply.wgsl computes
// (the same parameters and output; the reflectors' vectors
// from vt, where the factor wrote them by columns). Q_g lives in workgroup memory by columns, q_g[c * RS + i];
// each column goes through all of the chunk's reflectors in its own subgroup (v^H q_c by a
// subgroupAdd, then q_c -= tau v (v^H q_c)): the columns never meet, no barrier between steps.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> q: array<${S}>;
@group(0) @binding(2) var<storage, read> vt: array<${S}>;  // the chunks by columns (qr_tsqr_factor_sg.wgsl)
@group(0) @binding(3) var<storage, read> taus: array<${S}>;
@group(0) @binding(4) var<storage, read> qin: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const WG: u32 = ${WG}u;
const RS: u32 = ${RS}u;
var<workgroup> a: array<${T}, ${CAP}>;
var<workgroup> tau_s: array<${T}, PB>;

// a[e], clamped: the unrolled loops read past a chunk's rows (and ignore what they read).
fn q_at(e: u32) -> ${T} { return a[min(e, ${CAP}u - 1u)]; }
// Element i of reflector j's vector (its unit at i = j; rows past the chunk read clamped, unused).
fn v_at(vj: u32, i: u32, j: u32) -> ${T} { return select(vt[min(vj + i, arrayLength(&vt) - 1u)], sc_real(R(1)), i == j); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32, @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) lanes: u32, @builtin(subgroup_id) sg: u32, @builtin(num_subgroups) sgs: u32) {
    let nodes = p_nodes();
    let id = wid.x + wid.y * nwg.x;
    if (id >= p_batch() * nodes) { return; }
    let b = id / nodes;
    let g = id % nodes;
    let cols = p_cols();
    let r0 = g * p_rows() / nodes;
    let rows = (g + 1u) * p_rows() / nodes - r0;
    let vbase = b * p_rows() * cols + r0 * cols;
    let in_base = b * p_qin_batch() + g * cols * cols;
    for (var e = lid; e < rows * cols; e += WG) {
        let i = e / cols;
        var value = ${T}();
        if (i < cols) {
            value = select(qin[in_base + e], select(${T}(), sc_real(R(1)), i == e % cols), p_identity() != 0u);
        }
        a[(e % cols) * RS + i] = value;
    }
    let tau_base = p_tau_offset() + b * p_tau_batch() + g * PB;
    if (lid < PB) { tau_s[lid] = taus[tau_base + lid]; }  // out of the steps' chain of loads
    workgroupBarrier();
    let k = min(rows, cols);
    for (var c = sg; c < cols; c += sgs) {
        for (var step = 0u; step < k; step++) {
            let j = k - 1u - step;
            // A lane owns the rows lane, lane + lanes, ... in every step: it reads only what it wrote.
            // Four rows an iteration, their loads issued together (a load of vt waits on global
            // memory: one at a time, the steps were bound by that latency), summed in row order.
            let first = j - j % lanes + lane;
            let vj = vbase + j * rows;
            var acc = ${T}();
            for (var i = first; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let p0 = sc_mul(sc_conj(v_at(vj, i, j)), q_at(c * RS + i));
                let p1 = sc_mul(sc_conj(v_at(vj, i1, j)), q_at(c * RS + i1));
                let p2 = sc_mul(sc_conj(v_at(vj, i2, j)), q_at(c * RS + i2));
                let p3 = sc_mul(sc_conj(v_at(vj, i3, j)), q_at(c * RS + i3));
                acc = select(acc, acc + p0, i >= j);
                acc = select(acc, acc + p1, i1 >= j && i1 < rows);
                acc = select(acc, acc + p2, i2 >= j && i2 < rows);
                acc = select(acc, acc + p3, i3 >= j && i3 < rows);
            }
            let f = sc_mul(tau_s[j], subgroupAdd(acc));
            for (var i = first; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let q0 = q_at(c * RS + i) - sc_mul(v_at(vj, i, j), f);
                let q1 = q_at(c * RS + i1) - sc_mul(v_at(vj, i1, j), f);
                let q2 = q_at(c * RS + i2) - sc_mul(v_at(vj, i2, j), f);
                let q3 = q_at(c * RS + i3) - sc_mul(v_at(vj, i3, j), f);
                if (i >= j) { a[c * RS + i] = q0; }
                if (i1 >= j && i1 < rows) { a[c * RS + i1] = q1; }
                if (i2 >= j && i2 < rows) { a[c * RS + i2] = q2; }
                if (i3 >= j && i3 < rows) { a[c * RS + i3] = q3; }
            }
        }
    }
    workgroupBarrier();
    let out_base = b * p_q_batch() + r0 * cols;
    for (var e = lid; e < rows * cols; e += WG) { q[out_base + e] = a[(e % cols) * RS + e / cols]; }
}
