// Shared by every kernel: binding 0 is a 1 KiB window of parameter words (a dynamic offset
// into the stream's uniform arena), read with pw (as u32) and ps (as i32).
struct Params { w: array<vec4<u32>, 64>, }
@group(0) @binding(0) var<uniform> P: Params;
fn pw(k: u32) -> u32 { return P.w[k >> 2u][k & 3u]; }
fn ps(k: u32) -> i32 { return bitcast<i32>(P.w[k >> 2u][k & 3u]); }
// The linear invocation index over a grid folded into 2-D past 65535 workgroups.
fn linear_id(wid: vec3<u32>, nwg: vec3<u32>, lid: u32, size: u32) -> u32 {
    return (wid.x + wid.y * nwg.x) * size + lid;
}
