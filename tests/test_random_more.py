"""The distributions of wgarray/random/_more.py and _more_discrete.py (Generator, RandomState and
the module functions) against their laws, at fixed seeds (each test passes or fails for good).

Statistical power. Each law draws n = 2e5 values once. Kolmogorov-Smirnov (continuous laws) at
alpha = 1e-6: the critical distance is sqrt(ln(2 / alpha) / (2 n)) = 0.0060, so a correct
sampler fails with probability 1e-6 and a CDF wrong by 0.01 anywhere (a scale off by ~2.5%)
fails with probability above 0.99. Chi-square (discrete laws) over the cells of expected count
>= 20, the tails pooled, at alpha = 1e-6: with k cells it detects a change of the law of total
variation ~ 3 sqrt(k / n) (0.02 for 10 cells; the hypergeometric HRUA cases draw n / 4 or n / 8,
twice or 2.8 times that). The mean and the variance are checked to 5
standard errors (sd / sqrt(n), and sd^2 sqrt((kurtosis + 2) / n) for the variance, where the
fourth moment is finite): a false failure has probability 6e-7, and a mean off by 1.1% of a
standard deviation fails.
"""

import math

import numpy as np
import pytest
from scipy import special, stats
from test_random_distributions import assert_chisquare, assert_ks, host

import wgarray as wg
from wgarray.random._hypergeometric import log_factorial

R = wg.random
n = 200_000

# name: (draw(generator, size), the scipy law, None for a continuous law or the support to test)
LAWS = {
    "standard_cauchy": (lambda g, s: g.standard_cauchy(s), stats.cauchy(), None),
    "standard_t": (lambda g, s: g.standard_t(7.5, s), stats.t(7.5), None),
    "standard_t small df": (lambda g, s: g.standard_t(0.7, s), stats.t(0.7), None),
    "f": (lambda g, s: g.f(6.0, 14.0, s), stats.f(6.0, 14.0), None),
    "noncentral_chisquare df > 1": (lambda g, s: g.noncentral_chisquare(3.5, 2.0, s), stats.ncx2(3.5, 2.0), None),
    "noncentral_chisquare df < 1": (lambda g, s: g.noncentral_chisquare(0.6, 1.5, s), stats.ncx2(0.6, 1.5), None),
    "noncentral_chisquare nonc 0": (lambda g, s: g.noncentral_chisquare(2.5, 0.0, s), stats.chi2(2.5), None),
    "noncentral_f": (lambda g, s: g.noncentral_f(5.0, 20.0, 3.0, s), stats.ncf(5.0, 20.0, 3.0), None),
    "vonmises": (lambda g, s: g.vonmises(0.0, 2.5, s), stats.vonmises(2.5), None),
    "vonmises small kappa": (lambda g, s: g.vonmises(0.0, 1e-6, s), stats.vonmises(1e-6), None),
    "wald": (lambda g, s: g.wald(2.0, 3.0, s), stats.invgauss(2.0 / 3.0, scale=3.0), None),
    "weibull": (lambda g, s: g.weibull(1.7, s), stats.weibull_min(1.7), None),
    "pareto": (lambda g, s: g.pareto(5.5, s), stats.lomax(5.5), None),
    "power": (lambda g, s: g.power(0.6, s), stats.powerlaw(0.6), None),
    "rayleigh": (lambda g, s: g.rayleigh(2.5, s), stats.rayleigh(scale=2.5), None),
    "gumbel": (lambda g, s: g.gumbel(1.0, 2.0, s), stats.gumbel_r(1.0, 2.0), None),
    "triangular": (lambda g, s: g.triangular(-1.0, 0.5, 3.0, s), stats.triang(1.5 / 4.0, loc=-1.0, scale=4.0), None),
    "negative_binomial": (lambda g, s: g.negative_binomial(3.5, 0.4, s), stats.nbinom(3.5, 0.4), range(0, 40)),
    "negative_binomial p 0.95": (lambda g, s: g.negative_binomial(2.0, 0.95, s), stats.nbinom(2.0, 0.95), range(0, 8)),
    "hypergeometric": (lambda g, s: g.hypergeometric(12, 20, 9, s), stats.hypergeom(32, 12, 9), range(0, 10)),
    # nsample above half the items: the items left out are drawn
    "hypergeometric complement": (lambda g, s: g.hypergeometric(30, 10, 33, s), stats.hypergeom(40, 30, 33),
                                  range(23, 31)),
    # from 10 items on, HRUA: more goods than bads, fewer, and the complement (n / 4 draws: the
    # rounds of this sampler cost ~100 kernels each on lavapipe)
    "hypergeometric HRUA": (lambda g, s: g.hypergeometric(60, 45, 30, s // 4), stats.hypergeom(105, 60, 30),
                            range(5, 30)),
    "hypergeometric HRUA few goods": (lambda g, s: g.hypergeometric(7, 300, 120, s // 4),
                                      stats.hypergeom(307, 7, 120), range(0, 8)),
    "hypergeometric HRUA complement": (lambda g, s: g.hypergeometric(500, 700, 1000, s // 4),
                                       stats.hypergeom(1200, 500, 1000), range(380, 450)),
    "logseries": (lambda g, s: g.logseries(0.7, s), stats.logser(0.7), range(1, 25)),
    "logseries p 0.99": (lambda g, s: g.logseries(0.99, s), stats.logser(0.99), range(1, 200)),
    "zipf": (lambda g, s: g.zipf(2.2, s), stats.zipf(2.2), range(1, 100)),
    "zipf 6": (lambda g, s: g.zipf(6.0, s), stats.zipf(6.0), range(1, 10)),
}


def assert_moments(sample, law):
    """Mean and variance to 5 standard errors where the law has them (and the variance's error)."""
    mean, var, kurtosis = (float(m) for m in law.stats(moments="mvk"))
    sample = host(sample).astype(np.float64)
    n = len(sample)
    if math.isfinite(var):
        assert abs(sample.mean() - mean) < 5 * math.sqrt(var / n), f"mean {sample.mean()}, expected {mean}"
    if math.isfinite(kurtosis):
        assert abs(sample.var() - var) < 5 * var * math.sqrt((kurtosis + 2) / n), \
            f"variance {sample.var()}, expected {var}"


@pytest.mark.parametrize("name", sorted(LAWS))
def test_law(name):
    draw, law, support = LAWS[name]
    sample = draw(R.default_rng(2025), n)
    assert sample.shape in ((n,), (n // 4,))
    assert sample.dtype == (np.float64 if support is None else np.int64)
    if support is None:
        assert_ks(sample, law.cdf)
    else:
        assert_chisquare(sample, law.pmf, support)
    assert_moments(sample, law)


def test_vonmises_location_and_wrapping():
    """mu shifts the law around the circle: (x - mu) wrapped to [-pi, pi) is von Mises(0, kappa),
    and every draw lies in [-pi, pi]."""
    x = host(R.default_rng(3).vonmises(3.0, 1.5, n))
    assert (np.abs(x) <= np.pi).all()
    assert_ks(np.mod(x - 3.0 + np.pi, 2 * np.pi) - np.pi, stats.vonmises(1.5).cdf)


def test_array_parameters_take_each_branch():
    """Per-element parameters reach each element: von Mises kappa in each of NumPy's three regimes,
    noncentral chi-square df on both sides of 1 and nonc 0, Weibull a = 0, hypergeometric samples
    drawn item by item beside HRUA's."""
    g = R.default_rng(4)
    kappa = wg.asarray([0.0, 2.5, 1e7])
    x = host(g.vonmises(0.0, kappa, (n // 4, 3)))
    assert_ks(x[:, 0], stats.uniform(-np.pi, 2 * np.pi).cdf)
    assert_ks(x[:, 1], stats.vonmises(2.5).cdf)
    assert_ks(x[:, 2], stats.norm(0, 1 / math.sqrt(1e7)).cdf)
    y = host(g.noncentral_chisquare(wg.asarray([3.5, 0.6, 2.5]), wg.asarray([2.0, 1.5, 0.0]), (n // 4, 3)))
    for column, law in enumerate((stats.ncx2(3.5, 2.0), stats.ncx2(0.6, 1.5), stats.chi2(2.5))):
        assert_ks(y[:, column], law.cdf)
    z = host(g.weibull(wg.asarray([0.0, 1.7]), (1000, 2)))
    assert (z[:, 0] == 0).all() and (z[:, 1] > 0).all()
    k = host(g.hypergeometric(wg.asarray([12, 30, 60]), wg.asarray([20, 10, 45]), wg.asarray([9, 33, 30]), (n // 8, 3)))
    assert_chisquare(k[:, 0], stats.hypergeom(32, 12, 9).pmf, range(0, 10))
    assert_chisquare(k[:, 1], stats.hypergeom(40, 30, 33).pmf, range(23, 31))
    assert_chisquare(k[:, 2], stats.hypergeom(105, 60, 30).pmf, range(5, 30))  # HRUA beside the sequential draws


# name: arguments of one draw, for the generic tests
ARGUMENTS = {
    "standard_cauchy": (), "standard_t": (3.0,), "f": (2.0, 3.0), "noncentral_chisquare": (2.0, 1.0),
    "noncentral_f": (2.0, 3.0, 1.0), "vonmises": (0.5, 2.0), "wald": (1.0, 2.0), "weibull": (1.5,),
    "pareto": (2.0,), "power": (2.0,), "rayleigh": (2.0,), "gumbel": (0.0, 1.0), "triangular": (0.0, 1.0, 2.0),
    "negative_binomial": (3.0, 0.5), "hypergeometric": (5, 6, 4), "logseries": (0.5,), "zipf": (2.0,),
}
INTEGER = {"negative_binomial", "hypergeometric", "logseries", "zipf"}


@pytest.mark.parametrize("name", sorted(ARGUMENTS))
def test_shapes_types_and_seeds(name):
    args = ARGUMENTS[name]
    g = R.default_rng(9)
    dtype = np.int64 if name in INTEGER else np.float64
    scalar = getattr(g, name)(*args)
    assert type(scalar) is (int if name in INTEGER else float)
    for size, shape in ((5, (5,)), ((2, 3), (2, 3)), ((), ()), (0, (0,)), ((3, 0), (3, 0))):
        x = getattr(g, name)(*args, size=size)
        assert isinstance(x, wg.ndarray) and x.shape == shape and x.dtype == dtype
    # array parameters broadcast with each other and against size, as NumPy's
    if args:
        first = wg.asarray([args[0]] * 3)
        assert getattr(g, name)(first, *args[1:]).shape == (3,)
        assert getattr(g, name)(first, *args[1:], size=(4, 3)).shape == (4, 3)
        with pytest.raises(ValueError):
            getattr(np.random.default_rng(0), name)(np.asarray([args[0]] * 3), *args[1:], size=(4, 2))
        with pytest.raises(ValueError):
            getattr(g, name)(first, *args[1:], size=(4, 2))
    # same seed, same numbers; the legacy method and module function draw the same way
    a, b = (host(getattr(R.default_rng(11), name)(*args, size=1000)) for _ in range(2))
    np.testing.assert_array_equal(a, b)
    assert len(np.unique(a)) > (2 if name in INTEGER else 900)
    legacy = host(getattr(R.RandomState(11), name)(*args, size=1000))
    np.testing.assert_array_equal(legacy, a)
    R.seed(11)
    np.testing.assert_array_equal(host(getattr(R, name)(*args, size=1000)), a)


BAD = [
    ("standard_t", (0.0,)), ("standard_t", (-1.0,)), ("f", (0.0, 1.0)), ("f", (1.0, -1.0)),
    ("noncentral_chisquare", (0.0, 1.0)), ("noncentral_chisquare", (1.0, -0.5)),
    ("noncentral_f", (0.0, 1.0, 1.0)), ("noncentral_f", (1.0, 0.0, 1.0)), ("noncentral_f", (1.0, 1.0, -1.0)),
    ("vonmises", (0.0, -1.0)), ("wald", (0.0, 1.0)), ("wald", (1.0, 0.0)), ("weibull", (-1.0,)),
    ("pareto", (0.0,)), ("power", (-2.0,)), ("rayleigh", (-1.0,)), ("gumbel", (0.0, -1.0)),
    ("triangular", (2.0, 1.0, 3.0)), ("triangular", (0.0, 4.0, 3.0)), ("triangular", (1.0, 1.0, 1.0)),
    ("negative_binomial", (0.0, 0.5)), ("negative_binomial", (1.0, 0.0)), ("negative_binomial", (1.0, 1.5)),
    ("negative_binomial", (1.0, float("nan"))), ("negative_binomial", (1e10, 1e-10)),
    ("hypergeometric", (-1, 5, 2)), ("hypergeometric", (5, -1, 2)),
    ("hypergeometric", (5, 5, -1)), ("hypergeometric", (2, 3, 6)), ("hypergeometric", (10**9, 5, 2)),
    ("logseries", (1.0,)), ("logseries", (-0.1,)), ("logseries", (float("nan"),)), ("zipf", (1.0,)),
    ("zipf", (float("nan"),)),
]


@pytest.mark.parametrize("name, args", BAD, ids=[f"{name}{args}" for name, args in BAD])
def test_bad_parameters_raise_numpys_error(name, args):
    with pytest.raises(ValueError) as expected:
        getattr(np.random.default_rng(0), name)(*args)
    with pytest.raises(ValueError, match=expected.value.args[0].split(" ")[0]):
        getattr(R.default_rng(0), name)(*args)
    with pytest.raises(ValueError):  # as an array parameter too, checked on the device
        getattr(R.default_rng(0), name)(*(wg.asarray([a, a]) for a in args))
    with pytest.raises(ValueError):
        getattr(R.RandomState(0), name)(*args)


def test_complex_and_non_numeric_parameters_raise_type_error():
    with pytest.raises(TypeError):
        R.default_rng(0).wald(wg.asarray([1 + 1j]), 1.0)
    with pytest.raises(TypeError):
        R.default_rng(0).gumbel(None)


def test_edge_parameters():
    g = R.default_rng(12)
    assert (host(g.weibull(0.0, 10)) == 0).all()
    assert (host(g.logseries(0.0, 10)) == 1).all()
    assert (host(g.negative_binomial(2.0, 1.0, 10)) == 0).all()
    assert (host(g.hypergeometric(0, 5, 3, 10)) == 0).all()
    assert (host(g.hypergeometric(4, 5, 9, 10)) == 4).all()
    assert (host(g.hypergeometric(4, 5, 0, 10)) == 0).all()
    assert (host(g.power(1.0, 1000)) <= 1).all()
    x = host(g.triangular(0.0, 0.0, 1.0, 1000))  # the mode at an end
    assert ((x >= 0) & (x <= 1)).all()


def test_log_factorial_matches_scipy():
    k = np.array([0, 1, 2, 3, 5.5, 6, 6.9, 7, 20, 125, 126, 1e4, 1e9])
    np.testing.assert_allclose(host(log_factorial(wg.asarray(k))), special.gammaln(k + 1), rtol=1e-14, atol=1e-15)


def test_hypergeometric_large_counts():
    """HRUA with counts near NumPy's 10^9 bound, and a tiny sample of a huge population."""
    g = R.default_rng(13)
    law = stats.hypergeom(10**9 - 1 + 10**8, 10**9 - 1, 4000)
    x = host(g.hypergeometric(10**9 - 1, 10**8, 4000, n // 8))
    assert_chisquare(x, law.pmf, range(3560, 3720))
    assert_moments(x, law)
    assert 0 <= g.hypergeometric(10**8, 10**8, 3) <= 3


@pytest.mark.parametrize("name", ["PCG64", "PCG64DXSM", "MT19937", "SFC64"])
def test_numpy_bit_generator_names_seed_philox(name):
    # Generator(PCG64(seed)) runs: a Philox stream from the same SeedSequence (not PCG64's numbers)
    bit_generator = getattr(wg.random, name)(2024)
    assert isinstance(bit_generator, wg.random.Philox) and type(bit_generator).__name__ == name
    assert bit_generator.state == wg.random.Philox(2024).state
    a = wg.random.Generator(bit_generator).standard_normal(5)
    b = wg.random.Generator(wg.random.Philox(2024)).standard_normal(5)
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    with pytest.raises(ValueError):
        getattr(wg.random, name)(-1)


def test_legacy_multivariate_normal():
    wg.random.seed(3)
    first = np.asarray(wg.random.multivariate_normal([1.0, -1.0], [[2.0, 0.5], [0.5, 1.0]], size=(4, 2)))
    wg.random.seed(3)
    again = np.asarray(wg.random.RandomState(3).multivariate_normal([1.0, -1.0], [[2.0, 0.5], [0.5, 1.0]],
                                                                        size=(4, 2)))
    assert first.shape == (4, 2, 2) and first.dtype == np.float64
    np.testing.assert_array_equal(first, again)  # the global stream is a RandomState's
