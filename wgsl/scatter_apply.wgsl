// ufunc.at (wgarray/_engines/scatter_apply.py): x[address] = step(x[address], value), unbuffered,
// so that repeated addresses apply every value. `step` is the ufunc's loop on x's element and
// the value, cast back into x's dtype. Kernels of this template:
//   check    flags[0] = 1 if any index lies outside its axis (before anything is written);
//   atomic   one invocation per item applies step atomically (native atomics, or a
//            compare-exchange loop on the 32-bit word holding the element);
//   address  one invocation per item writes its element address (for the sorted path);
//   apply    after a stable sort of the addresses, one invocation per run of equal addresses
//            applies the run's values in index order (NumPy's order), ${piece} per dispatch.
// Every kernel but check does nothing when flags[0] is set: nothing is half written.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: ${out_decl};
@group(0) @binding(2) var<storage, read_write> flags: array<atomic<u32>>;
${bindings}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

${functions}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    if (item >= p_items()) { return; }
${body}
}
