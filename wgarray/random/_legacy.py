"""NumPy's legacy interface: RandomState and the module functions (np.random.rand, seed, ...),
backed by the same Philox generator as Generator. Streams differ from NumPy's MT19937; the
state (get_state/set_state) is Philox's dict, {"bit_generator": "Philox", "state": {"key": k,
"counter": c}}, not MT19937's tuple."""

from __future__ import annotations


from ._bit_generator import Philox
from ._common import numpy_dtype, shape_of
from ._generator import Generator

# Methods RandomState shares with Generator, arguments and results alike.
_SHARED = ("beta", "binomial", "bytes", "chisquare", "dirichlet", "exponential", "gamma", "geometric",
           "laplace", "logistic", "lognormal", "multinomial", "normal", "poisson", "standard_exponential",
           "standard_gamma", "standard_normal", "uniform")


class RandomState:
    """RandomState(seed=None): the legacy methods over a Philox stream seeded by seed."""

    def __init__(self, seed=None):
        self._generator = Generator(Philox(seed))

    def seed(self, seed=None) -> None:
        self._generator = Generator(Philox(seed))

    def get_state(self, legacy: bool = True) -> dict:
        """The Philox state dict (legacy is accepted for NumPy's signature; there is no MT19937 tuple)."""
        return self._generator.bit_generator.state

    def set_state(self, state) -> None:
        self._generator.bit_generator.state = state

    def random_sample(self, size=None):
        return self._generator.random(size)

    random = ranf = sample = random_sample

    def rand(self, *dims):
        return self._generator.random(dims or None)

    def randn(self, *dims):
        return self._generator.standard_normal(dims or None)

    def randint(self, low, high=None, size=None, dtype=int):
        """Integers in [low, high) (a Python int for size=None with the default dtype, as NumPy)."""
        result = self._generator.integers(low, high, size, dtype=numpy_dtype(dtype))
        return int(result) if shape_of(size) is None and dtype is int else result

    def random_integers(self, low, high=None, size=None):
        """Integers in [low, high] (deprecated in NumPy; high defaults to low, low to 1)."""
        if high is None:
            low, high = 1, low
        return self._generator.integers(low, high, size, endpoint=True)

    def choice(self, a, size=None, replace=True, p=None):
        return self._generator.choice(a, size, replace, p)

    def shuffle(self, x) -> None:
        self._generator.shuffle(x)

    def permutation(self, x):
        return self._generator.permutation(x)

    def __repr__(self) -> str:
        return f"RandomState({self._generator.bit_generator!r})"


def _shared(name: str):
    def method(self, *args, **kwargs):
        return getattr(self._generator, name)(*args, **kwargs)
    method.__name__ = name
    method.__doc__ = getattr(Generator, name).__doc__
    return method


for _name in _SHARED:
    setattr(RandomState, _name, _shared(_name))

_global = RandomState()


def global_bit_generator() -> Philox:
    """The Philox stream behind the module functions (seed() replaces it): what other packages
    draw from when NumPy-style code expects the global state to govern them (nn's dropout)."""
    return _global._generator.bit_generator
LEGACY_FUNCTIONS = {name: getattr(_global, name) for name in (
    "seed", "get_state", "set_state", "rand", "randn", "randint", "random", "random_sample", "ranf", "sample",
    "random_integers", "choice", "shuffle", "permutation", *_SHARED)}
