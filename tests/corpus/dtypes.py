"""dtype conversions: astype, views, overflow on cast, type queries, finfo/iinfo."""

from . import snippet


@snippet
def astype_float_to_int_truncates(np):
    x = np.array([1.9, -1.9, 2.5, -0.5])
    return x.astype(int), x.astype(np.int32), x.astype(np.uint8, copy=True)[:1]


@snippet
def astype_int_to_bool_and_back(np):
    x = np.array([0, 3, -1, 0])
    return x.astype(bool), x.astype(bool).astype(np.int8)


@snippet
def int_overflow_wraps(np):
    x = np.array([127, -128], dtype=np.int8)
    return x + np.int8(1), np.array([65535], dtype=np.uint16) + np.uint16(1)


@snippet
def float64_to_float32_rounding(np):
    x = np.array([0.1, 1 / 3, 1e-40, 3.4e39])
    return x.astype(np.float32)


@snippet
def dtype_queries(np):
    x = np.zeros(3, dtype=np.float32)
    return (x.dtype == np.float32, x.dtype.kind, x.dtype.itemsize, str(x.dtype),
            np.issubdtype(x.dtype, np.floating), np.issubdtype(np.int16, np.integer))


@snippet
def result_type_and_promotion(np):
    return (str(np.result_type(np.int8, np.uint8)), str(np.promote_types(np.int32, np.float32)),
            str(np.result_type(np.float32, 1.0)), np.can_cast(np.int64, np.float64))


@snippet
def finfo_iinfo(np):
    f = np.finfo(np.float32)
    i = np.iinfo(np.int16)
    return float(f.eps), float(f.max), int(i.min), int(i.max), f.bits


@snippet
def view_as_unsigned(np):
    x = np.array([-1, -2, 3], dtype=np.int32)
    return x.view(np.uint32)


@snippet
def view_float_bits(np):
    x = np.array([1.0, -2.0, 0.0], dtype=np.float32)
    bits = x.view(np.int32)
    return bits, (bits >> 31) & 1


@snippet
def complex_parts(np):
    z = np.array([1 + 2j, -3.5 + 0j, 4j])
    return z.real, z.imag, np.abs(z), np.conj(z), np.angle(z)


@snippet
def astype_complex(np):
    x = np.arange(3, dtype=np.float32)
    return x.astype(np.complex64) * 1j, (x + 0j).dtype.name


@snippet
def uint_subtraction_wraps(np):
    a = np.array([1, 5], dtype=np.uint32)
    b = np.array([3, 2], dtype=np.uint32)
    return a - b, a.astype(np.int64) - b


@snippet
def downcast_int64_to_int16(np):
    x = np.array([70000, -70000, 32767], dtype=np.int64)
    return x.astype(np.int16)


@snippet
def bool_sum_dtype(np):
    mask = np.array([True, True, False])
    return mask.sum(), mask.sum().dtype.name, np.sum(mask, dtype=np.int8).dtype.name


@snippet
def int_division_true_and_floor(np):
    a = np.array([7, -7, 8], dtype=np.int32)
    return a / 2, a // 2, a % 3, np.divmod(a, 3)


@snippet
def astype_same_dtype_copy(np):
    x = np.arange(4, dtype=np.int64)
    y = x.astype(np.int64)
    y[0] = 100
    z = x.astype(np.int64, copy=False)
    return x, y, z is x


@snippet
def dtype_from_string(np):
    return np.zeros(2, dtype="float32").dtype.name, np.ones(2, dtype="i8").dtype.name, np.array([1], "u1").dtype.name


@snippet
def float_special_checks(np):
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310])
    return np.isnan(x), np.isinf(x), np.signbit(x), np.isfinite(x)
