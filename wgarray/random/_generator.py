"""Generator: NumPy's numpy.random.Generator on a Philox stream, every draw made on the device."""

from __future__ import annotations

from ._bit_generator import Philox, SeedSequence
from ._continuous import ContinuousMixin
from ._discrete import DiscreteMixin
from ._more import MoreContinuousMixin
from ._more_discrete import MoreDiscreteMixin
from ._multivariate import MultivariateMixin
from ._sampling import SamplingMixin


class Generator(ContinuousMixin, DiscreteMixin, MoreContinuousMixin, MoreDiscreteMixin, MultivariateMixin,
                SamplingMixin):
    """NumPy's random ``Generator``, drawing from a Philox stream on the device.

    The distributions, signatures, checks (NumPy's exception types) and result types are
    ``numpy.random.Generator``'s; the numbers are not NumPy's (see the random guide). Use
    :func:`default_rng` to make one from a seed.

    Parameters
    ----------
    bit_generator : Philox
        The stream to draw from (shared, not copied: draws move its counter).

    Raises
    ------
    TypeError
        If ``bit_generator`` is not a ``wgarray.random.Philox`` (NumPy's bit generators are
        not accepted).

    See Also
    --------
    default_rng : a Generator from a seed.
    Philox : the bit generator.

    Notes
    -----
    GPU: every draw is made by WGSL kernels from the Philox4x32-10 stream: one vectorised
    dispatch for the uniform, normal, exponential and logistic draws, a rejection kernel
    (bounded loop per element) for the gamma, poisson and binomial samplers, NumPy's rejection
    samplers in rounds of vectorised draws and elementwise kernels for ``vonmises``,
    ``logseries``, ``zipf`` and ``hypergeometric``, an exact integer kernel for ``integers``, the
    radix sort for permutations. No state lives on the device;
    the host moves the counter past each draw. float64 draws, ``integers`` and the rejection
    samplers (and the draws built on them) need an adapter with shader-f64 and shader-int64
    (NotImplementedError otherwise); float32 ``random``, ``standard_normal`` and
    ``standard_exponential`` need neither.

    Examples
    --------
    >>> rng = wg.random.Generator(wg.random.Philox(42))
    >>> rng.standard_normal((2, 3)).shape
    (2, 3)
    """

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, Philox):
            raise TypeError(f"Generator takes a wgarray.random.Philox, not {type(bit_generator).__name__}")
        self._bit_generator = bit_generator

    @property
    def bit_generator(self) -> Philox:
        return self._bit_generator

    def spawn(self, n_children: int) -> list:
        """Create independent child Generators (NumPy's ``Generator.spawn``).

        Parameters
        ----------
        n_children : int
            How many children.

        Returns
        -------
        list of Generator
            Generators on the Philox children of :meth:`Philox.spawn`.

        Raises
        ------
        TypeError
            If the Philox was made from a ``key`` (it has no SeedSequence).

        Notes
        -----
        GPU: none; this runs on the host.
        """
        return [Generator(child) for child in self._bit_generator.spawn(n_children)]

    def __repr__(self) -> str:
        return f"Generator({self._bit_generator!r})"


def default_rng(seed=None) -> Generator:
    """Construct a Generator on a Philox stream, as NumPy's ``default_rng`` (on PCG64) does.

    Parameters
    ----------
    seed : None, int, array_like of ints, SeedSequence, Philox or Generator, optional
        Hashed into Philox's key by NumPy's ``SeedSequence``; None (the default) takes fresh
        entropy from the operating system. A Generator is returned as it is and a Philox is
        wrapped, not copied.

    Returns
    -------
    Generator
        A generator whose streams are the same on every adapter for the same seed (but not
        NumPy's numbers).

    Raises
    ------
    TypeError
        If the seed is not an int or a sequence of ints.
    ValueError
        If the seed is negative.

    See Also
    --------
    Generator, Philox

    Notes
    -----
    Dtypes: a seed array holds integers (bool, signed or unsigned); floats are rejected.

    GPU: none at construction (the seed is hashed on the host); the draws run on the device.

    Examples
    --------
    >>> rng = wg.random.default_rng(12345)
    >>> x = rng.random(3)
    >>> bool(wg.all(x == wg.random.default_rng(12345).random(3)))
    True
    >>> rng.integers(0, 10, size=4).dtype
    dtype('int64')
    """
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, Philox):
        return Generator(seed)
    return Generator(Philox(seed))


__all__ = ["Generator", "Philox", "SeedSequence", "default_rng"]
