// Skinny matmul (vector @ matrix, matrix @ vector with the matrix contiguous along M): one
// invocation per output element and K-chunk: out[chunk, b, m, n] = sum over k in the chunk of
// A[b, m, k] * B[b, k, n]. Consecutive invocations take consecutive outputs (n fastest), so the
// loads of an operand that runs contiguously along M or N coalesce; several chunks split a long
// K across invocations (the caller sums the partials). Four accumulators keep four loads of
// each operand in flight.
// Parameters: matmul_source.skinny_params (batch: size, A stride, B stride per batch dim,
// innermost first). Strides are u32 two's complement: wrapping makes negative ones work.
${enables}
${prelude}
${params}
${batch_bases}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${a_storage}>;
@group(0) @binding(3) var<storage, read> in1: array<${b_storage}>;

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${loaders}
fn ld_a(idx: u32) -> ${T} { return ${load_a}; }
fn ld_b(idx: u32) -> ${T} { return ${load_b}; }
fn combine(a: ${T}, b: ${T}) -> ${T} { return ${combine}; }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    if (item >= p_items()) { return; }
    let M = p_M();
    let N = p_N();
    let n = item % N;
    let r = item / N;
    let m = r % M;
    let r2 = r / M;
    let bases = batch_bases(r2 % p_batches());
    let chunk = r2 / p_batches();
    let start = chunk * p_chunk_len();
    let stop = min(start + p_chunk_len(), p_K());
    let sak = p_a_k_stride();
    let sbk = p_b_k_stride();
    var ia = bases.x + m * p_a_m_stride() + start * sak;
    var ib = bases.y + n * p_b_n_stride() + start * sbk;
    var acc0 = ${zero};
    var acc1 = ${zero};
    var acc2 = ${zero};
    var acc3 = ${zero};
    var k = start;
    for (; k + 3u < stop; k += 4u) {
        acc0 = madd(acc0, ld_a(ia), ld_b(ib));
        acc1 = madd(acc1, ld_a(ia + sak), ld_b(ib + sbk));
        acc2 = madd(acc2, ld_a(ia + 2u * sak), ld_b(ib + 2u * sbk));
        acc3 = madd(acc3, ld_a(ia + 3u * sak), ld_b(ib + 3u * sbk));
        ia += 4u * sak;
        ib += 4u * sbk;
    }
    for (; k < stop; k++) {
        acc0 = madd(acc0, ld_a(ia), ld_b(ib));
        ia += sak;
        ib += sbk;
    }
    out[item] = combine(combine(acc0, acc1), combine(acc2, acc3));
}
