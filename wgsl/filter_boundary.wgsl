// SciPy's boundary modes as coordinate maps (wgarray/_engines/filter.py): position j on an axis
// of length n, mapped into [0, n), or -1 where the mode reads the constant. Periodic, so a
// window wider than the axis maps as SciPy's repeated extension does; positions inside return at
// once (u32(j) < u32(n) tests 0 <= j < n), without the integer division.
fn filter_mod(j: i32, n: i32) -> i32 {
    let r = j - n * (j / n);  // not j % n: NVIDIA's driver computes a negative j's `%` as if unsigned
    return select(r, r + n, r < 0);
}

fn map_constant(j: i32, n: i32) -> i32 { return select(-1, j, j >= 0 && j < n); }

fn map_nearest(j: i32, n: i32) -> i32 { return clamp(j, 0, n - 1); }

fn map_wrap(j: i32, n: i32) -> i32 {
    if (u32(j) < u32(n)) { return j; }  // inside: no division
    return filter_mod(j, n);
}

// d c b a | a b c d | d c b a: mirrored about the outer sides of the edge elements (period 2n)
fn map_reflect(j: i32, n: i32) -> i32 {
    if (u32(j) < u32(n)) { return j; }
    let r = filter_mod(j, 2 * n);
    return select(2 * n - 1 - r, r, r < n);
}

// d c b | a b c d | c b a: mirrored about the edge elements (period 2n - 2; n = 1 repeats it)
fn map_mirror(j: i32, n: i32) -> i32 {
    if (u32(j) < u32(n)) { return j; }
    if (n == 1) { return 0; }
    let period = 2 * n - 2;
    let r = filter_mod(j, period);
    return select(period - r, r, r < n);
}
