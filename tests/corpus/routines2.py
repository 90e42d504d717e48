"""NumPy routines people reach for less often: apply_along_axis, vectorize, meshgrid/mgrid, trapezoid,
block, multi_dot, broadcast_arrays, nditer-free helpers, text I/O through StringIO."""

import io

from . import snippet


@snippet
def apply_along_axis_custom(np):
    a = np.array([[1, 5, 3], [9, 2, 8]])
    return np.apply_along_axis(lambda r: r.max() - r.min(), 1, a), np.apply_along_axis(np.sort, 0, a)


@snippet
def vectorize_python_function(np):
    f = np.vectorize(lambda x, y: x * 2 + y if x > y else x - y)
    return f(np.arange(4), 2), f(np.array([[1, 5]]), np.array([[3], [0]]))


@snippet
def meshgrid_ij_and_xy(np):
    x, y = np.arange(3), np.arange(2)
    X, Y = np.meshgrid(x, y)
    I, J = np.meshgrid(x, y, indexing="ij")
    sx, sy = np.meshgrid(x, y, sparse=True)
    return X, Y, I.shape, J, sx.shape, sy.shape


@snippet
def mgrid_ogrid(np):
    g = np.mgrid[0:3, 0:2]
    o = np.ogrid[0:3, 0:4]
    return g, np.mgrid[0:1:5j], o[0].shape, o[1].shape, (o[0] + o[1]).shape


@snippet
def trapezoid_integration(np):
    x = np.linspace(0, np.pi, 101)
    return round(float(np.trapezoid(np.sin(x), x)), 8), np.trapezoid([1, 2, 3], dx=0.5)


@snippet
def block_matrices(np):
    A = np.eye(2)
    B = np.zeros((2, 3))
    C = np.ones((1, 2))
    D = np.full((1, 3), 7.0)
    return np.block([[A, B], [C, D]]), np.block([np.arange(2), np.arange(3)])


@snippet
def multi_dot_chain(np):
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    c = np.ones((4, 2))
    return np.linalg.multi_dot([a, b, c]), np.allclose(np.linalg.multi_dot([a, b, c]), a @ b @ c)


@snippet
def broadcast_arrays_and_shapes(np):
    a, b = np.broadcast_arrays(np.arange(3), np.arange(2)[:, None])
    return a, b, np.broadcast_shapes((3, 1), (1, 4), (4,)), np.broadcast_to(np.arange(3), (2, 3))


@snippet
def loadtxt_from_string(np):
    text = io.StringIO("1,2,3\n4,5,6\n7,8,9\n")
    a = np.loadtxt(text, delimiter=",")
    text2 = io.StringIO("# x y\n1 2.5\n3 4.5\n")
    b = np.loadtxt(text2, usecols=1)
    return a, b


@snippet
def savetxt_to_string(np):
    buf = io.StringIO()
    np.savetxt(buf, np.array([[1.5, 2.0], [3.0, 4.25]]), fmt="%.2f", delimiter=",", header="a,b")
    return buf.getvalue()


@snippet
def genfromtxt_with_missing(np):
    text = io.StringIO("1,2,\n4,,6\n")
    return np.genfromtxt(text, delimiter=",")


@snippet
def fromstring_and_fromiter(np):
    return np.fromstring("1 2 3 4", dtype=int, sep=" "), np.fromiter((i * i for i in range(5)), dtype=np.int64)


@snippet
def atleast_and_ndmin(np):
    return (np.atleast_1d(3.0).shape, np.atleast_2d(np.arange(3)).shape, np.atleast_3d(np.ones((2, 2))).shape,
            np.array([1, 2], ndmin=3).shape)


@snippet
def diff_with_prepend_append(np):
    x = np.array([1, 4, 9, 16])
    return np.diff(x, prepend=0), np.diff(x, append=x[-1]), np.diff(x, n=2), np.ediff1d(x, to_begin=[-1])


@snippet
def tri_helpers(np):
    a = np.arange(16).reshape(4, 4)
    return np.tril(a, -1), np.triu(a, 1), np.tri(3, 4, 1, dtype=int), a[np.triu_indices_from(a, 1)], np.tril_indices(3)


@snippet
def real_if_close_and_sort_complex(np):
    z = np.array([2.0 + 1e-15j, 1.0 - 0j])
    return np.real_if_close(z), np.sort_complex(np.array([3 + 1j, 1 - 2j, 1 + 1j])), np.iscomplex(z)


@snippet
def cumulative_sum_numpy2(np):
    a = np.arange(1, 5)
    return np.cumulative_sum(a), np.cumulative_sum(a, include_initial=True), np.cumulative_prod(a)


@snippet
def unique_family_numpy2(np):
    x = np.array([3, 1, 3, 2, 1, 3])
    r = np.unique_counts(x)
    inv = np.unique_inverse(x)
    return np.sort(np.unique_values(x)), r.values, r.counts, inv.inverse_indices, np.unique_all(x).indices


@snippet
def histogram_density_and_weights(np):
    x = np.array([0.5, 1.5, 1.5, 2.5, 3.5, 3.5, 3.5])
    d, e = np.histogram(x, bins=4, range=(0, 4), density=True)
    w, _ = np.histogram(x, bins=[0, 2, 4], weights=np.arange(7.0))
    return d, e, w, np.histogram2d(x, x[::-1], bins=2)[0]


@snippet
def packbits_and_binary_repr(np):
    bits = np.array([1, 0, 1, 1, 0, 0, 0, 1, 1], dtype=np.uint8)
    return np.packbits(bits), np.unpackbits(np.array([5], dtype=np.uint8)), np.binary_repr(10, width=6), np.base_repr(255, 16)


@snippet
def spacing_nextafter_and_ldexp(np):
    x = np.array([1.0, 0.5, 1e-300])
    return np.nextafter(x, 2) - x, np.ldexp(np.array([1.0, 3.0]), np.array([2, -1])), np.frexp(np.array([8.0, 0.75])), np.copysign(3.0, -0.0)


@snippet
def angle_helpers(np):
    d = np.array([0, 90, 180, 270, 360])
    r = np.radians(d)
    return r, np.rad2deg(r), np.round(np.sin(r), 12), np.arctan2(1.0, -1.0), np.hypot(3, 4)


@snippet
def rounding_family(np):
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.675])
    return np.round(x), np.floor(x), np.ceil(x), np.trunc(x), np.fix(x), np.round(x, 2), np.round(1234.5678, -2)


@snippet
def logaddexp_and_log_family(np):
    x = np.array([1e-10, 1.0, 100.0])
    return np.log1p(x), np.expm1(x[:2]), np.logaddexp(x, x), np.logaddexp2(1.0, 1.0), np.log2(8), np.exp2(x[:2]), np.cbrt(-27.0)


@snippet
def interp_with_period_and_bounds(np):
    xp = np.array([0.0, 1.0, 2.0])
    fp = np.array([10.0, 20.0, 0.0])
    x = np.array([-1.0, 0.5, 1.5, 3.0])
    return np.interp(x, xp, fp), np.interp(x, xp, fp, left=-1, right=-2), np.interp(x, xp, fp, period=3)


@snippet
def polynomial_helpers(np):
    p = np.poly1d([1, -3, 2])
    return p(np.arange(4)), np.roots([1, -3, 2]), np.polyder([1, 0, 0]), np.polyint([3, 0]), np.polymul([1, 1], [1, -1])


@snippet
def select_dtype_helpers(np):
    return np.common_type(np.arange(2), np.ones(2, np.float32)).__name__, np.isfortran(np.ones((2, 2)).T), np.iterable([1])


@snippet
def count_and_nonzero_axis(np):
    a = np.array([[0, 1, 2], [0, 0, 3]])
    return np.count_nonzero(a, axis=0), np.count_nonzero(a, axis=1, keepdims=True), np.argwhere(a > 0), np.nonzero(a[1])


@snippet
def array_equal_and_equiv(np):
    return (np.array_equal([1, 2], [1, 2]), np.array_equal([1, 2], [1, 2, 3]), np.array_equiv([1, 2], [[1, 2], [1, 2]]),
            np.allclose([1e10, 1e-8], [1.00001e10, 1e-9]))


@snippet
def tensor_products(np):
    a = np.arange(3.0)
    b = np.arange(4.0)
    return np.outer(a, b), np.inner(a, a), np.vdot(a, a), np.kron(np.eye(2), np.ones((2, 2))), np.einsum("i,j->ij", a, b).sum()
