// Second half of a multi-level scan: add each block's scanned offset to its values.
// Parameters: [m, m, data offset, sums offset].
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * ${workgroup}u + lid;
    if (i >= pw(1u)) { return; }
    data[pw(2u) + i] += data[pw(3u) + i / (4u * ${workgroup}u)];
}
