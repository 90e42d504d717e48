"""Seeded Monte Carlo and random walks: shapes, dtypes and statistics (not the exact stream)."""

from . import snippet


@snippet
def random_walk_shapes(np):
    rng = np.random.default_rng(42)
    steps = rng.choice([-1, 1], size=(100, 50))
    walks = steps.cumsum(axis=1)
    return walks.shape, walks.dtype, bool(np.abs(walks).max() <= 50), bool((np.abs(np.diff(walks, axis=1)) == 1).all())


@snippet
def monte_carlo_pi(np):
    rng = np.random.default_rng(1)
    pts = rng.random((20000, 2))
    est = 4 * np.mean((pts ** 2).sum(1) <= 1)
    return bool(abs(est - np.pi) < 0.1), pts.dtype, pts.shape


@snippet
def normal_sample_statistics(np):
    rng = np.random.default_rng(7)
    x = rng.normal(5.0, 2.0, size=50000)
    return bool(abs(x.mean() - 5) < 0.1), bool(abs(x.std() - 2) < 0.1), x.dtype


@snippet
def integers_in_range(np):
    rng = np.random.default_rng(3)
    x = rng.integers(0, 10, size=1000)
    y = rng.integers(5, size=(3, 4), dtype=np.uint8)
    return bool(x.min() >= 0 and x.max() <= 9), x.dtype, y.dtype, y.shape, np.unique(x).size


@snippet
def shuffle_is_permutation(np):
    rng = np.random.default_rng(11)
    a = np.arange(20)
    rng.shuffle(a)
    return np.array_equal(np.sort(a), np.arange(20)), a.shape


@snippet
def uniform_and_exponential(np):
    rng = np.random.default_rng(5)
    u = rng.uniform(-1, 1, size=(200, 3))
    e = rng.exponential(2.0, 10000)
    return u.shape, bool((u >= -1).all() and (u < 1).all()), bool(abs(e.mean() - 2) < 0.15)


@snippet
def legacy_seed_api_shapes(np):
    np.random.seed(0)
    a = np.random.rand(3, 2)
    b = np.random.randn(4)
    c = np.random.randint(0, 5, size=6)
    return a.shape, b.shape, c.shape, bool(((a >= 0) & (a < 1)).all()), bool(c.max() < 5)


@snippet
def bootstrap_confidence_interval(np):
    rng = np.random.default_rng(2)
    data = np.linspace(0, 10, 50)
    idx = rng.integers(0, data.size, size=(500, data.size))
    means = data[idx].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return bool(lo < 5 < hi), means.shape


@snippet
def brownian_motion_paths(np):
    rng = np.random.default_rng(9)
    dt = 0.01
    dW = rng.standard_normal((1000, 100)) * np.sqrt(dt)
    W = np.cumsum(dW, axis=1)
    return W.shape, bool(abs(W[:, -1].var() - 1.0) < 0.2)


@snippet
def dice_rolls_histogram(np):
    rng = np.random.default_rng(4)
    rolls = rng.integers(1, 7, size=(6000, 2)).sum(axis=1)
    counts = np.bincount(rolls, minlength=13)
    return counts.shape, counts[:2], int(counts.argmax()) in (6, 7, 8), counts.sum()


@snippet
def choice_with_probabilities(np):
    rng = np.random.default_rng(8)
    x = rng.choice(3, size=30000, p=[0.2, 0.5, 0.3])
    freq = np.bincount(x) / x.size
    return np.allclose(freq, [0.2, 0.5, 0.3], atol=0.02), rng.choice(np.arange(10), 4, replace=False).shape


@snippet
def markov_chain_stationary(np):
    P = np.array([[0.9, 0.1], [0.5, 0.5]])
    state = np.array([1.0, 0.0])
    for _ in range(100):
        state = state @ P
    w, v = np.linalg.eig(P.T)
    stat = np.real(v[:, np.argmax(np.real(w))])
    return np.round(state, 10), np.round(stat / stat.sum(), 10)


@snippet
def permuted_and_multivariate(np):
    rng = np.random.default_rng(12)
    m = rng.multivariate_normal([0, 0], [[1, 0.5], [0.5, 1]], size=5000)
    c = np.corrcoef(m.T)[0, 1]
    return m.shape, bool(abs(c - 0.5) < 0.05)
