"""Boolean masks: filtering, masked assignment, any/all, counting, nonzero."""

from . import snippet


@snippet
def filter_positive(np):
    x = np.array([-2, 5, 0, 3, -1, 8])
    return x[x > 0]


@snippet
def masked_assignment_scalar(np):
    x = np.arange(10.0)
    x[x % 3 == 0] = -1
    return x


@snippet
def masked_assignment_array(np):
    x = np.array([1.0, -2.0, 3.0, -4.0])
    mask = x < 0
    x[mask] = np.abs(x[mask]) * 10
    return x


@snippet
def combine_masks(np):
    x = np.arange(20)
    m = (x > 4) & (x < 15) & ~(x % 2 == 0)
    return x[m], np.logical_or(x < 2, x > 17).sum()


@snippet
def mask_2d_rows_and_cols(np):
    m = np.arange(12).reshape(3, 4)
    rows = m.sum(axis=1) > 10
    cols = m[0] % 2 == 1
    return m[rows], m[:, cols], m[rows][:, cols]


@snippet
def nonzero_and_argwhere(np):
    m = np.array([[0, 1, 0], [2, 0, 3]])
    return np.nonzero(m), np.argwhere(m), np.flatnonzero(m)


@snippet
def any_all_per_axis(np):
    m = np.array([[True, False, True], [True, True, True]])
    return m.all(axis=1), m.any(axis=0), bool(m.any()), np.all(m)


@snippet
def nan_mask_replace(np):
    x = np.array([1.0, np.nan, -np.inf, 2.5, np.nan])
    bad = ~np.isfinite(x)
    x[bad] = 0.0
    return x, int(bad.sum())


@snippet
def outlier_removal(np):
    x = np.array([10.0, 11.0, 9.5, 10.2, 50.0, 9.8, -30.0, 10.1])
    keep = np.abs(x - np.median(x)) < 5
    return x[keep], np.where(~keep)[0]


@snippet
def mask_on_3d(np):
    v = np.arange(24).reshape(2, 3, 4)
    return v[v % 5 == 0], v[:, v[0, :, 0] > 0]


@snippet
def boolean_index_with_list(np):
    x = np.array([10, 20, 30, 40])
    return x[[True, False, True, False]]


@snippet
def isin_filter(np):
    ids = np.array([5, 1, 7, 3, 9, 1])
    allowed = np.array([1, 3, 5])
    return ids[np.isin(ids, allowed)], ids[~np.isin(ids, allowed)]


@snippet
def logical_xor_and_not(np):
    a = np.array([True, True, False, False])
    b = np.array([True, False, True, False])
    return np.logical_xor(a, b), np.logical_not(a), a ^ b, ~b


@snippet
def where_single_argument(np):
    x = np.array([[0, 3], [4, 0]])
    rows, cols = np.where(x)
    return rows, cols, x[rows, cols]


@snippet
def count_nonzero_axis(np):
    m = np.array([[0, 1, 7, 0], [3, 0, 2, 19]])
    return np.count_nonzero(m, axis=0), np.count_nonzero(m, axis=1), np.count_nonzero(m)


@snippet
def mask_set_row(np):
    grid = np.zeros((4, 3), dtype=np.int32)
    grid[np.array([True, False, True, False])] = [1, 2, 3]
    return grid
