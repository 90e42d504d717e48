// Shared part of the tree and column reductions (reduce_tree.wgsl, reduce_cols.wgsl).
// Parameter words: [0] rows (outputs), [1] R (elements folded per output in this pass),
// [2] G (partials per output this pass writes), [3] chunk length (column pass), [4] input
// offset, [5] always 0, then (size, stride) per kept dim, then per reduced dim, outermost first.
// A pass writes out[row * G + g]; with G > 1 another pass folds those partials.
${enables}
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
${bindings}

fn zero_word() -> u32 { return pw(5u); }  // always 0, opaque to the compiler

${library}

${loaders}

${acc_decl}
fn init() -> A { return ${init}; }
fn empty() -> A { return ${empty}; }  // the result of folding nothing
fn comb(a: A, b: A) -> A { ${combine} }
// One input element (its register value v and its index r along the reduction) as an accumulator.
fn elem(v: ${src_reg}, r: u32) -> A { ${elem} }
// Element offsets: of an output row's first element, and of element r within the row.
fn kept_off(row: u32) -> u32 { ${kept_off} }
fn red_off(r: u32) -> u32 { ${red_off} }
fn fetch(base: u32, row: u32, r: u32) -> A { ${fetch} }
