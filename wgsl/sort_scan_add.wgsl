// Second half of a multi-block scan: buf[off + i] += buf[sums + i / 2048] for i < len.
${prelude}
@group(0) @binding(1) var<storage, read_write> buf: array<u32>;


@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * 256u + lid;
    if (i >= pw(0u) || i < 2048u) { return; }
    buf[pw(1u) + i] += buf[pw(2u) + i / 2048u];
}
