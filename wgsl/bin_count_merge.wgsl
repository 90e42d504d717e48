// bin_count.wgsl's rows of partial counts (p_parts() rows of p_bins() u32) added up per bin and
// written in the output's dtype. A workgroup takes ${workgroup} / p_lanes() adjacent bins (a
// row's run of them is at least a memory sector), its invocations p_lanes() rows apart each adding
// every p_lanes()-th row, then a tree of halves in workgroup memory adds the lanes.
${enables}
${prelude}
${params}
${bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

${summarize}

var<workgroup> sums: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let bins = p_bins();
    let lanes = p_lanes();
    let width = ${workgroup}u / lanes;  // bins per workgroup
    let bin = (wid.x + wid.y * nwg.x) * width + lid % width;
    var c = 0u;
    if (bin < bins) {
        for (var row = lid / width; row < p_parts(); row += lanes) { c += partials[row * bins + bin]; }
    }
    sums[lid] = c;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half >= width; half /= 2u) {
        if (lid < half) { sums[lid] += sums[lid + half]; }
        workgroupBarrier();
    }
    if (lid < width && bin < bins) {
        let total = sums[lid];
        out[bin] = ${store};
        summarize(bin, total);
    }
}
