${head}
// Tile scan (parameters as in reduce_head, with [2] = B tiles per row and [3] = 1 when the
// output starts with the identity; then the output's kept strides and its scan stride).
// Workgroup (row, b) scans elements [b * TILE, (b + 1) * TILE) of its row: each invocation
// folds ${per} consecutive elements, the workgroup scans the 256 sums in workgroup memory
// (Hillis-Steele), and ${emit_what}.
fn out_off(row: u32) -> u32 { ${out_off} }
var<workgroup> sh: array<A, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let wg = wid.x + wid.y * nwg.x;
    let L = pw(1u);
    let B = pw(2u);
    if (wg >= pw(0u) * B) { return; }
    let row = wg / B;
    let b = wg % B;
    let base = pw(4u) + kept_off(row);
    let start = b * ${tile}u + lid * ${per}u;
    var loc: array<A, ${per}>;
    var acc = init();
    for (var k = 0u; k < ${per}u; k++) {
        if (start + k < L) { acc = comb(acc, fetch(base, row, start + k)); }
        loc[k] = acc;
    }
    sh[lid] = acc;
    workgroupBarrier();
    for (var d = 1u; d < 256u; d = d << 1u) {
        var t = init();
        if (lid >= d) { t = sh[lid - d]; }
        workgroupBarrier();
        if (lid >= d) { sh[lid] = comb(t, sh[lid]); }
        workgroupBarrier();
    }
${emit}
}
