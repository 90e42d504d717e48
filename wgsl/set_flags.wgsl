// unique: 1 where a run of equal keys starts. Every NaN starts one, unless p_equal_nan().
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> s: array<Raw>;

fn item(i: u32) {
    var start = i == 0u;
    if (!start) {
        let nan = is_nan(s[i]);
        start = select(nan || !key_equal(s[i], s[i - 1u]), !(nan && is_nan(s[i - 1u])),
                       nan && p_equal_nan() != 0u);
    }
    out[i] = select(0u, 1u, start);
}
