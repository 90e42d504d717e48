"""NumPy's legacy interface: RandomState and the module functions (np.random.rand, seed, ...),
backed by the same Philox generator as Generator. Streams differ from NumPy's MT19937; the
state (get_state/set_state) is Philox's dict, {"bit_generator": "Philox", "state": {"key": k,
"counter": c}}, not MT19937's tuple."""

from __future__ import annotations

import inspect
import textwrap

from ._bit_generator import Philox
from ._common import numpy_dtype, shape_of
from ._generator import Generator

# Methods RandomState shares with Generator, arguments and results alike.
_SHARED = ("beta", "binomial", "bytes", "chisquare", "dirichlet", "exponential", "f", "gamma", "geometric",
           "gumbel", "hypergeometric", "laplace", "logistic", "lognormal", "logseries", "multinomial",
           "multivariate_normal", "negative_binomial", "noncentral_chisquare", "noncentral_f", "normal", "pareto", "poisson", "power",
           "rayleigh", "standard_cauchy", "standard_exponential", "standard_gamma", "standard_normal",
           "standard_t", "triangular", "uniform", "vonmises", "wald", "weibull", "zipf")


class RandomState:
    """NumPy's legacy ``RandomState``: the legacy methods over a Philox stream.

    Each method draws as the ``Generator`` method of its name does (the legacy ``rand``,
    ``randn``, ``randint``, ``random_integers`` and ``random_sample`` as ``random``,
    ``standard_normal`` and ``integers``). The module functions (``wgarray.random.normal``, ...)
    are the methods of one global RandomState, which ``wgarray.random.seed`` reseeds.

    Parameters
    ----------
    seed : None, int, array_like of ints or SeedSequence, optional
        Hashed into Philox's key by NumPy's ``SeedSequence``; None (the default) takes fresh
        entropy from the operating system.

    See Also
    --------
    Generator : the modern interface, with the same distributions.

    Notes
    -----
    Dtypes: a seed array holds integers (bool, signed or unsigned); floats are rejected.

    GPU: every draw is made by WGSL kernels from the Philox4x32-10 stream (see
    :class:`Generator`). The streams are not NumPy's MT19937 streams, and the state
    (``get_state``) is Philox's dict, not MT19937's tuple.

    Examples
    --------
    >>> rs = wg.random.RandomState(7)
    >>> bool(wg.all(rs.rand(3) == wg.random.RandomState(7).rand(3)))
    True
    """

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
        Dtypes: a seed array holds integers (bool, signed or unsigned); floats are rejected.

        GPU: none; the seed is hashed on the host. The legacy interface draws from the same
        Philox4x32-10 stream as ``Generator``, on the device; streams differ from NumPy's MT19937.

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
        """Return the state of the stream (the global stream for ``wgarray.random.get_state``).

        Parameters
        ----------
        legacy : bool, optional
            Accepted for NumPy's signature and ignored: there is no MT19937 tuple to return.

        Returns
        -------
        dict
            Philox's state, ``{"bit_generator": "Philox", "state": {"key": k, "counter": c}}``
            (Python ints below 2^64), which ``set_state`` restores.

        Notes
        -----
        GPU: none; the state lives on the host.

        Examples
        --------
        >>> wg.random.RandomState(0).get_state()["bit_generator"]
        'Philox'
        """
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
            float64 draws (a Python float for ``size=None``).

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
        """Draw uniform integers from [low, high).

        Parameters
        ----------
        low : int or array_like of ints
            The lowest value, or the upper bound when ``high`` is None (the lowest is then 0).
        high : int or array_like of ints, optional
            One past the highest value.
        size : int or tuple of int, optional
            The output shape; None (the default) draws one value for scalar bounds.
        dtype : dtype, optional
            Any integer dtype or bool; the default ``int`` draws int64.

        Returns
        -------
        Array, int or NumPy integer scalar
            The draws; for ``size=None`` a Python int with the default ``dtype=int`` (as NumPy),
            a NumPy scalar of ``dtype`` otherwise.

        Raises
        ------
        ValueError
            If a bound is out of ``dtype``'s range, or ``low >= high``.
        TypeError
            If ``dtype`` is not an integer or bool dtype.

        See Also
        --------
        Generator.integers : the draw it makes.

        Notes
        -----
        Dtypes: every integer dtype and bool (see :meth:`Generator.integers`).

        GPU: one exact integer kernel (wgsl/random_integers.wgsl), as ``Generator.integers``; a
        scalar result is read back to the host. Streams differ from NumPy's MT19937.

        Examples
        --------
        >>> x = wg.random.RandomState(0).randint(5, 10, size=100)
        >>> x.dtype, bool(wg.all((x >= 5) & (x < 10)))
        (dtype('int64'), True)
        """
        result = self._generator.integers(low, high, size, dtype=numpy_dtype(dtype))
        return int(result) if shape_of(size) is None and dtype is int else result

    def random_integers(self, low, high=None, size=None):
        """Draw uniform int64 integers from [low, high], both included (deprecated in NumPy).

        Parameters
        ----------
        low : int or array_like of ints
            The lowest value, or the highest when ``high`` is None (the lowest is then 1).
        high : int or array_like of ints, optional
            The highest value.
        size : int or tuple of int, optional
            The output shape; None (the default) draws one value for scalar bounds.

        Returns
        -------
        Array or NumPy integer scalar
            int64 draws; a NumPy int64 for ``size=None`` and scalar bounds.

        Raises
        ------
        ValueError
            If ``low > high``.

        Notes
        -----
        Dtypes: the draws are int64 (see :meth:`Generator.integers`, with ``endpoint=True``).
        NumPy deprecates this function and warns; wgarray does not warn.

        GPU: one exact integer kernel (wgsl/random_integers.wgsl); a scalar result is read back to
        the host.
        """
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
        Dtypes: the population may have any dtype (the result has it); ``p`` may have any real
        dtype and computes in float64 (complex raises TypeError).

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
        Dtypes: every dtype.

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
        Dtypes: every dtype (the copy keeps ``x``'s).

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


_LEGACY_NOTE = """\
Legacy: ``RandomState.{name}`` is :meth:`Generator.{name}` on the RandomState's own Philox
stream, with the same arguments (where NumPy's legacy method has fewer, the others are
wgarray's). The module function ``wgarray.random.{name}`` draws from the global RandomState,
which ``wgarray.random.seed`` reseeds and ``get_state`` and ``set_state`` save and restore.
"""

# Examples of the legacy form (the Generator's examples are left out: they would run twice more).
_LEGACY_EXAMPLES = {
    "normal": """
>>> wg.random.seed(0)
>>> x = wg.random.normal(5.0, 2.0, size=(2, 3))
>>> x.shape, x.dtype
((2, 3), dtype('float64'))
""",
    "uniform": """
>>> rs = wg.random.RandomState(0)
>>> x = rs.uniform(-1.0, 1.0, size=1000)
>>> bool(wg.all((x >= -1) & (x < 1)))
True
""",
}


def _legacy_doc(name: str) -> str:
    """Generator.<name>'s docstring without its examples, with the legacy note ending its Notes."""
    text = inspect.cleandoc(getattr(Generator, name).__doc__)
    text = text.split("\nExamples\n--------\n")[0].rstrip()
    assert "\nNotes\n-----\n" in text and "\nReferences\n" not in text, name  # the note goes in Notes
    text += "\n\n" + textwrap.fill(" ".join(_LEGACY_NOTE.format(name=name).split()), 92) + "\n"
    if name in _LEGACY_EXAMPLES:
        text += "\nExamples\n--------" + _LEGACY_EXAMPLES[name]
    return text


def _shared(name: str):
    def method(self, *args, **kwargs):
        return getattr(self._generator, name)(*args, **kwargs)
    method.__name__, method.__qualname__ = name, f"RandomState.{name}"
    method.__signature__ = inspect.signature(getattr(Generator, name))  # the arguments it forwards
    method.__doc__ = _legacy_doc(name)
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
