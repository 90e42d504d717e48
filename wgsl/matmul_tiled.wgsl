// Tiled matmul: out[s, b, m, n] = sum over the K-slice s of A[b, m, k] * B[b, k, n], out contiguous
// (slices, batch, M, N); one slice unless the caller splits K. The update variant subtracts the
// product from a view C of out in place instead (C -= A B), A and B read from out itself where
// they are blocks of the same buffer (one binding: WebGPU binds no buffer writable and read-only
// in one dispatch).
// One workgroup of ${workgroup} invocations computes a ${BM} x ${BN} tile of one matrix; BK-deep slices
// of A and B are staged in workgroup memory (k-major, so each invocation reads its rows and columns
// of a slice as consecutive words) and each invocation accumulates a ${TM} x ${TN} register block.
// With double buffering the next slice is fetched into registers while the current one is used,
// so one barrier per slice suffices. The generator unrolls the k-slice and the register block.
// Parameters: matmul.py's TILED (batch: size, A stride, B stride per batch dim, innermost
// first). Strides are u32 two's complement: wrapping makes negative ones work.
${enables}
${prelude}
${params}
${batch_bases}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
${inputs}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${loaders}
fn ld_a(idx: u32) -> ${T} { return ${load_a}; }
fn ld_b(idx: u32) -> ${T} { return ${load_b}; }

// Rows are k (two buffers of BK rows when double buffered), columns m (or n), padded.
var<workgroup> As: ${a_smem};
var<workgroup> Bs: ${b_smem};

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = linear_id(wid, nwg, 0u, 1u);
    if (group >= p_groups()) { return; }
    let M = p_M();
    let N = p_N();
    let tn = group % p_tiles_n();
    let rest = group / p_tiles_n();
    let tm = rest % p_tiles_m();
    let batch = rest / p_tiles_m();
    // Split-K: the outermost batch index is the K-slice (of p_K() terms, the last one shorter).
    let k_first = (batch / p_inner_batch()) * p_K();
    let K = select(0u, min(p_K(), p_k_total() - k_first), k_first < p_k_total());
    let bases = batch_bases(batch % p_inner_batch());
    let sam = p_a_m_stride();
    let sak = p_a_k_stride();
    let sbk = p_b_k_stride();
    let sbn = p_b_n_stride();
    let a_base = bases.x + k_first * sak;
    let b_base = bases.y + k_first * sbk;
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
