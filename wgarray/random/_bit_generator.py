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
    """Philox4x32-10 (as cuRAND and JAX use it): ``Philox(seed=None, *, counter=None, key=None)``.

    key (a 64-bit int) replaces the seed's hash; counter (an int below 2^64) is the first block.
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
        """(key, counter offset) of a draw of `blocks` blocks; the offset moves past them."""
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
        """Skip delta blocks (four 32-bit words each) of the stream."""
        with self._lock:
            self._counter = (self._counter + operator.index(delta)) & _MASK64
        return self

    def jumped(self, jumps: int = 1) -> "Philox":
        """A new Philox whose counter is 2^48 * jumps blocks further on (a disjoint stream for any
        draw of fewer than 2^48 blocks)."""
        copy = Philox(key=self._key, counter=(self._counter + (operator.index(jumps) << 48)) & _MASK64)
        copy.seed_seq = self.seed_seq
        return copy

    def spawn(self, n_children: int) -> list:
        """n_children independent Philox generators from this one's SeedSequence."""
        if self.seed_seq is None:
            raise TypeError("spawn needs a generator seeded by a SeedSequence, not by a key")
        return [Philox(child) for child in self.seed_seq.spawn(n_children)]

    def __repr__(self) -> str:
        return f"Philox(key={self._key:#x}, counter={self._counter})"
