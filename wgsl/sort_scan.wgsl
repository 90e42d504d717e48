// Scan of u32 words in place, in blocks of 2048: buf[off + i] for i < len becomes the
// exclusive (pw(3) & 2: inclusive) prefix sum within its block; with pw(3) & 1 the block
// totals go to buf[sums + block]. Parameters: [len, off, sums, flags].
${lib}
@group(0) @binding(1) var<storage, read_write> buf: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block * 2048u >= pw(0u)) { return; }
    var v: array<u32, 8>;
    var sum = 0u;
    for (var k = 0u; k < 8u; k++) {
        let i = block * 2048u + t * 8u + k;
        if (i < pw(0u)) { v[k] = buf[pw(1u) + i]; }
        sum += v[k];
    }
    let sc = scan256(t, sum);
    let inclusive = (pw(3u) & 2u) != 0u;
    var run = sc.x;
    for (var k = 0u; k < 8u; k++) {
        let i = block * 2048u + t * 8u + k;
        if (inclusive) { run += v[k]; }
        if (i < pw(0u)) { buf[pw(1u) + i] = run; }
        if (!inclusive) { run += v[k]; }
    }
    if (t == 0u && (pw(3u) & 1u) != 0u) { buf[pw(2u) + block] = sc.y; }
}
