"""wgarray.random: NumPy's numpy.random on the device (docs/random.md).

Every draw is made by WGSL kernels from a Philox4x32-10 counter-based stream (the random engine,
wgarray/_engines/random.py): Generator and default_rng (NumPy's modern interface), RandomState and
the legacy module functions (seed, rand, randn, randint, ...), all on the same generator. Streams
are not NumPy's: the same seed gives the same numbers on every adapter, not NumPy's numbers.
"""

from ._bit_generator import MT19937, PCG64, PCG64DXSM, SFC64, Philox, SeedSequence
from ._generator import Generator, default_rng
from ._legacy import LEGACY_FUNCTIONS, RandomState

globals().update(LEGACY_FUNCTIONS)

__all__ = ["Generator", "MT19937", "PCG64", "PCG64DXSM", "Philox", "RandomState", "SFC64", "SeedSequence", "default_rng",
           *sorted(LEGACY_FUNCTIONS)]
