"""Data cleaning and feature engineering: tables as arrays, grouping, binning, scaling, joins."""

from . import snippet


def _table(np):
    # columns: group id, age, income
    return np.array([[1, 25, 30000], [2, 32, 45000], [1, 47, 61000], [3, 51, 52000],
                     [2, 23, 28000], [3, 36, 70000], [1, 60, 82000]], dtype=float)


@snippet
def group_by_mean(np):
    t = _table(np)
    g = t[:, 0].astype(int)
    sums = np.bincount(g, weights=t[:, 2])
    counts = np.bincount(g)
    return sums[1:] / counts[1:], np.unique(g)


@snippet
def group_by_with_unique_inverse(np):
    t = _table(np)
    keys, inv = np.unique(t[:, 0], return_inverse=True)
    out = np.zeros(len(keys))
    np.add.at(out, inv, t[:, 1])
    return keys, out, np.maximum.reduceat(t[np.argsort(t[:, 0], kind="stable"), 2], [0, 3, 5])


@snippet
def sort_table_by_column(np):
    t = _table(np)
    return t[t[:, 2].argsort()[::-1]][:3], t[np.lexsort((t[:, 1], t[:, 0]))][:, :2]


@snippet
def add_derived_columns(np):
    t = _table(np)
    log_income = np.log1p(t[:, 2])
    age_bucket = np.digitize(t[:, 1], [30, 45, 60])
    return np.column_stack([t, log_income, age_bucket]).shape, age_bucket, np.round(log_income, 10)


@snippet
def robust_scaling(np):
    x = _table(np)[:, 2]
    med = np.median(x)
    q1, q3 = np.quantile(x, [0.25, 0.75])
    return (x - med) / (q3 - q1)


@snippet
def dedupe_preserving_order(np):
    x = np.array([4, 2, 4, 1, 2, 5, 1])
    _, first = np.unique(x, return_index=True)
    return x[np.sort(first)]


@snippet
def inner_join_on_key(np):
    left = np.array([[1, 10], [2, 20], [3, 30], [5, 50]])
    right = np.array([[2, 200], [3, 300], [4, 400]])
    common, li, ri = np.intersect1d(left[:, 0], right[:, 0], return_indices=True)
    return np.column_stack([common, left[li, 1], right[ri, 1]])


@snippet
def pivot_table(np):
    rows = np.array([0, 0, 1, 1, 2, 2, 0])
    cols = np.array([0, 1, 0, 1, 0, 1, 1])
    vals = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
    p = np.zeros((3, 2))
    np.add.at(p, (rows, cols), vals)
    return p, p.sum(axis=0), p / p.sum(axis=1, keepdims=True)


@snippet
def clip_and_winsorize(np):
    x = np.array([1.0, 5.0, 7.0, 8.0, 9.0, 10.0, 40.0])
    lo, hi = np.percentile(x, [10, 90])
    return np.clip(x, lo, hi), np.round(lo, 10), hi


@snippet
def boolean_filters_combined(np):
    t = _table(np)
    sel = (t[:, 1] > 30) & ((t[:, 0] == 1) | (t[:, 2] > 60000))
    return t[sel], np.flatnonzero(sel), np.logical_and.reduce([t[:, 1] > 20, t[:, 2] < 80000, t[:, 0] != 3])


@snippet
def cut_into_quantile_bins(np):
    x = _table(np)[:, 2]
    edges = np.quantile(x, [0, 0.25, 0.5, 0.75, 1.0])
    return np.searchsorted(edges[1:-1], x, side="right"), edges


@snippet
def rows_to_records_list(np):
    t = _table(np)[:3]
    return [dict(zip(("g", "age", "inc"), row)) for row in t.tolist()]


@snippet
def fill_missing_with_interpolation(np):
    y = np.array([1.0, np.nan, np.nan, 4.0, np.nan, 6.0])
    ok = ~np.isnan(y)
    x = np.arange(y.size)
    return np.interp(x, x[ok], y[ok])


@snippet
def value_counts_sorted(np):
    x = np.array([3, 1, 3, 2, 3, 1])
    vals, counts = np.unique(x, return_counts=True)
    order = np.argsort(counts)[::-1]
    return vals[order], counts[order]


@snippet
def feature_cross_and_polynomial(np):
    X = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]])
    i, j = np.triu_indices(2)
    return np.hstack([X, X[:, i] * X[:, j]]), np.outer(X[:, 0], X[:, 1])
