// Boolean-mask compaction, step 3: the coordinates of every true element, in row-major
// order, as a (k, count) u32 array. Block b (16 * ${workgroup} elements, as in gather_count)
// starts writing at offsets[b], the scanned counts, plus p_column().
// Past one binding (k = 1 only), the mask is a chunk whose first element is p_first(), and
// only the positions in [p_window_first(), + p_window_len()) are written, shifted down by
// p_window_first(): the part of the output in the bound buffer.
// Parameters: compact.py's compact_params(k).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> coords: array<u32>;
@group(0) @binding(2) var<storage, read> mask: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;


${lib_mask}

var<workgroup> sh: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let block = wid.x + wid.y * nwg.x;
    if (block >= p_blocks()) { return; }
    let n = p_size();
    let v = block * ${workgroup}u + lid;
    var nz = vec4<u32>(0u);
    if (v * 16u < n) {
        let words = mask[p_mask_vec4() + v];
        for (var j = 0u; j < 4u; j++) { nz[j] = nonzero_bytes(words[j], v * 16u + j * 4u, n); }
    }
    let c = countOneBits(nz.x) + countOneBits(nz.y) + countOneBits(nz.z) + countOneBits(nz.w);
    sh[lid] = c;
    workgroupBarrier();
    for (var o = 1u; o < ${workgroup}u; o = o * 2u) {
        var t = 0u;
        if (lid >= o) { t = sh[lid - o]; }
        workgroupBarrier();
        sh[lid] += t;
        workgroupBarrier();
    }
    if (c == 0u) { return; }
    var pos = p_column() + offsets[block] + sh[lid] - c;
    let count = p_count();
    let k = p_ndim();
    for (var j = 0u; j < 4u; j++) {
        var bits = nz[j];
        while (bits != 0u) {
            let e = v * 16u + j * 4u + firstTrailingBit(bits) / 8u;
            bits = bits & (bits - 1u);
            if (k == 1u) {
                let w = pos - p_window_first();  // wraps past the top for positions below the window
                if (w < p_window_len()) { coords[w] = p_first() + e; }
                pos += 1u;
                continue;
            }
            var rem = e;
            for (var d = k; d > 0u; d--) {
                let size = p_shape(d - 1u);
                coords[(d - 1u) * count + pos] = rem % size;
                rem = rem / size;
            }
            pos += 1u;
        }
    }
}
