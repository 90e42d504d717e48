"""Dtype round trips: astype chains, casting rules, can_cast, result_type, bytes, min_scalar_type."""

from . import snippet


@snippet
def float_to_int_truncation(np):
    a = np.array([-1.7, -0.5, 0.5, 1.7, 2.5])
    return a.astype(int), np.trunc(a), np.rint(a).astype(np.int64), np.floor(a).astype(np.int32)


@snippet
def int_narrowing_wraps(np):
    a = np.array([127, 128, 255, 256, -1])
    return a.astype(np.int8), a.astype(np.uint8), a.astype(np.uint16), a.astype(bool)


@snippet
def bool_round_trip(np):
    a = np.array([0.0, 0.1, -2.0, np.nan])
    return a.astype(bool), a.astype(bool).astype(np.float32), np.array([0, 3]).astype(bool).astype(np.uint8)


@snippet
def complex_to_real_cast(np):
    z = np.array([1.5 + 2j, -3 - 4j])
    return z.real.astype(np.float32), np.abs(z).dtype, z.astype(np.complex64).dtype, z.astype(np.complex64)


@snippet
def dtype_objects(np):
    d = np.dtype("float32")
    return d.name, d.itemsize, d.kind, d.char, str(np.dtype(np.int16)), np.dtype("i8") == np.int64, d.type.__name__


@snippet
def result_type_and_can_cast(np):
    return (np.result_type(np.int8, np.uint8), np.result_type(np.float32, np.int64), np.can_cast(np.int32, np.float64),
            np.can_cast(np.float64, np.float32), np.can_cast(np.int8, np.uint8, "same_kind"), np.promote_types("i2", "f4"))


@snippet
def issubdtype_checks(np):
    a = np.arange(3.0)
    return (np.issubdtype(a.dtype, np.floating), np.issubdtype(np.int8, np.integer), np.issubdtype(np.uint8, np.signedinteger),
            np.issubdtype(np.complex64, np.complexfloating), np.issubdtype(np.bool_, np.number))


@snippet
def tobytes_frombuffer_round_trip(np):
    a = np.array([1.5, -2.0, 3.25], dtype=np.float32)
    b = a.tobytes()
    return len(b), np.frombuffer(b, dtype=np.float32), np.frombuffer(b, dtype=np.uint8)[:4]


@snippet
def view_reinterpret(np):
    a = np.array([1.0, -0.0], dtype=np.float32)
    bits = a.view(np.uint32)
    return bits, (bits >> 31), bits.view(np.float32), np.array([1, 2], dtype=np.int32).view(np.int16)


@snippet
def astype_string_names(np):
    a = np.arange(3)
    return a.astype("f8").dtype, a.astype("uint8").dtype, a.astype("c8").dtype, a.astype("?").dtype, a.astype("<i2").dtype


@snippet
def nan_to_int_is_avoided(np):
    a = np.array([1.0, np.nan, 3.0])
    return np.nan_to_num(a).astype(int), np.nan_to_num(a, nan=-1.0), np.nan_to_num(np.array([np.inf, -np.inf]), posinf=9, neginf=-9)


@snippet
def float32_accumulation(np):
    a = np.full(1000, 0.1, dtype=np.float32)
    return a.sum().dtype, np.cumsum(a).dtype, a.mean(dtype=np.float64).dtype, np.float32(a.sum(dtype=np.float64))


@snippet
def min_scalar_type_and_char_codes(np):
    return (np.min_scalar_type(10), np.min_scalar_type(-1), np.typename("d"),
            np.dtype(np.float64).str)


@snippet
def mixed_list_to_array(np):
    return np.array([1, 2.5]).dtype, np.array([1, True]).dtype, np.array([1, 2j]).dtype, np.array([[1], [2]], dtype=np.uint8).dtype


@snippet
def astype_casting_keyword(np):
    a = np.array([1.5, 2.5])
    try:
        a.astype(np.int64, casting="safe")
        safe = "ok"
    except TypeError:
        safe = "TypeError"
    return safe, a.astype(np.int64, casting="unsafe"), a.astype(np.float32, casting="same_kind")


@snippet
def uint64_and_int64_mix(np):
    a = np.array([1, 2], dtype=np.uint64)
    b = np.array([3, 4], dtype=np.int64)
    return (a + b).dtype, (a + 1).dtype, a * 2, np.array([2 ** 63], dtype=np.uint64) + np.uint64(1)
