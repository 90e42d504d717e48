"""Whole small programs (part 4b): index tricks (ix_, ogrid, indices, take_along_axis, lexsort), NaN
handling, rolling windows, dtype edges, small linalg/fft/polynomial work, scalar conversions,
in-place work on views, and the errors users catch."""

from . import raises as _raises, snippet


# --- structured index tricks --------------------------------------------------------------------

@snippet
def ix_submatrix_and_assignment(np):
    a = np.arange(20).reshape(4, 5)
    rows, cols = [0, 2, 3], [1, 4]
    sub = a[np.ix_(rows, cols)]
    a[np.ix_([1, 3], [0, 2])] = -1
    b = np.zeros((2, 3))
    b[np.ix_([True, False], [True, False, True])] = 7
    return sub, a, b, np.ix_([1, 2], [3])[0].shape


@snippet
def ogrid_distance_mask(np):
    y, x = np.ogrid[:5, :7]
    d2 = (y - 2) ** 2 + (x - 3) ** 2
    circle = d2 <= 4
    return y.shape, x.shape, circle.astype(int), np.ogrid[0:1:5j].round(3)


@snippet
def indices_and_ravel_multi_index(np):
    i, j = np.indices((3, 4))
    flat = np.ravel_multi_index((i, j), (3, 4))
    back = np.unravel_index(np.array([0, 5, 11]), (3, 4))
    return i * 10 + j, flat, back, np.indices((2, 3), sparse=True)[1]


@snippet
def take_along_axis_topk(np):
    scores = np.array([[0.1, 0.7, 0.2, 0.9], [0.5, 0.3, 0.8, 0.0]])
    idx = np.argsort(scores, axis=1)[:, ::-1][:, :2]
    top = np.take_along_axis(scores, idx, axis=1)
    part = np.argpartition(-scores, 1, axis=1)[:, :2]
    return idx, top, np.sort(np.take_along_axis(scores, part, axis=1), axis=1)


@snippet
def put_along_axis_and_argmax_keepdims(np):
    a = np.array([[3, 9, 1], [4, 2, 8]])
    i = np.argmax(a, axis=1, keepdims=True)
    np.put_along_axis(a, i, 0, axis=1)
    return i, a, np.take_along_axis(a, np.argmin(a, axis=0)[None], axis=0)


@snippet(needs="string arrays")
def lexsort_multiple_keys(np):
    last = np.array(["smith", "jones", "smith", "adams", "jones"])
    first = np.array(["ann", "bob", "al", "cy", "abe"])
    age = np.array([30, 25, 30, 41, 25])
    order = np.lexsort((first, last))
    by_age_then_last = np.lexsort((last, -age))
    return order, last[order].tolist(), by_age_then_last


@snippet
def meshgrid_indexing_modes(np):
    x, y = np.arange(3), np.arange(2)
    X, Y = np.meshgrid(x, y)
    Xi, Yi = np.meshgrid(x, y, indexing="ij")
    Xs, Ys = np.meshgrid(x, y, sparse=True)
    return X, Y, Xi.shape, Xs.shape, Ys.shape, (Xs + Ys).shape


@snippet
def diag_and_triangle_indices(np):
    a = np.arange(16).reshape(4, 4)
    iu = np.triu_indices(4, k=1)
    a2 = a.copy()
    a2[np.diag_indices(4)] = 0
    np.fill_diagonal(a2[:, ::-1], -1)
    return a[iu], a[np.tril_indices_from(a)], a2


# --- NaN handling without masked arrays ---------------------------------------------------------

@snippet
def nan_aware_statistics(np):
    x = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [np.nan, np.nan, np.nan]])
    return (np.nansum(x, axis=1), np.nanmean(x[:2], axis=0), np.nanmax(x[:2], axis=1),
            np.nanargmin(x[:2], axis=1), np.nanstd(x[:2]), np.count_nonzero(np.isnan(x), axis=0))


@snippet
def fill_nan_forward(np):
    x = np.array([np.nan, 1.0, np.nan, np.nan, 4.0, np.nan])
    idx = np.where(~np.isnan(x), np.arange(len(x)), 0)
    np.maximum.accumulate(idx, out=idx)
    ffill = x[idx]
    interp = x.copy()
    bad = np.isnan(x)
    interp[bad] = np.interp(np.flatnonzero(bad), np.flatnonzero(~bad), x[~bad])
    return ffill, interp


@snippet
def nan_to_num_and_isfinite_filters(np):
    x = np.array([1.0, np.nan, np.inf, -np.inf, -0.0])
    return (np.nan_to_num(x), np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0), x[np.isfinite(x)],
            np.signbit(x), np.isnan(x).any(), np.isposinf(x))


@snippet
def nan_percentile_and_median(np):
    x = np.array([[3.0, np.nan, 1.0, 7.0], [np.nan, 2.0, 2.0, 8.0]])
    return (np.nanmedian(x, axis=1), np.nanpercentile(x, [25, 75], axis=1), np.nanquantile(x, 0.5),
            np.median(x, axis=1))


@snippet
def drop_rows_with_nan(np):
    data = np.array([[1.0, 2.0], [np.nan, 3.0], [4.0, 5.0], [6.0, np.nan]])
    clean = data[~np.isnan(data).any(axis=1)]
    col_means = np.nanmean(data, axis=0)
    filled = np.where(np.isnan(data), col_means, data)
    return clean, col_means, filled


@snippet
def nan_comparisons_and_sorting(np):
    x = np.array([3.0, np.nan, -1.0, np.nan, 2.0])
    return (np.sort(x), np.argsort(x), np.max(x), np.fmax(x, 0.0), np.unique(x), x == x,
            np.array_equal(x, x, equal_nan=True))


# --- time series with windows -------------------------------------------------------------------

@snippet
def rolling_mean_via_cumsum(np):
    x = np.arange(1.0, 11.0) ** 1.5
    w = 4
    c = np.cumsum(np.insert(x, 0, 0.0))
    roll = (c[w:] - c[:-w]) / w
    win = np.lib.stride_tricks.sliding_window_view(x, w)
    return np.round(roll, 10), np.round(win.mean(axis=1), 10), np.round(win.std(axis=1), 10)


@snippet
def rolling_max_min_2d_windows(np):
    x = np.arange(24).reshape(4, 6) % 7
    v = np.lib.stride_tricks.sliding_window_view(x, (2, 3))
    return v.shape, v.max(axis=(-1, -2)), np.lib.stride_tricks.sliding_window_view(x, 3, axis=1)[0]


@snippet
def returns_drawdown_and_ewma(np):
    price = np.array([100.0, 102.0, 101.0, 105.0, 98.0, 99.0, 110.0])
    ret = np.diff(price) / price[:-1]
    logret = np.diff(np.log(price))
    peak = np.maximum.accumulate(price)
    dd = (price - peak) / peak
    alpha = 0.5
    ewma = np.empty_like(price)
    ewma[0] = price[0]
    for i in range(1, len(price)):
        ewma[i] = alpha * price[i] + (1 - alpha) * ewma[i - 1]
    return np.round(ret, 12), np.round(logret, 12), np.round(dd, 12), ewma, int(dd.argmin())


@snippet
def resample_by_reshape_and_lag(np):
    x = np.arange(12.0)
    daily = x.reshape(-1, 3)
    lagged = np.concatenate([[np.nan], x[:-1]])
    pct = np.ediff1d(x, to_begin=0)
    return daily.sum(axis=1), daily.mean(axis=1), lagged, pct, np.roll(x, -2)[:4]


# --- dtype edge cases ---------------------------------------------------------------------------

@snippet
def int_overflow_wraparound(np):
    a = np.array([127], dtype=np.int8)
    b = np.array([2 ** 31 - 1], dtype=np.int32)
    u = np.array([0], dtype=np.uint16)
    return a + 1, b + 1, u - 1, np.array([200], dtype=np.uint8) * 2, np.int8(-128) // np.int8(1)


@snippet
def iinfo_finfo_values(np):
    return ([(np.iinfo(t).min, np.iinfo(t).max, np.iinfo(t).bits) for t in (np.int8, np.uint16, np.int64, np.uint64)],
            [(float(np.finfo(t).eps), float(np.finfo(t).max), np.finfo(t).bits) for t in (np.float16, np.float32, np.float64)],
            np.iinfo(np.array([1], dtype=np.int16).dtype).max, float(np.finfo(float).tiny))


@snippet
def float16_arithmetic_and_rounding(np):
    h = np.array([0.1, 1000.0, 65504.0, 2049.0], dtype=np.float16)
    return h, h.dtype, h * 2, (h + np.float16(1)).dtype, h.astype(np.float32), np.float16(0.1) + 0.2


@snippet
def bool_arithmetic(np):
    a = np.array([True, False, True])
    b = np.array([True, True, False])
    return (a + b, (a + b).dtype, a.sum(), a * 3, a & b, a ^ b, ~a, np.sum(a, dtype=np.uint8).dtype,
            a.mean(), (a * 1.5).dtype)


@snippet
def astype_casting_rules(np):
    f = np.array([1.7, -2.5, 300.0])
    ok = f.astype(np.int32)
    safe = _raises(np, lambda: f.astype(np.int32, casting="safe"), TypeError)
    return (ok, safe, np.can_cast(np.int32, np.float64), np.can_cast(np.float64, np.float32),
            np.can_cast(np.float64, np.float32, casting="same_kind"), np.array([1, 2]).astype(bool))


@snippet
def promotion_with_python_scalars(np):
    u8 = np.array([1, 2], dtype=np.uint8)
    f32 = np.array([1.0], dtype=np.float32)
    return ((u8 + 1).dtype, (u8 + 1.0).dtype, (f32 * 2.0).dtype, (f32 + np.float64(1)).dtype,
            (u8 + np.int16(1)).dtype, np.result_type(np.int8, np.uint8), np.promote_types("i4", "f4"))


@snippet
def unsigned_and_signed_mixing(np):
    a = np.array([1, 2], dtype=np.uint64)
    b = np.array([-1, 1], dtype=np.int64)
    return (a + b).dtype, a + b, np.array([3], dtype=np.uint32) - np.array([5], dtype=np.int32)


@snippet
def integer_division_and_modulo_signs(np):
    a = np.array([7, -7, 7, -7])
    b = np.array([2, 2, -2, -2])
    return a // b, a % b, np.fmod(a, b), np.divmod(a, b), np.remainder(-7.5, 2.0), a / b


@snippet
def astype_float_to_uint8_clip(np):
    x = np.array([-10.0, 0.4, 127.5, 254.6, 300.0])
    return np.clip(x, 0, 255).astype(np.uint8), np.clip(np.rint(x), 0, 255).astype(np.uint8), np.uint8(250) + np.uint8(10)


# --- linalg, fft, polynomials -------------------------------------------------------------------

@snippet
def eig_small_symmetric_and_general(np):
    S = np.array([[2.0, 1.0], [1.0, 2.0]])
    w, v = np.linalg.eigh(S)
    g = np.linalg.eigvals(np.array([[0.0, 1.0], [-2.0, -3.0]]))
    return np.round(w, 12), np.round(np.abs(v), 12), np.round(np.sort(g.real), 12)


@snippet
def lstsq_line_fit_and_inverse(np):
    x = np.array([0.0, 1.0, 2.0, 3.0])
    y = np.array([-1.0, 0.2, 0.9, 2.1])
    A = np.vstack([x, np.ones(len(x))]).T
    m, c = np.linalg.lstsq(A, y, rcond=None)[0]
    M = np.array([[4.0, 7.0], [2.0, 6.0]])
    return round(float(m), 10), round(float(c), 10), np.round(np.linalg.inv(M), 12), np.round(np.linalg.det(M), 10)


@snippet
def norms_and_condition(np):
    A = np.array([[1.0, 2.0], [3.0, 4.0]])
    return (np.round(np.linalg.norm(A), 12), np.round(np.linalg.norm(A, 1), 12), np.round(np.linalg.norm(A, np.inf), 12),
            np.round(np.linalg.norm(A, axis=0), 12), int(np.linalg.matrix_rank(A)), np.round(np.trace(A), 12))


@snippet
def matrix_power_and_markov_chain(np):
    P = np.array([[0.9, 0.1], [0.5, 0.5]])
    p10 = np.linalg.matrix_power(P, 10)
    state = np.array([1.0, 0.0])
    for _ in range(50):
        state = state @ P
    return np.round(p10, 10), np.round(state, 10), np.linalg.matrix_power(np.array([[1, 1], [1, 0]]), 10)


@snippet
def rfft_irfft_roundtrip_and_filter(np):
    x = np.array([0.0, 1.0, 0.0, -1.0, 0.5, 0.2, -0.3, 0.0])
    X = np.fft.rfft(x)
    X[3:] = 0
    y = np.fft.irfft(X, n=len(x))
    return np.round(np.fft.irfft(np.fft.rfft(x)), 12), np.round(y, 12), X.shape, np.fft.fftfreq(8, d=0.5)


@snippet
def fft_shift_and_power(np):
    x = np.cos(2 * np.pi * np.arange(16) / 4)
    F = np.fft.fftshift(np.fft.fft(x))
    f = np.fft.fftshift(np.fft.fftfreq(16))
    power = np.abs(F) ** 2
    return np.round(power, 8), f, np.fft.ifftshift(f)[:3], np.round(np.fft.ifft(np.fft.fft(x)).real, 12)


@snippet
def polyfit_polyval_roots(np):
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    y = 2 * x ** 2 - 3 * x + 1
    c = np.polyfit(x, y, 2)
    return (np.round(c, 10), np.round(np.polyval(c, [5.0, -1.0]), 8), np.round(np.sort(np.roots([1, -3, 2])), 12),
            np.polyder(np.array([1.0, 2.0, 3.0])), np.polyint(np.array([3.0, 2.0])))


@snippet
def poly1d_object(np):
    p = np.poly1d([1, -2, 1])
    q = p * np.poly1d([1, 1])
    return p(3), q.coeffs, q.order, np.round(np.sort(p.roots.real), 6), str(np.poly1d([2.0, 0.5]))


@snippet
def polynomial_class_fit(np):
    x = np.linspace(-1, 1, 7)
    y = 1 + 2 * x - x ** 3
    P = np.polynomial.Polynomial
    p = P.fit(x, y, 3).convert()
    c = np.polynomial.polynomial.polyfit(x, y, 3)
    return np.round(p.coef, 10), np.round(c, 10), np.round(np.polynomial.polynomial.polyval(0.5, c), 10)


@snippet
def polymul_polyadd_convolve_agree(np):
    a, b = np.array([1, 2, 3]), np.array([4, 5])
    return np.polymul(a, b), np.convolve(a, b), np.polyadd(a, b), np.polysub(a, b), np.polydiv(np.array([1.0, -3.0, 2.0]), np.array([1.0, -1.0]))


# --- scalar conversions -------------------------------------------------------------------------

@snippet
def scalar_conversions(np):
    x = np.array([3.7, -1.2, 5.0])
    i = np.array([7, 8], dtype=np.int16)
    return (int(x[0]), float(x[1]), x.item(2), type(x.item(2)).__name__, i.tolist(), type(i.tolist()[0]).__name__,
            int(i.sum()), bool(x.any()), complex(x[2]), round(x[0], 1), x[0].round(1))


@snippet
def item_and_tolist_nested(np):
    a = np.arange(6).reshape(2, 3)
    return a.item(4), a.item((1, 0)), a.tolist(), np.float32(1.5).item(), np.array(True).item(), np.array(2.5).tolist()


@snippet
def scalars_as_indices_and_ranges(np):
    a = np.arange(10)
    n = np.int64(3)
    k = a.argmax()
    return list(range(n)), a[n], a[k], [1, 2, 3, 4][np.intp(2)], a[: a.size // 2].tolist(), "ab" * int(n)


@snippet
def scalar_math_functions_on_numpy_scalars(np):
    import math
    x = np.float64(2.0)
    y = np.array([0.5])[0]
    return math.sqrt(x), math.floor(np.float32(2.7)), divmod(np.int64(7), 2), abs(np.int8(-5)), x ** 0.5, math.isclose(y, 0.5)


@snippet
def zero_d_array_behaviour(np):
    z = np.array(5)
    s = np.sum(np.arange(4))
    return z.ndim, z.shape, int(z) + 1, z[()], (z + 1).shape, s.ndim, float(np.mean([1, 2])), np.float64(1.0) == 1


# --- in-place work on views ---------------------------------------------------------------------

@snippet
def inplace_ops_on_views_write_through(np):
    a = np.arange(12, dtype=float).reshape(3, 4)
    v = a[:, 1::2]
    v *= 10
    a[1] += a[0]
    col = a[:, 0]
    col -= col.mean()
    d = np.diagonal(a)
    return a, v.base is not None, d.flags.writeable


@snippet
def inplace_with_out_and_where(np):
    a = np.arange(6, dtype=float)
    np.multiply(a, 2, out=a)
    np.add(a, 100, out=a, where=a > 4)
    b = np.zeros(3)
    np.sqrt(np.array([4.0, 9.0, 16.0]), out=b)
    return a, b


@snippet
def inplace_dtype_casting_rules(np):
    a = np.arange(4, dtype=np.int32)
    err = _raises(np, lambda: a.__iadd__(1.5), TypeError)
    a += np.int32(2)
    u = np.array([250], dtype=np.uint8)
    u += 10
    f = np.ones(2, dtype=np.float32)
    f *= 2.5
    return a, err, u, f, f.dtype


@snippet
def overlapping_inplace_shift(np):
    a = np.arange(8)
    a[1:] = a[:-1]
    b = np.arange(8)
    b[:-1] += b[1:]
    c = np.arange(6).reshape(2, 3)
    c[:] = c[::-1]
    return a, b, c


@snippet
def reversed_view_accumulate_and_transpose_inplace(np):
    a = np.arange(9.0).reshape(3, 3)
    a.T[0] = -1
    r = a[::-1, ::-1]
    r += 1
    a[a > 5] = 0
    return a, r.flags.c_contiguous, np.shares_memory(a, r)


@snippet
def fancy_index_inplace_does_not_accumulate(np):
    a = np.zeros(4)
    a[[0, 0, 1]] += 1
    b = np.zeros(4)
    np.add.at(b, [0, 0, 1], 1)
    c = np.arange(5)
    c[c % 2 == 0] *= -1
    return a, b, c
