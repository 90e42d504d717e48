"""Indexing edge cases: negative steps, Ellipsis, newaxis, boolean masks, setitem broadcast, mixes."""

from . import snippet


@snippet
def negative_steps(np):
    a = np.arange(10)
    return a[::-1], a[8:2:-2], a[-3::-3], a[:-11:-1], a[5:5], a[100:]


@snippet
def ellipsis_and_newaxis(np):
    a = np.arange(24).reshape(2, 3, 4)
    return a[..., 1], a[0, ...], a[..., None].shape, a[None, ..., None, :].shape, a[:, np.newaxis, 1].shape


@snippet
def boolean_mask_rows(np):
    a = np.arange(12).reshape(4, 3)
    keep = a[:, 0] % 2 == 0
    return a[keep], a[~keep, 1:], a[keep][:, [2, 0]]


@snippet
def boolean_mask_full_shape(np):
    a = np.arange(12).reshape(3, 4)
    m = a % 3 == 0
    b = a.copy()
    b[m] = -1
    return a[m], b, a[a > 100].shape


@snippet
def boolean_setitem_with_array(np):
    a = np.zeros(6)
    m = np.array([True, False, True, True, False, False])
    a[m] = [1.0, 2.0, 3.0]
    b = np.arange(6.0)
    b[b > 2] = b[b > 2] * 10
    return a, b


@snippet
def setitem_broadcast(np):
    a = np.zeros((3, 4), dtype=int)
    a[:] = np.arange(4)
    a[1:, :2] = [[7], [8]]
    a[..., -1] = 5
    return a


@snippet
def fancy_with_slices(np):
    a = np.arange(60).reshape(3, 4, 5)
    return a[[0, 2], 1:3].shape, a[1:, [0, 3], ::2], a[:, [1, 2], [3, 4]], a[[0, 1], :, [1, 2]].shape


@snippet
def fancy_broadcast_index_arrays(np):
    a = np.arange(20).reshape(4, 5)
    rows = np.array([[0], [3]])
    cols = np.array([1, 2, 4])
    return a[rows, cols], a[np.ix_([0, 2], [1, 3])]


@snippet
def fancy_setitem_repeated_index(np):
    a = np.zeros(5)
    a[[0, 0, 1]] += 1
    b = np.zeros(5)
    np.add.at(b, [0, 0, 1], 1)
    return a, b


@snippet
def negative_fancy_indices(np):
    a = np.arange(10) * 10
    return a[[-1, -2, 0]], a[np.array([-10, 9])], np.take(a, [-1, 12], mode="wrap"), np.take(a, [12], mode="clip")


@snippet
def integer_scalar_index_types(np):
    a = np.arange(10)
    i = np.int64(3)
    j = np.array(4)
    return a[i], a[j], a[np.uint8(2)], a[int(i):j + 2]


@snippet
def nested_view_writes(np):
    a = np.zeros((4, 4))
    v = a[1:3]
    v[:, 1:3] = 1
    a.T[0] = 2
    return a


@snippet
def diagonal_assignment(np):
    a = np.zeros((4, 4), dtype=int)
    i = np.arange(4)
    a[i, i] = i + 1
    a[i[:-1], i[1:]] = -1
    return a


@snippet
def where_index_tuple(np):
    a = np.array([[5, 0, 3], [0, 8, 0]])
    idx = np.where(a > 0)
    a2 = a.copy()
    a2[idx] = 1
    return idx, a[idx], a2


@snippet
def index_with_list_of_bools(np):
    a = np.array([10, 20, 30])
    return a[[True, False, True]], a[np.array([False, False, False])].shape


@snippet
def zero_d_indexing(np):
    a = np.array(5.0)
    b = a[()]
    a[()] = 7
    return a, b, a[...].shape, a[None].shape


@snippet
def last_axis_select(np):
    a = np.arange(24).reshape(2, 3, 4)
    idx = np.array([[0, 3, 1], [2, 2, 0]])
    return np.take_along_axis(a, idx[..., None], axis=-1)[..., 0]


@snippet
def put_along_axis_argmax(np):
    a = np.array([[1, 9, 3], [7, 2, 8]])
    out = np.zeros_like(a)
    np.put_along_axis(out, a.argmax(axis=1)[:, None], 1, axis=1)
    return out


@snippet
def compress_and_extract(np):
    a = np.arange(12).reshape(3, 4)
    return np.compress([True, False, True], a, axis=0), np.extract(a % 5 == 0, a), a.compress([0, 1, 1, 0], axis=1)


@snippet
def mask_broadcast_across_rows(np):
    a = np.arange(12.0).reshape(3, 4)
    col_mask = np.array([True, False, True, False])
    a[:, col_mask] = 0
    return a, a[:, ~col_mask].sum(0)


@snippet
def strided_assignment_from_list(np):
    a = np.arange(10)
    a[::3] = [100, 200, 300, 400]
    a[-1:-4:-1] = 0
    return a


@snippet
def choose_and_select(np):
    x = np.arange(6)
    return (np.select([x < 2, x > 4], [x, x ** 2], default=-1), np.choose([0, 1, 2, 1], [[1, 2, 3, 4], [10, 20, 30, 40], [7, 7, 7, 7]]),
            np.piecewise(x.astype(float), [x < 3, x >= 3], [lambda v: -v, lambda v: v / 2]))
