"""NumPy's wider library, part 2b: index conversions, stride tricks, polynomials, interpolation and
calculus, convolution, np.testing, nan-functions, covariance and weighted averages."""

from . import snippet


@snippet
def unravel_and_ravel_multi_index(np):
    flat = np.array([0, 5, 11, 7])
    rows, cols = np.unravel_index(flat, (3, 4))
    fortran = np.unravel_index(7, (3, 4), order="F")
    back = np.ravel_multi_index((rows, cols), (3, 4))
    clipped = np.ravel_multi_index((np.array([0, 5]), np.array([-1, 2])), (3, 4), mode="clip")
    wrapped = np.ravel_multi_index((np.array([4]), np.array([5])), (3, 4), mode="wrap")
    return rows, cols, fortran, back, clipped, wrapped


@snippet
def argmax_of_2d_as_coordinates(np):
    grid = np.array([[0.1, 0.9, 0.3], [0.4, 0.2, 0.95]])
    r, c = np.unravel_index(np.argmax(grid), grid.shape)
    return int(r), int(c), np.unravel_index(np.argmin(grid), grid.shape)


@snippet
def argwhere_and_flatnonzero(np):
    m = np.array([[0, 3, 0], [4, 0, 5]])
    return (np.argwhere(m), np.argwhere(m > 3), np.flatnonzero(m), np.flatnonzero(m.T),
            np.argwhere(np.array(7)).shape, np.argwhere(np.zeros((2, 0))).shape)


@snippet
def sliding_window_moving_average(np):
    x = np.arange(8.0)
    w = np.lib.stride_tricks.sliding_window_view(x, 3)
    return w, w.mean(axis=-1), w.shape


@snippet
def sliding_window_2d_patches(np):
    img = np.arange(20).reshape(4, 5)
    patches = np.lib.stride_tricks.sliding_window_view(img, (2, 3))
    cols = np.lib.stride_tricks.sliding_window_view(img, 2, axis=1)
    return patches.shape, patches[1, 2], patches.sum(axis=(-2, -1)), cols.shape, cols[..., 1]


@snippet
def as_strided_rolling_rows(np):
    x = np.arange(10, dtype=np.int64)
    s = x.strides[0]
    rolled = np.lib.stride_tricks.as_strided(x, shape=(4, 3), strides=(2 * s, s))
    return rolled, rolled.sum(axis=1)


@snippet
def as_strided_broadcast_row(np):
    row = np.array([1.0, 2.0, 3.0])
    tiled = np.lib.stride_tricks.as_strided(row, shape=(4, 3), strides=(0, row.strides[0]), writeable=False)
    return tiled, tiled.sum(axis=0)


@snippet(ulps=1024)
def polyfit_line_and_quadratic(np):
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    y_line = 2.0 * x - 1.0
    y_quad = 0.5 * x**2 - x + 3.0
    return np.round(np.polyfit(x, y_line, 1), 8), np.round(np.polyfit(x, y_quad, 2), 8)


@snippet
def polyval_and_poly1d(np):
    coeffs = [1.0, -3.0, 2.0]
    p = np.poly1d(coeffs)
    q = p * np.poly1d([1.0, 1.0])
    x = np.array([0.0, 1.0, 2.0, 3.0])
    return (np.polyval(coeffs, x), p(x), q.coeffs, p.deriv().coeffs, p.integ().coeffs, p.order,
            np.polyadd([1, 2], [1, 0, 0]), np.polymul([1, 1], [1, -1]))


@snippet(ulps=64)
def poly1d_roots(np):
    p = np.poly1d([1.0, -6.0, 11.0, -6.0])
    return np.round(np.sort(p.roots), 8), np.round(np.poly([1.0, 2.0, 3.0]), 8)


@snippet(ulps=16)
def polynomial_class(np):
    P = np.polynomial.Polynomial
    p = P([1.0, -2.0, 3.0])
    x = np.array([-1.0, 0.0, 2.0])
    return p(x), p.deriv().coef, p.integ().coef, (p * P([0.0, 1.0])).coef, p.degree()


@snippet(ulps=1024)
def polynomial_fit_convert(np):
    x = np.linspace(-1.0, 1.0, 7)
    y = 1.0 + 2.0 * x - x**2
    fit = np.polynomial.Polynomial.fit(x, y, 2)
    return np.round(fit.convert().coef, 8)


@snippet
def interp_variants(np):
    xp = np.array([0.0, 1.0, 2.0, 4.0])
    fp = np.array([0.0, 10.0, 5.0, 9.0])
    x = np.array([-1.0, 0.5, 1.5, 3.0, 5.0])
    return (np.interp(x, xp, fp), np.interp(x, xp, fp, left=-1.0, right=99.0),
            np.interp(2.5, xp, fp), np.interp(np.array([370.0, 10.0]), [0.0, 90.0, 180.0, 270.0], [0.0, 1.0, 2.0, 3.0], period=360))


@snippet(ulps=8)
def gradient_uniform_and_coords(np):
    f = np.array([1.0, 2.0, 4.0, 7.0, 11.0, 16.0])
    x = np.array([0.0, 1.0, 1.5, 3.5, 4.0, 6.0])
    g = np.arange(12.0).reshape(3, 4) ** 2
    return (np.gradient(f), np.gradient(f, 2.0), np.gradient(f, x), np.gradient(f, edge_order=2),
            np.gradient(g), np.gradient(g, axis=1))


@snippet(ulps=8)
def trapezoid_integrals(np):
    x = np.linspace(0.0, 2.0, 9)
    y = x**2
    m = np.arange(12.0).reshape(3, 4)
    return np.trapezoid(y, x), np.trapezoid(y, dx=0.25), np.trapezoid(m, axis=0), np.trapezoid(m)


@snippet
def convolve_modes(np):
    a = np.array([1, 2, 3, 4, 5])
    k = np.array([1, 0, -1])
    return np.convolve(a, k), np.convolve(a, k, mode="same"), np.convolve(a, k, mode="valid"), np.convolve(k, a)


@snippet(ulps=8)
def correlate_modes(np):
    a = np.array([0.0, 1.0, 0.5, 0.0, 2.0])
    v = np.array([1.0, 0.5])
    return (np.correlate(a, v), np.correlate(a, v, mode="full"), np.correlate(a, v, mode="same"),
            np.correlate(np.array([1 + 1j, 2.0]), np.array([1j, 1.0]), mode="full"))


@snippet
def testing_assert_allclose_usage(np):
    a = np.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose(a, a + 1e-9)
    np.testing.assert_allclose(a, [1.0, 2.0, 3.1], atol=0.2)
    np.testing.assert_array_equal(np.arange(3), [0, 1, 2])
    np.testing.assert_array_almost_equal(a, a + 1e-8, decimal=6)
    np.testing.assert_equal(np.array([np.nan]), np.array([np.nan]))
    np.testing.assert_string_equal("ok\n", "ok\n")
    ulps = np.testing.assert_array_max_ulp(a, a * (1 + 2.3e-16), maxulp=2)
    try:
        np.testing.assert_allclose(a, a * 1.01, rtol=1e-3)
        failed = False
    except AssertionError:
        failed = True
    return failed, ulps


@snippet(ulps=8)
def nan_functions_table(np):
    x = np.array([[1.0, np.nan, 3.0, 4.0], [np.nan, np.nan, 2.0, 8.0]])
    return (np.nansum(x), np.nansum(x, axis=0), np.nanprod(x, axis=1), np.nanmin(x, axis=1), np.nanargmax(x, axis=1),
            np.nanvar(x, axis=1, ddof=1), np.nanquantile(x, 0.5, axis=1), np.nancumprod(x, axis=0),
            np.nanmean(x, axis=1, keepdims=True))


@snippet
def nan_to_num_and_isnan_masks(np):
    x = np.array([1.0, np.nan, np.inf, -np.inf, -2.0])
    return (np.nan_to_num(x), np.nan_to_num(x, nan=0.0, posinf=9.0, neginf=-9.0), np.isnan(x).sum(),
            np.count_nonzero(~np.isfinite(x)), x[~np.isnan(x)])


@snippet(ulps=64)
def cov_options(np):
    x = np.array([1.0, 2.0, 4.0, 7.0])
    y = np.array([2.0, 1.0, 0.0, -3.0])
    obs = np.array([[1.0, 2.0], [2.0, 1.0], [4.0, 0.0], [7.0, -3.0]])
    return (np.cov(x, y), np.cov(obs, rowvar=False), np.cov(x, ddof=0), np.cov(x, bias=True),
            np.cov(x, y, fweights=[1, 2, 1, 1]), np.cov(x, aweights=[0.5, 1.0, 1.0, 2.0]))


@snippet(ulps=64)
def corrcoef_pairs(np):
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    y = np.array([2.0, 4.0, 5.0, 4.0, 5.0])
    z = -x
    return np.corrcoef(x, y), np.corrcoef(np.vstack([x, y, z])), np.corrcoef(x, z)[0, 1]


@snippet
def ptp_ranges(np):
    a = np.array([[4, 9, 2], [3, 5, 7]], dtype=np.int16)
    return np.ptp(a), np.ptp(a, axis=0), np.ptp(a, axis=1, keepdims=True), np.ptp(a.astype(np.float32)).dtype


@snippet(ulps=8)
def average_weights(np):
    scores = np.array([[80.0, 90.0, 70.0], [60.0, 75.0, 95.0]])
    w = np.array([0.2, 0.3, 0.5])
    avg, total = np.average(scores, axis=1, weights=w, returned=True)
    return (np.average(scores), avg, total, np.average(scores, axis=0, weights=[1, 3]),
            np.average(np.arange(4), weights=[1, 1, 1, 1]), np.average(scores, axis=1, weights=w, keepdims=True))


@snippet
def unravel_index_errors_and_dtypes(np):
    idx = np.unravel_index(np.array([[1, 2], [3, 4]]), (2, 3))
    outcomes = []
    for bad in (lambda: np.unravel_index(6, (2, 3)), lambda: np.ravel_multi_index((2, 0), (2, 3))):
        try:
            bad()
            outcomes.append("ok")
        except ValueError:
            outcomes.append("ValueError")
    return idx, idx[0].dtype, outcomes, np.ravel_multi_index(([1, 0], [2, 1]), (2, 3), order="F")


@snippet
def gradient_and_trapezoid_integers(np):
    f = np.array([1, 4, 9, 16, 25], dtype=np.int32)
    m = np.array([[1, 2, 6], [3, 4, 5]], dtype=np.int64)
    return np.gradient(f), np.gradient(f).dtype, np.trapezoid(f), np.gradient(m, 2, 1), np.trapezoid(m, x=[0, 1, 3])


@snippet(ulps=8)
def convolve_complex_and_floats32(np):
    a = np.array([1 + 1j, 2 - 1j, 0.5j])
    k = np.array([1.0, -1.0])
    s = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    return (np.convolve(a, k), np.convolve(s, s).dtype, np.convolve(s, np.array([1, 1], dtype=np.int8)),
            np.correlate(s, s, mode="full"), np.correlate(a, a, mode="valid"))


@snippet
def nan_functions_all_nan_rows(np):
    x = np.array([[np.nan, np.nan], [1.0, np.nan]])
    return (np.nansum(x, axis=1), np.nanmean(x, axis=1), np.nanmax(x, axis=1), np.nanmedian(x, axis=1),
            np.nanstd(x, axis=1), np.nanprod(x, axis=1), np.nanmin(np.array([1, 2, 3])))


@snippet
def interp_and_polyval_edge_inputs(np):
    xp = np.array([1.0, 2.0, 3.0])
    fp = np.array([1 + 1j, 2 - 1j, 0j])
    return (np.interp([1.5, 2.5, 0.0], xp, fp), np.interp(np.array([2.0], dtype=np.float32), xp, [10.0, 20.0, 30.0]),
            np.polyval([3, 0, 1], np.array([[1, 2], [3, 4]])), np.polyval(np.poly1d([2, 1]), 3),
            np.polyval([], 5.0), np.interp(2.0, [1, 2, 2, 3], [0, 1, 5, 6]))


@snippet
def ptp_average_cov_dtypes(np):
    b = np.array([3, 250, 7], dtype=np.uint8)
    i = np.arange(6, dtype=np.int32).reshape(2, 3)
    f = np.array([[1.0, 2.0, 4.0], [2.0, 3.0, 1.0]], dtype=np.float32)
    return (np.ptp(b), np.ptp(b).dtype, np.average(i), np.average(i, axis=0, weights=[1, 3]).dtype,
            np.average(f, axis=1).dtype, np.cov(f).dtype, np.corrcoef(f).dtype, np.cov(i).dtype)


@snippet
def polynomial_printed_in_a_report(np):
    trend = np.polynomial.Polynomial([1.5, -2.0, 0.25])
    shifted = np.polynomial.Polynomial([1.0, 2.0], domain=[0, 10])
    return str(trend), repr(trend), f"{shifted:ascii}", str(np.polynomial.Chebyshev([1.0, 0.5]))


@snippet(ulps=64)
def chebyshev_interpolation_of_a_model(np):
    approx = np.polynomial.Chebyshev.interpolate(np.exp, 6, domain=[0, 1])
    x = np.linspace(0.0, 1.0, 5)
    err = np.abs(approx(x) - np.exp(x)).max()
    return np.round(approx.coef, 10), bool(err < 1e-6), np.round(np.polynomial.chebyshev.chebpts2(3), 12)
