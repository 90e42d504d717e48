// A vectorised draw: block b (counter: the draw's offset + b) gives ${K} consecutive values of the
// draw, elements ${K} b .. ${K} b + ${K} - 1, stored as ${finish} by one 16-byte store. A workgroup
// makes ${BPI} runs of ${WG} blocks, an invocation one block of each (so each store instruction of
// a workgroup writes adjacent 16 bytes: coalesced; and a grid of 2^24 blocks needs no second row
// of workgroups). The last block of a draw whose size is no multiple of ${K} also writes past it,
// into the buffer's padding (buffers are whole multiples of 16 bytes). Parameters: _engines/random.py's
// BLOCK.
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
    let first = linear_id(wid, nwg, 0u, ${WG}u * ${BPI}u) + lid;
    for (var run = 0u; run < ${BPI}u; run++) {
        let b = first + run * ${WG}u;
        if (b * ${K}u >= p_items()) { return; }
        out[b] = finish(block_${method}_${tag}(philox_block(b, 0u, 0u)));
    }
}
