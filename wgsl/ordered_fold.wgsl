// Ordered fold (wgarray/_engines/ordered_fold.py): one invocation per output folds its run of
// elements strictly left to right, acc = op(acc, x[j]), the order NumPy gives ufuncs that may
// not be regrouped (subtract.reduce is ((x0 - x1) - x2) - ...). A run starts from p_start()
// when p_has_start() is 1, else from its first element. One dispatch folds at most ${piece}
// elements of every run, from element p_first() of the run on (loops stay under MAX_LOOP);
// the next dispatch goes on from the partial result this one left in `out`.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
@group(0) @binding(2) var<storage, read> in0: array<${in_storage}>;
${bindings}

fn zero_word() -> u32 { return p_zero(); }  // always 0, opaque to the compiler

${library}

${loaders}

alias A = ${acc};
fn op(a0: A, a1: A) -> A { return ${combine}; }
fn element(idx: u32) -> A { let v = load0(idx); return ${element}; }
// The accumulator as stored in `out` (packed dtypes are kept in whole 32-bit words), and back.
fn stored(a: A) -> ${out_storage} { return ${store}; }
fn restored(s: ${out_storage}) -> A { return ${restore}; }
// Offsets of a row's first input element and of its output; the row's run [start, stop) along
// the folded axis; whether element j of the row takes part (the where= mask).
fn kept_off(row: u32) -> u32 { ${kept_off} }
fn out_off(row: u32) -> u32 { ${out_off} }
fn run(row: u32) -> vec2<u32> { ${run} }
fn mask_off(row: u32) -> u32 { ${mask_off} }
fn takes_part(row: u32, j: u32) -> bool { ${takes_part} }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let row = linear_id(wid, nwg, lid, 256u);
    if (row >= p_rows()) { return; }
    let bounds = run(row);
    let lo = bounds.x + p_first();
    if (p_first() > 0u && lo >= bounds.y) { return; }  // the run ended in an earlier piece
    let hi = min(bounds.y, lo + ${piece}u);
    let base = p_offset() + kept_off(row);
    let o = out_off(row);
    let step = p_out_step();
    var acc: A;
    var have = true;
    if (p_first() > 0u) {
        acc = restored(out[${previous}]);
    } else if (p_has_start() == 1u) {
        acc = p_start();
    } else {
        have = false;
    }
    for (var j = lo; j < hi; j++) {
        if (!takes_part(row, j)) { continue; }
        let x = element(base + j * p_axis_stride());
        if (have) { acc = op(acc, x); } else { acc = x; have = true; }
${emit}
    }
${finish}
}
