"""Whole small programs (part 4d): the errors users catch, and more routines as notebooks use them."""

from wgarray._core.config import NUMPY_VERSION

from . import raises as _raises, snippet


# --- errors users catch -------------------------------------------------------------------------

@snippet
def error_messages_users_print(np):
    msgs = []
    for f in (lambda: np.arange(6).reshape(4, 4), lambda: np.arange(6).reshape(4), lambda: np.zeros(3)[5],
              lambda: np.zeros((2, 3))[:, -4]):
        try:
            f()
        except (ValueError, IndexError) as exc:
            msgs.append((type(exc).__name__, str(exc)))
    return msgs


@snippet
def broadcast_error_message_printed(np):
    try:
        np.ones((2, 3)) + np.ones((3, 2))
    except ValueError as exc:
        return str(exc)


@snippet
def linalg_errors(np):
    return (_raises(np, lambda: np.linalg.solve(np.zeros((2, 2)), np.ones(2)), np.linalg.LinAlgError),
            _raises(np, lambda: np.linalg.inv(np.ones((2, 3))), np.linalg.LinAlgError),
            _raises(np, lambda: np.linalg.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]])), np.linalg.LinAlgError))


@snippet
def conversion_errors(np):
    return (_raises(np, lambda: int(np.array([1, 2])), TypeError), _raises(np, lambda: float(np.zeros(3)), TypeError),
            _raises(np, lambda: np.array([1, 2]).item(), ValueError), _raises(np, lambda: bool(np.array([])), ValueError),
            _raises(np, lambda: np.array([1.5]).astype("nope"), TypeError))


@snippet
def index_errors_and_axis_errors(np):
    a = np.arange(6).reshape(2, 3)
    return (_raises(np, lambda: a[2, 0], IndexError), _raises(np, lambda: a[:, [3]], IndexError),
            _raises(np, lambda: np.take(a, 10), IndexError), _raises(np, lambda: a[np.array([True, False, True])], IndexError),
            _raises(np, lambda: np.swapaxes(a, 0, 2), ValueError), _raises(np, lambda: a[1.0], IndexError))


@snippet
def broadcast_and_stack_errors(np):
    return (_raises(np, lambda: np.stack([np.ones(2), np.ones(3)]), ValueError),
            _raises(np, lambda: np.broadcast_to(np.ones(3), (2, 4)), ValueError),
            _raises(np, lambda: np.ones((2, 3)).reshape(4, -1), ValueError),
            _raises(np, lambda: np.split(np.arange(5), 2), ValueError),
            _raises(np, lambda: np.arange(4)[::0], ValueError))


# --- more routines as notebooks use them --------------------------------------------------------

@snippet
def bit_reinterpretation_views(np):
    f = np.array([1.0, -2.0, 0.5], dtype=np.float32)
    bits = f.view(np.int32)
    exponent = (bits >> 23) & 0xFF
    u = np.array([1, 256], dtype=np.uint16).view(np.uint8)
    return bits, exponent, u, np.frexp(np.array([8.0, 0.3])), np.ldexp(np.array([0.5]), 3)


@snippet
def real_imag_views_assignment(np):
    z = np.zeros(3, dtype=np.complex128)
    z.real[:] = [1.0, 2.0, 3.0]
    z.imag = np.array([0.5, -1.0, 0.0])
    w = z.astype(np.complex64)
    return z, np.abs(w).dtype, np.conj(z), np.real_if_close(np.array([1 + 1e-20j])), z.imag.dtype


@snippet
def sort_view_inplace_and_fill(np):
    a = np.array([[3, 1, 2], [9, 7, 8], [6, 4, 5]])
    a[:, 1].sort()
    a[0].fill(0)
    b = np.arange(6.0)
    np.copyto(b, -1.0, where=b % 2 == 1)
    c = np.arange(10)
    c.flat[::3] = 99
    return a, b, c, np.arange(6).reshape(2, 3).flat[4]


@snippet
def python_builtins_over_arrays(np):
    a = np.array([3, 1, 2])
    m = np.arange(6).reshape(3, 2)
    return (sum(a), sorted(a), max(a), min(a), list(m[1]), [r.sum() for r in m], 2 in a, len(m),
            [tuple(row) for row in m.tolist()], any(a > 2), all(a > 0))


@snippet
def ndindex_and_ndenumerate_loops(np):
    a = np.arange(6).reshape(2, 3)
    acc = [int(a[idx]) * i for i, idx in enumerate(np.ndindex(a.shape))]
    en = [(idx, int(v)) for idx, v in np.ndenumerate(a) if v % 2]
    return acc, en


@snippet
def apply_along_axis_and_vectorize(np):
    a = np.array([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    rng_fn = np.apply_along_axis(lambda r: r.max() - r.min(), 1, a)
    norm = np.apply_along_axis(lambda r: r / r.sum(), 0, a)
    clip = np.vectorize(lambda v: v if v < 4 else 4.0)
    scaled = np.vectorize(lambda v, k: v * k, otypes=[np.float32])
    return rng_fn, np.round(norm, 12), clip(a), scaled(a[0], 2), scaled(a, 2).dtype


@snippet(needs="object arrays")
def vectorize_to_labels(np):
    sign = np.vectorize(lambda v: "pos" if v > 3 else "neg", otypes=[object])
    return sign(np.array([1.0, 5.0, 3.0])).tolist()


@snippet
def piecewise_and_select(np):
    x = np.linspace(-2, 2, 9)
    y = np.piecewise(x, [x < 0, x >= 1], [lambda v: -v, lambda v: v ** 2, 0.5])
    s = np.select([x < -1, x > 1], [x * 10, x * 100], default=np.nan)
    return y, s, np.where(x > 0)[0]


@snippet
def histogram_weights_density_digitize(np):
    x = np.array([0.1, 0.4, 0.45, 0.8, 1.0, 0.2])
    w = np.array([1, 2, 1, 1, 3, 1])
    h, e = np.histogram(x, bins=4, range=(0, 1), weights=w)
    d, _ = np.histogram(x, bins=[0, 0.25, 0.5, 1.0], density=True)
    return h, e, np.round(d, 12), np.digitize(x, [0.25, 0.5], right=True), np.histogram_bin_edges(x, bins=3)


@snippet
def histogram2d_counts(np):
    x = np.array([0.1, 0.5, 0.9, 0.5, 0.2])
    y = np.array([0.2, 0.5, 0.8, 0.4, 0.9])
    H, xe, ye = np.histogram2d(x, y, bins=2, range=[[0, 1], [0, 1]])
    return H, xe, ye, H.dtype


@snippet
def searchsorted_with_sorter_and_isin(np):
    a = np.array([40, 10, 30, 20])
    s = np.argsort(a)
    pos = np.searchsorted(a, [25, 10], sorter=s)
    return (pos, np.isin([1, 2, 3], [2, 5], invert=True), np.setdiff1d([5, 1, 3, 1], [1]),
            np.intersect1d([3, 1, 2], [2, 3, 4], return_indices=True), np.union1d([3, 1], [2, 1]))


@snippet
def pad_modes(np):
    a = np.array([1, 2, 3])
    m = np.arange(4).reshape(2, 2)
    return (np.pad(a, 2, mode="wrap"), np.pad(a, (1, 2), mode="symmetric"), np.pad(a, 2, mode="linear_ramp"),
            np.pad(m, ((1, 0), (0, 1)), constant_values=((9, 8), (7, 6))), np.pad(a, 1, mode="maximum"))


@snippet
def diff_prepend_and_cumulative_dtypes(np):
    x = np.array([1, 4, 9, 16], dtype=np.int8)
    b = np.array([True, True, False, True])
    return (np.diff(x, prepend=0), np.diff(x, append=x[-1:]).dtype, np.cumsum(b), np.cumsum(b).dtype,
            np.cumprod(np.array([100, 100, 100], dtype=np.int16)), np.cumsum(x, dtype=np.float32))


@snippet
def rounding_half_even_and_negative_decimals(np):
    x = np.array([0.5, 1.5, 2.5, -0.5, 1234.5678])
    i = np.array([1234, 1250, -1250])
    return np.round(x), np.round(x, 2), np.round(x, -2), np.round(i, -2), np.round(i, -2).dtype, np.fix(np.array([-1.7, 1.7]))


@snippet
def linspace_arange_logspace_details(np):
    x, step = np.linspace(0, 1, 5, endpoint=False, retstep=True)
    return (x, step, np.arange(0, 1, 0.1).shape, np.arange(10, 0, -3), np.logspace(0, 3, 4, base=2),
            np.geomspace(1, 1000, 4), np.arange(3.0).dtype, np.linspace(0, 10, 5, dtype=int))


@snippet
def qr_svd_pinv_slogdet(np):
    A = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    q, r = np.linalg.qr(A)
    s = np.linalg.svd(A, compute_uv=False)
    sign, logdet = np.linalg.slogdet(np.array([[2.0, 1.0], [1.0, 3.0]]))
    return (np.round(np.abs(r), 10), np.round(q.T @ q, 10), np.round(s, 10), np.round(np.linalg.pinv(A) @ A, 10),
            sign, np.round(logdet, 12))


@snippet
def fft2_of_image_and_convolution_theorem(np):
    img = np.arange(16.0).reshape(4, 4) % 5
    k = np.zeros((4, 4))
    k[0, 0], k[0, 1] = 0.5, 0.5
    conv = np.real(np.fft.ifft2(np.fft.fft2(img) * np.fft.fft2(k)))
    direct = 0.5 * img + 0.5 * np.roll(img, 1, axis=1)
    return np.round(conv, 10), bool(np.allclose(conv, direct)), np.fft.rfft2(img).shape, np.round(np.abs(np.fft.fftn(img))[0], 8)


@snippet
def rfft_zero_padding_and_norm(np):
    x = np.array([1.0, 2.0, 1.0, 0.0, -1.0])
    return (np.round(np.abs(np.fft.rfft(x, n=8)), 10), np.round(np.fft.fft(x, norm="ortho"), 10),
            np.round(np.fft.irfft(np.fft.rfft(x), n=5), 12), np.fft.rfftfreq(5))


@snippet
def covariance_and_correlation(np):
    x = np.array([[1.0, 2.0, 4.0, 7.0], [2.0, 1.0, 0.0, -2.0], [1.0, 1.0, 2.0, 2.0]])
    return (np.round(np.cov(x), 12), np.round(np.corrcoef(x), 12), np.round(np.cov(x[0], x[1], ddof=0), 12),
            np.round(np.cov(x, aweights=[1, 2, 1, 1]), 12))


@snippet
def quantile_methods(np):
    x = np.array([7.0, 1.0, 3.0, 10.0, 4.0, 2.0])
    return (np.quantile(x, [0.1, 0.5, 0.9], method="nearest"), np.quantile(x, 0.3, method="lower"),
            np.percentile(x, 40, method="midpoint"), np.quantile(x, [0.25, 0.75]), np.median(x))


@snippet
def packbits_and_bit_counting(np):
    bits = np.array([[1, 0, 1, 1, 0, 0, 0, 1], [1, 1, 1, 1, 1, 1, 1, 1]], dtype=np.uint8)
    packed = np.packbits(bits, axis=1)
    little = np.packbits(bits[0], bitorder="little")
    return packed, little, np.unpackbits(packed[:, :1], axis=1, count=4), np.bitwise_count(np.array([7, 255, 0], dtype=np.uint8))


@snippet
def fromstring_frombuffer_and_fromfunction(np):
    a = np.fromstring("1 2 3.5", sep=" ")
    b = np.frombuffer(bytes([1, 0, 2, 0]), dtype=np.uint16)
    c = np.fromfunction(lambda i, j: i * 3 + j, (2, 3), dtype=int)
    d = np.fromiter((k * k for k in range(5)), dtype=np.int32)
    return a, b, c, d, d.dtype


@snippet
def large_python_ints_and_overflow_errors(np):
    big = np.array([2 ** 63 - 1])
    u = np.array([2 ** 64 - 1], dtype=np.uint64)
    return (big.dtype, int(big[0]), int(u[0]), _raises(np, lambda: np.array([2 ** 63], dtype=np.int64), OverflowError),
            _raises(np, lambda: np.array([1], dtype=np.int8) + 300, OverflowError), (u + 1)[0])


@snippet
def stacking_splitting_and_block(np):
    a, b = np.arange(4).reshape(2, 2), np.eye(2, dtype=int)
    parts = np.array_split(np.arange(7), 3)
    return (np.block([[a, b], [b, a]]), [p.tolist() for p in parts], np.hsplit(np.arange(8).reshape(2, 4), 2)[1],
            np.dstack([a, b]).shape, np.column_stack([np.arange(2), a]), np.r_[1:4, 0, 8], np.c_[np.arange(2), np.ones(2)])


@snippet
def einsum_patterns(np):
    A = np.arange(6.0).reshape(2, 3)
    B = np.arange(12.0).reshape(3, 4)
    v = np.array([1.0, 2.0, 3.0])
    return (np.einsum("ij,jk->ik", A, B), np.einsum("ij->j", A), np.einsum("i,i->", v, v), np.einsum("ii->i", np.eye(3) * 2),
            np.einsum("ij,j->i", A, v), np.einsum("bi,bj->bij", A, A).shape, np.einsum("ji", A))


@snippet
def interp_length_mismatch_message(np):
    try:
        np.interp([1.5], [1.0, 2.0, 3.0], [1.0, 2.0])
    except ValueError as exc:
        return str(exc)


@snippet(known_failure=None if NUMPY_VERSION >= (2, 5) else
         "np.linalg.eig always returns complex eigenpairs (wgarray/linalg/_eig.py: the dtype may not depend "
         "on the values); NumPy before 2.5 gives float64 when every eigenvalue is real")
def eig_of_diagonal_real_matrix(np):
    w, v = np.linalg.eig(np.array([[2.0, 0.0], [0.0, 3.0]]))
    return w, v


@snippet
def big_endian_record_read_with_byteswap(np):
    raw = np.array([1, 2, 258, -5], dtype=np.int32).byteswap().tobytes()  # as a big-endian file holds them
    vals = np.frombuffer(raw, dtype=np.int32).byteswap()
    f = np.array([1.5, -2.0], dtype=np.float32)
    f.byteswap(inplace=True)
    return vals, vals.sum(), f.view(np.uint32), f.byteswap()


@snippet(known_failure="index values held in wgarray arrays are not bounds-checked (a host sync per indexing "
                       "operation; docs/limitations.md): x[idx] reads the nearest element instead of raising")
def out_of_bounds_index_array_raises(np):
    a = np.arange(5)
    return _raises(np, lambda: a[np.array([1, 7])], IndexError)


@snippet(known_failure="out-of-range float to integer casts saturate (docs/limitations.md); NumPy wraps "
                       "-1.9 through int to 255 on x86 (undefined in C)")
def negative_float_to_uint8_cast(np):
    return np.array([1.9, -1.9, -0.5]).astype(np.uint8)


@snippet
def ufunc_out_overlapping_its_inputs(np):
    a = np.arange(8.0)
    np.add(a[:-1], a[1:], out=a[1:])
    b = np.arange(6.0)
    np.multiply(b, b[::-1], out=b)
    c = np.arange(12.0).reshape(3, 4)
    np.matmul(c[:, :3], np.eye(3), out=c[:, 1:])
    d = np.arange(10)
    np.cumsum(d[::2], out=d[1::2])
    return a, b, c, d


@snippet
def shifted_assignments_and_swaps(np):
    a = np.arange(12).reshape(3, 4)
    a[1:, :] = a[:-1, :]
    np.copyto(a[:, 1:], a[:, :-1])
    b = np.arange(5)
    b[[0, 1]] = b[[1, 0]]
    c = np.arange(9.0).reshape(3, 3)
    c += c.T
    e = np.arange(5)
    e[e > 1] = e[e > 1][::-1]
    return a, b, c, e


@snippet(known_failure="exponents held in wgarray arrays are not read back to check for NumPy's 'Integers to "
                       "negative integer powers' ValueError (wgarray/_api/elementwise_functions.py)")
def integer_array_to_negative_array_power(np):
    return _raises(np, lambda: np.array([2, 3]) ** np.array([-1, 2]), ValueError)
