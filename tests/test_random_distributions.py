"""wgarray.random's distributions against their laws, at fixed seeds (so each test is
deterministic: it either passes or fails for good).

Statistical power. Continuous laws: a Kolmogorov-Smirnov test of N = 2^16 draws at alpha = 1e-6
(the critical distance is sqrt(ln(2 / alpha) / (2 N)) = 0.0105): a correct sampler fails with
probability 1e-6, and a CDF wrong by 0.018 or more anywhere (e.g. a normal's scale off by 4.5%,
or its mean off by 0.045) fails with probability above 0.99. Discrete laws: a chi-square test of
N = 2^16 draws over the cells of expected count >= 20 (the tails pooled) at alpha = 1e-6; with k
cells it detects a change of the law of total variation ~ 3 sqrt(k / N) (e.g. 0.04 for 12 cells).
The means are checked to 6 standard errors (1e-9 false failure), which catches a scale error of
about 2.5% at N = 2^16.
"""

import numpy as np
import pytest
from scipy import stats

import wgarray as wg

R = wg.random
N = 2**16
ALPHA = 1e-6


def host(x) -> np.ndarray:
    return np.asarray(x)


def assert_ks(sample, cdf, *args):
    # A law's name goes to kstest as that law's cdf: SciPy 1.18's kstest passes "norm"'s loc and
    # scale on to special.ndtr, which takes none (TypeError).
    if isinstance(cdf, str):
        cdf = getattr(stats, cdf).cdf
    result = stats.kstest(host(sample), cdf, args=args)
    assert result.pvalue > ALPHA, f"KS statistic {result.statistic:.4f}, p = {result.pvalue:.2e}"


def assert_chisquare(sample, pmf, support):
    """Chi-square over the integers of support (a range), the tails below and above pooled."""
    sample = host(sample).astype(np.int64)
    expected = pmf(np.asarray(support)) * len(sample)
    observed = np.array([(sample == k).sum() for k in support], dtype=float)
    keep = expected >= 20
    pooled_expected, pooled_observed = expected[keep], observed[keep]
    rest_expected, rest_observed = len(sample) - expected[keep].sum(), len(sample) - observed[keep].sum()
    if rest_expected > 1e-6:  # the pooled tails
        pooled_expected, pooled_observed = np.append(pooled_expected, rest_expected), np.append(pooled_observed, rest_observed)
    else:
        assert rest_observed == 0, f"{rest_observed} draws outside the support"
    pooled_expected = pooled_expected * (pooled_observed.sum() / pooled_expected.sum())  # exact totals for scipy
    result = stats.chisquare(pooled_observed, pooled_expected)
    assert result.pvalue > ALPHA, f"chi-square {result.statistic:.1f} over {keep.sum()} cells, p = {result.pvalue:.2e}"


def assert_mean(sample, mean, sd):
    got = float(host(sample).astype(np.float64).mean())
    assert abs(got - mean) < 6 * sd / np.sqrt(N), f"mean {got}, expected {mean}"


CONTINUOUS = {
    "random f64": (lambda g: g.random(N), "uniform", ()),
    "random f32": (lambda g: g.random(N, dtype=np.float32), "uniform", ()),
    "standard_normal f64": (lambda g: g.standard_normal(N), "norm", ()),
    "standard_normal f32": (lambda g: g.standard_normal(N, dtype=np.float32), "norm", ()),
    "normal": (lambda g: g.normal(3.0, 2.0, N), "norm", (3.0, 2.0)),
    "normal array params": (lambda g: g.normal(wg.full(N, 3.0), wg.full(N, 2.0)), "norm", (3.0, 2.0)),
    "uniform": (lambda g: g.uniform(-2.0, 5.0, N), "uniform", (-2.0, 7.0)),
    "standard_exponential f64": (lambda g: g.standard_exponential(N), "expon", ()),
    "standard_exponential f32": (lambda g: g.standard_exponential(N, dtype=np.float32), "expon", ()),
    "exponential": (lambda g: g.exponential(0.5, N), "expon", (0, 0.5)),
    "gamma 0.05": (lambda g: g.standard_gamma(0.05, N), "gamma", (0.05,)),
    "gamma 0.5": (lambda g: g.standard_gamma(0.5, N), "gamma", (0.5,)),
    "gamma 1": (lambda g: g.standard_gamma(1.0, N), "gamma", (1.0,)),
    "gamma 3.7 scale 2": (lambda g: g.gamma(3.7, 2.0, N), "gamma", (3.7, 0, 2.0)),
    "gamma 1000": (lambda g: g.standard_gamma(1000.0, N), "gamma", (1000.0,)),
    "gamma f32": (lambda g: g.standard_gamma(2.0, N, dtype=np.float32), "gamma", (2.0,)),
    "beta": (lambda g: g.beta(0.5, 2.5, N), "beta", (0.5, 2.5)),
    "chisquare": (lambda g: g.chisquare(3.0, N), "chi2", (3.0,)),
    "lognormal": (lambda g: g.lognormal(0.5, 0.8, N), "lognorm", (0.8, 0, np.exp(0.5))),
    "laplace": (lambda g: g.laplace(1.0, 2.0, N), "laplace", (1.0, 2.0)),
    "logistic": (lambda g: g.logistic(1.0, 2.0, N), "logistic", (1.0, 2.0)),
}


@pytest.mark.parametrize("name", sorted(CONTINUOUS))
def test_continuous_law(name):
    draw, cdf, args = CONTINUOUS[name]
    assert_ks(draw(R.default_rng(2024)), cdf, *args)


DISCRETE = {
    "poisson 0.3": (lambda g: g.poisson(0.3, N), stats.poisson(0.3), range(0, 10)),
    "poisson 4": (lambda g: g.poisson(4.0, N), stats.poisson(4.0), range(0, 30)),
    "poisson 10 (PTRS)": (lambda g: g.poisson(10.0, N), stats.poisson(10.0), range(0, 40)),
    "poisson 250": (lambda g: g.poisson(250.0, N), stats.poisson(250.0), range(150, 350)),
    "poisson array": (lambda g: g.poisson(wg.full(N, 4.0)), stats.poisson(4.0), range(0, 30)),
    "binomial inversion": (lambda g: g.binomial(20, 0.2, N), stats.binom(20, 0.2), range(0, 21)),
    "binomial flipped": (lambda g: g.binomial(20, 0.9, N), stats.binom(20, 0.9), range(0, 21)),
    "binomial BTRS": (lambda g: g.binomial(500, 0.3, N), stats.binom(500, 0.3), range(80, 220)),
    "binomial array": (lambda g: g.binomial(wg.full(N, 500), 0.3), stats.binom(500, 0.3), range(80, 220)),
    "geometric": (lambda g: g.geometric(0.3, N), stats.geom(0.3), range(1, 40)),
    "integers": (lambda g: g.integers(-3, 9, N), stats.randint(-3, 9), range(-3, 9)),
    "integers int8": (lambda g: g.integers(0, 7, N, dtype=np.int8, endpoint=True), stats.randint(0, 8), range(0, 8)),
    "choice p": (lambda g: g.choice(4, N, p=[0.1, 0.2, 0.3, 0.4]), stats.rv_discrete(values=(range(4), [0.1, 0.2, 0.3, 0.4])),
                 range(4)),
}


@pytest.mark.parametrize("name", sorted(DISCRETE))
def test_discrete_law(name):
    draw, law, support = DISCRETE[name]
    sample = draw(R.default_rng(77))
    assert_chisquare(sample, law.pmf, support)
    assert_mean(sample, law.mean(), law.std())


def test_integers_are_uniform_over_a_range_that_does_not_divide_2_32():
    """Modulo bias would make the first 2^32 mod n values likelier; with n = 3 * 2^30 the first
    2^30 values would have probability 1/2 too much (a 0.167 excess of the low third)."""
    n = 3 * 2**30
    sample = host(R.default_rng(3).integers(0, n, N)) // 2**30
    assert_chisquare(sample, lambda k: np.full(len(k), 1 / 3), range(3))


def test_integers_uniform_over_a_64_bit_range():
    n = 3 * 2**62
    sample = host(R.default_rng(3).integers(0, n, N, dtype=np.uint64)) // np.uint64(2**62)
    assert_chisquare(sample, lambda k: np.full(len(k), 1 / 3), range(3))


def test_multinomial_marginals_and_totals():
    p = [0.2, 0.5, 0.3]
    counts = host(R.default_rng(5).multinomial(30, p, size=N // 4))
    assert (counts.sum(axis=1) == 30).all() and counts.shape == (N // 4, 3)
    for j, pj in enumerate(p):
        assert_chisquare(counts[:, j], stats.binom(30, pj).pmf, range(31))


def test_dirichlet_marginals():
    alpha = [0.7, 2.0, 3.3]
    sample = host(R.default_rng(6).dirichlet(alpha, N))
    np.testing.assert_allclose(sample.sum(axis=1), 1.0, rtol=1e-12)
    for j, a in enumerate(alpha):
        assert_ks(sample[:, j], "beta", a, sum(alpha) - a)


@pytest.mark.parametrize("method", ["svd", "cholesky", "eigh"])
def test_multivariate_normal(method):
    cov = np.array([[2.0, 0.6, 0.0], [0.6, 1.0, -0.3], [0.0, -0.3, 0.5]])
    mean = np.array([1.0, -2.0, 0.5])
    sample = host(R.default_rng(8).multivariate_normal(mean, cov, N, method=method))
    for j in range(3):
        assert_ks(sample[:, j], "norm", mean[j], np.sqrt(cov[j, j]))
    # the covariance to 6 standard errors (each entry's error is about sqrt((s_ii s_jj + s_ij^2) / N))
    se = np.sqrt((np.outer(np.diag(cov), np.diag(cov)) + cov**2) / N)
    assert (np.abs(np.cov(sample.T) - cov) < 6 * se).all()


def test_permutations_are_uniform_over_positions():
    """A sample without replacement has distinct items; each of 8 items is equally likely at each
    position of a permutation (permuted rows: 3 positions x 8 cells)."""
    gen = R.default_rng(10)
    assert len(set(host(gen.choice(8, 3, replace=False)).tolist())) == 3
    keys = host(gen.permuted(wg.broadcast_to(wg.arange(8), (N // 8, 8)), axis=1))
    assert (np.sort(keys, axis=1) == np.arange(8)).all()
    for position in range(3):
        assert_chisquare(keys[:, position], lambda k: np.full(len(k), 1 / 8), range(8))


def test_weighted_choice_without_replacement_matches_successive_sampling():
    """P(first pick = i) = p_i and P(second = j) = sum_i p_i p_j / (1 - p_i): the law of NumPy's
    successive draws."""
    p = np.array([0.5, 0.3, 0.15, 0.05])
    gen = R.default_rng(11)
    picks = np.stack([host(gen.choice(4, 2, replace=False, p=p)) for _ in range(2000)])
    second = np.array([sum(p[i] * p[j] / (1 - p[i]) for i in range(4) if i != j) for j in range(4)])
    for column, law in ((0, p), (1, second)):
        observed = np.bincount(picks[:, column], minlength=4)
        assert stats.chisquare(observed, law * len(picks)).pvalue > ALPHA


def test_adjacent_blocks_and_seeds_are_uncorrelated():
    """Neighbouring values (the same block, adjacent blocks, adjacent workgroups 256 blocks apart)
    and the same positions under seeds 0 and 1 have correlation within 6 / sqrt(N) of 0."""
    x = host(R.default_rng(0).random(N + 1024))
    y = host(R.default_rng(1).random(N))
    for lag in (1, 2, 3, 4, 512, 1024):
        assert abs(np.corrcoef(x[:N], x[lag:N + lag])[0, 1]) < 6 / np.sqrt(N)
    assert abs(np.corrcoef(x[:N], y)[0, 1]) < 6 / np.sqrt(N)
    z = host(R.default_rng(0).standard_normal(N, dtype=np.float32))
    assert abs(np.corrcoef(z[0::2], z[1::2])[0, 1]) < 6 / np.sqrt(N // 2)  # the two of a Box-Muller pair
