"""np.where, np.clip, np.select-style piecewise functions, minimum/maximum."""

from . import snippet


@snippet
def where_replace_negative(np):
    x = np.array([-1.5, 2.0, -0.0, 3.5])
    return np.where(x < 0, 0, x)


@snippet
def where_scalar_branches(np):
    x = np.arange(6)
    return np.where(x % 2 == 0, True, False), np.where(x > 2, 1, -1)


@snippet
def where_with_broadcast(np):
    cond = np.array([[True], [False]])
    return np.where(cond, np.arange(3), -np.arange(3))


@snippet
def nested_where_piecewise(np):
    x = np.linspace(-2, 2, 9)
    return np.where(x < -1, -1.0, np.where(x > 1, 1.0, x ** 3))


@snippet
def clip_both_sides(np):
    x = np.array([-5, 0, 5, 10, 15])
    return np.clip(x, 0, 10), x.clip(min=2), np.clip(x, None, 7)


@snippet
def clip_floats_with_arrays(np):
    x = np.array([0.5, 2.5, -1.0, 4.0])
    lo = np.array([0.0, 1.0, 0.0, 1.0])
    hi = np.array([1.0, 2.0, 3.0, 3.5])
    return np.clip(x, lo, hi)


@snippet
def clip_out_in_place(np):
    x = np.array([1.0, -3.0, 7.0])
    np.clip(x, -1, 5, out=x)
    return x


@snippet
def maximum_minimum_elementwise(np):
    a = np.array([1.0, np.nan, 3.0, -2.0])
    b = np.array([2.0, 1.0, np.nan, -3.0])
    return np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b)


@snippet
def select_piecewise(np):
    x = np.arange(-3, 4)
    return np.select([x < -1, x > 1], [x * 10, x * 100], default=0)


@snippet
def piecewise_function(np):
    x = np.linspace(-1, 1, 5)
    return np.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2])


@snippet
def sign_and_abs(np):
    x = np.array([-3, 0, 2, -7])
    return np.sign(x), np.abs(x), np.absolute(x.astype(float)), np.sign(np.array([-0.0, np.nan, 2.0]))


@snippet
def round_and_truncate(np):
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.675])
    return np.round(x), np.round(x, 2), np.trunc(x), np.floor(x), np.ceil(x), np.rint(x)


@snippet
def nan_to_num_defaults(np):
    x = np.array([np.nan, np.inf, -np.inf, 1.0])
    return np.nan_to_num(x), np.nan_to_num(x, nan=-1.0, posinf=99.0)


@snippet
def isclose_and_allclose(np):
    a = np.array([1.0, 1.0 + 1e-9, 2.0, np.nan])
    b = np.array([1.0, 1.0, 2.1, np.nan])
    return np.isclose(a, b), np.allclose(a[:2], b[:2]), np.isclose(a, b, equal_nan=True)


@snippet
def array_equal_checks(np):
    a = np.arange(4)
    return np.array_equal(a, np.array([0, 1, 2, 3])), np.array_equal(a, a[:3]), bool((a == a).all())


@snippet
def piecewise_default_function(np):
    x = np.linspace(-3, 3, 13)
    return np.piecewise(x, [x < -1, x > 1], [-1.0, 1.0, lambda v: v])


@snippet
def piecewise_integer_input(np):
    x = np.arange(-3, 4)
    return np.piecewise(x, [x < 0], [lambda v: v * v, lambda v: v + 10])


@snippet
def clip_float_out_in_place(np):
    x = np.array([-5.0, 0.25, 3.0, 10.0])
    np.clip(x, 0.0, 1.0, out=x)
    return x
