// Vector @ matrix (M small, B contiguous along N, 32-bit float): one workgroup per ${cols} columns,
// one row m of A and one K-chunk; its ${workgroup} invocations are ${quads} column quads times
// ${slices} k-slices. Each invocation loads rows of B as vec4 words (the quads of a k-row
// coalesce) and keeps eight accumulators, so eight loads are in flight; the workgroup then adds
// up its k-slices in workgroup memory and writes out[chunk, b, m, n..n+3] in one pass (several
// chunks only where the columns alone leave the GPU idle; the caller sums them).
// Parameters: matmul_source.skinny_params, items = workgroups. B's offset, k stride and batch
// strides are multiples of 4 and N is (the planner checks), so in1 is read in vec4 words.
${enables}
${prelude}
${params}
${batch_bases}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${a_storage}>;
@group(0) @binding(3) var<storage, read> in1: array<vec4<${b_storage}>>;

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${loaders}
fn ld_a(idx: u32) -> ${T} { return ${load_a}; }
fn ld_b4(idx: u32) -> vec4<${T}> { return in1[idx >> 2u]; }

var<workgroup> partial: array<vec4<${T}>, ${workgroup}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = linear_id(wid, nwg, 0u, 1u);
    if (group >= p_items()) { return; }  // uniform across the workgroup
    let M = p_M();
    let N = p_N();
    let col_groups = (N + ${cols}u - 1u) / ${cols}u;
    let quad = lid % ${quads}u;
    let slice = lid / ${quads}u;
    let n = (group % col_groups) * ${cols}u + 4u * quad;
    let r = group / col_groups;
    let m = r % M;
    let r2 = r / M;
    let batch = r2 % p_batches();
    let chunk = r2 / p_batches();
    let bases = batch_bases(batch);
    let start = chunk * p_chunk_len();
    let stop = min(start + p_chunk_len(), p_K());
    let sak = p_a_k_stride();
    let sbk = p_b_k_stride();
    // Eight accumulators: eight loads of B in flight per invocation (four left an H100 at 1.6 TB/s).
${declare}
    if (n < N) {
        let a_row = bases.x + m * p_a_m_stride();
        let b_col = bases.y + n;
        var k = start + slice;
        for (; k + 7u * ${slices}u < stop; k += 8u * ${slices}u) {
${accumulate}
        }
        for (; k < stop; k += ${slices}u) {
            acc0 += ld_a(a_row + k * sak) * ld_b4(b_col + k * sbk);
        }
    }
    partial[lid] = ((acc0 + acc1) + (acc2 + acc3)) + ((acc4 + acc5) + (acc6 + acc7));
    workgroupBarrier();
    for (var half = ${slices}u / 2u; half > 0u; half = half / 2u) {
        if (slice < half) {
            partial[lid] += partial[lid + half * ${quads}u];
        }
        workgroupBarrier();
    }
    if (slice == 0u && n < N) {
        let o = ((chunk * p_batches() + batch) * M + m) * N + n;
        let total = partial[lid];
        out[o] = total.x;
        out[o + 1u] = total.y;
        out[o + 2u] = total.z;
        out[o + 3u] = total.w;
    }
}
