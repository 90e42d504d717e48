// N-D correlation with a boundary mode applied by index (no padded copy):
//   out[c] = sum over taps t of w[t] * x[boundary(c + shift + t)]
// over an input of any strides; the output is contiguous. One invocation computes ${VW} consecutive
// outputs along the last axis. The kernel is walked as rows along its last axis: each row maps
// the other axes once; inside the input along the last axis, the ${VW} outputs share each weight
// and slide a window of ${VW} input values (one load per tap); near the edges each output maps
// every tap. SKIP (SciPy.signal's zero padding): positions outside the input add nothing, so an
// inf weight there gives no 0 * inf; otherwise the constant mode reads p_cval().
// Parameters: filter.py's correlate_params.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${X}>;  // converted to ${T} as read
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
${library}
${boundary_lib}
${term_lib}

const L: u32 = ${last}u;  // the last axis
const SKIP: bool = ${skip};
const REVERSE: bool = ${reverse};  // the kernel is read reversed along every axis (a convolution)

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

fn weight(k: u32) -> ${T} { return wt[select(k, p_wlast() - k, REVERSE)]; }

// the value at position j of a row of the last axis starting at element base
fn row_value(base: i32, j: i32) -> ${T} {
    let m = boundary(j, p_size(L));
    if (m < 0) { return p_cval(); }
    return ${T}(xin[u32(base + m * p_xs(L))]);
}

// output v's sum so far, acc_in, continued over one kernel row, tap by tap with the boundary map
fn edge_row(acc_in: ${T}, base: i32, j0: i32, wrow: u32, K: i32) -> ${T} {
    var acc = acc_in;
    var lo = 0;
    var hi = K;
    if (SKIP) {  // only the taps inside the input
        lo = clamp(-j0, 0, K);
        hi = clamp(p_size(L) - j0, lo, K);
    }
    for (var t = lo; t < hi; t++) {
        acc = add_term(acc, weight(wrow + u32(t)), row_value(base, j0 + t));
    }
    return acc;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_items()) { return; }
    let quad = idx % p_quads();
    let orow = idx / p_quads();
    var oc: array<i32, ${dims}>;  // the output's coordinates on the axes but the last
    var rest = orow;
    for (var d = i32(L) - 1; d >= 0; d--) {
        let n = p_oshape(u32(d));
        oc[d] = i32(rest % n);
        rest = rest / n;
    }
    let c0 = i32(quad * ${VW}u);
    let count = min(${VW}, p_oshape(L) - quad * ${VW}u);
    let K = i32(p_klast());
    let j0 = c0 + p_shift(L);  // input position of the first output's first tap on the last axis
    let n = p_size(L);
    let xs = p_xs(L);
    var acc0 = ${T}(0);
    var acc1 = ${T}(0);
    var acc2 = ${T}(0);
    var acc3 = ${T}(0);
    var tap: array<i32, ${dims}>;  // the kernel row's coordinates on the axes but the last
    for (var r = 0u; r < p_rows(); r++) {
        var base = i32(p_x_off());
        var outside = false;
        for (var d = 0u; d < L; d++) {
            let m = boundary(oc[d] + p_shift(d) + tap[d], p_size(d));
            outside = outside || m < 0;
            base += max(m, 0) * p_xs(d);
        }
        let wrow = r * u32(K);
        if (outside) {
            for (var t = 0u; t < u32(K) && !SKIP; t++) {  // tap by tap, in the sums' order
                let w = weight(wrow + t);
                acc0 = add_term(acc0, w, p_cval());
                acc1 = add_term(acc1, w, p_cval());
                acc2 = add_term(acc2, w, p_cval());
                acc3 = add_term(acc3, w, p_cval());
            }
        } else if (count == ${VW}u && j0 >= 0 && j0 + K + ${VW} - 1 <= n) {
            var x0 = ${T}(xin[u32(base + j0 * xs)]);
            var x1 = ${T}(xin[u32(base + (j0 + 1) * xs)]);
            var x2 = ${T}(xin[u32(base + (j0 + 2) * xs)]);
            for (var t = 0; t < K; t++) {
                let x3 = ${T}(xin[u32(base + (j0 + t + 3) * xs)]);
                let w = weight(wrow + u32(t));
                acc0 = add_term(acc0, w, x0);
                acc1 = add_term(acc1, w, x1);
                acc2 = add_term(acc2, w, x2);
                acc3 = add_term(acc3, w, x3);
                x0 = x1;
                x1 = x2;
                x2 = x3;
            }
        } else {
            acc0 = edge_row(acc0, base, j0, wrow, K);
            if (count > 1u) { acc1 = edge_row(acc1, base, j0 + 1, wrow, K); }
            if (count > 2u) { acc2 = edge_row(acc2, base, j0 + 2, wrow, K); }
            if (count > 3u) { acc3 = edge_row(acc3, base, j0 + 3, wrow, K); }
        }
        for (var d = i32(L) - 1; d >= 0; d--) {  // the next kernel row
            tap[d]++;
            if (tap[d] < i32(p_kshape(u32(d)))) { break; }
            tap[d] = 0;
        }
    }
    let o = orow * p_oshape(L) + u32(c0);
    out[o] = acc0;
    if (count > 1u) { out[o + 1u] = acc1; }
    if (count > 2u) { out[o + 2u] = acc2; }
    if (count > 3u) { out[o + 3u] = acc3; }
}
