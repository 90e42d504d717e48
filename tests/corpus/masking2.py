"""Missing data with nan*: cleaning, column means, imputation, nan-aware stats, masks."""

import warnings

from . import snippet


def _table(np):
    return np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [np.nan, 8.0, 9.0], [10.0, 11.0, 12.0]])


@snippet
def impute_column_means(np):
    t = _table(np)
    means = np.nanmean(t, axis=0)
    r, c = np.where(np.isnan(t))
    filled = t.copy()
    filled[r, c] = means[c]
    return means, filled


@snippet
def drop_rows_with_nan(np):
    t = _table(np)
    return t[~np.isnan(t).any(axis=1)], np.isnan(t).sum(axis=0)


@snippet
def nan_statistics(np):
    t = _table(np)
    return (np.nanmax(t, 0), np.nanmin(t, 1), np.nanstd(t), np.nanvar(t, axis=0, ddof=1), np.nansum(t, axis=1),
            np.nanmedian(t, axis=0), np.nanprod(t))


@snippet
def nanargmax_and_percentile(np):
    t = _table(np)
    return np.nanargmax(t, axis=1), np.nanargmin(t), np.nanpercentile(t, 50, axis=0), np.nanquantile(t, 0.25)


@snippet
def nancumsum_and_nancumprod(np):
    x = np.array([1.0, np.nan, 2.0, np.nan, 3.0])
    return np.nancumsum(x), np.nancumprod(x)


@snippet
def forward_fill(np):
    x = np.array([np.nan, 1.0, np.nan, np.nan, 4.0, np.nan])
    idx = np.where(~np.isnan(x), np.arange(x.size), 0)
    np.maximum.accumulate(idx, out=idx)
    return x[idx]


@snippet
def outliers_by_zscore(np):
    x = np.array([10.0, 12.0, 11.0, 13.0, 100.0, 12.5, 11.5])
    z = np.abs(x - x.mean()) / x.std()
    return z > 2, np.where(z > 2, np.median(x), x)


@snippet
def iqr_filter(np):
    x = np.array([1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 50.0])
    q1, q3 = np.percentile(x, [25, 75])
    iqr = q3 - q1
    return x[(x >= q1 - 1.5 * iqr) & (x <= q3 + 1.5 * iqr)], q1, q3


@snippet
def mask_inf_and_nan(np):
    x = np.array([1.0, np.inf, np.nan, -np.inf, 2.0])
    return np.isfinite(x), x[np.isfinite(x)].mean(), np.isinf(x).sum(), np.isposinf(x), np.isneginf(x)


@snippet
def all_nan_slice_results(np):
    t = np.array([[np.nan, np.nan], [1.0, 2.0]])
    with warnings.catch_warnings():  # NumPy warns of the all-NaN row
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmean(t, axis=1), np.nansum(t, axis=1), np.nanmax(t, axis=1)


@snippet
def masked_mean_via_where(np):
    x = np.array([[1.0, 2.0, -1.0], [4.0, -1.0, 6.0]])
    valid = x >= 0
    return np.sum(x, axis=1, where=valid) / valid.sum(axis=1), np.mean(x, axis=0, where=valid)


@snippet
def sentinel_replacement(np):
    x = np.array([3, -999, 5, -999, 7])
    f = x.astype(float)
    f[f == -999] = np.nan
    return f, np.nanmean(f), np.count_nonzero(~np.isnan(f))


@snippet
def isclose_with_nans(np):
    a = np.array([1.0, np.nan, 3.0])
    b = np.array([1.0 + 1e-10, np.nan, 3.1])
    return np.isclose(a, b), np.isclose(a, b, equal_nan=True), np.allclose(a, a, equal_nan=True), np.array_equal(a, a, equal_nan=True)


@snippet
def fmax_fmin_ignore_nan(np):
    a = np.array([1.0, np.nan, 3.0, np.nan])
    b = np.array([np.nan, 2.0, 1.0, np.nan])
    return np.fmax(a, b), np.fmin(a, b), np.maximum(a, b), np.fmax.reduce(a)


@snippet
def empty_slice_warnings(np):
    found = []
    for call in (lambda: np.mean(np.array([])), lambda: np.ones((3, 0)).mean(axis=1), lambda: np.var(np.array([1.0]), ddof=1)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = call()
        found.append(([str(w.message) for w in caught if w.category is RuntimeWarning and "slice" in str(w.message)], value))
    return found
