"""More printing: array2string, set_printoptions, repr of special values, dtypes, 0-d and empty."""

from . import snippet


@snippet
def repr_special_values(np):
    return repr(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0]))


@snippet
def repr_of_bool_and_empty(np):
    return repr(np.array([True, False])), repr(np.array([])), repr(np.zeros((0, 3), dtype=np.int32))


@snippet
def repr_of_zero_d_and_scalars(np):
    return repr(np.array(3.5)), str(np.array(7)), repr(np.float64(1.5)), str(np.float32(0.1)), repr(np.int8(3))


@snippet
def repr_uint_and_complex(np):
    return repr(np.array([1, 2], dtype=np.uint16)), repr(np.array([1 + 2j, 3.5 - 1j])), str(np.array([1j], dtype=np.complex64))


@snippet
def array2string_options(np):
    a = np.array([1.23456789, 22.5, 333.0])
    return (np.array2string(a, precision=2), np.array2string(a, separator=", "),
            np.array2string(a, suppress_small=True, floatmode="fixed", precision=3))


@snippet
def set_printoptions_context(np):
    a = np.array([0.123456789, 1e-9, 3.0])
    with np.printoptions(precision=3, suppress=True):
        short = str(a)
    return short, str(a)


@snippet
def long_array_summarized(np):
    return str(np.arange(2000)), repr(np.arange(1500.0).reshape(30, 50))[:200]


@snippet
def float32_repr(np):
    return repr(np.array([0.1, 0.25, 1 / 3], dtype=np.float32)), str(np.linspace(0, 1, 4, dtype=np.float32))


@snippet
def large_and_small_floats(np):
    return repr(np.array([1e-10, 1.0, 1e10])), str(np.array([123456789.0, 0.5])), repr(np.array([1e20]))


@snippet
def three_d_str(np):
    return str(np.arange(8).reshape(2, 2, 2)), repr(np.arange(8, dtype=np.int16).reshape(2, 2, 2))


@snippet
def format_and_percent(np):
    a = np.array([1.5, 2.25])
    x = a.sum()
    return "%.2f" % x, "{:>8.3f}".format(x), f"{np.int64(42):05d}", f"{np.float32(1.5)}", "%d items" % np.int32(3)


@snippet
def print_int_widths(np):
    return str(np.array([[1, -200], [30000, 4]])), str(np.array([-1.5, 10.25, 100.0]))


@snippet
def array_repr_and_str_functions(np):
    a = np.array([[1.0, 2.5], [3.0, 4.0]])
    return np.array_repr(a), np.array_str(a), np.array_str(a, precision=1)


@snippet
def repr_of_views_and_transposes(np):
    a = np.arange(6).reshape(2, 3)
    return repr(a.T), repr(a[:, ::-1]), repr(a[0]), str(a[1, 2])


@snippet
def savetxt_style_format(np):
    a = np.array([[1.0, 2.5], [3.25, 4.0]])
    return "\n".join(" ".join(f"{v:.3e}" for v in row) for row in a)


@snippet
def printoptions_linewidth(np):
    with np.printoptions(linewidth=30):
        return str(np.arange(20))
