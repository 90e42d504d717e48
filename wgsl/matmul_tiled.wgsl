// Tiled matmul: out[b, m, n] = sum_k A[b, m, k] * B[b, k, n], out contiguous (batch, M, N).
// One workgroup of ${threads} invocations computes a ${BM} x ${BN} tile of one matrix; BK-deep slices
// of A and B are staged in workgroup memory (k-major, so each invocation reads its rows and columns
// of a slice as consecutive words) and each invocation accumulates a ${TM} x ${TN} register block.
// With double buffering the next slice is fetched into registers while the current one is used,
// so one barrier per slice suffices. The generator unrolls the k-slice and the register block.
// Parameters: [M, N, K, tiles_n, tiles_m, groups, batch dims, 0, A offset, A m-stride, A k-stride,
//              B offset, B k-stride, B n-stride, 0, 0, then per batch dim (innermost first):
//              size, A stride, B stride]. Strides are u32 two's complement: wrapping makes
//              negative ones work.
${enables}
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${a_storage}>;
@group(0) @binding(3) var<storage, read> in1: array<${b_storage}>;

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return pw(7u); }

${loaders}
fn ld_a(idx: u32) -> ${T} { return ${load_a}; }
fn ld_b(idx: u32) -> ${T} { return ${load_b}; }

// Rows are k (two buffers of BK rows when double buffered), columns m (or n), padded.
var<workgroup> As: ${a_smem};
var<workgroup> Bs: ${b_smem};

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = linear_id(wid, nwg, 0u, 1u);
    if (group >= pw(5u)) { return; }
    let M = pw(0u);
    let N = pw(1u);
    let K = pw(2u);
    let tn = group % pw(3u);
    let rest = group / pw(3u);
    let tm = rest % pw(4u);
    let batch = rest / pw(4u);
    var a_base = pw(8u);
    var b_base = pw(11u);
    var rem = batch;
    for (var d = 0u; d < pw(6u); d++) {
        let w = 16u + 3u * d;
        let c = rem % pw(w);
        rem = rem / pw(w);
        a_base += c * pw(w + 1u);
        b_base += c * pw(w + 2u);
    }
    let sam = pw(9u);
    let sak = pw(10u);
    let sbk = pw(12u);
    let sbn = pw(13u);
    let m0 = tm * ${BM}u;
    let n0 = tn * ${BN}u;
    let tx = lid % ${TX}u;
    let ty = lid / ${TX}u;
${declare}
    let tiles_k = (K + ${BK}u - 1u) / ${BK}u;
    var k0 = 0u;
${fetch}
${stash_first}
    workgroupBarrier();
    for (var t = 0u; t < tiles_k; t += ${t_step}) {
${loop_body}
    }
    let o_base = batch * M * N;
${store}
}
