"""Whole small programs (part a): numerical recipes of 10-30 lines mixing many features, as users
write them in notebooks: clustering, regression, PCA, PDE stencils, walks, Monte Carlo, smoothing."""

from . import snippet


def _points(np):
    return np.array([[0.0, 0.2], [0.3, -0.1], [-0.2, 0.1], [4.0, 4.2], [4.3, 3.9], [3.8, 4.1],
                     [0.1, 5.0], [-0.3, 4.8], [0.2, 5.3], [4.1, 0.0]])


@snippet
def kmeans_until_stable(np):
    X = _points(np)
    centers = X[[0, 3, 6]].copy()
    labels = np.full(len(X), -1)
    for it in range(20):
        dist = np.linalg.norm(X[:, None, :] - centers[None, :, :], axis=2)
        new = np.argmin(dist, axis=1)
        if np.array_equal(new, labels):
            break
        labels = new
        for k in range(len(centers)):
            members = X[labels == k]
            if len(members):
                centers[k] = members.mean(axis=0)
    inertia = float(((X - centers[labels]) ** 2).sum())
    counts = np.bincount(labels, minlength=3)
    return it, labels, np.round(centers, 10), round(inertia, 10), counts


@snippet
def logistic_regression_gradient_descent(np):
    X = np.array([[0.5, 1.0], [1.0, 0.5], [1.5, 2.0], [3.0, 3.5], [3.5, 2.5], [4.0, 4.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    Xb = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xb.shape[1])
    lr = 0.1
    losses = []
    for epoch in range(50):
        z = Xb @ w
        p = 1.0 / (1.0 + np.exp(-z))
        grad = Xb.T @ (p - y) / len(y)
        w -= lr * grad
        eps = 1e-12
        loss = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        losses.append(loss)
    pred = (1 / (1 + np.exp(-(Xb @ w))) >= 0.5).astype(int)
    acc = (pred == y).mean()
    return np.round(w, 8), np.round(np.array(losses[::10]), 8), pred, float(acc)


@snippet
def pca_svd_reconstruction(np):
    X = np.array([[2.5, 2.4, 0.5], [0.5, 0.7, 1.1], [2.2, 2.9, 0.4], [1.9, 2.2, 0.8],
                  [3.1, 3.0, 0.2], [2.3, 2.7, 0.6], [2.0, 1.6, 0.9], [1.0, 1.1, 1.3]])
    mu = X.mean(axis=0)
    Xc = X - mu
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    k = 2
    Z = Xc @ Vt[:k].T
    X_hat = Z @ Vt[:k] + mu
    err = np.linalg.norm(X - X_hat) / np.linalg.norm(X)
    ratio = np.cumsum(s ** 2) / np.sum(s ** 2)
    signs = np.sign(Vt[:, 0])
    return np.round(ratio, 10), round(float(err), 8), np.round(np.abs(Z), 8), s.shape, signs.dtype


@snippet
def pca_eigh_of_covariance(np):
    X = np.array([[1.0, 2.0, 3.0], [2.0, 4.1, 6.2], [3.0, 5.9, 9.1], [4.0, 8.2, 11.9], [5.0, 9.8, 15.2]])
    C = np.cov(X, rowvar=False)
    vals, vecs = np.linalg.eigh(C)
    idx = np.argsort(vals)[::-1]
    vals, vecs = vals[idx], vecs[:, idx]
    vecs = vecs * np.sign(vecs[0])  # fix the sign so the comparison is deterministic
    explained = vals / vals.sum()
    proj = (X - X.mean(0)) @ vecs[:, :1]
    return np.round(explained, 8), np.round(vecs[:, 0], 8), np.round(proj.ravel(), 8)


@snippet
def polynomial_fit_lstsq(np):
    t = np.linspace(0, 2, 9)
    y = 1.0 - 2.0 * t + 0.75 * t ** 2 + np.array([0.01, -0.02, 0.0, 0.015, -0.01, 0.02, 0.0, -0.005, 0.01])
    A = np.vander(t, 3)
    coef, residuals, rank, sv = np.linalg.lstsq(A, y, rcond=None)
    fitted = A @ coef
    r2 = 1 - ((y - fitted) ** 2).sum() / ((y - y.mean()) ** 2).sum()
    return np.round(coef, 8), rank, np.round(sv, 8), round(float(r2), 10), np.round(residuals, 10)


@snippet
def linear_system_solve_and_check(np):
    A = np.array([[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]])
    b = np.array([11.0, -16.0, 17.0])
    x = np.linalg.solve(A, b)
    resid = np.abs(A @ x - b).max()
    B = np.column_stack([b, 2 * b, np.ones(3)])
    X = np.linalg.solve(A, B)
    det = np.linalg.det(A)
    return np.round(x, 10), bool(resid < 1e-12), np.round(X, 10), round(float(det), 8)


@snippet
def heat_equation_2d_stencil(np):
    n = 8
    u = np.zeros((n, n))
    u[3:5, 3:5] = 100.0
    alpha = 0.2
    totals = []
    for step in range(25):
        lap = np.zeros_like(u)
        lap[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1])
        u = u + alpha * lap
        u[0, :] = u[-1, :] = u[:, 0] = u[:, -1] = 0.0
        if step % 5 == 4:
            totals.append(u.sum())
    peak = np.unravel_index(np.argmax(u), u.shape)
    return np.round(u, 8), np.round(np.array(totals), 8), tuple(int(i) for i in peak)


@snippet
def heat_equation_1d_with_roll(np):
    x = np.linspace(0, 1, 16, endpoint=False)
    u = np.where((x > 0.4) & (x < 0.6), 1.0, 0.0)
    for _ in range(40):
        u = u + 0.25 * (np.roll(u, 1) - 2 * u + np.roll(u, -1))
    return np.round(u, 10), round(float(u.sum()), 10), int(np.argmax(u))


@snippet
def random_walk_from_steps(np):
    steps = np.array([1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, -1, 1, -1, -1, 1, 1, 1, -1, 1])
    walk = np.concatenate([[0], np.cumsum(steps)])
    first_hit = int(np.argmax(walk >= 3)) if (walk >= 3).any() else -1
    returns = np.flatnonzero(walk[1:] == 0) + 1
    running_max = np.maximum.accumulate(walk)
    drawdown = running_max - walk
    return walk, first_hit, returns, int(drawdown.max()), float(walk.mean()), walk.dtype


@snippet
def random_walk_2d_lattice(np):
    moves = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]])
    choice = np.array([0, 1, 1, 2, 3, 0, 0, 1, 2, 2, 3, 3, 0, 1, 0, 0])
    path = np.vstack([np.zeros((1, 2), dtype=int), np.cumsum(moves[choice], axis=0)])
    dist = np.sqrt((path ** 2).sum(axis=1))
    visited = np.unique(path, axis=0)
    return path[-1], np.round(dist, 10), len(visited), np.abs(path).max(axis=0)


@snippet
def monte_carlo_pi_from_grid(np):
    # quasi-random points: a fixed lattice instead of the random stream
    g = (np.arange(40) + 0.5) / 40
    xx, yy = np.meshgrid(g, g)
    inside = (xx ** 2 + yy ** 2) <= 1.0
    pi_est = 4 * inside.mean()
    err = abs(pi_est - np.pi)
    return float(pi_est), round(float(err), 12), int(inside.sum()), inside.dtype


@snippet
def monte_carlo_integral_fixed_samples(np):
    u = np.array([0.05, 0.93, 0.41, 0.77, 0.12, 0.58, 0.36, 0.84, 0.29, 0.67, 0.01, 0.99, 0.5, 0.23, 0.71])
    f = np.exp(-u ** 2)
    est = f.mean()
    se = f.std(ddof=1) / np.sqrt(len(u))
    running = np.cumsum(f) / np.arange(1, len(f) + 1)
    return round(float(est), 12), round(float(se), 12), np.round(running, 12)


@snippet
def moving_average_convolve_and_cumsum(np):
    x = np.array([3.0, 5.0, 2.0, 8.0, 7.0, 1.0, 4.0, 6.0, 9.0, 2.0])
    w = 3
    ma_conv = np.convolve(x, np.ones(w) / w, mode="valid")
    c = np.cumsum(np.insert(x, 0, 0.0))
    ma_cum = (c[w:] - c[:-w]) / w
    same = np.convolve(x, np.ones(w), mode="same") / w
    return np.round(ma_conv, 12), np.round(ma_cum, 12), bool(np.allclose(ma_conv, ma_cum)), np.round(same, 12)


@snippet
def exponential_moving_average_loop(np):
    prices = np.array([10.0, 10.5, 10.2, 11.0, 11.4, 11.1, 12.0, 11.8])
    alpha = 0.3
    ema = np.empty_like(prices)
    ema[0] = prices[0]
    for i in range(1, len(prices)):
        ema[i] = alpha * prices[i] + (1 - alpha) * ema[i - 1]
    signal = np.where(prices > ema, 1, -1)
    crossings = np.flatnonzero(np.diff(signal) != 0)
    return np.round(ema, 12), signal, crossings


@snippet
def fft_lowpass_filter(np):
    n = 32
    t = np.arange(n) / n
    x = np.sin(2 * np.pi * 2 * t) + 0.5 * np.sin(2 * np.pi * 10 * t)
    X = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(n, d=1 / n)
    X[freqs > 5] = 0
    y = np.fft.irfft(X, n=n)
    clean = np.sin(2 * np.pi * 2 * t)
    return np.round(y, 10), bool(np.allclose(y, clean)), freqs.shape, np.round(np.abs(np.fft.rfft(x))[[2, 10]], 8)


@snippet
def fft_dominant_frequency(np):
    fs = 64.0
    t = np.arange(64) / fs
    x = 2.0 * np.cos(2 * np.pi * 5 * t) + 0.7 * np.cos(2 * np.pi * 12 * t)
    spec = np.abs(np.fft.fft(x)) / len(x)
    f = np.fft.fftfreq(len(x), d=1 / fs)
    pos = f > 0
    top = np.argsort(spec[pos])[::-1][:2]
    return np.round(f[pos][top], 10), np.round(spec[pos][top], 10), np.round(np.fft.fftshift(f)[:4], 10)


@snippet
def newton_sqrt_vectorised(np):
    a = np.array([2.0, 9.0, 10.0, 0.25, 1e6])
    x = np.ones_like(a)
    history = []
    for _ in range(30):
        x_new = 0.5 * (x + a / x)
        history.append(float(np.max(np.abs(x_new - x))))
        if np.all(np.abs(x_new - x) < 1e-14 * x_new):
            x = x_new
            break
        x = x_new
    return np.round(x, 12), bool(np.allclose(x, np.sqrt(a))), len(history)


@snippet
def power_iteration_dominant_eigenvalue(np):
    A = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    v = np.ones(3) / np.sqrt(3)
    for _ in range(200):
        w = A @ v
        v = w / np.linalg.norm(w)
    lam = v @ A @ v
    ref = np.linalg.eigvalsh(A).max()
    return round(float(lam), 8), round(float(ref), 8), np.round(np.abs(v), 6)


@snippet
def gradient_descent_quadratic_bowl(np):
    Q = np.array([[3.0, 0.5], [0.5, 1.0]])
    b = np.array([1.0, -2.0])
    x = np.zeros(2)
    path = [x.copy()]
    for _ in range(100):
        g = Q @ x - b
        x = x - 0.2 * g
        path.append(x.copy())
    path = np.array(path)
    exact = np.linalg.solve(Q, b)
    f = 0.5 * np.einsum("ij,ij->i", path @ Q, path) - path @ b
    return np.round(x, 10), np.round(exact, 10), bool(np.all(np.diff(f) <= 1e-15)), path.shape


@snippet
def trapezoid_and_simpson_by_hand(np):
    x = np.linspace(0, np.pi, 17)
    y = np.sin(x)
    h = x[1] - x[0]
    trap = h * (y[0] / 2 + y[1:-1].sum() + y[-1] / 2)
    simp = h / 3 * (y[0] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum() + y[-1])
    return round(float(trap), 12), round(float(simp), 12), round(float(np.trapezoid(y, x)), 12)


@snippet
def histogram_equalised_bins_and_cdf(np):
    data = np.array([1.2, 3.4, 2.2, 5.6, 4.4, 3.3, 2.9, 6.1, 0.4, 4.8, 3.9, 2.5])
    counts, edges = np.histogram(data, bins=4, range=(0, 8))
    cdf = np.cumsum(counts) / counts.sum()
    centers = (edges[:-1] + edges[1:]) / 2
    which = np.digitize(data, edges[1:-1])
    mean_per_bin = np.array([data[which == i].mean() if (which == i).any() else np.nan for i in range(4)])
    return counts, edges, cdf, centers, which, np.round(mean_per_bin, 12)


@snippet
def bisection_root_many_intervals(np):
    lo = np.array([0.0, 1.0, 2.0])
    hi = np.array([1.0, 2.0, 4.0])
    f = lambda x: x ** 3 - 2 * x ** 2 - x + 2  # roots -1, 1, 2
    lo = lo + 0.1
    for _ in range(60):
        mid = (lo + hi) / 2
        left = np.sign(f(lo)) != np.sign(f(mid))
        hi = np.where(left, mid, hi)
        lo = np.where(left, lo, mid)
    return np.round((lo + hi) / 2, 10)


@snippet
def game_of_life_glider(np):
    board = np.zeros((8, 8), dtype=np.uint8)
    board[1, 2] = board[2, 3] = board[3, 1] = board[3, 2] = board[3, 3] = 1
    for _ in range(4):
        nbrs = sum(np.roll(np.roll(board, i, 0), j, 1)
                   for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0))
        board = ((nbrs == 3) | ((board == 1) & (nbrs == 2))).astype(np.uint8)
    return board, np.argwhere(board), int(board.sum())


@snippet
def markov_chain_stationary(np):
    P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
    state = np.array([1.0, 0.0, 0.0])
    for _ in range(200):
        state = state @ P
    w, v = np.linalg.eig(P.T)
    i = np.argmin(np.abs(w - 1))
    stat = np.real(v[:, i]) / np.real(v[:, i]).sum()
    P5 = np.linalg.matrix_power(P, 5)
    return np.round(state, 8), np.round(stat, 8), np.round(P5.sum(axis=1), 12)


@snippet
def wave_equation_leapfrog(np):
    n, c = 20, 0.5
    x = np.linspace(0, 1, n)
    u_prev = np.exp(-100 * (x - 0.5) ** 2)
    u = u_prev.copy()
    energy = []
    for _ in range(30):
        u_next = np.empty_like(u)
        u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + c ** 2 * (u[2:] - 2 * u[1:-1] + u[:-2])
        u_next[[0, -1]] = 0.0
        u_prev, u = u, u_next
        energy.append(np.sum(u ** 2))
    return np.round(u, 10), np.round(np.array(energy[::6]), 10), int(np.argmax(np.abs(u)))


@snippet
def jacobi_iteration_poisson(np):
    n = 6
    f = np.ones((n, n))
    u = np.zeros((n + 2, n + 2))
    h2 = (1.0 / (n + 1)) ** 2
    for k in range(200):
        new = u.copy()
        new[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] + h2 * f)
        delta = np.max(np.abs(new - u))
        u = new
        if delta < 1e-10:
            break
    return k, np.round(u[1:-1, 1:-1], 8), bool(np.allclose(u, u.T))


@snippet
def bootstrap_from_fixed_indices(np):
    data = np.array([2.3, 4.1, 3.3, 5.0, 4.4, 2.9, 3.7, 4.8])
    idx = (np.arange(5 * 8).reshape(5, 8) * 7 + 3) % 8  # deterministic resamples
    samples = data[idx]
    means = samples.mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return np.round(means, 12), round(float(lo), 12), round(float(hi), 12), np.round(np.std(means, ddof=1), 12)


@snippet
def percentile_based_outlier_removal(np):
    x = np.array([10.0, 12.0, 11.5, 13.0, 95.0, 12.2, 11.8, -40.0, 12.5, 11.0])
    q1, q3 = np.quantile(x, [0.25, 0.75])
    iqr = q3 - q1
    keep = (x >= q1 - 1.5 * iqr) & (x <= q3 + 1.5 * iqr)
    clean = x[keep]
    z = np.abs((x - np.median(x)) / (1.4826 * np.median(np.abs(x - np.median(x)))))
    return np.round(np.array([q1, q3, iqr]), 12), np.flatnonzero(~keep), round(float(clean.mean()), 12), np.round(z, 8)


@snippet
def euler_ode_system(np):
    # predator-prey with forward Euler
    y = np.array([10.0, 5.0])
    dt = 0.01
    traj = np.empty((101, 2))
    traj[0] = y
    for i in range(100):
        prey, pred = y
        dy = np.array([1.1 * prey - 0.4 * prey * pred, 0.1 * prey * pred - 0.4 * pred])
        y = y + dt * dy
        traj[i + 1] = y
    return np.round(traj[::20], 8), np.round(traj.max(axis=0), 8), np.argmax(traj, axis=0)


@snippet
def correlation_matrix_and_top_pairs(np):
    X = np.array([[1.0, 2.0, 0.5, 9.0], [2.0, 4.2, 0.1, 7.0], [3.0, 6.1, 0.9, 6.5],
                  [4.0, 7.9, 0.3, 4.0], [5.0, 10.2, 0.7, 2.5]])
    R = np.corrcoef(X, rowvar=False)
    iu = np.triu_indices_from(R, k=1)
    pairs = np.column_stack(iu)
    order = np.argsort(-np.abs(R[iu]))
    return np.round(R, 10), pairs[order[:3]], np.round(R[iu][order[:3]], 10)


@snippet
def random_walk_stream_free_properties(np):
    # only what holds for any stream: shapes, dtypes, step sizes, parity, permutation sums
    rng = np.random.default_rng(2024)
    steps = 2 * rng.integers(0, 2, size=(4, 30)) - 1
    walks = np.cumsum(steps, axis=1)
    parity_ok = bool(np.all((walks - np.arange(1, 31)) % 2 == 0))
    bounded = bool(np.all(np.abs(walks) <= np.arange(1, 31)))
    order = rng.permutation(30)
    return walks.shape, walks.dtype, bool(np.all(np.abs(steps) == 1)), parity_ok, bounded, int(order.sum())
