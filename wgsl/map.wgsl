// The map kernel: out[i] = op(inputs at i), for any dtypes, strides and broadcasting.
// The generator fills in the buffer bindings, the helper functions the op needs, one load
// function per buffer input, and the per-item body.
${enables}
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
${bindings}

fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }
fn ps(k: u32) -> i32 { return bitcast<i32>(P.w[k >> 2u][k & 3u]); }
// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return pw(2u); }

${library}

${loaders}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = (wid.x + wid.y * nwg.x) * ${workgroup}u + lid;
    if (item >= pw(0u)) { return; }
${body}
}
