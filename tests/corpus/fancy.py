"""Fancy (integer array) indexing: take, gather, scatter, paired indices, index tricks."""

from . import snippet


@snippet
def gather_rows(np):
    m = np.arange(15).reshape(5, 3)
    return m[[4, 0, 2]], m[np.array([1, 1, 3])]


@snippet
def paired_indices(np):
    m = np.arange(16).reshape(4, 4)
    return m[[0, 1, 2, 3], [3, 2, 1, 0]], m[np.arange(4), np.arange(4)]


@snippet
def negative_fancy_indices(np):
    x = np.array([10, 20, 30, 40, 50])
    return x[[-1, -2, 0]], x[np.array([-5, 4])]


@snippet
def scatter_assign(np):
    x = np.zeros(8, dtype=np.int64)
    x[[1, 3, 5]] = [10, 30, 50]
    x[np.array([0, 7])] = 99
    return x


@snippet
def scatter_add_with_repeats_overwrites(np):
    x = np.zeros(5)
    x[[0, 2, 4]] += 1.5
    return x


@snippet
def take_along_axis_argsort(np):
    m = np.array([[3, 1, 2], [9, 7, 8]])
    order = np.argsort(m, axis=1)
    return np.take_along_axis(m, order, axis=1)


@snippet
def take_function(np):
    x = np.array([[1, 2, 3], [4, 5, 6]])
    return np.take(x, [0, 2], axis=1), np.take(x, [5, 0]), x.take([1], axis=0)


@snippet
def ix_submatrix(np):
    m = np.arange(25).reshape(5, 5)
    return m[np.ix_([0, 2, 4], [1, 3])]


@snippet
def fancy_with_slice(np):
    v = np.arange(24).reshape(2, 3, 4)
    return v[:, [2, 0], 1:3], v[1, :, [0, 3]]


@snippet
def permutation_inverse(np):
    perm = np.array([2, 0, 3, 1])
    inv = np.empty_like(perm)
    inv[perm] = np.arange(len(perm))
    return inv, perm[inv]


@snippet
def lookup_table_mapping(np):
    lut = np.array([0.0, 0.5, 1.0, 2.0], dtype=np.float32)
    img = np.array([[0, 1], [3, 2], [1, 1]], dtype=np.uint8)
    return lut[img]


@snippet
def fancy_2d_index_array(np):
    x = np.arange(10) * 10
    idx = np.array([[1, 2], [8, 9]])
    return x[idx]


@snippet
def diagonal_assignment(np):
    m = np.zeros((4, 4), dtype=int)
    i = np.arange(4)
    m[i, i] = i + 1
    m[i[:-1], i[1:]] = -1
    return m


@snippet
def newaxis_and_ellipsis(np):
    v = np.arange(24).reshape(2, 3, 4)
    return v[..., 0], v[None, :, 1].shape, v[:, np.newaxis, :, :].shape, v[..., ::2][1]


@snippet
def put_and_choose(np):
    x = np.arange(6)
    np.put(x, [0, 5], [-1, -2])
    choices = [np.array([1, 2, 3]), np.array([10, 20, 30])]
    return x, np.choose(np.array([0, 1, 0]), choices)


@snippet
def compress_rows(np):
    m = np.arange(12).reshape(4, 3)
    return np.compress([True, False, True, True], m, axis=0)


@snippet
def unravel_and_ravel_multi_index(np):
    flat = np.array([0, 5, 11])
    rows, cols = np.unravel_index(flat, (3, 4))
    return rows, cols, np.ravel_multi_index((rows, cols), (3, 4))


@snippet
def triu_indices_upper_values(np):
    m = np.arange(16).reshape(4, 4)
    return m[np.triu_indices(4, k=1)]


@snippet
def s_index_expression(np):
    x = np.arange(20).reshape(4, 5)
    window = np.s_[1:3, ::2]
    return x[window]
