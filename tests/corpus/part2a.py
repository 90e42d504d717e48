"""NumPy's wider library, part 2a: random Generators and the legacy API (properties that do not depend
on the stream), einsum, pad, percentiles and medians, histograms, counting, searching and sets."""

from . import snippet


@snippet
def rng_integers_shapes_and_dtypes(np):
    rng = np.random.default_rng(7)
    a = rng.integers(0, 10, size=(3, 4))
    b = rng.integers(5, size=6, dtype=np.uint8)
    c = rng.integers(-3, 3, size=(2, 2), dtype=np.int16, endpoint=True)
    return (a.shape, str(a.dtype), b.shape, str(b.dtype), str(c.dtype),
            bool(a.min() >= 0 and a.max() < 10), bool(b.max() < 5), bool(c.min() >= -3 and c.max() <= 3))


@snippet
def rng_normal_and_random_dtypes(np):
    rng = np.random.default_rng(11)
    n = rng.normal(loc=5.0, scale=0.0, size=(2, 3))
    r = rng.random((4,), dtype=np.float32)
    s = rng.standard_normal(size=(2, 2, 2))
    return n, str(r.dtype), bool(((r >= 0) & (r < 1)).all()), s.shape, str(s.dtype)


@snippet
def rng_choice_without_replacement(np):
    rng = np.random.default_rng(3)
    labels = np.array([10, 20, 30, 40, 50])
    pick = rng.choice(labels, size=5, replace=False)
    weighted = rng.choice(3, size=20, p=[0.0, 1.0, 0.0])
    return np.sort(pick), weighted, int(pick.sum())


@snippet
def rng_shuffle_in_place_keeps_rows(np):
    rng = np.random.default_rng(5)
    data = np.arange(15).reshape(5, 3)
    rng.shuffle(data)
    return data.shape, np.sort(data[:, 0]), bool((data[:, 1] - data[:, 0] == 1).all()), int(data.sum())


@snippet
def rng_permutation_sum_and_set(np):
    rng = np.random.default_rng(9)
    p = rng.permutation(10)
    q = rng.permutation(np.arange(6.0))
    return int(p.sum()), np.sort(p), str(p.dtype), np.sort(q), str(q.dtype)


@snippet
def legacy_seed_rand_randint(np):
    np.random.seed(0)
    u = np.random.rand(3, 2)
    k = np.random.randint(1, 7, size=10)
    z = np.random.randn(4)
    return (u.shape, str(u.dtype), bool(((u >= 0) & (u < 1)).all()), k.shape,
            bool(k.min() >= 1 and k.max() <= 6), z.shape)


@snippet
def legacy_random_sample_and_choice(np):
    np.random.seed(42)
    s = np.random.random_sample((2, 5))
    c = np.random.choice(4, size=4, replace=False)
    return s.shape, np.sort(c), int(np.random.randint(3, 4))


@snippet(ulps=16)
def einsum_trace_and_transpose(np):
    a = np.arange(9.0).reshape(3, 3)
    return np.einsum("ii->", a), np.einsum("ij->ji", a), np.einsum("ii->i", a), np.einsum("ij->", a)


@snippet(ulps=16)
def einsum_batched_matmul(np):
    a = np.arange(24.0).reshape(2, 3, 4)
    b = np.arange(40.0).reshape(2, 4, 5) / 10
    return np.einsum("bij,bjk->bik", a, b)


@snippet(ulps=16)
def einsum_outer_and_ellipsis(np):
    u = np.array([1.0, 2.0, 3.0])
    v = np.array([0.5, -1.0])
    m = np.arange(24.0).reshape(2, 3, 4)
    return np.einsum("i,j->ij", u, v), np.einsum("...ij->...ji", m), np.einsum("...i,i->...", m, np.ones(4))


@snippet
def einsum_integers(np):
    a = np.arange(6).reshape(2, 3)
    b = np.arange(12).reshape(3, 4)
    out = np.einsum("ij,jk->ik", a, b)
    return out, str(out.dtype), np.einsum("ij,ij->", a, a)


@snippet(ulps=8)
def pad_every_mode_1d(np):
    x = np.array([1.0, 3.0, 2.0, 5.0])
    modes = ["constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum",
             "reflect", "symmetric", "wrap", "empty"]
    out = {m: np.pad(x, (2, 3), mode=m) for m in modes}
    out["empty"] = out["empty"].shape
    return out


@snippet
def pad_2d_mixed_widths(np):
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    return (np.pad(a, ((0, 1), (2, 0)), constant_values=-1), np.pad(a, 1, mode="reflect"),
            np.pad(a, ((1, 1), (0, 0)), mode="symmetric"), np.pad(a, (1, 2), mode="wrap"))


@snippet
def pad_reflect_odd(np):
    x = np.array([1, 2, 3, 4])
    return np.pad(x, 3, mode="reflect", reflect_type="odd"), np.pad(x, 2, mode="symmetric", reflect_type="odd")


@snippet(ulps=8)
def percentile_methods(np):
    x = np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.6, 5.0])
    methods = ["linear", "lower", "higher", "midpoint", "nearest", "inverted_cdf", "median_unbiased", "weibull"]
    return {m: np.percentile(x, [10, 50, 90], method=m) for m in methods}


@snippet(ulps=8)
def quantile_axis_keepdims(np):
    m = np.array([[1.0, 7.0, 3.0, 5.0], [2.0, 2.0, 8.0, 0.0], [9.0, 4.0, 6.0, 1.0]])
    return (np.quantile(m, 0.5, axis=0), np.quantile(m, [0.25, 0.75], axis=1),
            np.quantile(m, 0.3, axis=1, keepdims=True), np.percentile(m, 50, axis=(0, 1)))


@snippet
def median_variants(np):
    a = np.array([[4, 1, 7], [2, 9, 3]])
    return np.median(a), np.median(a, axis=0), np.median(a, axis=1, keepdims=True), np.median(np.array([2.0, np.nan]))


@snippet
def histogram_bins_forms(np):
    x = np.array([0.5, 1.2, 1.9, 2.2, 2.5, 3.7, 4.1, 4.4, 4.9, 0.1])
    c1, e1 = np.histogram(x, bins=5)
    c2, e2 = np.histogram(x, bins=[0, 1, 2.5, 5])
    c3, e3 = np.histogram(x, bins="auto")
    c4, _ = np.histogram(x, bins=4, range=(1, 4))
    return c1, e1, c2, e2, c3, e3, c4


@snippet(ulps=8)
def histogram_density_weights(np):
    x = np.array([1, 2, 2, 3, 3, 3, 4, 4, 4, 4])
    w = np.linspace(0.5, 1.4, 10)
    d, _ = np.histogram(x, bins=4, density=True)
    hw, _ = np.histogram(x, bins=4, weights=w)
    dw, _ = np.histogram(x, bins=[0, 2, 5], weights=w, density=True)
    return d, hw, dw


@snippet
def histogram2d_bins_and_edges(np):
    x = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 0.2, 1.8])
    y = np.array([2.0, 1.0, 0.0, 1.5, 0.5, 0.3, 1.9])
    h, xe, ye = np.histogram2d(x, y, bins=(2, 3))
    hw, _, _ = np.histogram2d(x, y, bins=[[0, 1, 2], [0, 2]], weights=np.arange(7.0))
    return h, xe, ye, hw


@snippet
def bincount_votes(np):
    votes = np.array([2, 0, 2, 3, 2, 0, 5])
    return (np.bincount(votes), np.bincount(votes, minlength=8), np.argmax(np.bincount(votes)),
            np.bincount(np.array([], dtype=np.int64), minlength=3), np.bincount(votes, weights=np.arange(7) * 0.5))


@snippet
def digitize_right_and_decreasing(np):
    x = np.array([0.0, 1.0, 2.5, 4.0, 10.0, -1.0])
    bins = np.array([0.0, 1.0, 2.5, 4.0])
    return (np.digitize(x, bins), np.digitize(x, bins, right=True), np.digitize(x, bins[::-1]),
            np.digitize(x, bins[::-1], right=True))


@snippet
def searchsorted_sides_and_sorter(np):
    a = np.array([1, 2, 2, 2, 5, 8])
    v = np.array([2, 0, 9, 5, 3])
    perm = np.array([3, 0, 2, 1])
    unsorted = np.array([30, 10, 20, 5])
    return (np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a, 2),
            np.searchsorted(unsorted, [15, 25], sorter=np.argsort(unsorted)), perm.shape)


@snippet
def unique_with_everything(np):
    x = np.array([3, 1, 2, 3, 3, 1, 7])
    u, idx, inv, cnt = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    return u, idx, inv, cnt, np.array_equal(u[inv], x)


@snippet
def unique_rows_axis0(np):
    rows = np.array([[1, 2], [3, 4], [1, 2], [0, 9], [3, 4]])
    u, counts = np.unique(rows, axis=0, return_counts=True)
    cols, inv = np.unique(rows.T, axis=1, return_inverse=True)
    return u, counts, cols, inv


@snippet
def set_operations(np):
    a = np.array([5, 1, 3, 3, 9, 7])
    b = np.array([3, 4, 5, 6, 5])
    i, ia, ib = np.intersect1d(a, b, return_indices=True)
    return (i, ia, ib, np.union1d(a, b), np.setdiff1d(a, b), np.setxor1d(a, b),
            np.isin(a, b), np.isin(a, b, invert=True), np.isin(np.array([[1, 4], [9, 0]]), a))


@snippet
def rng_integers_broadcast_bounds(np):
    rng = np.random.default_rng(21)
    low = np.array([0, 10, 100])
    draws = rng.integers(low, low + 5, size=(4, 3))
    legacy = np.random.RandomState(0).randint(0, 3, size=(2, 2))
    np.random.seed(1)
    deck = np.arange(8)
    np.random.shuffle(deck)
    return (draws.shape, bool(((draws >= low) & (draws < low + 5)).all()), legacy.shape, str(legacy.dtype),
            np.sort(deck), int(np.random.permutation(5).sum()))


@snippet
def einsum_mixed_dtypes_and_views(np):
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = np.linspace(0.0, 1.0, 3, dtype=np.float32)
    c = np.arange(12.0).reshape(3, 4)[:, ::2]
    return (np.einsum("ij,j->i", a, b), np.einsum("ij,j->i", a, b).dtype, np.einsum("ij,jk->ik", a, c),
            np.einsum(a, [0, 1], [1, 0]), np.einsum("i,i", b, b).dtype)


@snippet
def percentile_of_integers_and_empty_axis(np):
    counts = np.array([[3, 1, 4], [1, 5, 9]], dtype=np.int16)
    return (np.percentile(counts, 50), np.percentile(counts, 50).dtype, np.median(counts, axis=0).dtype,
            np.quantile(counts.astype(np.float32), 0.5).dtype, np.percentile(counts, [0, 100], axis=1),
            np.quantile(counts, np.array([[0.1, 0.9]]), axis=1).shape)


@snippet
def histogram_integer_data_and_edges(np):
    ages = np.array([23, 35, 41, 18, 67, 52, 35, 29], dtype=np.int64)
    c, e = np.histogram(ages, bins=[0, 30, 50, 100])
    c2, e2 = np.histogram(ages, bins=3)
    c3, e3 = np.histogram(np.array([], dtype=float), bins=3, range=(0, 3))
    c4, e4 = np.histogram(np.full(4, 2.0), bins=2)
    return c, c.dtype, e.dtype, c2, e2, c3, e3, c4, e4


@snippet
def unique_with_nans_and_array_api_variants(np):
    x = np.array([2.0, np.nan, 1.0, np.nan, 2.0])
    return (np.unique(x), np.unique(x, equal_nan=False), np.unique_values(np.array([3, 1, 3])),
            np.unique_counts(np.array([3, 1, 3])).counts, np.unique_inverse(np.array([5, 4, 5])).inverse_indices)


@snippet
def isin_and_searchsorted_floats(np):
    grid = np.array([0.0, 0.5, 1.0, np.nan])
    probes = np.array([np.nan, 0.5, 2.0, -1.0])
    return (np.searchsorted(grid, probes), np.searchsorted(grid, probes, side="right"),
            np.isin(probes, grid), np.isin(np.arange(6).reshape(2, 3), [1, 4]))
