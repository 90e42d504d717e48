// searchsorted: one invocation per value does a binary search over the sorted x1 (read in
// place through its offset and stride, or through sorter). NaN sorts last, as in NumPy.
// Parameters: [0] values, [1] len(x1), [2] x1 offset, [3] x1 stride, [4] values offset,
// [5] 0, [6] sorter offset, [7] sorter stride.
${enables}
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<${index}>;
@group(0) @binding(2) var<storage, read> in0: array<${storage}>;
@group(0) @binding(3) var<storage, read> in1: array<${storage}>;
${sorter_binding}

fn zero_word() -> u32 { return pw(5u); }

${library}

${loaders}

// a < b, with NaN after everything.
fn lt(a: ${T}, b: ${T}) -> bool { ${lt} }
fn key(k: u32) -> ${T} { return load0(pw(2u) + ${position} * pw(3u)); }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = (wid.x + wid.y * nwg.x) * 256u + lid;
    if (i >= pw(0u)) { return; }
    let v = load1(pw(4u) + i);
    var lo = 0u;
    var hi = pw(1u);
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (${go_right}) { lo = mid + 1u; } else { hi = mid; }
    }
    out[i] = ${index}(lo);
}
