// TSQR, one level back down, with subgroup operations: what wgsl/qr_tsqr_apply.wgsl computes
// (the same parameters and output; the reflectors' vectors
// from vt, where the factor wrote them by columns). Q_g lives in workgroup memory by columns, q_g[c * RS + i];
// each column goes through all of the chunk's reflectors in its own subgroup (v^H q_c by a
// subgroupAdd, then q_c -= tau v (v^H q_c)): the columns never meet, no barrier between steps.
// A subgroup takes its columns two at a time (c and c + sgs) and the reflectors two at a time
// (the steps are bound by latency: a column and a reflector at a time, a subgroup's 64 steps
// took ~1 us each on the H100).
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
// Element i of reflector j's vector: 0 above its unit at i = j, and for rows past the chunk
// (read clamped) and a missing reflector (not there).
fn v_of(vj: u32, i: u32, j: u32, there: bool, rows: u32) -> ${T} {
    let v = select(vt[min(vj + i, arrayLength(&vt) - 1u)], sc_real(R(1)), i == j);
    return select(${T}(), v, there && i >= j && i < rows);
}

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
        // Two reflectors a step: H_j then H_h (h = j - 1; none where the step has one left, tau 0):
        // one pass takes d = v_j^H q, e = v_h^H q and w = v_h^H v_j, their reductions go together;
        // then q -= v_j f + v_h g with f = tau_j d, g = tau_h (e - w f) = tau_h v_h^H (q - v_j f).
        for (var step = 0u; step < k; step += 2u) {
            let j = k - 1u - step;
            let two = j > 0u;
            let h = select(j, j - 1u, two);
            // A lane owns the rows lane, lane + lanes, ... in every step: it reads only what it wrote.
            // Four rows an iteration, their loads issued together (a load of vt waits on global
            // memory: one at a time, the steps were bound by that latency), summed in row order;
            // rows past the chunk's are zero in the sums (workgroup memory there holds anything).
            // Every lane runs the same iterations (the rows a lane takes: i = i0 + lane), so the
            // subgroup is whole again at each subgroupAdd without relying on reconvergence after
            // lane-divergent loop exits (Vulkan gives no such guarantee without maximal reconvergence).
            let start = h - h % lanes;
            let vj = vbase + j * rows;
            let vh = vbase + h * rows;
            var d0 = ${T}();
            var d1 = ${T}();
            var e0 = ${T}();
            var e1 = ${T}();
            var w = ${T}();
            for (var i0 = start; i0 < rows; i0 += 4u * lanes) {
                let i = i0 + lane;
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let a0 = sc_conj(v_of(vj, i, j, true, rows));
                let a1 = sc_conj(v_of(vj, i1, j, true, rows));
                let a2 = sc_conj(v_of(vj, i2, j, true, rows));
                let a3 = sc_conj(v_of(vj, i3, j, true, rows));
                let b0 = v_of(vh, i, h, two, rows);
                let b1 = v_of(vh, i1, h, two, rows);
                let b2 = v_of(vh, i2, h, two, rows);
                let b3 = v_of(vh, i3, h, two, rows);
                let x0 = select(${T}(), q_at(c * RS + i), i < rows);
                let x1 = select(${T}(), q_at(c * RS + i1), i1 < rows);
                let x2 = select(${T}(), q_at(c * RS + i2), i2 < rows);
                let x3 = select(${T}(), q_at(c * RS + i3), i3 < rows);
                let y0 = select(${T}(), q_at(c1 * RS + i), i < rows);
                let y1 = select(${T}(), q_at(c1 * RS + i1), i1 < rows);
                let y2 = select(${T}(), q_at(c1 * RS + i2), i2 < rows);
                let y3 = select(${T}(), q_at(c1 * RS + i3), i3 < rows);
                d0 = d0 + sc_mul(a0, x0) + sc_mul(a1, x1) + sc_mul(a2, x2) + sc_mul(a3, x3);
                d1 = d1 + sc_mul(a0, y0) + sc_mul(a1, y1) + sc_mul(a2, y2) + sc_mul(a3, y3);
                e0 = e0 + sc_mul(sc_conj(b0), x0) + sc_mul(sc_conj(b1), x1) + sc_mul(sc_conj(b2), x2) + sc_mul(sc_conj(b3), x3);
                e1 = e1 + sc_mul(sc_conj(b0), y0) + sc_mul(sc_conj(b1), y1) + sc_mul(sc_conj(b2), y2) + sc_mul(sc_conj(b3), y3);
                w = w + sc_mul(sc_conj(b0), sc_conj(a0)) + sc_mul(sc_conj(b1), sc_conj(a1))
                      + sc_mul(sc_conj(b2), sc_conj(a2)) + sc_mul(sc_conj(b3), sc_conj(a3));
            }
            let tau_j = tau_s[j];
            let tau_h = select(${T}(), tau_s[h], two);
            let wv = subgroupAdd(w);
            let f0 = sc_mul(tau_j, subgroupAdd(d0));
            let f1 = sc_mul(tau_j, subgroupAdd(d1));
            let g0 = sc_mul(tau_h, subgroupAdd(e0) - sc_mul(wv, f0));
            let g1 = sc_mul(tau_h, subgroupAdd(e1) - sc_mul(wv, f1));
            for (var i0 = start; i0 < rows; i0 += 4u * lanes) {
                let i = i0 + lane;
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let a0 = v_of(vj, i, j, true, rows);
                let a1 = v_of(vj, i1, j, true, rows);
                let a2 = v_of(vj, i2, j, true, rows);
                let a3 = v_of(vj, i3, j, true, rows);
                let b0 = v_of(vh, i, h, two, rows);
                let b1 = v_of(vh, i1, h, two, rows);
                let b2 = v_of(vh, i2, h, two, rows);
                let b3 = v_of(vh, i3, h, two, rows);
                let x0 = q_at(c * RS + i) - (sc_mul(a0, f0) + sc_mul(b0, g0));
                let x1 = q_at(c * RS + i1) - (sc_mul(a1, f0) + sc_mul(b1, g0));
                let x2 = q_at(c * RS + i2) - (sc_mul(a2, f0) + sc_mul(b2, g0));
                let x3 = q_at(c * RS + i3) - (sc_mul(a3, f0) + sc_mul(b3, g0));
                let y0 = q_at(c1 * RS + i) - (sc_mul(a0, f1) + sc_mul(b0, g1));
                let y1 = q_at(c1 * RS + i1) - (sc_mul(a1, f1) + sc_mul(b1, g1));
                let y2 = q_at(c1 * RS + i2) - (sc_mul(a2, f1) + sc_mul(b2, g1));
                let y3 = q_at(c1 * RS + i3) - (sc_mul(a3, f1) + sc_mul(b3, g1));
                if (i >= h && i < rows) { a[c * RS + i] = x0; }
                if (i1 >= h && i1 < rows) { a[c * RS + i1] = x1; }
                if (i2 >= h && i2 < rows) { a[c * RS + i2] = x2; }
                if (i3 >= h && i3 < rows) { a[c * RS + i3] = x3; }
                if (both) {
                    if (i >= h && i < rows) { a[c1 * RS + i] = y0; }
                    if (i1 >= h && i1 < rows) { a[c1 * RS + i1] = y1; }
                    if (i2 >= h && i2 < rows) { a[c1 * RS + i2] = y2; }
                    if (i3 >= h && i3 < rows) { a[c1 * RS + i3] = y3; }
                }
            }
        }
    }
    workgroupBarrier();
    let out_base = b * p_q_batch() + r0 * cols;
    for (var e = lid; e < rows * cols; e += WG) { q[out_base + e] = a[(e % cols) * RS + e / cols]; }
}
