// What the tridiagonal eigensolver's kernels share (tridiag_bisect.wgsl, tridiag_vectors.wgsl):
// the symmetric tridiagonal T of matrix b is de[b * 2n + i] (diagonal d) and
// de[b * 2n + n + i] (off-diagonal e). T splits into independent blocks where
// |e_i| <= eps ||T|| (a perturbation of eps ||T||, within the backward error of the reduction).
const EPS: R = R(${EPS});
const SAFEMIN: R = R(${SAFEMIN});

fn t_d(b: u32, n: u32, i: u32) -> R { return de[b * 2u * n + i]; }
fn t_e(b: u32, n: u32, i: u32) -> R { return de[b * 2u * n + n + i]; }

// max_i |d_i| + |e_{i-1}| + |e_i| (an upper bound of ||T||), or NaN where T is not finite.
fn t_norm(b: u32, n: u32) -> R {
    var norm = R(0);
    var finite = true;
    for (var i = 0u; i < n; i++) {
        let d = t_d(b, n, i);
        var row = abs(d);
        if (i > 0u) { row += abs(t_e(b, n, i - 1u)); }
        if (i + 1u < n) { row += abs(t_e(b, n, i)); }
        finite = finite && isfinite_${rtag}(d) && (i + 1u >= n || isfinite_${rtag}(t_e(b, n, i)));
        norm = max(norm, row);
    }
    return select(nan_${rtag}(), norm, finite);
}

// Whether T splits between rows i and i + 1.
fn t_split(b: u32, n: u32, i: u32, norm: R) -> bool { return abs(t_e(b, n, i)) <= EPS * norm; }

// The block [first, end) of rows holding row k.
fn t_block(b: u32, n: u32, k: u32, norm: R) -> vec2<u32> {
    var first = k;
    while (first > 0u && !t_split(b, n, first - 1u, norm)) { first -= 1u; }
    var end = k + 1u;
    while (end < n && !t_split(b, n, end - 1u, norm)) { end += 1u; }
    return vec2<u32>(first, end);
}

// The off-diagonal inside a block (0 at its edges).
fn t_inner_e(b: u32, n: u32, i: u32, blk: vec2<u32>) -> R {
    return select(R(0), t_e(b, n, i), i >= blk.x && i + 1u < blk.y);
}
