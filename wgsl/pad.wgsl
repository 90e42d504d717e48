// numpy.pad as one coordinate map: each output element is written once, from the input
// element its coordinates map to (edge, wrap, reflect, symmetric), a constant, or, for odd
// reflection, 2 * edge - mirrored on each padded axis in NumPy's axis order. Per axis d the
// parameters hold the padding before it and the input's length; the generator (_engines/pad.py)
// fills in the per-item body. Even reflection and wrapping of any width are periodic, which is
// what NumPy's repeated application gives.
${enables}
${prelude}
${params}
${bindings}

// Always 0, but unknown to the compiler, so expressions built on it are not folded.
fn zero_word() -> u32 { return p_zero(); }

${library}

${loaders}

// j modulo n, in [0, n). The remainder from the quotient: NVIDIA's driver gets WGSL's signed `%`
// of a negative j wrong (as if unsigned), its division right.
fn pad_mod(j: i32, n: i32) -> i32 {
    if (j >= 0 && j < n) { return j; }  // most elements: no division
    let r = j - n * (j / n);
    return select(r, r + n, r < 0);
}

fn pad_edge(j: i32, n: i32) -> i32 { return clamp(j, 0, n - 1); }

fn pad_wrap(j: i32, n: i32) -> i32 { return pad_mod(j, n); }

// mirrored about the first and last elements (period 2n - 2; a length-1 axis repeats its element)
fn pad_reflect(j: i32, n: i32) -> i32 {
    if (n == 1) { return 0; }
    let period = 2 * n - 2;
    let r = pad_mod(j, period);
    return select(period - r, r, r < n);
}

// mirrored about the outer sides of the first and last elements (period 2n)
fn pad_symmetric(j: i32, n: i32) -> i32 {
    let period = 2 * n;
    let r = pad_mod(j, period);
    return select(period - 1 - r, r, r < n);
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${workgroup}u);
    if (item >= p_items()) { return; }
${body}
}
