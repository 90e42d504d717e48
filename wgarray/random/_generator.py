"""Generator: NumPy's numpy.random.Generator on a Philox stream, every draw made on the device."""

from __future__ import annotations

from ._bit_generator import Philox, SeedSequence
from ._continuous import ContinuousMixin
from ._discrete import DiscreteMixin
from ._multivariate import MultivariateMixin
from ._sampling import SamplingMixin


class Generator(ContinuousMixin, DiscreteMixin, MultivariateMixin, SamplingMixin):
    """Generator(bit_generator): draws from a Philox stream (docs/random.md). Streams differ from
    NumPy's; the distributions, signatures, checks and result types are NumPy's."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, Philox):
            raise TypeError(f"Generator takes a wgarray.random.Philox, not {type(bit_generator).__name__}")
        self._bit_generator = bit_generator

    @property
    def bit_generator(self) -> Philox:
        return self._bit_generator

    def spawn(self, n_children: int) -> list:
        return [Generator(child) for child in self._bit_generator.spawn(n_children)]

    def __repr__(self) -> str:
        return f"Generator({self._bit_generator!r})"


def default_rng(seed=None) -> Generator:
    """A Generator on Philox seeded by seed (an int, a sequence of ints, a SeedSequence or None for
    fresh OS entropy); a Generator passes through and a Philox is wrapped, as in NumPy."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, Philox):
        return Generator(seed)
    return Generator(Philox(seed))


__all__ = ["Generator", "Philox", "SeedSequence", "default_rng"]
