// Shared part of the tree and column reductions (reduce_tree.wgsl, reduce_cols.wgsl).
// Parameters are named fields (accessors p_*, declared by a ParamLayout in fold.py or scan.py):
// p_zero() is always 0; p_kept(k) and p_folded(k) hold (size, stride) pairs of the kept dims and
// of the dims folded along, outermost first.
// A pass writes out[row * G + g]; with G > 1 another pass folds those partials.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${out_storage}>;
${bindings}

fn zero_word() -> u32 { return p_zero(); }  // always 0, opaque to the compiler

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
