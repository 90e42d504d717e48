// Shared by conv_gemm.wgsl and conv_direct.wgsl: the gather of an input element for an output
// position and a kernel tap (zero outside the input), plain or transposed.
const KSIZE = vec3<u32>(${KD}u, ${KH}u, ${KW}u);
const KSTRIDE = vec3<i32>(${SD}, ${SH}, ${SW});  // the transposed gather's strides (1 otherwise)
// The origin of a position past the end: every tap of it falls before the input.
const NOWHERE = vec3<i32>(-1073741824);

fn in_dims() -> vec3<u32> { return vec3<u32>(p_in_dims(0u), p_in_dims(1u), p_in_dims(2u)); }
fn dil() -> vec3<i32> { return vec3<i32>(p_dil(0u), p_dil(1u), p_dil(2u)); }
fn x_spatial() -> vec3<i32> { return vec3<i32>(p_xs(2u), p_xs(3u), p_xs(4u)); }

// The image base (relative to the group's first channel) and the gather origin of position m.
fn origin(m: u32, g: u32) -> vec4<i32> {
    if (m >= p_M()) { return vec4<i32>(0, NOWHERE); }
    let image = m / p_SP();
    let sp = m - image * p_SP();
    let od = sp / p_OHW();
    let rest = sp - od * p_OHW();
    let oh = rest / p_OW();
    let o = vec3<i32>(vec3<u32>(od, oh, rest - oh * p_OW()));
    let base = i32(p_x_off()) + i32(image) * p_xs(0u) + i32(g * p_Cg()) * p_xs(1u);
    let pad = vec3<i32>(p_pad(0u), p_pad(1u), p_pad(2u));
${origin}
}

// The k-th term's tap offset (per spatial dim, times the dilation) and channel offset.
// (A 1x1 kernel has one tap: k is the channel, for every k < K.)
fn tap(k: u32) -> vec4<i32> {
${tap}
}

// The input coordinate along one dim for an output origin o and a tap offset (tap x dilation);
// outside the input, or not hit by the transposed gather's stride s: negative or past the end.
fn coord(o: i32, kofs: i32, s: i32) -> i32 {
${coord}
}

// A[m, k] for the origin o of m (base in o.x) and the tap t of k (channel offset in t.x).
fn gather(o: vec4<i32>, t: vec4<i32>, k_ok: bool) -> ${T} {
${gather}
}
