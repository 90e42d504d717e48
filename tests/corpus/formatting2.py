"""Printing across dtypes and options: the text users see in notebooks and logs."""

from . import snippet


@snippet
def repr_every_int_dtype(np):
    return [repr(np.array([-3, 0, 7], dtype=t)) for t in (np.int8, np.int16, np.int32, np.int64)] + \
        [repr(np.array([0, 200], dtype=t)) for t in (np.uint8, np.uint16, np.uint32, np.uint64)]


@snippet
def repr_float_dtypes_digits(np):
    x = [1 / 3, 2 / 3, 100.0, -0.0]
    return repr(np.array(x, dtype=np.float32)), repr(np.array(x)), str(np.array(x, dtype=np.float32))


@snippet
def repr_complex_dtypes(np):
    z = [1 + 1j, -0.5j, 2.25]
    return repr(np.array(z, dtype=np.complex64)), repr(np.array(z)), str(np.array(z) * 1e5)


@snippet
def str_with_nan_inf_and_ints(np):
    return str(np.array([1.0, np.nan, np.inf])), str(np.array([[1.5, np.nan], [-np.inf, 2.0]])), repr(np.array([1e-5, 1e5]))


@snippet
def printoptions_sign_and_floatmode(np):
    a = np.array([1.0, -2.5, 3.125])
    with np.printoptions(sign="+"):
        s1 = str(a)
    with np.printoptions(floatmode="fixed", precision=2):
        s2 = str(a)
    with np.printoptions(floatmode="unique"):
        s3 = repr(np.array([0.1 + 0.2]))
    return s1, s2, s3


@snippet
def printoptions_formatter(np):
    a = np.array([1.5, 2.25])
    with np.printoptions(formatter={"float": lambda v: f"<{v:.1f}>"}):
        return str(a), repr(a)


@snippet
def summarised_with_edgeitems(np):
    with np.printoptions(threshold=5, edgeitems=2):
        return str(np.arange(10)), repr(np.arange(40).reshape(8, 5))


@snippet
def repr_of_bool_matrix_and_empty_shapes(np):
    return repr(np.eye(2, dtype=bool)), repr(np.empty((2, 0))), str(np.zeros((0,))), repr(np.ones((1, 1, 1), dtype=np.uint8))


@snippet
def array2string_formatter_and_max_line(np):
    a = np.arange(12) * 1000
    return np.array2string(a, max_line_width=30), np.array2string(np.array([0.5, 0.25]), formatter={"all": lambda v: f"{v:.0%}"})


@snippet
def format_float_helpers(np):
    return (np.format_float_positional(np.float32(0.1)), np.format_float_scientific(1234.5, precision=2),
            np.format_float_positional(1 / 3, precision=4), np.array2string(np.array([1 / 3]), precision=3))


@snippet
def repr_large_ints_and_mixed_widths(np):
    return repr(np.array([1, 10 ** 12, -5])), str(np.array([[1, 22], [333, -4444]])), repr(np.array([2 ** 64 - 1], dtype=np.uint64))


@snippet
def str_of_reduction_results(np):
    a = np.array([[1.5, 2.5], [3.0, 4.0]], dtype=np.float32)
    return str(a.sum()), str(a.mean(axis=0)), str(a.max()), str(a.argmax()), str(np.int64(5) * 2), str(a[0])
