// isin: whether element i of a (from p_a_offset()) is in the sorted b of p_b_len() elements,
// by binary search; a NaN is in nothing. p_invert() != 0: the opposite.
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> a: array<Raw>;
@group(0) @binding(3) var<storage, read> b: array<Raw>;

fn item(i: u32) {
    let x = a[p_a_offset() + i];
    var lo = 0u;
    var hi = p_b_len();
    while (lo < hi) {
        let mid = (lo + hi) / 2u;
        if (key_less(b[mid], x)) { lo = mid + 1u; } else { hi = mid; }
    }
    var found = false;
    if (lo < p_b_len() && !is_nan(x)) { found = key_equal(b[lo], x); }
    out[i] = select(0u, 1u, found != (p_invert() != 0u));
}
