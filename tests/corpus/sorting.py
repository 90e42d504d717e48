"""Sorting, argsort, ranking, unique, searchsorted, partition."""

from . import snippet


@snippet
def sort_and_reverse(np):
    x = np.array([3.2, -1.0, 7.5, 0.0, 2.2])
    return np.sort(x), np.sort(x)[::-1], -np.sort(-x)


@snippet
def argsort_to_reorder_records(np):
    ages = np.array([31, 25, 47, 25])
    heights = np.array([1.80, 1.65, 1.72, 1.90])
    order = np.argsort(ages, kind="stable")
    return order, heights[order]


@snippet
def rank_with_double_argsort(np):
    x = np.array([40, 10, 30, 20])
    return x.argsort().argsort()


@snippet
def sort_2d_axes(np):
    m = np.array([[3, 1, 2], [9, 8, 7], [4, 6, 5]])
    return np.sort(m, axis=0), np.sort(m), np.sort(m, axis=None)


@snippet
def sort_in_place_method(np):
    x = np.array([5, 2, 9, 1])
    x.sort()
    m = np.array([[2, 1], [0, 3]])
    m.sort(axis=0)
    return x, m


@snippet
def sort_with_nan(np):
    x = np.array([2.0, np.nan, -1.0, np.inf, 0.5])
    return np.sort(x), np.argsort(x)


@snippet
def unique_values_and_inverse(np):
    words = np.array([3, 1, 3, 2, 1, 3])
    values, inverse = np.unique(words, return_inverse=True)
    return values, inverse, values[inverse]


@snippet
def unique_with_index(np):
    x = np.array([5, 3, 5, 1, 3])
    return np.unique(x, return_index=True)


@snippet
def unique_rows_count(np):
    pairs = np.array([1, 2, 1, 2, 3, 4]).reshape(-1, 2)
    codes = pairs[:, 0] * 10 + pairs[:, 1]
    return len(np.unique(codes))


@snippet
def searchsorted_binning(np):
    edges = np.array([0.0, 1.0, 2.5, 5.0])
    x = np.array([0.5, 2.5, 4.9, -1.0, 7.0])
    return np.searchsorted(edges, x), np.searchsorted(edges, x, side="right")


@snippet
def digitize_values(np):
    bins = np.array([0, 10, 20, 30])
    return np.digitize(np.array([5, 10, 25, 31, -2]), bins)


@snippet
def partition_smallest_k(np):
    x = np.array([9, 4, 7, 1, 8, 2, 6])
    part = np.partition(x, 3)
    return np.sort(part[:3]), part[3]


@snippet
def argpartition_top_k(np):
    scores = np.array([0.3, 0.9, 0.1, 0.8, 0.5])
    top = np.argpartition(-scores, 2)[:2]
    return np.sort(top)


@snippet
def lexsort_two_keys(np):
    surname = np.array([2, 1, 2, 1])
    first = np.array([1, 2, 0, 1])
    return np.lexsort((first, surname))


@snippet
def sort_strings_of_ints_by_key(np):
    x = np.array([12, 3, 45, 7])
    key = x % 10
    return x[np.argsort(key, stable=True)]


@snippet
def set_operations(np):
    a = np.array([1, 2, 3, 4, 5])
    b = np.array([4, 5, 6, 7])
    return np.intersect1d(a, b), np.union1d(a, b), np.setdiff1d(a, b)


@snippet
def median_by_sort(np):
    x = np.array([7.0, 1.0, 3.0, 9.0, 5.0, 2.0])
    s = np.sort(x)
    n = len(s)
    return (s[n // 2 - 1] + s[n // 2]) / 2


@snippet
def max_and_argmax_ties(np):
    x = np.array([1, 5, 5, 2, 5])
    return x.max(), x.argmax(), np.argmin(x[::-1])
