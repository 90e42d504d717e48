"""Bluestein's algorithm: a transform of any length n as a convolution of smooth length m.

With c[j] = exp(-i pi j^2 / n) (j^2 reduced mod 2n in integers, so the angle is exact),
    X[k] = c[k] * sum_j (x[j] c[j]) conj(c[k - j]),
a cyclic convolution of length m >= 2n - 1 (convolution_length: a power of two, or the
smallest 7-smooth length the plans take where the power of two is much longer), for n with a
prime factor above fft_plan.DIRECT_PRIMES:
    stage 1: A = FFT_m(x * c) * B       the chirp on the way in, B on the way out
    stage 2: X = c * IFFT_m(A) / m      the chirp and scale on the way out
or, where m fits one workgroup (FUSED), both stages in one dispatch: A never leaves the
workgroup (H100, 4096 x 1009 complex64: the two stages moved 335 MB through a complex128 A).
B = FFT_m(b), b the chirp conjugated and wrapped around, is computed once per n in complex128
and cached on the device, as is the chirp (fft_tables.chirp_table). The inverse transform
conjugates c and B (b is symmetric).
"""

from __future__ import annotations

import functools

import numpy as np

from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import with_libraries
from . import fft_recipe
from .fft_plan import Extras, Side, can_plan, capacity, is_local, run_local, transform
from .fft_tables import chirp_table

_CHIRP = ParamLayout("n", "m", ZERO)
_spectra = per_device(lambda device: plan_cache(16))
C128 = np.dtype(np.complex128)


# How much longer than the smallest 7-smooth length a power-of-two convolution may be: on the
# H100, Bluestein's six passes took 353 us at m = 2^21, 530 us at m = 2000376 = 2^3 3^6 7^3
# (radix-4 steps move an element in 2/3 the time of radices 7 and 3).
POW2_PREFERENCE = 1.5
# 0: the two stages as two dispatches through A in memory, also where m is local. H100, 4096 x 1009
# c64: 0.20 ms, not 0.25 (GPU 200 us, not 153 + 108); with MAX_POW2_RADIX 8 and TILE_WORKGROUP 256
# (2048 = 8 8 8 4, 256 invocations) 162 us, measured with a loop over tiles around the passes that
# slowed other kernels (see fft_plan, "Not an option (PREFETCH"): to be measured again without it.
FUSED = 1


@functools.lru_cache(maxsize=1024)  # the search costs the host more than the GPU's transform
def convolution_length(n: int, cap: int) -> int:
    """m >= 2n - 1: the power of two, unless a 7-smooth length is POW2_PREFERENCE times shorter."""
    m = 2 * n - 1
    pow2 = 1 << (m - 1).bit_length()
    while not can_plan(m, cap, direct=()):
        m += 1
    return pow2 if pow2 <= POW2_PREFERENCE * m else m


def spectrum(device, n: int, m: int):
    """B = FFT_m(b) (complex128) for Bluestein's transforms of length n."""
    cache = _spectra(device)
    found = cache.get((n, m))
    if found is not None:
        return found
    b = allocate(device, (m,), C128)
    launch_kernel(device, ("fft_chirp",),
                  lambda: with_libraries("fft_chirp", device.features, params=_CHIRP.wgsl(), WG=WORKGROUP,
                                         root=render("fft_root")),
                  [b.storage], _CHIRP.pack(n=n, m=m), m)
    whole = allocate(device, (m,), C128)
    transform(Side(b, "complex", 0, 1, (), m), Side(whole, "complex", 0, 1, (), m), m, 1, C128, False)
    cache[(n, m)] = whole
    return whole


def bluestein(src: Side, dst: Side, n: int, batch: int, dtype, inverse: bool, scale: float) -> None:
    """The DFT of length n of `batch` rows from src to dst (the sides' lengths as given)."""
    device = src.operand.device
    m = convolution_length(n, capacity(device))
    chirp = chirp_table(device, n)
    with fft_recipe.unrecorded():  # computed once per length and cached
        kernel_spectrum = spectrum(device, n, m)
    if FUSED and m <= capacity(device) and dst.mode != "rfft" and is_local(src, dst, m, batch, np.dtype(dtype)):
        run_local(src, dst, m, batch, False, Extras(chirp_in=True, chirp_out=True, chirp=chirp, blue_inverse=inverse,
                                                    spectrum=kernel_spectrum, scale=scale / m, convolve=True))
        return
    # The convolution between the two transforms stays complex128 (with three or more passes,
    # complex64 roundings in between would pass 2x NumPy's error; with one, at 4096 x 1009 on the
    # H100: 1.4x NumPy's error and no faster).
    work = fft_recipe.scratch(device, (batch * m,), C128)
    row = Side(work, "complex", 0, 1, ((batch, m),), m)
    # The passes' scratch rows too: a complex64 result rounds once, at the end.
    transform(src, row, m, batch, dtype, False,
              Extras(chirp_in=True, chirp=chirp, blue_inverse=inverse, spectrum=kernel_spectrum), C128)
    transform(row, dst, m, batch, dtype, True,
              Extras(chirp_out=True, chirp=chirp, blue_inverse=inverse, scale=scale / m), C128)
