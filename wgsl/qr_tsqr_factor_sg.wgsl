// TSQR, one level, with subgroup operations: what wgsl/qr_tsqr_factor.wgsl computes (the same
// parameters, outputs and reflectors), each column's reductions inside one subgroup.
// The chunk lives in workgroup memory by columns, a[c * RS + i] (RS odd: a subgroup's lanes
// walk a column's rows in distinct banks). For column j every subgroup takes ||x||^2 and
// max |x| of x = a[j+1:, j] itself (the same sums in every subgroup, so the same reflector),
// then the columns c > j are shared out, one subgroup each: s_c = x^H a[j+1:, c] by a
// subgroupAdd and the column's update. One barrier a column: the next column's values.
// Column j's vector is scaled and its beta stored during step j + 1 (nobody reads it then),
// by the last subgroup, which has the fewest columns. The chunk goes out twice: by rows in
// place, and by columns to vt for wgsl/qr_tsqr_apply_sg.wgsl.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> src: array<${S}>;
@group(0) @binding(2) var<storage, read_write> taus: array<${S}>;
@group(0) @binding(3) var<storage, read_write> rs: array<${S}>;
@group(0) @binding(4) var<storage, read_write> vt: array<${S}>;  // the chunk again, by columns, for the apply
${scalar}
${library}

const PB: u32 = ${PB}u;
const WG: u32 = ${WG}u;
const RS: u32 = ${RS}u;
const SAFE_LOW: R = ${SAFE_LOW};
var<workgroup> a: array<${T}, ${CAP}>;

// a[e], clamped: the loops of four rows an iteration read past a column's rows (and ignore what they read).
fn at(e: u32) -> ${T} { return a[min(e, ${CAP}u - 1u)]; }

// v = scal x below the diagonal of column j, beta on it.
fn store_vector(j: u32, rows: u32, beta: R, scal: ${T}, lane: u32, lanes: u32) {
    for (var i = j + 1u + lane; i < rows; i += 4u * lanes) {
        let i1 = i + lanes;
        let i2 = i1 + lanes;
        let i3 = i2 + lanes;
        let x0 = at(j * RS + i);
        let x1 = at(j * RS + i1);
        let x2 = at(j * RS + i2);
        let x3 = at(j * RS + i3);
        a[j * RS + i] = sc_mul(scal, x0);
        if (i1 < rows) { a[j * RS + i1] = sc_mul(scal, x1); }
        if (i2 < rows) { a[j * RS + i2] = sc_mul(scal, x2); }
        if (i3 < rows) { a[j * RS + i3] = sc_mul(scal, x3); }
    }
    if (lane == 0u) { a[j * RS + j] = sc_real(beta); }
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
    let base = p_src_offset() + b * p_src_batch() + r0 * p_src_row();
    for (var q = lid; q < rows * cols; q += WG) {
        a[(q % cols) * RS + q / cols] = src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()];
    }
    workgroupBarrier();
    let k = min(rows, cols);
    var last_beta = R(0);
    var last_scal = sc_real(R(1));
    for (var j = 0u; j < k; j++) {
        if (j > 0u && sg == sgs - 1u) { store_vector(j - 1u, rows, last_beta, last_scal, lane, lanes); }
        var ss = R(0);
        var mx = R(0);
        // Four rows an iteration (their loads issued together), summed in row order.
        for (var i = j + 1u + lane; i < rows; i += 4u * lanes) {
            let i1 = i + lanes;
            let i2 = i1 + lanes;
            let i3 = i2 + lanes;
            let x0 = at(j * RS + i);
            let x1 = at(j * RS + i1);
            let x2 = at(j * RS + i2);
            let x3 = at(j * RS + i3);
            ss = ss + sc_sq(x0);
            mx = max(mx, sc_absmax(x0));
            ss = select(ss, ss + sc_sq(x1), i1 < rows);
            mx = select(mx, max(mx, sc_absmax(x1)), i1 < rows);
            ss = select(ss, ss + sc_sq(x2), i2 < rows);
            mx = select(mx, max(mx, sc_absmax(x2)), i2 < rows);
            ss = select(ss, ss + sc_sq(x3), i3 < rows);
            mx = select(mx, max(mx, sc_absmax(x3)), i3 < rows);
        }
        ss = subgroupAdd(ss);
        mx = subgroupMax(mx);
        // Where ||x||^2 would over- or underflow, the sums are taken of x 2^-e, 2^-e near 1 / max|x|,
        // as LAPACK's nrm2 (exactly; the scaled values opaque: see wgsl/householder.wgsl).
        var x_scale = R(1);
        var inv_scale = R(1);
        if (!(ss >= SAFE_LOW && ss <= R(1) / SAFE_LOW) && mx > R(0)) {
            let e = sc_scale_exponent(mx);
            x_scale = sc_pow2(e);
            inv_scale = sc_pow2(-e);
            ss = R(0);
            for (var i = j + 1u + lane; i < rows; i += lanes) { ss = ss + sc_sq(sc_opaque_t(sc_scale(a[j * RS + i], inv_scale))); }
            ss = subgroupAdd(ss);
        }
        let reflector = householder(a[j * RS + j], x_scale * sc_sqrt(max(ss, R(0))));  // wgsl/householder.wgsl
        if (lid == 0u) { taus[p_tau_offset() + b * p_tau_batch() + g * PB + j] = reflector.tau; }
        // a[j:, c] -= conj(tau) v d_c with d_c = v^H a[j:, c], v = (1, scal x).
        for (var c = j + 1u + sg; c < cols; c += sgs) {
            let top = a[c * RS + j];  // read by every lane before lane 0 writes it
            var acc = ${T}();
            for (var i = j + 1u + lane; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let p0 = sc_mul(sc_conj(sc_opaque_t(sc_scale(at(j * RS + i), inv_scale))), at(c * RS + i));
                let p1 = sc_mul(sc_conj(sc_opaque_t(sc_scale(at(j * RS + i1), inv_scale))), at(c * RS + i1));
                let p2 = sc_mul(sc_conj(sc_opaque_t(sc_scale(at(j * RS + i2), inv_scale))), at(c * RS + i2));
                let p3 = sc_mul(sc_conj(sc_opaque_t(sc_scale(at(j * RS + i3), inv_scale))), at(c * RS + i3));
                acc = acc + p0;
                acc = select(acc, acc + p1, i1 < rows);
                acc = select(acc, acc + p2, i2 < rows);
                acc = select(acc, acc + p3, i3 < rows);
            }
            acc = subgroupAdd(acc);
            let d = sc_mul(sc_conj(sc_opaque_t(sc_scale(reflector.scal, x_scale))), acc) + top;
            let f = sc_mul(sc_conj(reflector.tau), d);
            let fx = sc_mul(reflector.scal, f);
            if (lane == 0u) { a[c * RS + j] = a[c * RS + j] - f; }
            for (var i = j + 1u + lane; i < rows; i += 4u * lanes) {
                let i1 = i + lanes;
                let i2 = i1 + lanes;
                let i3 = i2 + lanes;
                let y0 = at(c * RS + i) - sc_mul(at(j * RS + i), fx);
                let y1 = at(c * RS + i1) - sc_mul(at(j * RS + i1), fx);
                let y2 = at(c * RS + i2) - sc_mul(at(j * RS + i2), fx);
                let y3 = at(c * RS + i3) - sc_mul(at(j * RS + i3), fx);
                a[c * RS + i] = y0;
                if (i1 < rows) { a[c * RS + i1] = y1; }
                if (i2 < rows) { a[c * RS + i2] = y2; }
                if (i3 < rows) { a[c * RS + i3] = y3; }
            }
        }
        last_beta = reflector.beta;
        last_scal = reflector.scal;
        workgroupBarrier();
    }
    if (k > 0u && sg == sgs - 1u) { store_vector(k - 1u, rows, last_beta, last_scal, lane, lanes); }
    workgroupBarrier();
    for (var q = lid; q < rows * cols; q += WG) {
        src[base + (q / cols) * p_src_row() + (q % cols) * p_src_col()] = a[(q % cols) * RS + q / cols];
    }
    // The chunk by columns, at its rows' place of the level: the apply's lanes read it coalesced.
    let vbase = b * p_rows() * cols + r0 * cols;
    for (var q = lid; q < rows * cols; q += WG) { vt[vbase + q] = a[(q / rows) * RS + q % rows]; }
    let rbase = p_r_offset() + b * p_r_batch() + g * cols * cols;
    for (var q = lid; q < cols * cols; q += WG) {
        let i = q / cols;
        rs[rbase + q] = select(${T}(), a[(q % cols) * RS + i], i <= q % cols && i < rows);
    }
}
