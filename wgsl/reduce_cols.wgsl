${head}
// Column reduction: one invocation per (output, chunk) folds chunk g of its row serially.
// Consecutive invocations take consecutive outputs, so when the kept axis is the innermost
// one their loads are coalesced.
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = (wid.x + wid.y * nwg.x) * 256u + lid;
    let rows = p_rows();
    let G = p_partials();
    if (item >= rows * G) { return; }
    let row = item % rows;
    let g = item / rows;
    let base = p_offset() + kept_off(row);
${setup}
    var r = g * p_chunk();
    let stop = min(r + p_chunk(), p_length());
    var a0 = init();
    var a1 = init();
    var a2 = init();
    var a3 = init();
    loop {
        if (r + 3u >= stop) { break; }
        a0 = comb(a0, fetch(base, row, r));
        a1 = comb(a1, fetch(base, row, r + 1u));
        a2 = comb(a2, fetch(base, row, r + 2u));
        a3 = comb(a3, fetch(base, row, r + 3u));
        r = r + 4u;
    }
    loop {
        if (r >= stop) { break; }
        a0 = comb(a0, fetch(base, row, r));
        r = r + 1u;
    }
    var acc = comb(comb(a0, a1), comb(a2, a3));
    if (p_length() == 0u) { acc = empty(); }
    out[row * G + g] = ${store};
}
