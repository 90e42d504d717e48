"""Scalars: Python conversions of results, formatting, comparisons, indexing single elements."""

from . import snippet


@snippet
def float_of_sum(np):
    x = np.array([0.1, 0.2, 0.3])
    return float(x.sum()), int(np.arange(5).sum()), bool((x > 0).all())


@snippet
def fstring_with_format_spec(np):
    x = np.arange(1, 5, dtype=np.float32)
    return f"{x.mean():.3f}", f"{x.sum():8.2f}", f"{x.max():g}", f"{int(x.argmax()):03d}"


@snippet
def scalar_in_python_arithmetic(np):
    x = np.array([2.0, 4.0])
    total = x.sum()
    return total * 2, total + 1, total / 3, 10 - x[0], x[1] ** 2


@snippet
def scalar_comparison_in_if(np):
    x = np.array([3, 8, 1])
    if x.max() > 5:
        label = "big"
    else:
        label = "small"
    return label, x[0] == 3, x.min() < 0


@snippet
def element_to_python_types(np):
    m = np.array([[1, 2], [3, 4]])
    return int(m[1, 0]), float(m[0, 1]), m[1, 1].item(), type(m.tolist()[0][0]).__name__


@snippet
def scalar_index_into_list(np):
    names = ["a", "b", "c", "d"]
    x = np.array([0.3, 0.9, 0.1, 0.5])
    return names[x.argmax()], names[int(x.argmin())]


@snippet
def range_from_array_value(np):
    n = np.array([4])[0]
    return list(range(n)), [i * 2 for i in range(np.arange(3).max())]


@snippet
def round_python_builtin(np):
    x = np.array([1.23456, 2.5])
    return round(float(x[0]), 2), round(float(x.sum()), 1), abs(float(-x[1]))


@snippet
def numpy_scalar_types(np):
    return np.float32(1.5) * 2, np.int64(7) // 2, np.float64(0.1) + 0.2, np.uint8(200) + np.uint8(100)


@snippet
def scalar_math_on_reductions(np):
    x = np.array([1.0, 4.0, 9.0])
    return np.sqrt(x.sum()), np.exp(x.mean() / 10), np.log(x.max())


@snippet
def zero_d_array_behaviour(np):
    z = np.array(5.0)
    return z.ndim, z.shape, float(z), z + 1, z[()], z.item()


@snippet
def comparisons_of_max_and_len(np):
    x = np.array([5, 7, 9])
    return len(x) == 3, x.max() - x.min(), min(x.tolist()), max(x)


@snippet
def sum_of_python_generator_over_array(np):
    x = np.arange(5)
    return sum(v * v for v in x), sum(x)


@snippet
def scalar_bool_context(np):
    empty = np.array([])
    return bool(np.array([1])), len(empty) == 0, bool(empty.size), not np.array(0)


@snippet
def math_module_on_elements(np):
    import math
    x = np.array([0.25, 4.0])
    return math.sqrt(x[1]), math.floor(x[0] * 10), math.isclose(float(x.prod()), 1.0)


@snippet
def scalar_accumulation_in_loop(np):
    x = np.array([0.5, 1.5, 2.5])
    total = 0.0
    for v in x:
        total += v * 2
    return total, type(total) is float or total.dtype == np.float64


@snippet
def numpy_scalar_times_array(np):
    scale = np.float32(0.5)
    x = np.arange(4, dtype=np.int16)
    return x * scale, np.int8(3) + np.arange(3, dtype=np.int8), np.float64(2) * np.ones(2, np.float32)


@snippet
def item_and_tolist_types(np):
    x = np.array([[1.5, 2.0], [3.0, 4.5]])
    return x.item(1), x[1, 1].item(), x.tolist(), int(x.argmax())


@snippet
def integer_division_and_modulo_scalars(np):
    a = np.array([7, -7, 8])
    return a // 2, a % 3, divmod(int(a.sum()), 3), -7 // np.int64(2)


@snippet
def dict_keys_from_array_values(np):
    labels = np.array([2, 0, 2, 1])
    counts = {}
    for v in labels.tolist():
        counts[v] = counts.get(v, 0) + 1
    return sorted(counts.items()), int(np.max(labels)) + 1


@snippet
def clip_with_scalar_bounds_and_nan(np):
    x = np.array([-2.0, np.nan, 0.5, 9.0])
    return np.clip(x, 0, 1), np.clip(np.array([1, 5, 9], np.uint8), 2, 8)
