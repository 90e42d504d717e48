// Skinny matmul (matrix-vector, vector dot products): one invocation per output element and
// K-chunk: out[b, m, n, chunk] = sum over k in the chunk of A[b, m, k] * B[b, k, n].
// Several chunks split a long K across invocations; the caller sums the partials.
// Parameters: matmul.py's NAIVE (batch: size, A stride, B stride per batch dim, innermost
// first). Strides are u32 two's complement: wrapping makes negative ones work.
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

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    if (item >= p_items()) { return; }
    let M = p_M();
    let N = p_N();
    let chunk = item % p_chunks();
    let r = item / p_chunks();
    let n = r % N;
    let m = (r / N) % M;
    let batch = r / N / M;
    let bases = batch_bases(batch);
    let a_base = bases.x;
    let b_base = bases.y;
    let start = chunk * p_chunk_len();
    let stop = min(start + p_chunk_len(), p_K());
    var ia = a_base + m * p_a_m_stride() + start * p_a_k_stride();
    var ib = b_base + n * p_b_n_stride() + start * p_b_k_stride();
    var acc = ${zero};
    for (var k = start; k < stop; k++) {
        let a = ld_a(ia);
        let b = ld_b(ib);
        acc = ${madd};
        ia += p_a_k_stride();
        ib += p_b_k_stride();
    }
    out[item] = acc;
}
