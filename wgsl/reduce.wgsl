// Chunked reduction: rows of length R (contiguous, after moving reduced axes last) are cut
// into chunks; each invocation folds one chunk serially. Repeated passes fold the partials.
// Parameters: [items = rows * chunks, R, chunk length, chunks per row, input offset, 0].
${enables}
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${in_storage}>;

fn zero_word() -> u32 { return pw(5u); }  // always 0, opaque to the compiler

${library}

${loader}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
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
