// A vectorised draw: one invocation per Philox block b (counter: the draw's offset + b), whose four
// words give ${K} consecutive values of the draw, elements ${K} b .. ${K} b + ${K} - 1, stored as
// ${finish} by one 16-byte store (adjacent invocations write adjacent 16 bytes: coalesced). The last
// block of a draw whose size is no multiple of ${K} also writes past it, into the buffer's padding
// (buffers are whole multiples of 16 bytes). Parameters: _engines/random.py's BLOCK.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${V}>;

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${generator}
${library}

fn finish(x: ${V}) -> ${V} { return ${finish}; }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = linear_id(wid, nwg, lid, ${WG}u);
    if (b * ${K}u >= p_items()) { return; }
    out[b] = finish(block_${method}_${tag}(philox_block(b, 0u, 0u)));
}
