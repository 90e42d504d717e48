// SciPy's uniform_filter1d along axis ${axis} (scipy/ndimage/src/ni_filters.c, NI_UniformFilter1D):
// a running sum along each line, rounded as SciPy's is, one invocation a line:
//   s = 0, s += x[t] for t = 0..K-1, out[0] = s / K; then s += (x[c + K - 1] - x[c - 1]), out[c] = s / K
// where x[t] is the input at p_shift() + t under the boundary mode (applied by index, no padded
// copy). The sum depends on every earlier one, so a line is sequential; the lines run in C order
// of the other axes (neighbours read neighbouring memory where the axis is not the last). An
// input of any strides, a contiguous output of its shape. Parameters: filter.py's pass_params
// (quads = 1).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${X}>;  // converted to ${T} as read
${library}
${boundary_lib}

const A: u32 = ${axis}u;
const R: u32 = ${ndim}u;

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

fn value(base: i32, j: i32) -> ${T} {
    let m = boundary(j, i32(p_shape(A)));
    if (m < 0) { return p_cval(); }
    return ${T}(xin[u32(base + m * p_xs(A))]);
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_items()) { return; }
    var rest = idx;
    var base = i32(p_x_off());
    var o = 0u;
    var ostride = 1u;
    var ostride_axis = 1u;
    for (var d = i32(R) - 1; d >= 0; d--) {
        if (u32(d) == A) {
            ostride_axis = ostride;
        } else {
            let n = p_shape(u32(d));
            let c = rest % n;
            rest = rest / n;
            base += i32(c) * p_xs(u32(d));
            o += c * ostride;
        }
        ostride *= p_shape(u32(d));
    }
    let K = i32(p_taps());
    let size = ${T}(p_taps());
    let n = i32(p_shape(A));
    let j0 = p_shift();
    var s = ${T}(0);
    for (var t = 0; t < K; t++) { s += value(base, j0 + t); }
    out[o] = div_${tag}(s, size);
    for (var c = 1; c < n; c++) {
        s += value(base, j0 + c + K - 1) - value(base, j0 + c - 1);
        out[o + u32(c) * ostride_axis] = div_${tag}(s, size);
    }
}
