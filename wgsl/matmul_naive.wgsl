// Skinny matmul (matrix-vector, vector dot products): one invocation per output element and
// K-chunk: out[b, m, n, chunk] = sum over k in the chunk of A[b, m, k] * B[b, k, n].
// Several chunks split a long K across invocations; the caller sums the partials.
// Parameters: [M, N, K, chunk length, batch, items, batch dims, 0, A offset, A m-stride,
//              A k-stride, B offset, B k-stride, B n-stride, chunks, 0, then per batch dim
//              (innermost first): size, A stride, B stride]. Strides are u32 two's complement.
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

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${threads}u);
    if (item >= pw(5u)) { return; }
    let M = pw(0u);
    let N = pw(1u);
    let chunk = item % pw(14u);
    let r = item / pw(14u);
    let n = r % N;
    let m = (r / N) % M;
    let batch = r / N / M;
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
    let start = chunk * pw(3u);
    let stop = min(start + pw(3u), pw(2u));
    var ia = a_base + m * pw(9u) + start * pw(10u);
    var ib = b_base + n * pw(13u) + start * pw(12u);
    var acc = ${zero};
    for (var k = start; k < stop; k++) {
        let a = ld_a(ia);
        let b = ld_b(ib);
        acc = ${madd};
        ia += pw(10u);
        ib += pw(12u);
    }
    out[item] = acc;
}
