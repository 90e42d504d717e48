"""Rejection samplers in rounds: every element draws a candidate each round (one vectorised draw
and elementwise kernels for the whole shape) and keeps its first accepted one, until all have
(a host read of one reduction a round). Exact, as an element's draw is the first accepted
candidate of its own sequence, whatever the other elements do; rounds cost O(log n) for an
acceptance probability bounded away from 0."""

from __future__ import annotations

from .._api.elementwise_functions import FUNCTIONS as E
from .._api.utility_functions import all as all_

# Rounds before giving up: an element of a sampler accepting 5% of candidates or more runs past
# it with probability 0.95^1000 = 5e-23 (NumPy's loop has no bound, and hangs instead).
MAX_ROUNDS = 1000


def by_rounds(propose, name: str):
    """The first accepted candidate of each element; propose() gives (candidates, accepted), two
    Arrays of the draw's full shape, from fresh draws at each call."""
    value, done = propose()
    rounds = 1
    while value.size and not bool(all_(done)):
        if rounds == MAX_ROUNDS:
            raise RuntimeError(f"{name}: the rejection sampler accepted no candidate for some elements in "
                               f"{MAX_ROUNDS} rounds (a parameter too close to its bound)")
        candidate, accepted = propose()
        value = E["where"](done, value, candidate)
        done = done | accepted
        rounds += 1
    return value
