"""The random Generator's breadth as simulations use it: shapes, dtypes, bounds and rough statistics."""

from . import snippet


@snippet
def generator_distributions_shapes(np):
    rng = np.random.default_rng(0)
    draws = [rng.normal(size=(2, 3)), rng.uniform(size=4), rng.standard_normal(5, dtype=np.float32),
             rng.exponential(size=(3,)), rng.poisson(3.0, size=6), rng.binomial(10, 0.5, size=(2, 2)),
             rng.gamma(2.0, size=3), rng.beta(2, 3, size=3), rng.lognormal(size=2), rng.geometric(0.3, size=4)]
    return [d.shape for d in draws], [str(d.dtype) for d in draws]


@snippet
def generator_bounds(np):
    rng = np.random.default_rng(1)
    u = rng.uniform(2, 3, 1000)
    b = rng.binomial(5, 0.3, 1000)
    p = rng.poisson(2, 1000)
    i = rng.integers(-5, 5, 1000, endpoint=True)
    return bool(((u >= 2) & (u < 3)).all()), bool(b.max() <= 5 and b.min() >= 0), bool(p.min() >= 0), bool(i.max() <= 5 and i.min() >= -5)


@snippet
def generator_statistics(np):
    rng = np.random.default_rng(2)
    p = rng.poisson(4.0, 40000)
    g = rng.gamma(3.0, 2.0, 40000)
    b = rng.binomial(20, 0.25, 40000)
    return bool(abs(p.mean() - 4) < 0.1), bool(abs(g.mean() - 6) < 0.15), bool(abs(b.mean() - 5) < 0.1), bool(abs(b.var() - 3.75) < 0.2)


@snippet
def generator_permutations(np):
    rng = np.random.default_rng(3)
    m = np.arange(12).reshape(3, 4)
    p = rng.permutation(m)
    q = rng.permuted(m, axis=1)
    return np.array_equal(np.sort(p, axis=0), m), np.array_equal(np.sort(q, axis=1), m), p.shape


@snippet
def generator_choice_variants(np):
    rng = np.random.default_rng(4)
    a = rng.choice(5, 3, replace=False)
    b = rng.choice(np.array([[1, 2], [3, 4], [5, 6]]), 2, axis=0)
    c = rng.choice(10)
    return np.unique(a).size, b.shape, np.ndim(c), bool(0 <= c < 10)


@snippet
def seeded_reproducibility(np):
    a = np.random.default_rng(123).random(5)
    b = np.random.default_rng(123).random(5)
    c = np.random.default_rng(124).random(5)
    return np.array_equal(a, b), np.array_equal(a, c)


@snippet
def spawn_and_bit_generator(np):
    rng = np.random.default_rng(5)
    children = rng.spawn(2)
    x = children[0].random(3)
    return len(children), x.shape, np.random.Generator is type(rng)


@snippet
def legacy_random_functions(np):
    np.random.seed(6)
    a = np.random.random((2, 2))
    b = np.random.choice([1, 2, 3], size=5)
    c = np.random.normal(0, 1, 3)
    d = np.random.uniform(-1, 1, size=(4,))
    x = np.arange(5)
    np.random.shuffle(x)
    return a.shape, b.shape, c.shape, bool((np.abs(d) <= 1).all()), np.sort(x)


@snippet
def random_state_object(np):
    rs = np.random.RandomState(7)
    a = rs.rand(3)
    b = rs.randint(0, 10, size=(2, 2))
    return a.shape, b.shape, b.dtype, bool(((a >= 0) & (a < 1)).all())


@snippet
def dirichlet_and_multinomial(np):
    rng = np.random.default_rng(8)
    d = rng.dirichlet([1.0, 2.0, 3.0], size=4)
    m = rng.multinomial(20, [0.2, 0.3, 0.5], size=3)
    return d.shape, np.allclose(d.sum(1), 1), m.shape, m.sum(axis=1)


@snippet
def noise_added_to_signal(np):
    rng = np.random.default_rng(9)
    t = np.linspace(0, 1, 200)
    noisy = np.sin(2 * np.pi * t) + rng.normal(0, 0.1, t.shape)
    resid = noisy - np.sin(2 * np.pi * t)
    return noisy.shape, noisy.dtype, bool(abs(resid.std() - 0.1) < 0.03)
