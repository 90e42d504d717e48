"""Printing and formatting: str/repr of arrays, f-strings of reductions, tolist, printoptions."""

from . import snippet


@snippet
def str_of_int_matrix(np):
    return str(np.arange(12).reshape(3, 4))


@snippet
def repr_of_float_vector(np):
    return repr(np.array([0.5, 1.25, -3.0]))


@snippet
def repr_with_dtype(np):
    return repr(np.array([1, 2, 3], dtype=np.int8)), repr(np.zeros(2, dtype=np.float32))


@snippet
def fstring_of_reductions(np):
    x = np.array([1.5, 2.25, 3.125, 4.0])
    return f"mean={x.mean():.3f} std={x.std():.4f} max={x.max()} n={x.size}"


@snippet
def format_each_element(np):
    x = np.array([0.1234, 5.6789, 10.0])
    return ", ".join(f"{v:.2f}" for v in x)


@snippet
def tolist_roundtrip(np):
    m = np.array([[1, 2], [3, 4]])
    f = np.array([0.5, 1.5], dtype=np.float32)
    return m.tolist(), f.tolist(), type(m.tolist()[0][0]).__name__, type(f.tolist()[0]).__name__


@snippet
def printoptions_precision(np):
    x = np.array([1 / 3, 2 / 3, 1.0])
    with np.printoptions(precision=3):
        text = str(x)
    return text


@snippet
def print_bool_and_empty(np):
    return str(np.array([True, False])), repr(np.array([])), str(np.zeros((2, 0)))


@snippet
def array2string_separator(np):
    return np.array2string(np.array([1, 2, 3]), separator=", ")


@snippet
def str_of_scalar_results(np):
    x = np.arange(10)
    return str(x.sum()), str(x.mean()), repr(float(x.max())), str(x[3])


@snippet
def percent_report(np):
    hits = np.array([3, 7, 0, 10])
    total = np.array([10, 10, 5, 10])
    return [f"{h}/{t} = {100 * h / t:5.1f}%" for h, t in zip(hits.tolist(), total.tolist())]


@snippet
def format_complex_and_nan(np):
    return str(np.array([1 + 2j, -0.5j])), str(np.array([np.nan, np.inf, -1.0]))


@snippet
def format_2d_floats(np):
    return str(np.linspace(0, 1, 6).reshape(2, 3))


@snippet
def int_of_scalar_in_string(np):
    x = np.array([4, 8, 15, 16, 23, 42])
    return "index of max: %d, value %d" % (x.argmax(), x[x.argmax()])


@snippet
def array2string_precision_and_suppress(np):
    x = np.array([1e-10, 0.5, 1234.5678])
    return (np.array2string(x, precision=2, suppress_small=True),
            np.array2string(x, precision=3, floatmode="fixed"))


@snippet
def array2string_formatter_and_width(np):
    x = np.arange(12.0).reshape(3, 4) / 7
    return (np.array2string(x, formatter={"float_kind": lambda v: f"{v:.2f}"}),
            np.array2string(np.arange(30), max_line_width=40))


@snippet
def array2string_summarised(np):
    return np.array2string(np.arange(2000), threshold=10, edgeitems=2), np.array2string(np.arange(2000))


@snippet
def str_of_bool_int_matrix(np):
    m = np.arange(9).reshape(3, 3)
    return str(m % 2 == 0), repr(m.astype(np.int16)), str(np.array([], dtype=np.int32))


@snippet
def print_with_printoptions_context(np):
    x = np.array([np.pi, np.e, -1 / 3])
    with np.printoptions(precision=3, sign="+"):
        inside = str(x)
    return inside, str(x)


@snippet
def report_lines_with_format(np):
    scores = np.array([[88.5, 92.25], [75.0, 61.125]])
    return [f"row {i}: mean={row.mean():.2f} max={row.max():g}" for i, row in enumerate(scores)]
