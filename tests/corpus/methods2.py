"""ndarray methods and attributes as people use them: flags, strides, item, put, repeat, clip..."""

from . import snippet


@snippet
def attributes_basic(np):
    a = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    return a.ndim, a.shape, a.size, a.itemsize, a.nbytes, a.strides, a.T.shape, a.T.strides


@snippet
def flags_contiguity(np):
    a = np.zeros((3, 4))
    return (a.flags["C_CONTIGUOUS"], a.T.flags["F_CONTIGUOUS"], a[:, ::2].flags.c_contiguous,
            a.flags.writeable, a.T.flags.c_contiguous)


@snippet
def item_and_itemset_style(np):
    a = np.arange(6).reshape(2, 3)
    v = a.item(4), a.item((1, 0)), np.array([2.5]).item()
    a[1, 2] = 99
    return v, type(v[0]).__name__, type(v[2]).__name__, a


@snippet
def fill_put_take(np):
    a = np.empty(6)
    a.fill(7.0)
    a.put([0, 5], [1.0, 2.0])
    b = np.arange(10)
    np.put(b, [-1, 2], 0)
    return a, b, b.take([1, 3]), np.take(b, [[0, 1], [2, 3]])


@snippet
def repeat_methods(np):
    a = np.array([[1, 2], [3, 4]])
    return a.repeat(2), a.repeat([1, 2], axis=0), np.tile(a, (2, 1)), np.repeat(a, 3, axis=1)


@snippet
def clip_method_and_out(np):
    a = np.array([-3, 1, 5, 9])
    out = np.empty_like(a)
    a.clip(0, 6, out=out)
    return a.clip(min=0), a.clip(max=4), out, np.clip(a, [0, 0, 6, 6], 7)


@snippet
def real_imag_conj(np):
    z = np.array([1 + 2j, -3 - 1j, 2j])
    r = z.real.copy()
    z.imag = [0.5, 0.5, 0.5]
    return r, z, z.conj(), np.conjugate(z).imag, np.angle(z)


@snippet
def real_of_real_array(np):
    x = np.array([1.5, -2.0])
    return x.real, x.imag, np.iscomplexobj(x), np.isrealobj(x), x.real is not None


@snippet
def tolist_nested_and_scalar(np):
    return (np.arange(6).reshape(2, 1, 3).tolist(), np.array(3.5).tolist(),
            np.array([True, False]).tolist(), np.array([1 + 2j]).tolist())


@snippet
def astype_copy_and_view(np):
    a = np.arange(4, dtype=np.int64)
    b = a.astype(np.int64, copy=False)
    c = a.view(np.uint64)
    return b is a, c.dtype, a.astype("float32"), a.astype(float).dtype, a.astype(np.int8).itemsize


@snippet
def sort_method_in_place(np):
    a = np.array([[3, 1, 2], [9, 7, 8]])
    a.sort()
    b = np.array([5, 2, 9, 1])
    b[::-1].sort()
    return a, b


@snippet
def cumsum_cumprod_methods(np):
    a = np.arange(1, 7).reshape(2, 3)
    return a.cumsum(), a.cumsum(axis=0), a.cumprod(1), a.prod(axis=None), a.sum(axis=1, keepdims=True)


@snippet
def min_max_with_initial_and_where(np):
    a = np.array([[1.0, 5.0], [3.0, 2.0]])
    return (a.max(initial=10), a.min(axis=0, where=a > 1, initial=100), np.sum(a, where=a > 1),
            np.mean(a, where=a > 1))


@snippet
def any_all_nonzero_methods(np):
    a = np.array([[0, 1, 0], [2, 0, 0]])
    return a.any(), a.all(axis=0), a.nonzero(), a.any(axis=1, keepdims=True), np.flatnonzero(a)


@snippet
def ravel_flatten_squeeze(np):
    a = np.arange(6).reshape(1, 2, 3, 1)
    f = a.flatten()
    f[0] = 100
    return a.squeeze().shape, a.ravel(order="F"), a[0, 0, 0, 0], a.squeeze(axis=0).shape, a.flatten("F")


@snippet
def swapaxes_and_transpose_method(np):
    a = np.arange(24).reshape(2, 3, 4)
    return a.swapaxes(0, 2).shape, a.transpose(1, 0, 2).shape, a.transpose().shape, a.transpose((2, 0, 1))[1, 1]


@snippet
def round_trace_diagonal_methods(np):
    a = np.array([[1.2345, 2.5], [3.5, -4.449]])
    return a.round(1), a.round(), a.trace(), a.diagonal(), np.around(a, 2)


@snippet
def dot_method_and_matmul_operator(np):
    a = np.arange(6.0).reshape(2, 3)
    b = np.ones((3, 2))
    return a.dot(b), a @ b, b.T.dot(a.T), a.dot(3.0)


@snippet
def copy_is_independent(np):
    a = np.arange(5)
    b = a.copy()
    c = a[1:4]
    b[0] = -1
    c[0] = -2
    return a, b, np.shares_memory(a, c), np.may_share_memory(a, b), c.base is a


@snippet
def len_iter_contains(np):
    a = np.arange(6).reshape(3, 2)
    rows = [r.sum() for r in a]
    return len(a), rows, 3 in a, 10 in a, [int(x) for x in a.flat][:4]


@snippet
def argsort_method_descending(np):
    a = np.array([3.0, 1.0, 2.0, 5.0])
    return a.argsort()[::-1], (-a).argsort(), np.argsort(a, kind="mergesort")


@snippet
def std_var_ddof_methods(np):
    a = np.array([[1.0, 2.0, 4.0], [3.0, 3.0, 9.0]])
    return a.var(), a.std(axis=1, ddof=1), a.var(0, ddof=1), a.mean(axis=-1)


@snippet
def conversion_to_python_scalars(np):
    a = np.array([2.75])
    i = np.array(7)
    return float(a[0]), int(i), bool(np.array([1])), complex(np.array(1 + 1j)), a[0] * 2, int(a.sum())


@snippet
def reshape_with_minus_one_and_order(np):
    a = np.arange(12)
    return a.reshape(3, -1), a.reshape((2, 2, -1)).shape, a.reshape(4, 3, order="F"), np.reshape(a, (-1,)).shape


@snippet
def resize_function(np):
    a = np.array([1, 2, 3])
    return np.resize(a, (2, 4)), np.resize(a, 2)
