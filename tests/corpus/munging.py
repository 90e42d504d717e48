"""Data munging: tables as 2-D arrays, columns, filters, group sums, missing values."""

from . import snippet


def _sales(np):
    # columns: store id, units, unit price
    return np.array([[1, 3, 2.5], [2, 1, 10.0], [1, 4, 2.5], [3, 2, 7.25], [2, 5, 1.0], [3, 1, 7.25]])


@snippet
def revenue_per_row(np):
    table = _sales(np)
    return table[:, 1] * table[:, 2]


@snippet
def filter_rows_by_column(np):
    table = _sales(np)
    big = table[table[:, 1] >= 3]
    return big, big.shape[0]


@snippet
def group_sum_by_mask(np):
    table = _sales(np)
    stores = table[:, 0].astype(int)
    totals = {}
    for store in (1, 2, 3):
        totals[store] = float((table[stores == store, 1] * table[stores == store, 2]).sum())
    return totals


@snippet
def fill_missing_with_column_mean(np):
    data = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [7.0, 8.0, 9.0], [np.nan, 2.0, 6.0]])
    missing = np.isnan(data)
    col_means = np.where(missing, 0.0, data).sum(axis=0) / (~missing).sum(axis=0)
    filled = np.where(missing, col_means, data)
    return filled, col_means


@snippet
def drop_rows_with_nan(np):
    data = np.array([[1.0, 2.0], [np.nan, 1.0], [3.0, 4.0], [5.0, np.inf]])
    keep = np.isfinite(data).all(axis=1)
    return data[keep]


@snippet
def column_min_max_scaling(np):
    x = np.array([[10.0, 200.0, -1.0], [20.0, 100.0, 0.0], [15.0, 300.0, 1.0]])
    lo, hi = x.min(axis=0), x.max(axis=0)
    return (x - lo) / (hi - lo)


@snippet
def percent_change(np):
    prices = np.array([100.0, 102.0, 99.0, 105.0, 110.0, 108.5])
    return (prices[1:] - prices[:-1]) / prices[:-1] * 100


@snippet
def rename_codes_with_lookup(np):
    lookup = np.array([10, 20, 30, 40])
    codes = np.array([3, 0, 0, 2, 1, 3, 2])
    return lookup[codes]


@snippet
def select_columns_by_name(np):
    names = ["id", "age", "height", "weight"]
    data = np.arange(20).reshape(5, 4)
    wanted = [names.index(n) for n in ("age", "weight")]
    return data[:, wanted]


@snippet
def count_categories(np):
    labels = np.array([2, 0, 1, 2, 2, 0, 1, 2, 3])
    return [int((labels == k).sum()) for k in range(4)]


@snippet
def stack_features(np):
    age = np.array([23, 45, 31])
    income = np.array([40.5, 80.0, 52.25])
    return np.column_stack([age, income]), np.vstack([age, income]).T.shape


@snippet
def row_wise_argmax_label(np):
    scores = np.array([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.2, 0.2, 0.6], [0.4, 0.4, 0.2]])
    return scores.argmax(axis=1)


@snippet
def dedupe_ids(np):
    ids = np.array([104, 101, 104, 102, 101, 105])
    uniq, counts = np.unique(ids, return_counts=True)
    return uniq, counts, uniq[counts > 1]


@snippet
def weighted_average_manual(np):
    values = np.array([3.0, 4.5, 2.0, 5.0])
    weights = np.array([1, 2, 1, 4])
    return (values * weights).sum() / weights.sum()


@snippet
def split_train_test(np):
    data = np.arange(30).reshape(10, 3)
    n_train = int(len(data) * 0.8)
    train, test = data[:n_train], data[n_train:]
    return train.mean(axis=0), test


@snippet
def delete_outlier_rows(np):
    data = np.array([[1.0, 2.0], [100.0, 3.0], [2.0, 2.5], [1.5, -50.0]])
    bad = np.flatnonzero((np.abs(data) > 10).any(axis=1))
    return np.delete(data, bad, axis=0)


@snippet
def delete_column_by_mask(np):
    table = np.arange(20).reshape(4, 5)
    constant = np.array([False, True, False, False, True])
    return np.delete(table, constant, axis=1), np.delete(table, slice(1, None, 2), axis=1)


@snippet
def insert_missing_timestamps(np):
    t = np.array([0, 1, 2, 5, 6])
    gaps = np.flatnonzero(np.diff(t) > 1) + 1
    return np.insert(t, gaps, -1), np.insert(t.astype(float), [1, 1], [0.5, 0.75])


@snippet
def bin_ages_into_categories(np):
    ages = np.array([3, 17, 25, 42, 67, 80])
    labels = np.digitize(ages, [13, 20, 65])
    counts = np.bincount(labels, minlength=4)
    return labels, counts, np.round(counts / counts.sum(), 3)


@snippet
def pivot_table_with_add_at(np):
    rows = np.array([0, 1, 0, 2, 1])
    cols = np.array([1, 0, 1, 2, 2])
    vals = np.array([10.0, 5.0, 2.5, 4.0, 1.0])
    table = np.zeros((3, 3))
    np.add.at(table, (rows, cols), vals)
    return table


@snippet
def clean_strings_of_numbers(np):
    raw = ["1.5", "2", "-3.25", "4e2"]
    values = np.array([float(s) for s in raw])
    return values, np.nanmean(np.where(values > 100, np.nan, values))
