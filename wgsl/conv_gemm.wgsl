// Convolution as an implicit GEMM (no im2col buffer): for each group g,
//   out[m, n] = bias[n] + sum over k of A[m, k] * W[k, n],
// m = (image, output position) over N * OD * OH * OW, n = output channel of the group,
// k = (kernel tap, input channel of the group), the channel fastest. A is gathered from the
// input on the fly (zero outside it); W is the weight rearranged to (group, tap, channel, n).
// 1-D and 2-D convolutions are 3-D ones with leading sizes of 1. The transposed convolution is
// the same product with the gradient-of-input gather: output position o reads input position
// (o + pad - tap * dilation) / stride where that divides exactly.
// One workgroup of ${workgroup} invocations computes a ${BM} x ${BN} tile of one group's
// product; BK-deep slices of A and W are staged in workgroup memory (k-major), double
// buffered: the next slice is fetched into registers while the current one is used. Each
// invocation accumulates a register block of ${TM} positions x ${TN} channels, positions in
// vec4 words when ${vec} (consecutive positions: the output's contiguous axis).
// Parameters: conv.py's CONV.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${T}>;
@group(0) @binding(3) var<storage, read> wt: array<${T}>;
${bias_binding}

${gather_lib}

// Rows are k (two buffers of BK rows), columns m (or n) in words, padded.
var<workgroup> As: array<array<${word}, ${SA}>, ${rows}>;
var<workgroup> Bs: array<array<${word}, ${SB}>, ${rows}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = linear_id(wid, nwg, 0u, 1u);
    if (group >= p_groups()) { return; }
    let M = p_M();
    let Og = p_Og();
    let K = p_K();
    let tn = group % p_tiles_n();
    let rest = group / p_tiles_n();
    let tm = rest % p_tiles_m();
    let g = rest / p_tiles_m();
    let m0 = tm * ${BM}u;
    let n0 = tn * ${BN}u;
    let w_base = g * K * Og;
    let tx = lid % ${TX}u;
    let ty = lid / ${TX}u;
${declare}
    let tiles_k = (K + ${BK}u - 1u) / ${BK}u;
    var k0 = 0u;
${fetch}
${stash_first}
    workgroupBarrier();
    for (var t = 0u; t < tiles_k; t += 2u) {
${loop_body}
    }
${store}
}
