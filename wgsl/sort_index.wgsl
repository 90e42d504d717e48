// Element indices carried along with the values (argsort, and short rows sorted as one
// sequence): this pass reads them from src_idx, except the first, whose indices are the
// positions themselves.
@group(0) @binding(${binding}) var<storage, read> src_idx: array<u32>;

fn load_idx(p: u32) -> u32 {
    if (p_first_pass() != 0u) { return p; }
    return src_idx[p];
}
