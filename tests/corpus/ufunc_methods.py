"""ufunc methods: reduce, accumulate, outer, reduceat, and ufunc keywords (out, where, dtype)."""

from . import snippet


@snippet
def add_reduce_axes(np):
    m = np.arange(12).reshape(3, 4)
    return np.add.reduce(m), np.add.reduce(m, axis=1), np.add.reduce(m, axis=None)


@snippet
def multiply_reduce_factorial(np):
    return np.multiply.reduce(np.arange(1, 11)), np.multiply.reduce(np.arange(1, 6, dtype=float))


@snippet
def maximum_reduce_and_accumulate(np):
    x = np.array([3, 1, 4, 1, 5, 9, 2, 6])
    return np.maximum.reduce(x), np.maximum.accumulate(x), np.minimum.reduce(x)


@snippet
def multiply_outer_table(np):
    return np.multiply.outer(np.arange(1, 4), np.arange(1, 5))


@snippet
def subtract_outer_and_add_outer(np):
    a = np.array([1.0, 2.0])
    b = np.array([0.5, 1.5, 2.5])
    return np.subtract.outer(a, b), np.add.outer(a, b).shape


@snippet
def equal_outer_one_hot(np):
    return np.equal.outer(np.array([0, 2, 1]), np.arange(3)).astype(int)


@snippet
def logical_reduce(np):
    m = np.array([[True, False], [True, True]])
    return np.logical_and.reduce(m, axis=1), np.logical_or.reduce(m, axis=0)


@snippet
def add_reduceat_segments(np):
    x = np.arange(10)
    return np.add.reduceat(x, [0, 3, 7])


@snippet
def subtract_accumulate(np):
    return np.subtract.accumulate(np.array([10.0, 1.0, 2.0, 3.0]))


@snippet
def ufunc_out_argument(np):
    a = np.array([1.0, 2.0, 3.0])
    out = np.empty(3)
    np.multiply(a, 2, out=out)
    np.add(out, 1, out=out)
    return out


@snippet
def ufunc_where_argument(np):
    a = np.array([1.0, -2.0, 3.0, -4.0])
    out = np.zeros(4)
    np.sqrt(a, out=out, where=a > 0)
    return out


@snippet
def ufunc_dtype_argument(np):
    a = np.array([1, 2, 3], dtype=np.int8)
    return np.add(a, a, dtype=np.int16), np.true_divide(a, 2, dtype=np.float32)


@snippet
def ufunc_attributes(np):
    return np.add.nin, np.add.nout, np.sqrt.nin, np.add.identity, np.multiply.identity, np.add.__name__


@snippet
def bitwise_reduce_flags(np):
    flags = np.array([1, 4, 16, 4], dtype=np.uint8)
    return np.bitwise_or.reduce(flags), np.bitwise_and.reduce(np.array([7, 5, 13])), np.bitwise_xor.accumulate(flags)


@snippet
def reduce_keepdims_initial(np):
    m = np.arange(6.0).reshape(2, 3)
    return np.add.reduce(m, axis=0, keepdims=True), np.maximum.reduce(m, axis=1, initial=4.0)


@snippet
def hypot_and_arctan2_polar(np):
    x = np.array([1.0, 0.0, -1.0, 3.0])
    y = np.array([1.0, 2.0, 0.0, -4.0])
    return np.hypot(x, y), np.arctan2(y, x), np.degrees(np.arctan2(y, x))


@snippet
def divmod_ufunc_two_outputs(np):
    q, r = np.divmod(np.array([7, -7, 9]), 4)
    f, i = np.modf(np.array([1.5, -2.25]))
    return q, r, f, i


@snippet
def power_and_float_power(np):
    base = np.array([2, 3, 4])
    return np.power(base, 3), np.float_power(base, -1), base ** 0.5


@snippet
def logaddexp_chain(np):
    # log-probabilities of a small mixture, combined without leaving log space
    a = np.log(np.array([0.125, 0.25, 0.5]))
    return np.logaddexp.reduce(a), np.logaddexp(a[0], a[1]), np.logaddexp.accumulate(a)


@snippet
def gcd_lcm(np):
    a = np.array([12, 18, 27])
    return np.gcd(a, 6), np.lcm(a, 4), np.gcd.reduce(a)
