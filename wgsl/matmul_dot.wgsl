// Skinny matmul whose operands run contiguously along K (row-major matrix @ vector, dot
// products): a group of ${lanes} lanes per output element and K-chunk, the lanes striding K so
// that their loads coalesce; out[chunk, b, m, n] = sum over k in the chunk of A[b, m, k] *
// B[b, k, n] (the caller sums several chunks' partials). Each lane keeps four accumulators (four
// loads of each operand in flight); the group adds its lanes' sums up in workgroup memory.
// Parameters: matmul_source.skinny_params (items: output elements times chunks).
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

var<workgroup> partial: array<${T}, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, 0u, ${workgroup}u / ${lanes}u) + lid / ${lanes}u;
    let lane = lid % ${lanes}u;
    var acc0 = ${zero};
    var acc1 = ${zero};
    var acc2 = ${zero};
    var acc3 = ${zero};
    if (item < p_items()) {
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
        let a_row = bases.x + m * p_a_m_stride();
        let b_col = bases.y + n * p_b_n_stride();
        var k = start + lane;
        for (; k + ${lanes3}u < stop; k += ${lanes4}u) {
            acc0 = madd(acc0, ld_a(a_row + k * sak), ld_b(b_col + k * sbk));
            acc1 = madd(acc1, ld_a(a_row + (k + ${lanes}u) * sak), ld_b(b_col + (k + ${lanes}u) * sbk));
            acc2 = madd(acc2, ld_a(a_row + (k + ${lanes2}u) * sak), ld_b(b_col + (k + ${lanes2}u) * sbk));
            acc3 = madd(acc3, ld_a(a_row + (k + ${lanes3}u) * sak), ld_b(b_col + (k + ${lanes3}u) * sbk));
        }
        for (; k < stop; k += ${lanes}u) {
            acc0 = madd(acc0, ld_a(a_row + k * sak), ld_b(b_col + k * sbk));
        }
    }
    partial[lid] = combine(combine(acc0, acc1), combine(acc2, acc3));
    workgroupBarrier();
    for (var half = ${lanes}u / 2u; half > 0u; half = half / 2u) {
        if (lane < half) {
            partial[lid] = combine(partial[lid], partial[lid + half]);
        }
        workgroupBarrier();
    }
    if (lane == 0u && item < p_items()) {
        out[item] = partial[lid];
    }
}
