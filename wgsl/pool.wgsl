// Pooling: one invocation per output element of (N, C, OD, OH, OW), over a window of the input
// (N, C, ID, IH, IW) of any strides; 1-D and 2-D pools are 3-D ones with leading sizes of 1.
//   max: the largest element (NaN wins, the last NaN; ties keep the first), and where asked
//        for: its flat index into the (ID * IH * IW) plane, as torch's max_pool;
//   avg: the mean of the window's elements within the input, divided as torch's avg_pool:
//        by divisor_override where given, else by the window clipped to the padded input
//        (count_include_pad) or to the input.
// Parameters: pool.py's POOL.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
${bindings}
${library}

fn v3(f: u32) -> vec3<i32> { return vec3<i32>(ps(f), ps(f + 1u), ps(f + 2u)); }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_items()) { return; }
    let ow = idx % p_out_w();
    var rest = idx / p_out_w();
    let oh = rest % p_out_h();
    rest = rest / p_out_h();
    let od = rest % p_out_d();
    let plane = rest / p_out_d();
    let image = plane / p_C();
    let base = i32(p_x_off()) + i32(image) * p_xs(0u) + i32(plane - image * p_C()) * p_xs(1u);
    let size = vec3<i32>(i32(p_in_dims(0u)), i32(p_in_dims(1u)), i32(p_in_dims(2u)));
    let ksize = vec3<i32>(p_ksize(0u), p_ksize(1u), p_ksize(2u));
    let dil = vec3<i32>(p_dil(0u), p_dil(1u), p_dil(2u));
    let pad = vec3<i32>(p_pad(0u), p_pad(1u), p_pad(2u));
    let xs = vec3<i32>(p_xs(2u), p_xs(3u), p_xs(4u));
    let start = vec3<i32>(vec3<u32>(od, oh, ow)) * vec3<i32>(p_stride(0u), p_stride(1u), p_stride(2u)) - pad;
${body}
}
