"""NumPy's wider library as analysis code uses it (issue 14): einsum, pad, percentiles and
histograms, index routines, stride tricks, sets, polynomials, windows, bits, file round trips."""

from . import snippet


@snippet(ulps=16)
def einsum_attention_scores(np):
    q = np.arange(24.0).reshape(2, 3, 4) / 10
    k = np.arange(32.0).reshape(2, 4, 4)[:, ::-1] / 7
    scores = np.einsum("bqd,bkd->bqk", q, k) / np.sqrt(4.0)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return weights / weights.sum(axis=-1, keepdims=True)


@snippet(ulps=16)
def einsum_trace_diag_and_outer(np):
    a = np.arange(16.0).reshape(4, 4)
    v = np.array([1.0, -2.0, 0.5])
    return (np.einsum("ii", a), np.einsum("ii->i", a), np.einsum("i,j->ij", v, v),
            np.einsum("ij,ij->i", a, a), np.einsum("...ij->...ji", a[None]).shape)


@snippet(ulps=16)
def einsum_path_report(np):
    a, b, c = np.ones((8, 3)), np.ones((3, 5)), np.ones((5, 2))
    path, _ = np.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")
    return path, np.einsum("ij,jk,kl->il", a, b, c, optimize=True)


@snippet
def pad_image_borders(np):
    img = np.arange(12, dtype=np.uint8).reshape(3, 4)
    return (np.pad(img, 1), np.pad(img, ((1, 0), (2, 1)), mode="edge"), np.pad(img, 2, mode="reflect"),
            np.pad(img, 1, mode="wrap"), np.pad(img.astype(float), 1, mode="mean"))


@snippet(ulps=8)
def pad_signal_modes(np):
    x = np.array([1.0, 2.0, 4.0, 7.0])
    return (np.pad(x, 3, mode="symmetric"), np.pad(x, (2, 3), mode="linear_ramp", end_values=(0, -1)),
            np.pad(x, 2, mode="constant", constant_values=(-9, 9)), np.pad(x, 2, mode="maximum"))


@snippet(ulps=8)
def percentile_report(np):
    latencies = np.array([12.0, 15.5, 11.2, 40.1, 13.3, 12.9, 99.0, 14.1, 13.0, 12.2])
    return (np.percentile(latencies, [50, 90, 99]), np.median(latencies),
            np.quantile(latencies, 0.75, method="nearest"), np.percentile(latencies, 25, method="lower"))


@snippet(ulps=8)
def nan_aware_summary(np):
    data = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [np.nan, 8.0, 9.0]])
    return (np.nanmean(data, axis=0), np.nanstd(data, axis=1), np.nanmax(data), np.nanargmin(data, axis=1),
            np.nanmedian(data), np.nanpercentile(data, 50, axis=0), np.nancumsum(data, axis=1))


@snippet
def histogram_and_digitize(np):
    x = np.array([0.1, 0.4, 0.35, 0.8, 0.95, 0.5, 0.55, 0.2, 0.05, 0.7])
    counts, edges = np.histogram(x, bins=4, range=(0, 1))
    bins = np.digitize(x, edges[1:-1])
    return counts, edges, bins, np.bincount(bins, minlength=4), np.bincount(bins, weights=x)


@snippet
def histogram2d_heatmap(np):
    x = np.array([0.1, 0.2, 0.8, 0.9, 0.5, 0.45])
    y = np.array([0.9, 0.8, 0.1, 0.2, 0.5, 0.55])
    h, xe, ye = np.histogram2d(x, y, bins=2, range=[[0, 1], [0, 1]])
    return h, xe, ye, np.histogram_bin_edges(x, bins="sturges")


@snippet
def cov_and_corrcoef(np):
    x = np.array([[1.0, 2.0, 3.0, 4.0], [2.0, 4.1, 5.9, 8.2], [4.0, 3.0, 2.0, 1.0]])
    return np.round(np.cov(x), 10), np.round(np.corrcoef(x), 10), np.average(x, axis=1, weights=[1, 2, 3, 4])


@snippet
def unravel_argmax_of_grid(np):
    grid = np.array([[0.1, 0.7, 0.3], [0.9, 0.2, 0.4]])
    flat = np.argmax(grid)
    r, c = np.unravel_index(flat, grid.shape)
    return int(r), int(c), np.ravel_multi_index(([0, 1], [2, 0]), grid.shape), np.argwhere(grid > 0.35)


@snippet
def index_routines(np):
    a = np.zeros((4, 4))
    np.fill_diagonal(a, 7)
    rows, cols = np.triu_indices(4, k=1)
    a[rows, cols] = 1
    b = np.arange(10)
    np.put(b, [0, 2], [-1, -2])
    np.putmask(b, b > 6, 0)
    c = np.arange(6).reshape(2, 3)
    np.put_along_axis(c, np.array([[2], [0]]), 99, axis=1)
    return a, b, c, np.extract(b > 2, b), np.flatnonzero(b == 0), np.diag_indices(3)


@snippet
def select_and_piecewise(np):
    x = np.linspace(-2, 2, 9)
    graded = np.select([x < -1, x < 1], [-1.0, 0.0], default=1.0)
    hinge = np.piecewise(x, [x < 0, x >= 0], [0.0, lambda v: v * 2])
    return graded, hinge, np.choose(np.array([0, 1, 0]), [np.array([1, 2, 3]), np.array([10, 20, 30])])


@snippet
def sliding_windows_moving_max(np):
    from_lib = np.lib.stride_tricks.sliding_window_view
    x = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    windows = from_lib(x, 3)
    return windows.max(axis=1), windows.shape, from_lib(np.arange(12).reshape(3, 4), (2, 2)).sum(axis=(-1, -2))


@snippet
def set_operations_on_ids(np):
    seen = np.array([5, 1, 9, 3, 5, 7])
    new = np.array([3, 4, 5, 10])
    common, i_seen, i_new = np.intersect1d(seen, new, return_indices=True)
    return (common, i_seen, i_new, np.union1d(seen, new), np.setdiff1d(seen, new), np.setxor1d(seen, new),
            np.isin(new, seen), np.unique(seen, return_counts=True))


@snippet(ulps=64)
def polyfit_trend(np):
    x = np.arange(8.0)
    y = 2.0 * x**2 - 3.0 * x + 1.0 + np.array([0.1, -0.1, 0.05, 0.0, -0.05, 0.1, -0.1, 0.0])
    coeffs = np.polyfit(x, y, 2)
    p = np.poly1d(coeffs)
    return np.round(coeffs, 6), np.round(p(10.0), 4), p.order, np.round(np.polyder(coeffs), 6)


@snippet(ulps=64)
def polynomial_roots_and_arithmetic(np):
    roots = np.sort(np.roots([1.0, -6.0, 11.0, -6.0]).real)
    prod = np.polymul([1, 2], [1, -3])
    q, r = np.polydiv([1.0, -6.0, 11.0, -6.0], [1.0, -1.0])
    return np.round(roots, 8), prod, np.polyadd([1, 2], [3, 4, 5]), np.round(q, 8), np.round(r, 8), np.polyint([3.0, 2.0])


@snippet(ulps=64)
def power_series_module(np):
    P = np.polynomial.polynomial
    x = np.linspace(0.0, 2.0, 9)
    y = 1.0 - 2.0 * x + 0.5 * x**3
    c = P.polyfit(x, y, 3)
    q, r = P.polydiv(P.polymul([1.0, 2.0], [3.0, 0.0, 1.0]), [1.0, 1.0])
    return (np.round(c, 8), np.round(P.polyval(x, c), 8), P.polyder(c, 2), P.polyint([1.0, 2.0], lbnd=1.0),
            q, r, np.round(P.polyroots(P.polyfromroots([-1.0, 0.5, 3.0])), 8), P.polyvander(x[:3], 2))


@snippet(ulps=64)
def chebyshev_series(np):
    C = np.polynomial.chebyshev
    x = np.cos(np.pi * (np.arange(12) + 0.5) / 12)
    cheb = np.polynomial.Chebyshev.fit(x, np.exp(x), 5)
    return (np.round(cheb.coef, 8), np.round(cheb(0.3), 8), np.round(C.chebval(x[:4], C.chebder([1.0, 2.0, 3.0, 4.0])), 8),
            C.cheb2poly([1.0, 0.0, 2.0]), C.poly2cheb([0.0, 1.0, 1.0]), np.round(cheb.deriv().roots(), 6))


@snippet(ulps=16)
def window_functions(np):
    return np.hanning(8), np.hamming(5), np.blackman(6), np.bartlett(5), np.kaiser(6, 5.0)


@snippet
def pack_flags(np):
    flags = np.array([[1, 0, 1, 1, 0, 0, 0, 1, 1], [0, 1, 0, 0, 0, 0, 1, 1, 0]], dtype=np.uint8)
    packed = np.packbits(flags, axis=1)
    return packed, np.unpackbits(packed, axis=1, count=9), np.binary_repr(10, width=8), np.base_repr(255, 16)


@snippet
def save_and_load_roundtrip(np):
    import io
    buf = io.BytesIO()
    np.save(buf, np.arange(6.0).reshape(2, 3))
    buf.seek(0)
    loaded = np.load(buf)
    text = io.StringIO()
    np.savetxt(text, loaded, fmt="%.1f", delimiter=",")
    text.seek(0)
    return loaded, np.loadtxt(text, delimiter=","), text.getvalue()


@snippet
def emath_of_negative_inputs(np):
    return np.emath.sqrt(-4.0), np.emath.log(np.array([-1.0, 1.0])), np.emath.log10(100.0)


@snippet
def testing_helpers_in_a_check(np):
    got = np.array([1.0, 2.0, 3.0000001])
    np.testing.assert_allclose(got, [1.0, 2.0, 3.0], rtol=1e-6)
    try:
        np.testing.assert_array_equal(got, [1.0, 2.0, 4.0])
        failed = False
    except AssertionError:
        failed = True
    return failed, bool(np.allclose(got, [1, 2, 3])), bool(np.array_equal(got[:2], [1, 2])), bool(np.array_equiv(1, [1, 1]))


@snippet
def editing_routines(np):
    a = np.arange(6)
    return (np.insert(a, 2, [-1, -2]), np.delete(a, [0, 3]), np.append(a, [7, 8]), np.resize(a, (2, 4)),
            np.trim_zeros(np.array([0, 0, 1, 2, 0])), np.rot90(a.reshape(2, 3)), np.ediff1d(a, to_end=[99]))


@snippet(ulps=16)
def gradient_interp_trapezoid(np):
    t = np.array([0.0, 0.5, 1.5, 3.0])
    y = t**2
    return np.gradient(y, t), np.interp([0.25, 2.0, 5.0], t, y), np.trapezoid(y, t), np.unwrap([0.0, 3.0, 6.5, 9.9])


@snippet
def apply_along_rows(np):
    m = np.array([[3, 1, 2], [9, 7, 8]])
    return np.apply_along_axis(lambda r: r.max() - r.min(), 1, m), np.apply_over_axes(np.sum, m, [0, 1])


@snippet
def copyto_masked_update(np):
    grid = np.zeros((3, 4))
    np.copyto(grid, np.arange(4.0), where=np.array([True, False, True, False]))
    counts = np.zeros(3, dtype=np.int32)
    np.copyto(counts, 7)
    return grid, counts, np.require(grid.T, requirements=["C"]).flags["C_CONTIGUOUS"]


@snippet(ulps=64)
def poly_from_roots_and_matrix(np):
    return np.poly([1.0, 2.0, 3.0]), np.poly(np.array([[2.0, 1.0], [1.0, 2.0]])), np.poly([1 + 1j, 1 - 1j])


@snippet(ulps=8)
def matvec_batched_rotations(np):
    theta = np.linspace(0, np.pi, 4)
    rot = np.stack([np.stack([np.cos(theta), -np.sin(theta)], -1), np.stack([np.sin(theta), np.cos(theta)], -1)], -2)
    return np.matvec(rot, np.array([1.0, 0.0])), np.vecmat(np.array([0.0, 1.0]), rot)


@snippet
def type_checks_in_library_code(np):
    x = np.asarray([1.0, 2.0])
    kind = "complex" if np.iscomplexobj(x) else "real"
    return kind, np.isscalar(3.5), np.common_type(x, np.arange(2)) is np.float64, list(np.ndindex(2, 1))
