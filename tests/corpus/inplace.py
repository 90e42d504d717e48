"""In-place operators, out= arguments, slice assignment and aliasing."""

from . import snippet


@snippet
def augmented_operators(np):
    x = np.arange(5, dtype=np.float64)
    x += 1
    x *= 2
    x -= 0.5
    x /= 4
    x **= 2
    return x


@snippet
def augmented_int_ops(np):
    x = np.arange(10)
    x //= 3
    x %= 2
    x <<= 2
    x |= 1
    x ^= 3
    return x


@snippet
def inplace_on_view_changes_base(np):
    m = np.zeros((3, 4))
    m[1] += 5
    m[:, 2] *= 0
    m[::2, ::3] -= 1
    return m


@snippet
def inplace_with_broadcast(np):
    m = np.ones((3, 3), dtype=np.float32)
    m *= np.array([1, 2, 3], dtype=np.float32)
    m += np.array([[10], [20], [30]], dtype=np.float32)
    return m


@snippet
def inplace_int_plus_float_raises(np):
    x = np.arange(3)
    try:
        x += 1.5
    except TypeError as exc:  # NumPy: UFuncTypeError (a TypeError), same_kind casting
        return "TypeError", x
    return "no error", x


@snippet
def out_argument_reuses_buffer(np):
    a = np.linspace(0, 1, 5)
    buf = np.empty_like(a)
    np.exp(a, out=buf)
    np.subtract(buf, 1, out=buf)
    return buf


@snippet
def sum_with_out(np):
    m = np.arange(6.0).reshape(2, 3)
    out = np.zeros(3)
    np.sum(m, axis=0, out=out)
    return out


@snippet
def slice_assignment_from_array(np):
    x = np.zeros(10, dtype=int)
    x[2:5] = np.array([7, 8, 9])
    x[::3] = -1
    x[-2:] = x[:2]
    return x


@snippet
def overlapping_shift_assignment(np):
    x = np.arange(8)
    x[1:] = x[:-1]
    y = np.arange(8)
    y[:-1] = y[1:].copy()
    return x, y


@snippet
def column_assignment_broadcast(np):
    m = np.zeros((3, 4))
    m[:, 1] = 5
    m[2, :] = np.arange(4)
    m[:, -1] = m[:, 0] + 1
    return m


@snippet
def swap_rows(np):
    m = np.arange(9).reshape(3, 3)
    m[[0, 2]] = m[[2, 0]]
    return m


@snippet
def accumulate_in_loop(np):
    acc = np.zeros(4)
    for k in range(1, 6):
        acc += np.arange(4) * k
    return acc


@snippet
def normalise_in_place(np):
    x = np.array([[3.0, 4.0], [6.0, 8.0]])
    x /= np.sqrt((x ** 2).sum(axis=1))[:, None]
    return x


@snippet
def negate_in_place_with_out(np):
    x = np.array([1, -2, 3], dtype=np.int16)
    np.negative(x, out=x)
    np.abs(x, out=x)
    return x


@snippet
def setitem_casts_value(np):
    x = np.zeros(3, dtype=np.int32)
    x[0] = 2.9
    x[1:] = np.array([-1.7, 5.5])
    b = np.zeros(2, dtype=bool)
    b[0] = 5
    return x, b


@snippet
def ellipsis_assignment(np):
    v = np.zeros((2, 2, 3))
    v[..., 0] = 1
    v[1, ...] += 2
    v[...] *= 3
    return v
