// searchsorted: one invocation per value does a binary search over the sorted x1 (read in
// place through its offset and stride, or through sorter). NaN sorts last, as in NumPy.
// Past one binding, x1 is searched a buffer at a time and the positions are summed (${store}).
// Parameters: search.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${index}>;
@group(0) @binding(2) var<storage, read> in0: array<${storage}>;
@group(0) @binding(3) var<storage, read> in1: array<${storage}>;
${sorter_binding}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

// a < b, with NaN after everything.
fn lt(a: ${T}, b: ${T}) -> bool { ${lt} }
fn key(k: u32) -> ${T} { return load0(p_sorted_offset() + ${position} * p_sorted_stride()); }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${workgroup}u);
    if (i >= p_items()) { return; }
    let v = load1(p_values_offset() + i);
    var lo = 0u;
    var hi = p_sorted_len();
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (${go_right}) { lo = mid + 1u; } else { hi = mid; }
    }
    out[p_out_offset() + i] = ${store};
}
