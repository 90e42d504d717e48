// nonzero's stream compaction: pos is the exclusive prefix sum of the nonzero flags (n + 1
// entries), so element i is nonzero when pos[i + 1] != pos[i] and then owns output column
// pos[i]. Output: (ndim, count) indices, row d holding coordinate d.
// Parameters: [0] n, [1] count, [2] 0, [3] 0, then the shape, outermost first.
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<${index}>;
@group(0) @binding(2) var<storage, read> pos: array<u32>;


@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * 256u + lid;
    if (i >= pw(0u)) { return; }
    let p = pos[i];
    if (pos[i + 1u] == p) { return; }
    let count = pw(1u);
    var rem = i;
${coords}
}
