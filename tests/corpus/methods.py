"""ndarray methods and attributes: reductions with axis, T, reshape, astype, flat, view, copy."""

from . import snippet


def _m(np):
    return np.array([[4.0, 1.0, 3.0], [2.0, 6.0, 5.0]])


@snippet
def method_reductions(np):
    m = _m(np)
    return m.sum(axis=0), m.prod(axis=1), m.min(), m.max(axis=1), m.mean(axis=0), m.std(axis=1)


@snippet
def method_arg_reductions(np):
    m = _m(np)
    return m.argmax(), m.argmin(axis=0), m.argmax(axis=1, keepdims=True)


@snippet
def method_any_all(np):
    m = _m(np) > 2
    return m.any(), m.all(axis=0), (m.sum(axis=1) > 1).all()


@snippet
def method_cumulative(np):
    m = _m(np)
    return m.cumsum(axis=1), m.cumprod(axis=0)


@snippet
def method_T_and_transpose(np):
    m = _m(np)
    return m.T, m.transpose(), m.T.T is not None, m.T.flags["C_CONTIGUOUS"]


@snippet
def method_reshape_ravel_flatten(np):
    m = _m(np)
    return m.reshape(3, 2), m.reshape((6,)), m.ravel(), m.flatten(), m.reshape(-1, 1).shape


@snippet
def method_astype_round_clip(np):
    m = _m(np) * 1.37
    return m.round(2), m.astype(np.int32), m.clip(2, 5)


@snippet
def method_flat_iteration(np):
    m = np.arange(6).reshape(2, 3)
    total = 0
    for v in m.flat:
        total += int(v)
    return total, m.flat[4], m.T.flat[1]


@snippet
def method_flat_assignment(np):
    m = np.zeros((2, 3), dtype=int)
    m.flat[[1, 4]] = 7
    m.flat[0] = -1
    return m


@snippet
def method_item_and_tolist(np):
    m = _m(np)
    return m.item(3), m[1, 2].item(), m.tolist()[0]


@snippet
def method_fill(np):
    m = np.empty((2, 2), dtype=np.float32)
    m.fill(2.5)
    return m


@snippet
def method_view_shares_memory(np):
    a = np.arange(6)
    v = a.view()
    v[0] = 42
    s = a[2:4]
    s[:] = -1
    return a, v.base is a, s.base is a


@snippet
def method_copy_and_squeeze(np):
    m = np.arange(3).reshape(1, 3, 1)
    c = m.copy()
    c[0, 0, 0] = 9
    return m.squeeze(), c.squeeze(), m.swapaxes(0, 2).shape


@snippet
def method_sort_argsort_searchsorted(np):
    x = np.array([3, 1, 2])
    idx = x.argsort()
    s = x[idx]
    return idx, s, s.searchsorted(2)


@snippet
def method_nonzero_and_repeat(np):
    x = np.array([0, 2, 0, 3])
    return x.nonzero(), x.repeat(2), x.take([1, 3])


@snippet
def method_var_with_ddof(np):
    m = _m(np)
    return m.var(), m.var(axis=0, ddof=1), m.std(ddof=1)


@snippet
def method_dot_and_matmul_operator(np):
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    v = np.array([1.0, -1.0])
    return a.dot(v), a @ v, v @ v


@snippet
def method_conj_real_imag(np):
    z = np.array([1 + 1j, 2 - 3j])
    return z.conj(), z.real, z.imag


@snippet
def method_diagonal_trace(np):
    m = np.arange(16).reshape(4, 4)
    return m.diagonal(), m.trace(), m.diagonal(1).sum()


@snippet
def method_ptp_and_nbytes(np):
    m = np.array([[1, 9], [4, 2]], dtype=np.int16)
    return np.ptp(m), m.nbytes, m.itemsize, m.dtype.name


@snippet
def method_sum_where_initial(np):
    x = np.array([1.0, 5.0, -2.0, 7.0])
    return x.sum(where=x > 0), x.max(initial=10.0), x.min(where=x > 0, initial=np.inf)


@snippet
def iterate_over_rows(np):
    m = np.arange(6).reshape(3, 2)
    return [int(row.sum()) for row in m], [r.tolist() for r in m[::2]]


@snippet
def unpack_columns(np):
    pts = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    x, y = pts.T
    return x + y, len(pts)
