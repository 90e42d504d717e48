// bin_count.wgsl's rows of partial counts (p_parts() rows of p_bins() u32) added up per bin and
// written in the output's dtype. A workgroup takes BINS adjacent bins (a row's run of them is
// one memory sector), its invocations LANES rows apart each adding every LANES-th row, then
// a tree of halves in workgroup memory adds the lanes.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${storage}>;
@group(0) @binding(2) var<storage, read> partials: array<u32>;

fn zero_word() -> u32 { return p_zero(); }

${library}

const BINS: u32 = 8u;
const LANES: u32 = ${workgroup}u / BINS;
var<workgroup> sums: array<u32, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let bins = p_bins();
    let bin = (wid.x + wid.y * nwg.x) * BINS + lid % BINS;
    var c = 0u;
    if (bin < bins) {
        for (var row = lid / BINS; row < p_parts(); row += LANES) { c += partials[row * bins + bin]; }
    }
    sums[lid] = c;
    workgroupBarrier();
    for (var half = ${workgroup}u / 2u; half >= BINS; half /= 2u) {
        if (lid < half) { sums[lid] += sums[lid + half]; }
        workgroupBarrier();
    }
    if (lid < BINS && bin < bins) {
        let total = sums[lid];
        out[bin] = ${store};
    }
}
