"""Creation functions: array, arange, linspace, zeros/ones/full(_like), eye, grids."""

from . import snippet


@snippet
def array_from_nested_lists(np):
    return np.array([[1, 2, 3], [4, 5, 6]]), np.array([1, 2.5]), np.array([True, False]), np.array(7)


@snippet
def array_with_dtype_and_ndmin(np):
    return np.array([1, 2], dtype=np.float32), np.array([1, 2], ndmin=2).shape, np.asarray([[1.0]])


@snippet
def arange_variants(np):
    return np.arange(5), np.arange(2, 10, 3), np.arange(0.0, 1.0, 0.25), np.arange(5, 0, -2)


@snippet
def arange_float_step_count(np):
    x = np.arange(0, 1, 0.1)
    return len(x), x[-1]


@snippet
def linspace_variants(np):
    return (np.linspace(0, 1, 5), np.linspace(0, 10, 4, endpoint=False),
            np.linspace(1, 2, 3, dtype=np.float32))


@snippet
def linspace_retstep(np):
    values, step = np.linspace(-1, 1, 9, retstep=True)
    return values, step


@snippet
def logspace_geomspace(np):
    return np.logspace(0, 3, 4), np.geomspace(1, 1000, 4)


@snippet
def zeros_ones_full(np):
    return np.zeros((2, 3)), np.ones(4, dtype=int), np.full((2, 2), 7.5), np.full(3, True)


@snippet
def like_functions(np):
    x = np.arange(6, dtype=np.int16).reshape(2, 3)
    return np.zeros_like(x), np.ones_like(x, dtype=float), np.full_like(x, 9), np.empty_like(x).shape


@snippet
def eye_identity_diag(np):
    return np.eye(3), np.eye(2, 4, k=1, dtype=int), np.identity(2), np.diag([1, 2, 3])


@snippet
def tri_triu_tril(np):
    m = np.arange(1, 10).reshape(3, 3)
    return np.tri(3, dtype=int), np.triu(m), np.tril(m, k=-1)


@snippet
def mgrid_and_ogrid(np):
    yy, xx = np.mgrid[0:3, 0:4]
    oy, ox = np.ogrid[0:3, 0:4]
    return yy, xx, (oy + ox).shape, np.mgrid[0:1:5j]


@snippet
def fromfunction_table(np):
    return np.fromfunction(lambda i, j: i * 10 + j, (3, 4), dtype=int)


@snippet
def r_and_c_concatenation(np):
    return np.r_[1:4, 0, 8:10], np.c_[np.array([1, 2]), np.array([3, 4])], np.r_[-1:1:5j]


@snippet
def indices_grid(np):
    return np.indices((2, 3))


@snippet
def copy_is_independent(np):
    a = np.arange(4)
    b = a.copy()
    c = np.copy(a)
    b[0] = 10
    c[1] = 20
    return a, b, c


@snippet
def empty_arrays(np):
    e = np.zeros((0, 3))
    return e.shape, e.sum(axis=0), e.sum(), np.arange(0).size, np.concatenate([e, np.ones((1, 3))])


@snippet
def array_from_range_and_tuple(np):
    return np.array(range(4)), np.array((1.5, 2.5)), np.fromiter((i * i for i in range(5)), dtype=int)


@snippet
def asarray_no_copy(np):
    a = np.arange(3)
    b = np.asarray(a)
    b[0] = 5
    return a, b is a


@snippet
def full_with_nan_and_inf(np):
    return np.full(3, np.nan), np.full((2,), -np.inf, dtype=np.float32)
