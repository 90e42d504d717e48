// TSQR, one level, with subgroup operations: what wgsl/qr_tsqr_factor.wgsl computes (the same
// parameters, outputs and reflectors), each column's reductions inside one subgroup.
// The chunk lives in workgroup memory by columns, a[c * RS + i] (RS odd: a subgroup's lanes
// walk a column's rows in distinct banks). The columns c > j are shared out, two a subgroup
// (c0 = j + 1 + sg and c1 = c0 + sgs; more where subgroups are few). For column j every subgroup
// takes, in ONE pass over the rows, ||x||^2 and max |x| of x = a[j+1:, j] (the same sums in
// every subgroup, so the same reflector) and its columns' s_c = x^H a[j+1:, c], then their
// subgroupAdds together, the reflector and its columns' updates (d_c = a[j, c] + conj(scal) s_c:
// v^H a[j:, c] for v = (1, scal x), as the separate dot product gave it, term by term). One
// barrier a column: the next column's values. (The steps are bound by latency: a pass for the
// norm, then one for each column's dot product, each waiting on its reduction, took ~3 us a
// column on the H100.) Column j's vector is scaled and its beta stored during step j + 1 (nobody
// reads it then), by the last subgroup, which has the fewest columns. The chunk goes out twice:
// by rows in place, and by columns to vt for wgsl/qr_tsqr_apply_sg.wgsl.
// Every lane of a subgroup runs the same loop iterations (its rows: i = i0 + lane), so the
// subgroup is whole at each subgroupAdd without relying on reconvergence after lane-divergent
// loop exits, which Vulkan does not promise without maximal reconvergence.
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
    for (var i0 = j + 1u; i0 < rows; i0 += 4u * lanes) {
        let i = i0 + lane;
        let i1 = i + lanes;
        let i2 = i1 + lanes;
        let i3 = i2 + lanes;
        let x0 = at(j * RS + i);
        let x1 = at(j * RS + i1);
        let x2 = at(j * RS + i2);
        let x3 = at(j * RS + i3);
        if (i < rows) { a[j * RS + i] = sc_mul(scal, x0); }
        if (i1 < rows) { a[j * RS + i1] = sc_mul(scal, x1); }
        if (i2 < rows) { a[j * RS + i2] = sc_mul(scal, x2); }
        if (i3 < rows) { a[j * RS + i3] = sc_mul(scal, x3); }
    }
    if (lane == 0u) { a[j * RS + j] = sc_real(beta); }
}

// The chunk's element q (row-major; q clamped to the last: the loads of four an iteration
// read past the chunk and ignore what they read).
fn src_at(base: u32, q: u32, count: u32, cols: u32) -> ${T} {
    let e = min(q, count - 1u);
    return src[base + (e / cols) * p_src_row() + (e % cols) * p_src_col()];
}

// householder(alpha, sqrt(ss)) where neither ss = ||x||^2 (> 0) nor |alpha|^2 comes near over-
// or underflow: the same formulas (LAPACK's larfg), with beta's magnitude the square root of
// |alpha|^2 + ss (householder() takes sqrt(ss) first, then the norm of (alpha, ||x||) scaled by
// its largest part: two square roots, in f64 for f32, in each column's chain of steps).
fn plain_reflector(alpha: ${T}, ss: R) -> Reflector {
    let ar = sc_re(alpha);
    let ai = sc_im(alpha);
    let norm = sc_sqrt(ar * ar + ai * ai + ss);
    let beta = select(norm, -norm, ar >= R(0));
    return Reflector(beta, sc_make((beta - ar) / beta, -ai / beta), sc_recip(sc_make(ar - beta, ai)));
}

// A lane's part of (x 2^-e)^H a[j+1:, c] for c = c0, c1 (x = a[j+1:, j], 2^-e = inv_scale), in
// row order (the scaled columns and further columns: off the common path).
fn dots(j: u32, c0: u32, c1: u32, rows: u32, inv_scale: R, lane: u32, lanes: u32) -> array<${T}, 2> {
    var acc0 = ${T}();
    var acc1 = ${T}();
    for (var i0 = j + 1u; i0 < rows; i0 += lanes) {
        let i = i0 + lane;
        if (i < rows) {
            let x = sc_conj(sc_opaque_t(sc_scale(a[j * RS + i], inv_scale)));
            acc0 = acc0 + sc_mul(x, a[c0 * RS + i]);
            acc1 = acc1 + sc_mul(x, at(c1 * RS + i));
        }
    }
    return array<${T}, 2>(acc0, acc1);
}

// a[j:, c] -= conj(tau) v d_c, v = (1, scal x), d_c = top_c + conj(scal) s_c (top_c = a[j, c],
// read by every lane before lane 0 writes it; s_c the subgroup's sum of x^H a[j+1:, c]) for
// c = c0 and, where both, c1: one pass over the rows, four an iteration.
fn update(j: u32, c0: u32, c1: u32, both: bool, top: array<${T}, 2>, s: array<${T}, 2>, reflector: Reflector,
          x_scale: R, rows: u32, lane: u32, lanes: u32) {
    let cs = sc_conj(sc_opaque_t(sc_scale(reflector.scal, x_scale)));
    let f0 = sc_mul(sc_conj(reflector.tau), sc_mul(cs, s[0]) + top[0]);
    let f1 = sc_mul(sc_conj(reflector.tau), sc_mul(cs, s[1]) + top[1]);
    let fx0 = sc_mul(reflector.scal, f0);
    let fx1 = sc_mul(reflector.scal, f1);
    if (lane == 0u) {
        a[c0 * RS + j] = top[0] - f0;
        if (both) { a[c1 * RS + j] = top[1] - f1; }
    }
    for (var i0 = j + 1u; i0 < rows; i0 += 4u * lanes) {
        let i = i0 + lane;
        let i1 = i + lanes;
        let i2 = i1 + lanes;
        let i3 = i2 + lanes;
        let x0 = at(j * RS + i);
        let x1 = at(j * RS + i1);
        let x2 = at(j * RS + i2);
        let x3 = at(j * RS + i3);
        let y0 = at(c0 * RS + i) - sc_mul(x0, fx0);
        let y1 = at(c0 * RS + i1) - sc_mul(x1, fx0);
        let y2 = at(c0 * RS + i2) - sc_mul(x2, fx0);
        let y3 = at(c0 * RS + i3) - sc_mul(x3, fx0);
        let z0 = at(c1 * RS + i) - sc_mul(x0, fx1);
        let z1 = at(c1 * RS + i1) - sc_mul(x1, fx1);
        let z2 = at(c1 * RS + i2) - sc_mul(x2, fx1);
        let z3 = at(c1 * RS + i3) - sc_mul(x3, fx1);
        if (i < rows) { a[c0 * RS + i] = y0; }
        if (i1 < rows) { a[c0 * RS + i1] = y1; }
        if (i2 < rows) { a[c0 * RS + i2] = y2; }
        if (i3 < rows) { a[c0 * RS + i3] = y3; }
        if (both) {
            if (i < rows) { a[c1 * RS + i] = z0; }
            if (i1 < rows) { a[c1 * RS + i1] = z1; }
            if (i2 < rows) { a[c1 * RS + i2] = z2; }
            if (i3 < rows) { a[c1 * RS + i3] = z3; }
        }
    }
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
    // Four elements an iteration, their loads issued together (one at a time, each waited on
    // global memory).
    let count = rows * cols;
    for (var q = lid; q < count; q += 4u * WG) {
        let q1 = q + WG;
        let q2 = q1 + WG;
        let q3 = q2 + WG;
        let x0 = src_at(base, q, count, cols);
        let x1 = src_at(base, q1, count, cols);
        let x2 = src_at(base, q2, count, cols);
        let x3 = src_at(base, q3, count, cols);
        a[(q % cols) * RS + q / cols] = x0;
        if (q1 < count) { a[(q1 % cols) * RS + q1 / cols] = x1; }
        if (q2 < count) { a[(q2 % cols) * RS + q2 / cols] = x2; }
        if (q3 < count) { a[(q3 % cols) * RS + q3 / cols] = x3; }
    }
    workgroupBarrier();
    let k = min(rows, cols);
    var last_beta = R(0);
    var last_scal = sc_real(R(1));
    for (var j = 0u; j < k; j++) {
        if (j > 0u && sg == sgs - 1u) { store_vector(j - 1u, rows, last_beta, last_scal, lane, lanes); }
        // One pass over the rows, four an iteration (their loads issued together), each sum in
        // row order. (Clamped reads stand in for a missing column c1: its sums go unused.)
        let c0 = j + 1u + sg;
        let c1 = c0 + sgs;
        let top = array<${T}, 2>(at(c0 * RS + j), at(c1 * RS + j));
        var ss = R(0);
        var mx = R(0);
        var acc0 = ${T}();
        var acc1 = ${T}();
        for (var i0 = j + 1u; i0 < rows; i0 += 4u * lanes) {
            let i = i0 + lane;
            let i1 = i + lanes;
            let i2 = i1 + lanes;
            let i3 = i2 + lanes;
            let x0 = at(j * RS + i);
            let x1 = at(j * RS + i1);
            let x2 = at(j * RS + i2);
            let x3 = at(j * RS + i3);
            let y0 = at(c0 * RS + i);
            let y1 = at(c0 * RS + i1);
            let y2 = at(c0 * RS + i2);
            let y3 = at(c0 * RS + i3);
            let z0 = at(c1 * RS + i);
            let z1 = at(c1 * RS + i1);
            let z2 = at(c1 * RS + i2);
            let z3 = at(c1 * RS + i3);
            ss = select(ss, ss + sc_sq(x0), i < rows);
            mx = select(mx, max(mx, sc_absmax(x0)), i < rows);
            acc0 = select(acc0, acc0 + sc_mul(sc_conj(x0), y0), i < rows);
            acc1 = select(acc1, acc1 + sc_mul(sc_conj(x0), z0), i < rows);
            ss = select(ss, ss + sc_sq(x1), i1 < rows);
            mx = select(mx, max(mx, sc_absmax(x1)), i1 < rows);
            acc0 = select(acc0, acc0 + sc_mul(sc_conj(x1), y1), i1 < rows);
            acc1 = select(acc1, acc1 + sc_mul(sc_conj(x1), z1), i1 < rows);
            ss = select(ss, ss + sc_sq(x2), i2 < rows);
            mx = select(mx, max(mx, sc_absmax(x2)), i2 < rows);
            acc0 = select(acc0, acc0 + sc_mul(sc_conj(x2), y2), i2 < rows);
            acc1 = select(acc1, acc1 + sc_mul(sc_conj(x2), z2), i2 < rows);
            ss = select(ss, ss + sc_sq(x3), i3 < rows);
            mx = select(mx, max(mx, sc_absmax(x3)), i3 < rows);
            acc0 = select(acc0, acc0 + sc_mul(sc_conj(x3), y3), i3 < rows);
            acc1 = select(acc1, acc1 + sc_mul(sc_conj(x3), z3), i3 < rows);
        }
        ss = subgroupAdd(ss);
        mx = subgroupMax(mx);
        var s = array<${T}, 2>(subgroupAdd(acc0), subgroupAdd(acc1));
        // Where ||x||^2 would over- or underflow, the sums are taken of x 2^-e, 2^-e near 1 / max|x|,
        // as LAPACK's nrm2 (exactly; the scaled values opaque: see wgsl/householder.wgsl).
        var x_scale = R(1);
        var inv_scale = R(1);
        let plain = ss >= SAFE_LOW && ss <= R(1) / SAFE_LOW;
        if (!plain && mx > R(0)) {
            let e = sc_scale_exponent(mx);
            x_scale = sc_pow2(e);
            inv_scale = sc_pow2(-e);
            ss = R(0);
            for (var i0 = j + 1u; i0 < rows; i0 += lanes) {
                let i = i0 + lane;
                if (i < rows) { ss = ss + sc_sq(sc_opaque_t(sc_scale(a[j * RS + i], inv_scale))); }
            }
            ss = subgroupAdd(ss);
            if (c0 < cols) {
                let d = dots(j, c0, c1, rows, inv_scale, lane, lanes);
                s = array<${T}, 2>(subgroupAdd(d[0]), subgroupAdd(d[1]));
            }
        }
        let alpha = a[j * RS + j];
        var reflector: Reflector;
        if (plain && sc_absmax(alpha) * sc_absmax(alpha) <= R(1) / SAFE_LOW) {
            reflector = plain_reflector(alpha, ss);
        } else {
            reflector = householder(alpha, x_scale * sc_sqrt(max(ss, R(0))));  // wgsl/householder.wgsl
        }
        if (lid == 0u) { taus[p_tau_offset() + b * p_tau_batch() + g * PB + j] = reflector.tau; }
        if (c0 < cols) { update(j, c0, c1, c1 < cols, top, s, reflector, x_scale, rows, lane, lanes); }
        // Further columns two at a time where the subgroups are few: c0 + 2 m sgs and that + sgs.
        for (var c = c0 + 2u * sgs; c < cols; c += 2u * sgs) {
            let more = array<${T}, 2>(a[c * RS + j], at((c + sgs) * RS + j));
            let d = dots(j, c, c + sgs, rows, inv_scale, lane, lanes);
            update(j, c, c + sgs, c + sgs < cols, more, array<${T}, 2>(subgroupAdd(d[0]), subgroupAdd(d[1])),
                   reflector, x_scale, rows, lane, lanes);
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
