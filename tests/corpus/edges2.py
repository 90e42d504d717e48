"""Edge cases real data reaches: empty arrays, single elements, 0-d inputs, non-contiguous views,
extreme values, integer limits, -0.0, and mixed dtypes through common functions."""

from . import snippet


@snippet
def empty_reductions(np):
    e = np.array([])
    return e.sum(), e.prod(), np.zeros((0, 3)).sum(axis=0), np.zeros((3, 0)).max(axis=0).shape, np.cumsum(e).shape, e.any(), e.all()


@snippet
def empty_concatenate_and_stack(np):
    a = np.empty((0, 2))
    b = np.array([[1.0, 2.0]])
    return np.concatenate([a, b]), np.vstack([a, a]).shape, np.hstack([np.array([]), np.array([1.0])]), np.stack([a, a]).shape


@snippet
def empty_sort_unique_argsort(np):
    e = np.array([], dtype=np.int32)
    return np.sort(e), np.unique(e), np.argsort(e).dtype, np.searchsorted(e, 3), np.bincount(e), np.histogram(e, bins=3, range=(0, 1))[0]


@snippet
def single_element_statistics(np):
    one = np.array([4.0])
    return one.mean(), one.std(), np.median(one), np.percentile(one, 90), np.var(one, ddof=0), np.ptp(one)


@snippet
def zero_d_through_functions(np):
    z = np.array(2.5)
    return np.atleast_1d(z), np.sum(z), np.clip(z, 0, 1), np.where(z > 1, z, 0), np.expand_dims(z, 0), z.reshape(1, 1), np.squeeze(z)


@snippet
def integer_limits(np):
    i = np.iinfo(np.int32)
    a = np.array([i.max, i.min], dtype=np.int32)
    return a + 1, a - 1, np.abs(a), -a, a.astype(np.int64) * 2, np.array([2 ** 63 - 1]) + 1


@snippet
def negative_zero_handling(np):
    z = np.array([-0.0, 0.0])
    return np.signbit(z), 1 / z, np.copysign(1.0, z), np.sign(z), np.maximum(z, 0.0), np.sort(np.array([0.0, -0.0, -1.0]))


@snippet
def extreme_floats(np):
    big = np.array([1e308, -1e308, 5e-324], dtype=np.float64)
    f32 = np.array([3e38, 1e-45], dtype=np.float32)
    return big * 10, big / 10, f32 * 10, f32 / 2, np.finfo(np.float32).max * np.float32(2)


@snippet
def nan_propagation(np):
    a = np.array([1.0, np.nan, 3.0])
    return a.sum(), a.max(), np.argmax(a), np.sort(a), np.argsort(a), np.unique(np.array([np.nan, 1.0, np.nan])), np.median(a)


@snippet
def inf_arithmetic(np):
    a = np.array([np.inf, -np.inf, 1.0])
    return a - a, a * 0, a / a, np.isnan(a - a), np.exp(a), np.arctan(a), np.tanh(a)


@snippet
def non_contiguous_inputs(np):
    m = np.arange(30.0).reshape(5, 6)
    v = m[::2, 1::2]
    t = m.T[::-1]
    return v.sum(0), np.cumsum(v, 1), v @ v.T, np.sort(t, axis=0)[0], np.linalg.norm(v), np.mean(t[:, ::3], axis=1)


@snippet
def broadcasting_with_size_one_and_zero(np):
    a = np.ones((3, 1))
    b = np.arange(4)
    e = np.zeros((0, 1))
    return (a + b).shape, (e + b).shape, np.maximum(a, b).sum(), (np.ones((2, 1, 3)) * np.ones((4, 1))).shape


@snippet
def complex_edge_values(np):
    z = np.array([0j, 1j, -1 + 0j, complex(np.inf, 0)])
    return np.abs(z), np.sqrt(z[:3]), np.angle(z[:3]), np.conj(z), z.real, np.isfinite(z)


@snippet
def huge_int_and_float_mixing(np):
    a = np.array([2 ** 53, 2 ** 53 + 1], dtype=np.int64)
    return a.astype(np.float64), a + 0.5, (a // 2), np.array([10 ** 18]) * 9, np.uint64(2 ** 64 - 1) // np.uint64(3)


@snippet
def bool_array_edge_ops(np):
    t = np.array([True, False])
    return t & t, t ^ True, ~t, t.sum(dtype=np.int8), np.cumsum(t), t.astype(np.float32).mean(), np.diff(t.astype(int))


@snippet
def repeated_views_write_through(np):
    a = np.zeros((4, 4))
    a[1:3, 1:3][0, :] = 5
    a[::2, ::2] += 1
    a.reshape(-1)[::5] = -1
    a.ravel()[0] = 99  # a view here: a is contiguous
    return a


@snippet
def linspace_and_arange_float_edges(np):
    return (np.arange(0, 1, 0.1).size, np.arange(1, 0, -0.25), np.linspace(1, 1, 3), np.linspace(0, 1, 1),
            np.linspace(0, 1, 0).shape, np.arange(0.5, 3), np.arange(-3, 3, 2, dtype=np.int8))


@snippet
def mean_of_large_float32(np):
    a = np.full(10000, 1000.1, dtype=np.float32)
    return a.mean().dtype, abs(float(a.mean()) - 1000.1) < 0.01, a.sum(dtype=np.float64).dtype


@snippet
def clip_with_nan_and_reversed_bounds(np):
    a = np.array([np.nan, -5.0, 5.0])
    return np.clip(a, -1, 1), np.clip(np.arange(5), 3, 1), np.clip(a, None, 0), np.clip(np.arange(5), np.array([0, 1, 2, 3, 4]) * 0 + 2, None)
