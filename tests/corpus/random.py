"""numpy.random as simulations and ML code use it (issue 14). wgarray's streams are its own
(Philox4x32-10, docs/random.md), so these snippets compare what does not depend on the stream:
shapes, dtypes, ranges, determinism under a seed, and statistics within generous bounds."""

from . import snippet


@snippet
def seeded_sample_shape(np):
    rng = np.random.default_rng(0)
    x = rng.random((3, 2))
    return x.shape, str(x.dtype), bool(((x >= 0) & (x < 1)).all())


@snippet
def reproducible_under_a_seed(np):
    a = np.random.default_rng(42).normal(size=100)
    b = np.random.default_rng(42).normal(size=100)
    c = np.random.default_rng(43).normal(size=100)
    return bool(np.array_equal(a, b)), bool(np.array_equal(a, c))


@snippet
def train_test_split_by_permutation(np):
    rng = np.random.default_rng(7)
    X = np.arange(40).reshape(20, 2)
    idx = rng.permutation(len(X))
    train, test = X[idx[:15]], X[idx[15:]]
    return train.shape, test.shape, sorted(np.concatenate([train[:, 0], test[:, 0]]).tolist()) == list(range(0, 40, 2))


@snippet
def dice_rolls_in_range(np):
    rng = np.random.default_rng(1)
    rolls = rng.integers(1, 7, size=10000)
    counts = np.bincount(rolls, minlength=7)
    return str(rolls.dtype), int(rolls.min()), int(rolls.max()), bool((np.abs(counts[1:] / 10000 - 1 / 6) < 0.02).all())


@snippet
def monte_carlo_pi(np):
    rng = np.random.default_rng(3)
    pts = rng.random((200000, 2))
    inside = (pts ** 2).sum(axis=1) <= 1.0
    return bool(abs(4 * inside.mean() - 3.14159) < 0.02)


@snippet
def normal_moments(np):
    rng = np.random.default_rng(5)
    x = rng.normal(loc=2.0, scale=3.0, size=100000)
    return bool(abs(x.mean() - 2.0) < 0.05), bool(abs(x.std() - 3.0) < 0.05), x.shape


@snippet
def legacy_seeded_api(np):
    np.random.seed(0)
    a = np.random.rand(3, 2)
    b = np.random.randn(4)
    c = np.random.randint(0, 5, size=6)
    np.random.seed(0)
    again = np.random.rand(3, 2)
    return a.shape, b.shape, bool(((c >= 0) & (c < 5)).all()), bool(np.array_equal(a, again))


@snippet
def choice_without_replacement(np):
    rng = np.random.default_rng(11)
    picks = rng.choice(10, size=5, replace=False)
    weighted = rng.choice(np.array([0, 1]), size=2000, p=[0.9, 0.1])
    return len(set(picks.tolist())), bool(0.05 < weighted.mean() < 0.15)


@snippet
def shuffle_in_place_keeps_elements(np):
    rng = np.random.default_rng(2)
    deck = np.arange(52)
    rng.shuffle(deck)
    return sorted(deck.tolist()) == list(range(52)), bool((deck != np.arange(52)).any())


@snippet
def bootstrap_confidence_interval(np):
    rng = np.random.default_rng(9)
    sample = np.linspace(0.0, 10.0, 50)
    means = np.array([rng.choice(sample, size=sample.size).mean() for _ in range(200)])
    lo, hi = np.percentile(means, [2.5, 97.5])
    return bool(lo < 5.0 < hi), bool(hi - lo < 3.0)


@snippet
def noisy_linear_data(np):
    rng = np.random.default_rng(4)
    x = np.linspace(0, 1, 500)
    y = 3.0 * x + 1.0 + rng.normal(scale=0.01, size=x.size)
    slope, intercept = np.polyfit(x, y, 1)
    return bool(abs(slope - 3.0) < 0.01), bool(abs(intercept - 1.0) < 0.01)
