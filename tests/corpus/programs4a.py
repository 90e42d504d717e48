"""Whole small programs (part 4a): scientific scripts, signal processing, uint8 image work, groupby
by hand, Monte Carlo on both random APIs, and text in and out (printing, savetxt/loadtxt)."""

import io

from . import raises as _raises, snippet


# --- scientific scripts -------------------------------------------------------------------------

@snippet
def euler_ode_with_gradient_check(np):
    t = np.linspace(0.0, 1.0, 21)
    y = np.empty_like(t)
    y[0] = 1.0
    for i in range(len(t) - 1):
        y[i + 1] = y[i] + (t[i + 1] - t[i]) * (-2.0 * y[i])
    dy = np.gradient(y, t)
    resid = dy + 2.0 * y
    return np.round(y[::5], 10), np.round(np.abs(resid).max(), 8), np.round(np.diff(y, n=2)[:3], 12)


@snippet
def rk4_harmonic_oscillator_energy(np):
    def f(state):
        return np.array([state[1], -state[0]])

    s = np.array([1.0, 0.0])
    h = 0.1
    energies = []
    for _ in range(30):
        k1 = f(s)
        k2 = f(s + h / 2 * k1)
        k3 = f(s + h / 2 * k2)
        k4 = f(s + h * k3)
        s = s + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        energies.append(0.5 * (s ** 2).sum())
    return np.round(s, 10), np.round(np.ptp(np.array(energies)), 12)


@snippet
def gradient_2d_with_spacing(np):
    y, x = np.mgrid[0:4, 0:5].astype(float)
    z = x ** 2 + 3 * x * y - y ** 2
    gy, gx = np.gradient(z, 0.5, 2.0)
    g2 = np.gradient(z, axis=1, edge_order=2)
    return np.round(gy, 12), np.round(gx, 12), np.round(g2, 12)


@snippet
def trapezoid_vs_cumulative_sum(np):
    x = np.linspace(0, np.pi, 101)
    y = np.sin(x)
    area = np.trapezoid(y, x)
    running = np.concatenate([[0.0], np.cumsum((y[1:] + y[:-1]) / 2 * np.diff(x))])
    return round(float(area), 10), round(float(running[-1]), 10), np.round(running[::25], 10)


@snippet
def newton_iteration_vectorised(np):
    c = np.array([2.0, 3.0, 10.0, 0.25])
    x = np.ones_like(c)
    for _ in range(8):
        x = x - (x * x - c) / (2 * x)
    return np.round(x, 12), bool(np.allclose(x, np.sqrt(c))), np.round(x ** 2 - c, 14)


@snippet
def finite_difference_laplacian_matrix(np):
    n = 6
    A = np.diag(np.full(n, -2.0)) + np.diag(np.ones(n - 1), 1) + np.diag(np.ones(n - 1), -1)
    x = np.linspace(0, 1, n + 2)[1:-1]
    h = x[1] - x[0]
    u = np.linalg.solve(A / h ** 2, np.ones(n))
    return np.round(u, 10), np.round(A[:3, :3], 1), int(np.count_nonzero(A))


@snippet
def interpolation_of_measurements(np):
    xp = np.array([0.0, 1.0, 2.5, 4.0])
    fp = np.array([10.0, 12.0, 9.0, 15.0])
    xs = np.array([-1.0, 0.5, 2.0, 3.9, 5.0])
    return (np.interp(xs, xp, fp), np.interp(xs, xp, fp, left=np.nan, right=-1.0),
            np.interp(2.25, xp, fp))


@snippet
def unwrap_phase_and_angle(np):
    z = np.exp(1j * np.linspace(0, 4 * np.pi, 9))
    phase = np.angle(z)
    return np.round(np.unwrap(phase), 10), np.round(np.angle(z, deg=True), 8)


# --- signal processing --------------------------------------------------------------------------

@snippet
def moving_average_modes(np):
    x = np.array([1.0, 2.0, 6.0, 2.0, 1.0, 0.0, 3.0])
    k = np.ones(3) / 3
    return (np.round(np.convolve(x, k, mode="valid"), 12), np.round(np.convolve(x, k, mode="same"), 12),
            np.convolve(x, k).shape)


@snippet
def cross_correlation_lag(np):
    a = np.array([0.0, 0.0, 1.0, 2.0, 1.0, 0.0, 0.0, 0.0])
    b = np.roll(a, 3)
    c = np.correlate(b, a, mode="full")
    lag = int(np.argmax(c)) - (len(a) - 1)
    return lag, c, np.correlate(a, a), np.correlate([1, 2, 3], [0, 1, 0.5], "same")


@snippet
def windows_and_their_sums(np):
    n = 8
    ws = {name: getattr(np, name)(n) for name in ("hanning", "hamming", "blackman", "bartlett")}
    return ({k: np.round(v, 10) for k, v in ws.items()}, np.round(np.kaiser(5, 3.0), 10),
            np.hanning(1), np.hamming(0).shape)


@snippet
def windowed_spectrum_peak(np):
    fs = 64.0
    t = np.arange(64) / fs
    x = np.sin(2 * np.pi * 8 * t) + 0.5 * np.sin(2 * np.pi * 20 * t)
    spec = np.abs(np.fft.rfft(x * np.hanning(64)))
    freqs = np.fft.rfftfreq(64, d=1 / fs)
    top = np.argsort(spec)[-2:][::-1]
    return freqs[top], np.round(spec[top], 8), freqs.dtype


@snippet
def integer_convolution_keeps_dtype(np):
    a = np.array([1, 2, 3], dtype=np.int32)
    b = np.array([0, 1, 1], dtype=np.int32)
    c = np.convolve(a, b)
    d = np.convolve(np.array([True, False, True]), np.array([True, True]))
    return c, c.dtype, d, d.dtype


@snippet
def zero_crossings_and_envelope(np):
    x = np.sin(np.linspace(0, 6 * np.pi, 50)) * np.linspace(1, 0.2, 50)
    crossings = np.nonzero(np.diff(np.signbit(x)))[0]
    peaks = np.where((x[1:-1] > x[:-2]) & (x[1:-1] > x[2:]))[0] + 1
    return crossings, peaks, np.round(x[peaks], 10)


@snippet
def median_filter_with_sliding_window(np):
    x = np.array([1.0, 9.0, 2.0, 3.0, 50.0, 4.0, 5.0, 6.0])
    win = np.lib.stride_tricks.sliding_window_view(np.pad(x, 1, mode="edge"), 3)
    return np.median(win, axis=1), win.shape, win.flags.writeable


# --- image processing on uint8 ------------------------------------------------------------------

def _image(np):
    return (np.arange(48, dtype=np.uint8).reshape(6, 8) * 5 + 10).astype(np.uint8)


@snippet
def uint8_brightness_overflow(np):
    img = _image(np)
    wrapped = img + 100
    saturated = np.clip(img.astype(np.int16) + 100, 0, 255).astype(np.uint8)
    return wrapped, wrapped.dtype, saturated, (img * 2).dtype, (img / 2).dtype


@snippet
def uint8_sqrt_and_gamma(np):
    img = _image(np)
    s = np.sqrt(img)
    g = (255 * (img / 255.0) ** 0.5).astype(np.uint8)
    return s.dtype, np.round(s[0], 3), g


@snippet
def histogram_equalisation(np):
    img = _image(np)
    hist = np.bincount(img.ravel(), minlength=256)
    cdf = hist.cumsum()
    cdf_min = cdf[np.nonzero(cdf)[0][0]]
    lut = np.round((cdf - cdf_min) / (cdf[-1] - cdf_min) * 255).clip(0, 255).astype(np.uint8)
    out = lut[img]
    h2, edges = np.histogram(img, bins=8, range=(0, 256))
    return out, out.dtype, h2, edges


@snippet
def rgb_to_grayscale_and_threshold(np):
    rgb = np.stack([_image(np), _image(np)[::-1], 255 - _image(np)], axis=-1)
    gray = (rgb @ np.array([0.299, 0.587, 0.114])).astype(np.uint8)
    mask = gray > gray.mean()
    return gray, int(mask.sum()), rgb.dtype, rgb[..., ::-1][0, 0]


@snippet
def image_flip_rotate_crop(np):
    img = _image(np)
    return np.rot90(img)[:2], np.fliplr(img)[0], img[1:-1:2, ::3], np.rot90(img, k=-1).shape


@snippet
def box_blur_uint8_via_padding(np):
    img = _image(np).astype(np.float32)
    p = np.pad(img, 1, mode="reflect")
    blur = sum(p[i:i + 6, j:j + 8] for i in range(3) for j in range(3)) / 9
    return np.round(blur).astype(np.uint8), blur.dtype


@snippet
def uint8_difference_absolute(np):
    a = np.array([10, 200, 30], dtype=np.uint8)
    b = np.array([20, 100, 30], dtype=np.uint8)
    wrong = a - b
    right = np.abs(a.astype(np.int16) - b).astype(np.uint8)
    return wrong, right, np.maximum(a, b) - np.minimum(a, b), (a > b).astype(np.uint8) * 255


@snippet
def normalise_image_to_unit_range(np):
    img = _image(np)
    f = img.astype(np.float32)
    f = (f - f.min()) / np.ptp(f)
    back = (f * 255).round().astype(np.uint8)
    return f.dtype, np.round(f[0], 6), back[-1], img.min(), img.max()


# --- groupby by hand ----------------------------------------------------------------------------

@snippet(needs="string arrays")
def groupby_sum_mean_count(np):
    keys = np.array(["b", "a", "c", "a", "b", "a"])
    vals = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    uniq, inv, counts = np.unique(keys, return_inverse=True, return_counts=True)
    sums = np.bincount(inv, weights=vals)
    return uniq.tolist(), inv, counts, sums, sums / counts


@snippet
def groupby_max_with_maximum_at(np):
    g = np.array([2, 0, 2, 1, 0, 2])
    v = np.array([5, 9, 1, 4, 3, 8])
    out = np.full(3, np.iinfo(np.int64).min)
    np.maximum.at(out, g, v)
    total = np.zeros(3, dtype=np.int64)
    np.add.at(total, g, v)
    return out, total


@snippet
def groupby_via_sort_and_reduceat(np):
    g = np.array([3, 1, 3, 2, 1, 3])
    v = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    order = np.argsort(g, kind="stable")
    gs, vs = g[order], v[order]
    starts = np.flatnonzero(np.r_[True, gs[1:] != gs[:-1]])
    return gs[starts], np.add.reduceat(vs, starts), np.maximum.reduceat(vs, starts), starts


@snippet
def pivot_table_with_add_at(np):
    rows = np.array([0, 1, 0, 2, 1, 0])
    cols = np.array([1, 0, 1, 2, 2, 0])
    vals = np.array([1, 2, 3, 4, 5, 6])
    table = np.zeros((3, 3), dtype=int)
    np.add.at(table, (rows, cols), vals)
    return table, table.sum(axis=0), table.sum(axis=1)


@snippet
def unique_rows_and_first_index(np):
    a = np.array([[1, 2], [3, 4], [1, 2], [5, 6], [3, 4]])
    u, idx, inv = np.unique(a, axis=0, return_index=True, return_inverse=True)
    return u, idx, inv.ravel(), u.shape


@snippet
def value_counts_sorted(np):
    x = np.array([3, 1, 3, 3, 2, 1, 7])
    vals, counts = np.unique(x, return_counts=True)
    order = np.argsort(-counts, kind="stable")
    return vals[order], counts[order], dict(zip(vals.tolist(), counts.tolist()))


@snippet
def rank_within_groups(np):
    g = np.array([0, 1, 0, 1, 0])
    v = np.array([5.0, 2.0, 1.0, 8.0, 3.0])
    order = np.lexsort((v, g))
    ranks = np.empty(len(v), dtype=int)
    starts = np.searchsorted(g[order], g[order], side="left")
    ranks[order] = np.arange(len(v)) - starts
    return order, ranks


@snippet
def bincount_minlength_and_weights_dtype(np):
    x = np.array([0, 2, 2, 5], dtype=np.uint8)
    return (np.bincount(x), np.bincount(x, minlength=8), np.bincount(x, weights=np.array([1, 2, 3, 4])).dtype,
            np.bincount(np.array([], dtype=int)))


# --- Monte Carlo ---------------------------------------------------------------------------------

@snippet
def monte_carlo_pi_bounds(np):
    rng = np.random.default_rng(123)
    pts = rng.random((20000, 2))
    inside = (pts ** 2).sum(axis=1) <= 1.0
    est = 4 * inside.mean()
    return bool(abs(est - np.pi) < 0.05), inside.dtype, pts.dtype


@snippet
def legacy_random_api_shapes(np):
    np.random.seed(0)
    a = np.random.rand(3, 2)
    b = np.random.randn(4)
    c = np.random.randint(0, 5, size=10)
    d = np.random.uniform(-1, 1, size=(2, 2))
    e = np.random.choice(5, size=3, replace=False)
    return (a.shape, b.shape, c.dtype, bool(((c >= 0) & (c < 5)).all()), bool((np.abs(d) <= 1).all()),
            len(set(e.tolist())))


@snippet
def legacy_seed_reproducible_and_shuffle(np):
    np.random.seed(5)
    a = np.random.random(5)
    np.random.seed(5)
    b = np.random.random(5)
    x = np.arange(10)
    np.random.shuffle(x)
    return bool(np.array_equal(a, b)), sorted(x.tolist()) == list(range(10)), x.dtype


@snippet
def bootstrap_confidence_interval(np):
    rng = np.random.default_rng(2)
    data = np.array([2.1, 2.5, 1.9, 3.2, 2.8, 2.2, 2.6, 3.0])
    idx = rng.integers(0, len(data), size=(2000, len(data)))
    means = data[idx].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return bool(lo < data.mean() < hi), bool(data.min() <= lo), means.shape


@snippet
def random_walk_statistics(np):
    rng = np.random.default_rng(9)
    steps = rng.choice(np.array([-1, 1]), size=(500, 100))
    pos = steps.cumsum(axis=1)
    final = pos[:, -1]
    return (bool(abs(final.mean()) < 2.5), bool(8 < final.std() < 12), pos.dtype.kind,
            bool(set(np.unique(steps).tolist()) == {-1, 1}))


@snippet
def generator_distributions_moments(np):
    rng = np.random.default_rng(11)
    n = rng.normal(3.0, 2.0, 50000)
    e = rng.exponential(2.0, 50000)
    p = rng.poisson(4.0, 50000)
    return (bool(abs(n.mean() - 3) < 0.05), bool(abs(n.std() - 2) < 0.05), bool(abs(e.mean() - 2) < 0.05),
            bool(abs(p.var() - 4) < 0.15), p.dtype.kind)


@snippet
def random_permutation_split_and_choice_probs(np):
    rng = np.random.default_rng(4)
    c = rng.choice(3, size=30000, p=[0.2, 0.5, 0.3])
    freq = np.bincount(c, minlength=3) / 30000
    perm = rng.permutation(np.arange(12).reshape(4, 3))
    return bool(np.allclose(freq, [0.2, 0.5, 0.3], atol=0.02)), perm.shape, sorted(perm[:, 0].tolist())


# --- text out and in ----------------------------------------------------------------------------

@snippet
def report_with_printoptions(np):
    a = np.array([[1.23456789, 1e-3], [123.5, -0.5]])
    with np.printoptions(precision=3, suppress=True):
        s1 = str(a)
    with np.printoptions(precision=2, floatmode="fixed"):
        s2 = repr(a[0])
    return s1, s2, str(a)


@snippet
def set_printoptions_and_restore(np):
    old = np.get_printoptions()
    np.set_printoptions(precision=2, threshold=5, edgeitems=2)
    try:
        s = str(np.linspace(0, 1, 11)), repr(np.arange(100))
    finally:
        np.set_printoptions(**old)
    return s + (str(np.linspace(0, 1, 3)),)


@snippet
def array2string_separator_and_prefix(np):
    a = np.array([[1, 2], [3, 4]])
    return (np.array2string(a, separator=", "), np.array2string(a, prefix="x = "),
            np.array2string(np.array([0.1, 2.0]), precision=3, suppress_small=True),
            np.array_repr(np.array([1.5, 2.0])), np.array_str(np.arange(3)))


@snippet
def savetxt_to_stringio(np):
    a = np.array([[1.5, 2.0], [3.25, -4.0]])
    buf = io.StringIO()
    np.savetxt(buf, a, fmt="%.2f", delimiter=",", header="x,y", comments="")
    buf2 = io.StringIO()
    np.savetxt(buf2, np.array([1, 2, 3]), fmt="%d")
    return buf.getvalue(), buf2.getvalue()


@snippet
def loadtxt_from_stringio(np):
    text = "# t, v\n0, 1.5\n1, 2.5\n2, -3.0\n"
    a = np.loadtxt(io.StringIO(text), delimiter=",")
    t, v = np.loadtxt(io.StringIO(text), delimiter=",", unpack=True)
    i = np.loadtxt(io.StringIO("1 2\n3 4\n"), dtype=int)
    return a, t, v, i, i.dtype


@snippet
def genfromtxt_with_missing(np):
    text = "a,b,c\n1,2,3\n4,,6\n7,8,nan\n"
    d = np.genfromtxt(io.StringIO(text), delimiter=",", skip_header=1)
    filled = np.where(np.isnan(d), np.nanmean(d, axis=0), d)
    return d, filled, d.dtype


@snippet
def savetxt_loadtxt_roundtrip(np):
    a = np.arange(6, dtype=float).reshape(2, 3) / 3
    buf = io.StringIO()
    np.savetxt(buf, a)
    buf.seek(0)
    b = np.loadtxt(buf)
    return bool(np.array_equal(a, b)), b.shape, buf.getvalue().splitlines()[0]


@snippet(known_failure="reductions return 0-d arrays, whose repr is array(12.5), not np.float64(12.5) "
                       "(by design: wgarray/_numpy/ndarray.py)")
def fstring_table_of_results(np):
    names = ["alpha", "beta", "gamma"]
    vals = np.array([0.12345, 12.5, -3.0])
    lines = [f"{n:>6}: {v:8.3f} {v:.2e}" for n, v in zip(names, vals)]
    lines.append(f"total={vals.sum():.4f} max={vals.max()!r} argmax={vals.argmax()}")
    return "\n".join(lines)


@snippet
def format_float_and_base_repr(np):
    return (np.format_float_positional(1 / 3, precision=4), np.format_float_scientific(np.float32(1e-7)),
            np.base_repr(255, 16), np.binary_repr(-5, width=8), np.format_float_positional(2.0, trim="-"))


@snippet
def errors_in_loadtxt_and_array2string(np):
    return (_raises(np, lambda: np.loadtxt(io.StringIO("1 2\n3\n")), ValueError),
            _raises(np, lambda: np.loadtxt(io.StringIO("1 x\n")), ValueError))
