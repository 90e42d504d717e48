"""The bit generator: Philox4x32-10 as a key and a counter offset, both held on the host.

The stream is a function of the counter: block c (a 64-bit counter value, with the two upper
counter words zero) gives four 32-bit words. A draw takes a run of blocks from the offset on,
computed on the device, and the host moves the offset past them (engine.blocks_used), so there is
no state on the device and any part of a draw is made by any workgroup.

Seeding: an int, a sequence of ints, a SeedSequence or None (fresh OS entropy) is hashed by
NumPy's SeedSequence (on the host: a handful of integer operations on the seed) into the 64-bit
key; the offset starts at 0. The state is the dict
    {"bit_generator": "Philox", "state": {"key": k, "counter": c}}
with k and c Python ints below 2^64 (get/set through `state`).
"""

from __future__ import annotations

import operator
import threading

import numpy as np

SeedSequence = np.random.SeedSequence
_MASK64 = (1 << 64) - 1


def _seed_sequence(seed) -> SeedSequence:
    if isinstance(seed, SeedSequence):
        return seed
    if isinstance(seed, np.random.BitGenerator):
        return seed.seed_seq
    if seed is not None:
        try:
            seed = np.asarray(seed)
        except Exception:  # noqa: BLE001 - NumPy's message below
            raise TypeError(f"SeedSequence expects int or sequence of ints for entropy not {seed!r}") from None
        if seed.dtype.kind not in "iub" and not (seed.dtype == object and seed.ndim == 0):
            raise TypeError(f"SeedSequence expects int or sequence of ints for entropy not {seed!r}")
        if seed.size and seed.dtype.kind in "iu" and (seed < 0).any():
            raise ValueError("expected non-negative integer")
        seed = int(seed) if seed.ndim == 0 else [int(v) for v in seed.ravel()]
        if isinstance(seed, int) and seed < 0:
            raise ValueError("expected non-negative integer")
    return SeedSequence(seed)


class Philox:
    """The Philox4x32-10 bit generator (as cuRAND and JAX use it), a key and a counter offset.

    A counter-based generator: block ``c`` of the stream (four 32-bit words) is ten rounds of
    Philox on the counter ``(c mod 2^32, c div 2^32, 0, 0)`` under the key, and depends on nothing
    else. The state is two Python ints held on the host: each draw takes the blocks from the
    offset on and moves the offset past them.

    Parameters
    ----------
    seed : None, int, array_like of ints, SeedSequence or numpy.random.BitGenerator, optional
        Hashed into the 64-bit key by NumPy's ``SeedSequence`` (a BitGenerator gives its
        ``seed_seq``); None (the default) takes fresh entropy from the operating system.
    counter : int, optional
        The first block of the stream, in [0, 2^64) (default 0).
    key : int, optional
        The key itself, in [0, 2^64), in place of a seed's hash; such a generator cannot
        ``spawn``.

    Raises
    ------
    ValueError
        If both ``seed`` and ``key`` are given, a key or counter is outside [0, 2^64), or a seed
        is negative.
    TypeError
        If the seed is not an int or a sequence of ints, or a key or counter is not an int.

    See Also
    --------
    default_rng : a Generator on a Philox.

    Notes
    -----
    Dtypes: a seed array holds integers (bool, signed or unsigned); floats are rejected, as by
    NumPy's SeedSequence.

    GPU: none; seeding and the state run on the host (a handful of integer operations). The
    draws that use the stream run on the device (see :class:`Generator`). The stream is not
    NumPy's PCG64 or Philox stream: the same seed gives the same numbers on every adapter, not
    NumPy's numbers.

    Examples
    --------
    >>> bg = wg.random.Philox(key=1, counter=5)
    >>> bg.state
    {'bit_generator': 'Philox', 'state': {'key': 1, 'counter': 5}}
    >>> _ = wg.random.Generator(bg).random(4)  # two float64 values per block
    >>> bg.state["state"]["counter"]
    7
    """

    def __init__(self, seed=None, *, counter=None, key=None):
        if key is not None and seed is not None:
            raise ValueError("seed and key cannot be both used")
        self.seed_seq = _seed_sequence(seed) if key is None else None
        if key is None:
            words = self.seed_seq.generate_state(2, np.uint32)
            key = int(words[0]) | int(words[1]) << 32
        self._lock = threading.Lock()
        self._key = self._word64(key, "key")
        self._counter = 0 if counter is None else self._word64(counter, "counter")

    @staticmethod
    def _word64(value, name: str) -> int:
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(f"{name} must be an integer below 2^64, not {type(value).__name__}") from None
        if not 0 <= value <= _MASK64:
            raise ValueError(f"{name} must be in [0, 2^64), got {value}")
        return value

    @property
    def lock(self):
        return self._lock

    def reserve(self, blocks: int) -> tuple[int, int]:
        """Take the next ``blocks`` blocks of the stream for a draw (the engine's entry point).

        Parameters
        ----------
        blocks : int
            How many blocks (four 32-bit words each) the draw uses.

        Returns
        -------
        tuple of int
            ``(key, counter)``: the key and the first block of the draw; the offset moves past
            the blocks taken (wrapping modulo 2^64), under the generator's lock.

        Notes
        -----
        GPU: none; this runs on the host. The caller's kernels compute the blocks.
        """
        with self._lock:
            start = self._counter
            self._counter = (start + blocks) & _MASK64
            return self._key, start

    @property
    def state(self) -> dict:
        return {"bit_generator": "Philox", "state": {"key": self._key, "counter": self._counter}}

    @state.setter
    def state(self, value) -> None:
        if not isinstance(value, dict) or value.get("bit_generator") != "Philox" or "state" not in value:
            raise ValueError("state must be a dict {'bit_generator': 'Philox', 'state': {'key': k, 'counter': c}}")
        inner = value["state"]
        with self._lock:
            self._key = self._word64(inner["key"], "key")
            self._counter = self._word64(inner["counter"], "counter")

    def advance(self, delta: int) -> "Philox":
        """Advance the stream by ``delta`` blocks, in place.

        Parameters
        ----------
        delta : int
            How many blocks (four 32-bit words each) to skip; the counter wraps modulo 2^64, so
            a negative delta moves back.

        Returns
        -------
        Philox
            This generator itself.

        Notes
        -----
        GPU: none; this changes the counter offset on the host. A block gives four float32
        or two float64 values of a vectorised draw (``random``, ``standard_normal``, ...), four
        values of ``integers`` and one value of a rejection sampler (``standard_gamma``,
        ``poisson``, ``binomial``).

        Examples
        --------
        >>> bg = wg.random.Philox(key=1)
        >>> bg.advance(10).state["state"]["counter"]
        10
        """
        with self._lock:
            self._counter = (self._counter + operator.index(delta)) & _MASK64
        return self

    def jumped(self, jumps: int = 1) -> "Philox":
        """Return a copy of the generator whose counter is ``2^48 * jumps`` blocks further on.

        The copy's stream does not overlap this one's until either has drawn 2^48 blocks.

        Parameters
        ----------
        jumps : int, optional
            How many jumps of 2^48 blocks (default 1).

        Returns
        -------
        Philox
            A new generator with the same key (and SeedSequence); this one is unchanged.

        Notes
        -----
        GPU: none; this runs on the host.
        """
        copy = Philox(key=self._key, counter=(self._counter + (operator.index(jumps) << 48)) & _MASK64)
        copy.seed_seq = self.seed_seq
        return copy

    def spawn(self, n_children: int) -> list:
        """Create independent child generators from this one's SeedSequence.

        Parameters
        ----------
        n_children : int
            How many children.

        Returns
        -------
        list of Philox
            Generators keyed by ``SeedSequence.spawn`` (NumPy's) of this generator's seed.

        Raises
        ------
        TypeError
            If the generator was made from a ``key`` (it has no SeedSequence).

        Notes
        -----
        GPU: none; this runs on the host.
        """
        if self.seed_seq is None:
            raise TypeError("spawn needs a generator seeded by a SeedSequence, not by a key")
        return [Philox(child) for child in self.seed_seq.spawn(n_children)]

    def __repr__(self) -> str:
        return f"Philox(key={self._key:#x}, counter={self._counter})"


_NAMED_DOC = """NumPy's ``{name}`` bit generator's name, for code that builds ``Generator({name}(seed))``:
    a :class:`Philox` stream seeded from the same ``SeedSequence`` as NumPy's {name}(seed).

    wgarray generates Philox4x32-10 streams only (counter-based: any part of a draw is made by
    any workgroup), so the numbers are not {name}'s; as with every wgarray stream, the same seed
    gives the same numbers on every adapter.

    Parameters
    ----------
    seed : None, int, array_like of ints, SeedSequence or numpy.random.BitGenerator, optional
        As :class:`Philox`'s seed.

    Raises
    ------
    ValueError
        If the seed is negative.
    TypeError
        If the seed is not an int or a sequence of ints.

    See Also
    --------
    Philox : the bit generator this is.

    Notes
    -----
    Dtypes: a seed array holds integers (bool, signed or unsigned).

    GPU: none; seeding runs on the host. Draws from it run on the device (see :class:`Generator`).
    Its state is Philox's dict.

    Examples
    --------
    >>> rng = wg.random.Generator(wg.random.{name}(12345))
    >>> rng.random(3).shape
    (3,)
    """


def _named_like_numpy(name: str) -> type:
    """A Philox subclass under the name of one of NumPy's bit generators (seed only)."""

    def __init__(self, seed=None):
        Philox.__init__(self, seed)

    return type(name, (Philox,), {"__init__": __init__, "__doc__": _NAMED_DOC.format(name=name),
                                  "__module__": __name__})


PCG64 = _named_like_numpy("PCG64")
PCG64DXSM = _named_like_numpy("PCG64DXSM")
MT19937 = _named_like_numpy("MT19937")
SFC64 = _named_like_numpy("SFC64")
