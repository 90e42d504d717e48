"""In-place work with out= and where=, augmented assignment on views and dtypes."""

from . import snippet


@snippet
def ufunc_where_keeps_out(np):
    a = np.array([1.0, -2.0, 3.0, -4.0])
    out = np.full(4, -99.0)
    np.sqrt(a, out=out, where=a > 0)
    return out


@snippet
def divide_where_nonzero(np):
    num = np.array([1.0, 2.0, 3.0, 4.0])
    den = np.array([2.0, 0.0, 4.0, 0.0])
    return np.divide(num, den, out=np.zeros_like(num), where=den != 0)


@snippet
def augmented_on_slices(np):
    a = np.arange(10.0)
    a[::2] *= -1
    a[1:4] += a[5:8]
    a[a < 0] /= 2
    return a


@snippet
def augmented_on_columns(np):
    m = np.ones((3, 4), dtype=np.int32)
    m[:, 1] *= 5
    m[1] -= np.arange(4, dtype=np.int32)
    m.T[2] += 10
    return m, m.dtype


@snippet
def out_with_dtype_casting(np):
    a = np.arange(4, dtype=np.int32)
    out = np.empty(4, dtype=np.float64)
    np.multiply(a, 2, out=out)
    out32 = np.empty(4, dtype=np.float32)
    np.add(a, a, out=out32, casting="unsafe")
    return out, out32


@snippet
def reduction_out(np):
    a = np.arange(12.0).reshape(3, 4)
    s = np.empty(4)
    np.sum(a, axis=0, out=s)
    m = np.empty((3, 1))
    a.max(axis=1, keepdims=True, out=m)
    return s, m


@snippet
def inplace_on_transpose_view(np):
    a = np.arange(9.0).reshape(3, 3)
    a += a.T
    return a


@snippet
def inplace_overlapping_shift(np):
    a = np.arange(8)
    a[1:] = a[:-1]
    b = np.arange(8)
    b[:-1] = b[1:].copy()
    return a, b


@snippet
def cumsum_out(np):
    a = np.arange(1, 6)
    out = np.empty(5, dtype=np.int64)
    np.cumsum(a, out=out)
    return out


@snippet
def clip_in_place(np):
    a = np.array([-5.0, 0.5, 7.0])
    np.clip(a, 0, 1, out=a)
    b = np.arange(6)
    b.clip(1, 4, out=b)
    return a, b


@snippet
def bitwise_inplace(np):
    a = np.array([0b1010, 0b0110], dtype=np.uint8)
    a |= 1
    a ^= 0b1111
    a <<= 1
    a &= 0xF0
    return a


@snippet
def power_and_floor_div_inplace(np):
    a = np.arange(1, 6)
    a **= 2
    a //= 3
    a %= 4
    f = np.arange(1.0, 4.0)
    f **= 0.5
    return a, f


@snippet
def copyto_with_where(np):
    dst = np.zeros(5)
    src = np.arange(5.0)
    np.copyto(dst, src, where=src % 2 == 1)
    dst2 = np.zeros((2, 3), dtype=np.int32)
    np.copyto(dst2, 7)
    return dst, dst2


@snippet
def float32_inplace_with_python_float(np):
    a = np.ones(3, dtype=np.float32)
    a *= 0.1
    a += 1e-8
    return a, a.dtype


@snippet
def matmul_out(np):
    a = np.arange(6.0).reshape(2, 3)
    out = np.empty((2, 2))
    np.matmul(a, a.T, out=out)
    return out


@snippet
def negative_and_abs_out(np):
    a = np.array([-1.5, 2.0, -0.0])
    np.negative(a, out=a)
    b = np.empty(3)
    np.absolute(a, b)
    return a, b, np.signbit(a)
