// getrs's row interchanges as one permutation: one workgroup per matrix turns LAPACK's
// interchanges (row r swapped with row piv[r], in order r = 0..n-1) into the permutation in
// workgroup memory, walked by one invocation (an interchange costs workgroup-memory accesses,
// not dependent global round trips as in lu_swap.wgsl: 4096 of those took milliseconds), the
// pivots staged a chunk at a time by all invocations; then all of them gather the rows:
// out[g, r, c] = x[g, perm[r], c], out contiguous. Parameters: lu_kernels.py's PERMUTE_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> x: array<${T}>;
@group(0) @binding(3) var<storage, read> piv: array<i32>;

const CHUNK: u32 = ${chunk}u;
var<workgroup> perm: array<u32, ${rows}>;  // perm[r]: the row of x that ends at row r
var<workgroup> staged: array<u32, CHUNK>;

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    if (g >= p_batch()) { return; }
    let n = p_n();
    let cols = p_cols();
    for (var r = lid; r < n; r += ${wg}u) { perm[r] = r; }
    let pbase = p_piv_offset() + g * p_piv_batch_stride();
    for (var r0 = 0u; r0 < n; r0 += CHUNK) {
        let count = min(CHUNK, n - r0);
        for (var i = lid; i < count; i += ${wg}u) { staged[i] = u32(piv[pbase + r0 + i]); }
        workgroupBarrier();
        if (lid == 0u) {
            for (var i = 0u; i < count; i++) {
                let r = r0 + i;
                let q = staged[i];
                if (q != r) {
                    let t = perm[r];
                    perm[r] = perm[q];
                    perm[q] = t;
                }
            }
        }
        workgroupBarrier();
    }
    let xbase = p_x_offset() + g * p_x_batch_stride();
    let obase = g * n * cols;
    for (var e = lid; e < n * cols; e += ${wg}u) {
        out[obase + e] = x[xbase + perm[e / cols] * p_x_row_stride() + e % cols];
    }
}
