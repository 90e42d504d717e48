${head}
// Serial scan: one invocation per row (parameters as in scan_tile.wgsl). Used for short rows
// and for many rows, where neighbouring invocations read neighbouring rows' elements.
fn out_off(row: u32) -> u32 { ${out_off} }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let row = (wid.x + wid.y * nwg.x) * 256u + lid;
    if (row >= p_rows()) { return; }
    let L = p_length();
    let inc = p_initial();
    let base = p_offset() + kept_off(row);
    let o = out_off(row);
    let step = p_out_step();
    var acc = init();
    if (inc == 1u) { out[o] = ${initial}; }
    for (var j = 0u; j < L; j++) {
        acc = comb(acc, fetch(base, row, j));
        out[o + (j + inc) * step] = acc;
    }
}
