"""Scalars: np.float64/int types mixing with arrays, 0-d results, NumPy 2 promotion of Python scalars."""

from . import snippet


@snippet
def float64_scalar_with_array(np):
    s = np.float64(2.5)
    a = np.arange(3, dtype=np.float32)
    return s * a, (s * a).dtype, (a + 1.5).dtype, (np.float32(2) * np.arange(3)).dtype


@snippet
def int_scalar_types(np):
    x = np.int32(7)
    return x + 1, (x + 1).dtype, x * np.int64(2), (x * np.int64(2)).dtype, x / 2, (x // 2).dtype


@snippet
def uint8_wraparound(np):
    a = np.array([250, 5], dtype=np.uint8)
    return a + 10, (a + np.uint8(10)).dtype, a - 10, a * 2


@snippet
def reductions_return_scalars(np):
    a = np.array([1, 2, 3], dtype=np.int16)
    s = a.sum()
    m = a.mean()
    return s, s.dtype, m, m.dtype, a.max().dtype, np.ndim(s), a.prod().dtype


@snippet
def scalar_comparisons_with_python(np):
    v = np.float32(0.1)
    return v == 0.1, np.float64(0.1) == 0.1, bool(np.int8(0)), np.float64(3.0).is_integer()


@snippet
def zero_d_array_arithmetic(np):
    a = np.array(3)
    b = a + 1
    return b, np.ndim(b), (a * 2.5).dtype, np.array(2.0) ** 3, -np.array(4)


@snippet
def mixed_int_float_promotion(np):
    i8 = np.array([1, 2], dtype=np.int8)
    f32 = np.array([0.5, 0.25], dtype=np.float32)
    u16 = np.array([3, 4], dtype=np.uint16)
    return (i8 + f32).dtype, (i8 + u16).dtype, (u16 + f32).dtype, (i8 * 1.0).dtype, (i8 + 1j).dtype


@snippet
def python_int_weak_in_range(np):
    a = np.array([1, 2, 3], dtype=np.int8)
    return a + 100, (a + 100).dtype, a * -1, np.int8(100) + np.int8(27)


@snippet
def scalar_math_functions(np):
    return np.sqrt(np.float32(2)), np.exp(1.0), np.log(np.float64(10)), np.sin(np.pi / 6), np.abs(np.int8(-5))


@snippet
def scalar_type_constructors(np):
    return (np.float32(1) / 3, np.int64("42"), np.uint8(200) + np.uint8(100), np.float64("nan"), np.bool_(1),
            np.complex128(1, 2))


@snippet
def finfo_iinfo(np):
    f = np.finfo(np.float32)
    i = np.iinfo(np.int16)
    return float(f.eps), float(f.max), float(f.tiny), f.bits, i.min, i.max, np.iinfo(np.uint8).max, np.finfo(float).resolution


@snippet
def numpy_scalar_to_python(np):
    a = np.arange(5.0)
    x = a[2]
    return float(x), x.item(), type(x.item()).__name__, round(x * 1.23456, 3), int(np.int32(9))


@snippet
def division_by_zero_scalar_results(np):
    a = np.array([1.0, -1.0, 0.0])
    return a / 0, np.array([1, 0]) // 0, np.float64(1.0) / np.float64(0.0)


@snippet
def integer_power_and_negative(np):
    a = np.arange(5)
    return a ** 2, 2 ** a, a ** 0, np.power(a, 3, dtype=np.float64), np.float_power(a, -1)


@snippet
def mean_of_ints_is_float(np):
    a = np.array([1, 2, 4], dtype=np.int32)
    return np.mean(a), np.mean(a).dtype, np.median(a), np.average(a, weights=[1, 1, 2])


@snippet
def isscalar_and_ndim(np):
    return np.isscalar(3.0), np.isscalar(np.float64(3)), np.isscalar(np.array(3.0)), np.ndim(5), np.shape(np.ones((2, 3)))


@snippet
def bool_arithmetic(np):
    t = np.array([True, False, True])
    return t.sum(), t + t, t.mean(), (t * 1.5).dtype, np.logical_xor(t, True), ~t


@snippet
def sum_dtype_of_small_ints(np):
    a = np.array([200, 100], dtype=np.uint8)
    b = np.array([100, 100], dtype=np.int8)
    return a.sum(), a.sum().dtype, b.sum().dtype, a.cumsum().dtype, a.sum(dtype=np.uint8)


@snippet
def complex_scalars(np):
    z = np.complex64(1 + 2j)
    a = np.array([1.0, 2.0], dtype=np.float32)
    return (a * z).dtype, abs(z), z.real, (a + 1j).dtype, np.abs(np.array([3 + 4j]))
