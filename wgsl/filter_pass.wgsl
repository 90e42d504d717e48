// One 1-D correlation pass along axis ${axis} in SciPy's order (scipy/ndimage/src/ni_filters.c,
// NI_Correlate1D), so that sums round as SciPy's do; a boundary mode applied by index (no padded
// copy), an input of any strides, a contiguous output of the input's shape. Output c's taps read
// x at c + p_shift() + t, t = 0..K-1; with the center tap C = K / 2 (K odd) and form[0]:
//   1 (symmetric weights):     out = x[C] * w[C], then out += (x[t] + x[K-1-t]) * w[t], t = 0..C-1
//   2 (antisymmetric weights): the same with (x[t] - x[K-1-t])
//   0 (any weights):           out = x[K-1] * w[K-1], then out += x[t] * w[t], t = 0..K-2
// Each product is multiplied by ONE, a 1 the compiler cannot see, so that no driver contracts it
// into the add (an fma rounds once, SciPy's C rounds twice). One invocation computes ${VW}
// consecutive outputs along the axis, sliding windows of input values (one load a tap); the
// invocations run along the output with the axis' length replaced by its quads, in C order, so
// neighbours read neighbouring memory. Parameters: filter.py's pass_params.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${X}>;  // converted to ${T} as read
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
@group(0) @binding(4) var<storage, read> form: array<i32>;
${library}
${boundary_lib}

const A: u32 = ${axis}u;  // the filtered axis
const R: u32 = ${ndim}u;

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

// the value at position j along the axis of the line starting at element base
fn value(base: i32, j: i32) -> ${T} {
    let m = boundary(j, i32(p_shape(A)));
    if (m < 0) { return p_cval(); }
    return ${T}(xin[u32(base + m * p_xs(A))]);
}

var<private> inside: bool;  // every position this invocation reads lies inside the input: no boundary map

fn load(base: i32, j: i32) -> ${T} {
    if (inside) { return ${T}(xin[u32(base + j * p_xs(A))]); }
    return value(base, j);
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_items()) { return; }
    var rest = idx;
    var base = i32(p_x_off());
    var o = 0u;  // the output index of the first output
    var ostride = 1u;  // the output's stride along the axis
    var ostride_axis = 1u;
    var quad = 0u;
    for (var d = i32(R) - 1; d >= 0; d--) {
        let n = select(p_shape(u32(d)), p_quads(), u32(d) == A);
        let c = rest % n;
        rest = rest / n;
        if (u32(d) == A) {
            quad = c;
            o += c * ${VW}u * ostride;
            ostride_axis = ostride;
        } else {
            base += i32(c) * p_xs(u32(d));
            o += c * ostride;
        }
        ostride *= p_shape(u32(d));
    }
    let K = i32(p_taps());
    let count = min(${VW}u, p_shape(A) - quad * ${VW}u);
    let j0 = i32(quad * ${VW}u) + p_shift();  // the first output's first tap
    inside = j0 >= 0 && j0 + K + ${VW} - 1 <= i32(p_shape(A));
    let ONE = ${T}(p_zero() + 1u);
    let f = form[0];
    var acc0: ${T};
    var acc1: ${T};
    var acc2: ${T};
    var acc3: ${T};
    if (f == 0) {
        let last = K - 1;
        let wl = wt[last];
        acc0 = load(base, j0 + last) * wl;
        acc1 = load(base, j0 + last + 1) * wl;
        acc2 = load(base, j0 + last + 2) * wl;
        acc3 = load(base, j0 + last + 3) * wl;
        var x0 = load(base, j0);
        var x1 = load(base, j0 + 1);
        var x2 = load(base, j0 + 2);
        for (var t = 0; t < last; t++) {
            let x3 = load(base, j0 + t + 3);
            let w = wt[t];
            acc0 = (x0 * w) * ONE + acc0;
            acc1 = (x1 * w) * ONE + acc1;
            acc2 = (x2 * w) * ONE + acc2;
            acc3 = (x3 * w) * ONE + acc3;
            x0 = x1;
            x1 = x2;
            x2 = x3;
        }
    } else {
        let center = K / 2;
        let wc = wt[center];
        let sign = select(${T}(1), ${T}(0) - ${T}(1), f == 2);  // -1: x[K-1-t] subtracted (exactly)
        acc0 = load(base, j0 + center) * wc;
        acc1 = load(base, j0 + center + 1) * wc;
        acc2 = load(base, j0 + center + 2) * wc;
        acc3 = load(base, j0 + center + 3) * wc;
        var l0 = load(base, j0);  // output v's left tap t at l_v, its right tap K-1-t at r_v
        var l1 = load(base, j0 + 1);
        var l2 = load(base, j0 + 2);
        var r1 = load(base, j0 + K);
        var r2 = load(base, j0 + K + 1);
        var r3 = load(base, j0 + K + 2);
        for (var t = 0; t < center; t++) {
            let l3 = load(base, j0 + t + 3);
            let r0 = load(base, j0 + K - 1 - t);
            let w = wt[t];
            acc0 = ((l0 + r0 * sign) * w) * ONE + acc0;
            acc1 = ((l1 + r1 * sign) * w) * ONE + acc1;
            acc2 = ((l2 + r2 * sign) * w) * ONE + acc2;
            acc3 = ((l3 + r3 * sign) * w) * ONE + acc3;
            l0 = l1;
            l1 = l2;
            l2 = l3;
            r3 = r2;
            r2 = r1;
            r1 = r0;
        }
    }
    out[o] = acc0;
    if (count > 1u) { out[o + ostride_axis] = acc1; }
    if (count > 2u) { out[o + 2u * ostride_axis] = acc2; }
    if (count > 3u) { out[o + 3u * ostride_axis] = acc3; }
}
