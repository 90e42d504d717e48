"""Broadcasting tricks: outer operations, centring, grids, scalar weak promotion."""

from . import snippet


@snippet
def outer_sum_by_broadcast(np):
    a = np.array([0, 10, 20])
    b = np.array([1, 2, 3, 4])
    return a[:, None] + b


@snippet
def subtract_column_means(np):
    m = np.array([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0]])
    return m - m.mean(axis=0)


@snippet
def subtract_row_means(np):
    m = np.array([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0]])
    return m - m.mean(axis=1)[:, np.newaxis]


@snippet
def multiplication_table(np):
    n = np.arange(1, 10)
    return n.reshape(-1, 1) * n


@snippet
def distance_to_centres(np):
    pts = np.array([[1.0, 2.0], [3.0, 1.0], [0.0, 0.0]])
    centres = np.array([[0.0, 0.0], [2.0, 2.0]])
    return np.hypot(*(pts[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))


@snippet
def scalar_promotion_int8(np):
    x = np.array([100, -100, 5], dtype=np.int8)
    return x + 1, (x * 2).dtype.name, (x + 1.5).dtype.name


@snippet
def scalar_promotion_float32(np):
    x = np.array([1.5, 2.5], dtype=np.float32)
    return x * 2.0, x + np.float64(1.0), (x / 3).dtype.name


@snippet
def uint8_and_int_scalar(np):
    x = np.array([250, 10], dtype=np.uint8)
    return x + 10, x // 3, x.astype(np.int16) - 20


@snippet
def broadcast_3d_batch(np):
    batch = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    scale = np.array([1.0, 0.5, 2.0, -1.0])
    offset = np.array([[100.0], [200.0], [300.0]])
    return batch * scale + offset


@snippet
def broadcast_arrays_shapes(np):
    a, b = np.broadcast_arrays(np.arange(3)[:, None], np.arange(4))
    return a.shape, b.shape, np.broadcast_shapes((5, 1, 3), (4, 1))


@snippet
def comparison_matrix(np):
    x = np.array([3, 1, 4, 1, 5])
    return (x[:, None] < x[None, :]).sum(axis=1)


@snippet
def polynomial_evaluation(np):
    coeffs = np.array([1.0, -2.0, 0.5])
    x = np.linspace(-1, 1, 5)
    powers = x[:, None] ** np.arange(3)
    return (powers * coeffs).sum(axis=1), np.polyval(coeffs[::-1], x)


@snippet
def vander_matrix(np):
    return np.vander(np.array([1, 2, 3]), 4), np.vander(np.array([2.0, 3.0]), increasing=True)


@snippet
def mixed_int_float_arrays(np):
    i = np.array([1, 2, 3], dtype=np.int32)
    f = np.array([0.5, 0.25, 0.125], dtype=np.float32)
    u = np.array([1, 2, 3], dtype=np.uint32)
    return i * f, (i + u).dtype.name, (f + u).dtype.name


@snippet
def bool_arithmetic(np):
    b = np.array([True, False, True])
    return b + b, b * 3, b.sum(), (b + 0.5).dtype.name


@snippet
def block_matrix_assembly(np):
    a = np.eye(2)
    b = np.full((2, 3), 2.0)
    c = np.arange(6.0).reshape(3, 2)
    d = np.zeros((3, 3))
    return np.block([[a, b], [c, d]]), np.block([1, np.array([2, 3]), 4])


@snippet
def normalise_rows_keepdims(np):
    x = np.array([[3.0, 4.0], [1.0, 0.0], [0.0, 2.0]])
    return x / np.sqrt((x ** 2).sum(axis=1, keepdims=True))


@snippet
def broadcast_mask_select(np):
    img = np.arange(24).reshape(2, 3, 4)
    channel_on = np.array([True, False, True])[None, :, None]
    return np.where(channel_on, img, 0)


@snippet
def outer_product_by_newaxis(np):
    u = np.array([1, 2, 3], dtype=np.int32)
    v = np.array([0.5, 2.0])
    return u[:, np.newaxis] * v[np.newaxis, :], np.multiply.outer(u, v)


@snippet
def broadcast_to_readonly_sum(np):
    row = np.arange(4)
    tiled = np.broadcast_to(row, (3, 4))
    return tiled.sum(axis=0), tiled.shape, tiled.strides[0] == 0
