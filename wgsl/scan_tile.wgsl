${head}
// Tile scan (parameters: the ParamLayout in scan.py; p_tiles() is B, the tiles per row).
// Workgroup (row, b) scans elements [b * TILE, (b + 1) * TILE) of its row: each invocation
// folds ${per} consecutive elements, the workgroup scans the 256 sums in workgroup memory
// (Hillis-Steele), and ${emit_what}.
fn out_off(row: u32) -> u32 { ${out_off} }
var<workgroup> sh: array<A, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let wg = wid.x + wid.y * nwg.x;
    let L = p_length();
    let B = p_tiles();
    if (wg >= p_rows() * B) { return; }
    let row = wg / B;
    let b = wg % B;
    let base = p_offset() + kept_off(row);
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
