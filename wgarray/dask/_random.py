"""wgarray's Philox as dask.array.random's bit generator."""

from __future__ import annotations

from .. import random


class Philox(random.Philox):
    """wgarray.random.Philox under the name dask.array.random spawns seeds through (`_seed_seq`,
    as NumPy's bit generators have); the draws are wgarray's."""

    @property
    def _seed_seq(self):
        return self.seed_seq
