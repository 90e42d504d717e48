// Direct convolution: one invocation computes ${VW} consecutive outputs of one channel along the
// last axis, looping over the group's input channels and the kernel taps; the weight of a tap
// is loaded once for the ${VW} outputs. Where the last axis has stride and dilation 1 (WINDOW),
// the ${VW} + KW - 1 inputs a row of taps covers are each loaded once, into registers. For depthwise convolutions and those with few output
// channels a group, where the implicit GEMM's tiles would be mostly empty. The gather (and the
// transposed form) is conv_gemm.wgsl's. Parameters: conv.py's CONV (out_rows: N * O * OD * OH,
// quads: invocations along a row).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${T}>;
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
${bias_binding}

${gather_lib}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_groups()) { return; }
    let quad = idx % p_quads();
    let row = idx / p_quads();  // (image, channel, depth, height) of the output
    let plane_rows = p_SP() / p_OW();
    let channel = (row / plane_rows) % p_O();
    let image = row / plane_rows / p_O();
    let ow = quad * ${VW}u;
    let sp = (row % plane_rows) * p_OW() + ow;
    let g = channel / p_Og();
    let n = channel - g * p_Og();
    let org = origin(image * p_SP() + sp, g);
    let b = ${bias_value};
${declare}
    let Og = p_Og();
    let Cg = p_Cg();
    let w_base = g * p_K() * Og + n;
    let dims = in_dims();
    let xs = x_spatial();
    let d = dil();
    // Rows of the input outside it are skipped whole; only the last axis is checked per load.
    for (var c = 0u; c < Cg; c++) {
        let cbase = org.x + i32(c) * p_xs(1u);
        for (var kd = 0u; kd < KSIZE.x; kd++) {
            let yd = coord(org.y, i32(kd) * d.x, KSTRIDE.x);
            if (bitcast<u32>(yd) >= dims.x) { continue; }
            for (var kh = 0u; kh < KSIZE.y; kh++) {
                let yh = coord(org.z, i32(kh) * d.y, KSTRIDE.y);
                if (bitcast<u32>(yh) >= dims.y) { continue; }
                let rbase = cbase + yd * xs.x + yh * xs.y;
                let wrow = w_base + ((kd * KSIZE.y + kh) * KSIZE.z * Cg + c) * Og;
${row_taps}
            }
        }
    }
    let obase = row * p_OW() + ow;
${store}
}
