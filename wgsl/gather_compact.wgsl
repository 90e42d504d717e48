// Boolean-mask compaction, step 3: the coordinates of every true element, in row-major
// order, as a (k, count) u32 array. Block b starts writing at offsets[b] (the scanned counts).
// Parameters: [blocks, n, first mask word, count, first offset, k, shape[0..k)].
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read_write> coords: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<u32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;

fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }

var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block >= pw(0u)) { return; }
    let n = pw(1u);
    let w = block * ${workgroup}u + lid;
    var word = 0u;
    var c = 0u;
    if (w * 4u < n) {
        word = mask[pw(2u) + w];
        for (var j = 0u; j < 4u; j++) {
            if (w * 4u + j < n && ((word >> (8u * j)) & 0xffu) != 0u) { c += 1u; }
        }
    }
    sh[lid] = c;
    workgroupBarrier();
    for (var o = 1u; o < ${workgroup}u; o = o * 2u) {
        var t = 0u;
        if (lid >= o) { t = sh[lid - o]; }
        workgroupBarrier();
        sh[lid] += t;
        workgroupBarrier();
    }
    var pos = offsets[pw(4u) + block] + sh[lid] - c;
    let count = pw(3u);
    let k = pw(5u);
    for (var j = 0u; j < 4u; j++) {
        let e = w * 4u + j;
        if (e < n && ((word >> (8u * j)) & 0xffu) != 0u) {
            var rem = e;
            for (var d = k; d > 0u; d--) {
                let size = pw(5u + d);
                coords[(d - 1u) * count + pos] = rem % size;
                rem = rem / size;
            }
            pos += 1u;
        }
    }
}
