// Second half of a multi-level scan: add each block's scanned offset to its values.
// Parameters: [m, m, data offset, sums offset].
${prelude}
@group(0) @binding(1) var<storage, read_write> data: array<u32>;


@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * ${workgroup}u + lid;
    if (i >= pw(1u)) { return; }
    data[pw(2u) + i] += data[pw(3u) + i / (4u * ${workgroup}u)];
}
