"""Snippets that need random: out of scope for now and scored separately."""

from . import snippet


@snippet(needs="random")
def seeded_sample_shape(np):
    rng = np.random.default_rng(0)
    return rng.random((3, 2)).shape
