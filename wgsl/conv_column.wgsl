// Direct convolution down a column: one invocation computes ${ROWS} consecutive outputs of one
// channel along the second-last axis (a strip of rows, one column), where that axis has stride and
// dilation 1. Consecutive invocations take consecutive columns, so every load and store of a warp
// is one run of consecutive elements. Each input row the strip covers (${ROWS} + KH - 1 of them)
// is loaded once, its KW taps into registers, and added to every output row it reaches; the
// KH x KW weights of a channel are loaded once. For depthwise convolutions and those with few
// output channels a group, as conv_direct.wgsl (whose gather is conv_gemm.wgsl's). Parameters:
// conv.py's CONV (quads: strips of ${ROWS} rows a plane).
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
    let ow = idx % p_OW();
    let rest = idx / p_OW();
    let oh0 = (rest % p_quads()) * ${ROWS}u;
    let plane = rest / p_quads();  // (image, channel, depth) of the output
    let depth = p_SP() / p_OHW();
    let od = plane % depth;
    let channel = (plane / depth) % p_O();
    let image = plane / depth / p_O();
    let g = channel / p_Og();
    let n = channel - g * p_Og();
    let org = origin(image * p_SP() + od * p_OHW() + oh0 * p_OW() + ow, g);
    let b = ${bias_value};
${declare}
    let Og = p_Og();
    let Cg = p_Cg();
    let w_base = g * p_K() * Og + n;
    let dims = in_dims();
    let xs = x_spatial();
    let d = dil();
    // The taps' columns, and whether each lies inside the input: the same for every row.
${columns}
    for (var c = 0u; c < Cg; c++) {
        let cbase = org.x + i32(c) * p_xs(1u);
        for (var kd = 0u; kd < KSIZE.x; kd++) {
            let yd = org.y + i32(kd) * d.x;
            if (bitcast<u32>(yd) >= dims.x) { continue; }
            let rbase = cbase + yd * xs.x;
            let wrow = w_base + (kd * KSIZE.y * KSIZE.z * Cg + c) * Og;
${weights}
${rows}
        }
    }
    let height = p_OHW() / p_OW();
    let obase = (plane * height + oh0) * p_OW() + ow;
${store}
}
