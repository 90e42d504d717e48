"""Input validation as library code writes it: dtype checks, flags, setflags, shape asserts, conversions
with asarray/ascontiguousarray, and the exceptions those checks rely on."""

from . import snippet


@snippet
def dtype_comparisons(np):
    a = np.arange(3.0)
    b = np.arange(3, dtype=np.int16)
    return (a.dtype == "float64", a.dtype == np.float64, b.dtype.kind == "i", a.dtype in (np.float32, np.float64),
            b.dtype.type is np.int16, a.dtype != b.dtype, np.issubdtype(b.dtype, np.number), a.dtype.itemsize * 8)


@snippet
def ensure_float_input(np):
    def prepare(x):
        x = np.asarray(x)
        if not np.issubdtype(x.dtype, np.floating):
            x = x.astype(np.float64)
        return np.ascontiguousarray(x)
    return prepare([1, 2, 3]), prepare(np.arange(4, dtype=np.float32)[::2]), prepare(np.array([True]))


@snippet
def read_only_arrays(np):
    a = np.arange(4)
    a.setflags(write=False)
    try:
        a[0] = 5
        res = "written"
    except ValueError:
        res = "ValueError"
    a.flags.writeable = True
    a[0] = 5
    return res, a, a.flags.writeable


@snippet
def readonly_broadcast_to_view(np):
    v = np.broadcast_to(np.arange(3), (2, 3))
    try:
        v[0, 0] = 1
        res = "written"
    except ValueError:
        res = "ValueError"
    return res, v.flags.writeable, v.strides[0]


@snippet
def shape_validation(np):
    def check(x):
        x = np.atleast_2d(x)
        if x.ndim != 2 or x.shape[1] != 3:
            raise ValueError("need (n, 3)")
        return x.shape
    out = [check(np.zeros(3)), check(np.zeros((4, 3)))]
    try:
        check(np.zeros((2, 2)))
    except ValueError as e:
        out.append(str(e))
    return out


@snippet
def asarray_dtype_and_order(np):
    a = np.asarray([[1, 2], [3, 4]], dtype=np.float32, order="F")
    b = np.asfortranarray(np.arange(6).reshape(2, 3))
    c = np.require(np.arange(4)[::2], requirements=["C"])
    return a.flags.f_contiguous, b.flags.f_contiguous, b.strides, c.flags.c_contiguous, a


@snippet
def asarray_of_mixed_nested_input(np):
    x = np.asarray([np.float32(1.5), 2, np.int8(3)])
    y = np.asarray([[1, 2.0], (3, 4)])
    z = np.asarray([np.arange(2), [5, 6]])
    return x, x.dtype, y, z


@snippet
def finite_checks(np):
    a = np.array([1.0, 2.0])
    out = [bool(np.isfinite(a).all())]
    try:
        np.asarray_chkfinite(np.array([1.0, np.nan]))
    except ValueError:
        out.append("ValueError")
    return out


@snippet
def ndim_dispatch(np):
    def describe(x):
        x = np.asarray(x)
        if x.ndim == 0:
            return "scalar", float(x)
        if x.ndim == 1:
            return "vector", int(x.shape[0])
        return "matrix", tuple(int(n) for n in x.shape)
    return describe(3.0), describe(np.arange(4)), describe(np.ones((2, 5))), describe(np.float64(1.5))


@snippet
def copy_semantics_of_asarray_and_array(np):
    a = np.arange(3)
    b = np.asarray(a)
    c = np.array(a)
    d = np.copy(a)
    b[0] = 100
    return a, c, d, np.asarray(a, dtype=np.int64) is a, np.asarray(a, dtype=np.float64) is a


@snippet
def nbytes_and_memory_math(np):
    a = np.zeros((100, 100), dtype=np.float32)
    b = a[::2, ::2]
    return a.nbytes, b.nbytes, b.size * b.itemsize, a.nbytes / 1024, b.strides, b.base is a


@snippet
def squeeze_errors_and_expand(np):
    a = np.zeros((1, 3, 1))
    try:
        a.squeeze(axis=1)
        err = "none"
    except ValueError:
        err = "ValueError"
    return err, np.expand_dims(a, (0, -1)).shape, a.squeeze(axis=(0, 2)).shape


@snippet
def astype_errors(np):
    try:
        np.arange(3).astype("not a dtype")
        err = "none"
    except TypeError:
        err = "TypeError"
    return err, np.arange(3).astype(np.dtype("uint8")).dtype


@snippet
def reshape_order_and_errors(np):
    a = np.arange(6)
    try:
        a.reshape(-1, -1)
        e1 = "none"
    except ValueError:
        e1 = "ValueError"
    try:
        a.shape = (4, 2)
        e2 = "none"
    except ValueError:
        e2 = "ValueError"
    a.shape = (2, 3)
    return e1, e2, a
