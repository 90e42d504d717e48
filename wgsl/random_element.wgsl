// A draw by rejection: one invocation per element i, whose tries come from its own counters
// (the draw's offset + i, try j, lane), so elements need no coordination and any try count.
// The sampler (wgsl/random_<name>.wgsl) is evaluated on the element's parameters, each a scalar
// in the parameter words or an array of the output's size. Parameters: _engines/random.py's ELEMENT.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${S}>;
${bindings}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${generator}
${library}
${sampler}

fn param_a(i: u32) -> ${P} { return ${param_a}; }
fn param_b(i: u32) -> ${P} { return ${param_b}; }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let i = linear_id(wid, nwg, lid, ${WG}u);
    if (i >= p_items()) { return; }
    out[i] = ${store};
}
