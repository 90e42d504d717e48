"""Reshapes, transposes, stacking, splitting, squeezing, flattening."""

from . import snippet


@snippet
def reshape_with_minus_one(np):
    x = np.arange(24)
    return x.reshape(4, -1), x.reshape((2, 3, -1)).shape, x.reshape(-1, 2, 2)[5]


@snippet
def transpose_3d(np):
    v = np.arange(24).reshape(2, 3, 4)
    return v.transpose(1, 0, 2), v.T.shape, np.transpose(v, (2, 1, 0))[3, 2]


@snippet
def swapaxes_and_moveaxis(np):
    v = np.arange(30).reshape(2, 3, 5)
    return np.swapaxes(v, 0, 2).shape, np.moveaxis(v, -1, 0)[4], v.swapaxes(1, 2)[1, 0]


@snippet
def flatten_vs_ravel(np):
    m = np.arange(6).reshape(2, 3)
    f = m.flatten()
    f[0] = 100
    r = m.T.ravel()
    return m, f, r


@snippet
def squeeze_and_expand(np):
    x = np.arange(5).reshape(1, 5, 1)
    return np.squeeze(x).shape, x.squeeze(axis=0).shape, np.expand_dims(x[0, :, 0], 1).shape


@snippet
def concatenate_and_stack(np):
    a = np.array([[1, 2], [3, 4]])
    b = np.array([[5, 6]])
    return np.concatenate([a, b]), np.concatenate([a, a], axis=1), np.stack([a, a], axis=-1).shape


@snippet
def hstack_vstack_dstack(np):
    a, b = np.arange(3), np.arange(3, 6)
    return np.hstack([a, b]), np.vstack([a, b]), np.dstack([a, b]).shape


@snippet
def split_even_and_uneven(np):
    x = np.arange(10)
    return np.split(x, 5)[2], np.split(x, [3, 7]), np.array_split(x, 3)[0]


@snippet
def hsplit_vsplit(np):
    m = np.arange(16).reshape(4, 4)
    left, right = np.hsplit(m, 2)
    top, bottom = np.vsplit(m, [1])
    return left, right.shape, top, bottom.shape


@snippet
def block_matrix(np):
    a = np.ones((2, 2), dtype=int)
    z = np.zeros((2, 2), dtype=int)
    return np.block([[a, z], [z, 2 * a]])


@snippet
def atleast_2d_column_vector(np):
    v = np.array([1.0, 2.0, 3.0])
    return np.atleast_2d(v).shape, v[:, None].shape, v.reshape(-1, 1).T


@snippet
def reshape_fortran_order(np):
    x = np.arange(6)
    return x.reshape((2, 3), order="F"), np.ravel(x.reshape(2, 3), order="F")


@snippet
def flip_and_roll(np):
    m = np.arange(12).reshape(3, 4)
    return np.fliplr(m), np.flipud(m), np.roll(m, 1, axis=1), np.roll(m, 2)


@snippet
def broadcast_to_and_copy(np):
    row = np.array([1, 2, 3])
    b = np.broadcast_to(row, (4, 3))
    c = b.copy()
    c[0, 0] = 9
    return b, c, b.strides == (0, row.itemsize)


@snippet
def meshgrid_table(np):
    xs, ys = np.meshgrid(np.arange(3), np.arange(4))
    xi, yi = np.meshgrid(np.arange(3), np.arange(4), indexing="ij")
    return xs * 10 + ys, xi.shape


@snippet
def tile_pattern(np):
    return np.tile(np.array([0, 1]), 4), np.tile(np.eye(2, dtype=int), (1, 2))


@snippet
def resize_and_append(np):
    x = np.array([1, 2, 3])
    return np.resize(x, (2, 4)), np.append(x, [4, 5]), np.append(np.eye(2), [[7, 8]], axis=0)


@snippet
def insert_and_delete(np):
    x = np.arange(6)
    return np.insert(x, 2, 99), np.delete(x, [0, 4])


@snippet
def pad_constant(np):
    x = np.arange(4).reshape(2, 2)
    return np.pad(x, ((1, 0), (0, 2))), np.pad(x, 1, constant_values=-1)


@snippet
def shape_attributes(np):
    v = np.zeros((3, 4, 5), dtype=np.float32)
    return v.ndim, v.shape, v.size, v.itemsize, v.nbytes, len(v), np.shape(v), np.ndim(v)


@snippet
def diagonal_and_trace(np):
    m = np.arange(9).reshape(3, 3)
    return np.diag(m), np.diag(np.array([1, 2])), m.diagonal(offset=1), m.trace()


@snippet
def delete_and_insert_columns(np):
    m = np.arange(12).reshape(3, 4)
    return np.delete(m, [0, -1], axis=1), np.insert(m, [1, 3], 0, axis=1), np.delete(m, 1, axis=None)


@snippet
def block_3d_nested(np):
    a = np.ones((1, 2, 2))
    return np.block([[[a, 2 * a]], [[3 * a, 4 * a]]]).shape, np.block([[a], [a]]).sum()


@snippet
def insert_rows_2d_values(np):
    m = np.zeros((2, 3), dtype=np.int32)
    return np.insert(m, 1, [7, 8, 9], axis=0), np.insert(m, [2], [[5], [6]], axis=1)
