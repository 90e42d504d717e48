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
        """Reseed the stream (the module functions' global stream for ``wgarray.random.seed``).

        Parameters
        ----------
        seed : None, int, array_like of ints or SeedSequence, optional
            The seed, hashed into Philox's key as NumPy's ``SeedSequence`` does; None takes fresh
            entropy from the operating system.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> wg.random.seed(42)
        >>> a = wg.random.rand(3)
        >>> wg.random.seed(42)
        >>> bool(wg.all(a == wg.random.rand(3)))
        True
        """
        self._generator = Generator(Philox(seed))

    def get_state(self, legacy: bool = True) -> dict:
        """The Philox state dict (legacy is accepted for NumPy's signature; there is no MT19937 tuple)."""
        return self._generator.bit_generator.state

    def set_state(self, state) -> None:
        """Restore a state that ``get_state`` returned.

        Parameters
        ----------
        state : dict
            Philox's state, ``{"bit_generator": "Philox", "state": {"key": k, "counter": c}}``
            (NumPy's MT19937 tuples are not accepted).

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> rs = wg.random.RandomState(0)
        >>> saved = rs.get_state()
        >>> a = rs.randn(4)
        >>> rs.set_state(saved)
        >>> bool(wg.all(a == rs.randn(4)))
        True
        """
        self._generator.bit_generator.state = state

    def random_sample(self, size=None):
        """Uniform floats in the half-open interval [0, 1) (also named ``random``, ``ranf`` and ``sample``).

        Parameters
        ----------
        size : int or tuple of int, optional
            The output shape; None (the default) draws one value.

        Returns
        -------
        Array or float
            float64 draws (a 0-d array for ``size=None``).

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> x = wg.random.RandomState(0).random_sample((2, 3))
        >>> x.shape, bool(wg.all((x >= 0) & (x < 1)))
        ((2, 3), True)
        """
        return self._generator.random(size)

    random = ranf = sample = random_sample

    def rand(self, *dims):
        """Uniform floats in [0, 1) of the shape given by the arguments.

        Parameters
        ----------
        *dims : int
            The dimensions; none draws one value.

        Returns
        -------
        Array or float
            float64 draws.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> wg.random.RandomState(0).rand(2, 3).shape
        (2, 3)
        """
        return self._generator.random(dims or None)

    def randn(self, *dims):
        """Standard normal floats of the shape given by the arguments.

        Parameters
        ----------
        *dims : int
            The dimensions; none draws one value.

        Returns
        -------
        Array or float
            float64 draws of mean 0 and variance 1.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> wg.random.RandomState(0).randn(4).dtype
        dtype('float64')
        """
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
        """Draw a random sample from a 1-d array or from ``range(a)``.

        Parameters
        ----------
        a : int or array_like
            The population: an array, or an int n for ``arange(n)``.
        size : int or tuple of int, optional
            The output shape; None draws one element.
        replace : bool, optional
            Whether an element may be drawn more than once (default True).
        p : array_like of float, optional
            The probabilities of the elements (default uniform); they must sum to 1.

        Returns
        -------
        Array
            The sample.

        Raises
        ------
        ValueError
            If ``a`` is empty, ``p`` is not a probability vector, or ``size`` exceeds the
            population without replacement.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> rs = wg.random.RandomState(0)
        >>> sample = rs.choice(10, size=5, replace=False)
        >>> len(set(sample.tolist()))
        5
        """
        return self._generator.choice(a, size, replace, p)

    def shuffle(self, x) -> None:
        """Shuffle a wgarray array along its first axis, in place.

        Parameters
        ----------
        x : Array
            A wgarray array of at least one dimension (shuffled on the device).

        Raises
        ------
        TypeError
            If ``x`` is not a wgarray array or is 0-d.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> x = wg.arange(10)
        >>> wg.random.RandomState(0).shuffle(x)
        >>> sorted(x.tolist()) == list(range(10))
        True
        """
        self._generator.shuffle(x)

    def permutation(self, x):
        """A random permutation of ``range(x)``, or a shuffled copy of an array.

        Parameters
        ----------
        x : int or array_like
            An int n permutes ``arange(n)``; an array is shuffled along its first axis (a copy).

        Returns
        -------
        Array
            The permutation.

        Notes
        -----
        GPU: the legacy interface draws from the same Philox4x32-10 stream as ``Generator``, on the
        device; streams differ from NumPy's MT19937.

        Examples
        --------
        >>> p = wg.random.RandomState(0).permutation(5)
        >>> sorted(p.tolist())
        [0, 1, 2, 3, 4]
        """
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
