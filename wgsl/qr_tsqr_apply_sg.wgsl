// TSQR, one level back down, with subgroup operations: what wgsl/qr_tsqr_apply.wgsl computes
// (the same parameters and output; the reflectors' vectors
// from vt, where the factor wrote them by columns). Q_g lives in workgroup memory by columns, q_g[c * RS + i];
// each column goes through all of the chunk's reflectors in its own subgroup (v^H q_c by a
// subgroupAdd, then q_c -= tau v (v^H q_c)): the columns never meet, no barrier between steps.
// A subgroup takes its columns two at a time (c and c + sgs), through the steps together: one
// load of v serves both, their reductions go together (the steps are bound by latency: a
// column at a time, a subgroup's 64 steps took ~1 us each on the H100).
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
    for (var c = sg; c < cols; c += 2u * sgs) {
        // c1's loads clamped where it is missing (its values unused, never written).
        let c1 = c + sgs;
        let both = c1 < cols;
        for (var step = 0u; step < k; step++) {
            let j = k - 1u - step;
            // A lane owns the rows lane, lane + lanes, ... in every step: it reads only what it wrote.
            // Four rows an iteration, their loads issued together (a load of vt waits on global
            // memory: one at a time, the steps were bound by that latency), summed in row order.
            let first = j - j % lanes + lane;
            let vj = vbase + j * rows;
            var acc0 = ${T}();
            var acc1 = ${T}();
            for (var i = first; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let v0 = sc_conj(v_at(vj, i, j));
                let v1 = sc_conj(v_at(vj, i1, j));
                let v2 = sc_conj(v_at(vj, i2, j));
                let v3 = sc_conj(v_at(vj, i3, j));
                let p0 = sc_mul(v0, q_at(c * RS + i));
                let p1 = sc_mul(v1, q_at(c * RS + i1));
                let p2 = sc_mul(v2, q_at(c * RS + i2));
                let p3 = sc_mul(v3, q_at(c * RS + i3));
                let r0 = sc_mul(v0, q_at(c1 * RS + i));
                let r1 = sc_mul(v1, q_at(c1 * RS + i1));
                let r2 = sc_mul(v2, q_at(c1 * RS + i2));
                let r3 = sc_mul(v3, q_at(c1 * RS + i3));
                acc0 = select(acc0, acc0 + p0, i >= j);
                acc1 = select(acc1, acc1 + r0, i >= j);
                acc0 = select(acc0, acc0 + p1, i1 >= j && i1 < rows);
                acc1 = select(acc1, acc1 + r1, i1 >= j && i1 < rows);
                acc0 = select(acc0, acc0 + p2, i2 >= j && i2 < rows);
                acc1 = select(acc1, acc1 + r2, i2 >= j && i2 < rows);
                acc0 = select(acc0, acc0 + p3, i3 >= j && i3 < rows);
                acc1 = select(acc1, acc1 + r3, i3 >= j && i3 < rows);
            }
            let f0 = sc_mul(tau_s[j], subgroupAdd(acc0));
            let f1 = sc_mul(tau_s[j], subgroupAdd(acc1));
            for (var i = first; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let v0 = v_at(vj, i, j);
                let v1 = v_at(vj, i1, j);
                let v2 = v_at(vj, i2, j);
                let v3 = v_at(vj, i3, j);
                let q0 = q_at(c * RS + i) - sc_mul(v0, f0);
                let q1 = q_at(c * RS + i1) - sc_mul(v1, f0);
                let q2 = q_at(c * RS + i2) - sc_mul(v2, f0);
                let q3 = q_at(c * RS + i3) - sc_mul(v3, f0);
                let s0 = q_at(c1 * RS + i) - sc_mul(v0, f1);
                let s1 = q_at(c1 * RS + i1) - sc_mul(v1, f1);
                let s2 = q_at(c1 * RS + i2) - sc_mul(v2, f1);
                let s3 = q_at(c1 * RS + i3) - sc_mul(v3, f1);
                if (i >= j) { a[c * RS + i] = q0; }
                if (i1 >= j && i1 < rows) { a[c * RS + i1] = q1; }
                if (i2 >= j && i2 < rows) { a[c * RS + i2] = q2; }
                if (i3 >= j && i3 < rows) { a[c * RS + i3] = q3; }
                if (both) {
                    if (i >= j) { a[c1 * RS + i] = s0; }
                    if (i1 >= j && i1 < rows) { a[c1 * RS + i1] = s1; }
                    if (i2 >= j && i2 < rows) { a[c1 * RS + i2] = s2; }
                    if (i3 >= j && i3 < rows) { a[c1 * RS + i3] = s3; }
                }
            }
        }
    }
    workgroupBarrier();
    let out_base = b * p_q_batch() + r0 * cols;
    for (var e = lid; e < rows * cols; e += WG) { q[out_base + e] = a[(e % cols) * RS + e / cols]; }
}
