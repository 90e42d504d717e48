// Chunked reduction: rows of length R (contiguous, after moving reduced axes last) are cut
// into chunks; each invocation folds one chunk serially. Repeated passes fold the partials.
// Parameters: [items = rows * chunks, R, chunk length, chunks per row, input offset, 0].
${enables}
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${in_storage}>;

fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }
fn zero_word() -> u32 { return pw(5u); }  // always 0, opaque to the compiler

${library}

${loader}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = (wid.x + wid.y * nwg.x) * ${workgroup}u + lid;
    if (item >= pw(0u)) { return; }
    let row = item / pw(3u);
    let start = (item % pw(3u)) * pw(2u);
    let stop = min(start + pw(2u), pw(1u));
    let base = pw(4u) + row * pw(1u);
    var acc: ${acc_type} = ${init};
    for (var r = start; r < stop; r++) {
        let a0 = ${load};
        acc = ${combine};
    }
    out[item] = ${finish};
}
