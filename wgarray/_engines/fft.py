"""The fft engine: complex and real 1-D discrete Fourier transforms along one axis, batched
over every other axis, of any view (strided, offset, broadcast), into new C-contiguous arrays.

How a length n is computed (fft_plan.py, fft_bluestein.py, fft_real.py):
- n of prime factors 2, 3, 5, 7 (and primes up to 61, as direct O(p) passes, for accuracy)
  that fits one workgroup's memory (2048 on 32 KiB, as float64 pairs): one dispatch, all
  Stockham passes (radices 4, 2, 7, 5, 3, ...) in registers, exchanged through workgroup
  memory, the source read once through its strides and the result written once;
- a longer such n (or one along a non-last axis so long that few columns fit one workgroup):
  global Stockham passes of radices R_1 ... R_L (2^24 = 256^3), each a dispatch of local
  transforms of length R_i over tiles of adjacent butterflies or rows, so that every load and
  store moves runs of 64-128 bytes (fft_plan.transform);
- any other n: Bluestein's algorithm, a convolution of 7-smooth length m >= 2n - 1 (two
  transforms of length m, the chirps and the kernel's spectrum fused into their reads and
  writes; the spectrum cached per length); where m fits one workgroup, the whole convolution
  is one dispatch, the intermediate spectrum never leaving the workgroup;
- real transforms of even n through a complex transform of n / 2 (pre- and post-processing
  fused into its read or write); odd n through a complex transform of length n.
Both precisions compute in float64 (NumPy computes complex64 in float64 and rounds once; a
float32 pipeline would be 2-5x less accurate than that). Twiddles are never accumulated: each is
exp(-2 pi i m / n) from its exact integer angle, in float64 (tables per length computed on the
device; a pass into float32 results reads one entry per butterfly and takes its powers as
float64 products: a few float64 roundings, far below float32's). The scale is applied in the
last write; real input (complex_transform) is read as complex and zero-padding read as zeros,
not copied. Nothing waits for the GPU, and a repeated call plans nothing: lengths' plans,
Bluestein's lengths and each dispatch's parameters are cached (host planning had cost more than
the GPU's work at lengths near 2^21 on the H100), and a transform of a view, dtype and axis seen
before replays its recorded dispatches (fft_recipe.py).
"""

from __future__ import annotations

import math

import numpy as np

from .._core.operands import BufferOperand, allocate
from . import fft_bluestein, fft_plan, fft_real, fft_recipe
from .fft_plan import side

_COMPLEX_OF = {np.dtype(np.float32): np.dtype(np.complex64), np.dtype(np.float64): np.dtype(np.complex128)}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}
_COMPLEX_IN = frozenset(_COMPLEX_OF) | frozenset(_REAL_OF)


def _check(x: BufferOperand, axis: int, accepted, what: str) -> int:
    if x.dtype not in accepted:
        names = " or ".join(sorted(str(d) for d in accepted))
        raise TypeError(f"fft engine: {what} takes {names} input, not {x.dtype}")
    ndim = len(x.shape)
    if not -ndim <= axis < ndim:
        raise ValueError(f"fft engine: axis {axis} is out of bounds for an array of dimension {ndim}")
    features = x.device.features
    if "shader-f64" not in features or "shader-int64" not in features:
        raise NotImplementedError(f"fft: the twiddles are computed in float64, which {x.device.name} lacks")
    return axis % ndim


def _check_fits(*operands: BufferOperand) -> None:
    for o in operands:
        if o.storage.segments is not None or o.storage.nbytes > o.device.max_binding:
            raise MemoryError(f"fft: arrays of more than one storage binding ({o.device.max_binding} bytes) "
                              f"are not supported yet ({o.storage.nbytes} bytes)")


def _batch(shape, axis: int) -> int:
    return math.prod(shape[:axis]) * math.prod(shape[axis + 1:])


def _key(x: BufferOperand, axis: int, *transform) -> tuple:
    """What a transform's dispatches depend on (fft_recipe): x's view and dtype, the axis, the
    transform and every plan option (tests and benchmarks change them)."""
    view = x.view
    return (view.shape, view.strides, view.offset, x.dtype, axis, transform, fft_plan.options(),
            fft_bluestein.POW2_PREFERENCE, fft_bluestein.FUSED)


def complex_transform(x: BufferOperand, axis: int, inverse: bool, scale: float = 1.0, n: int | None = None
                      ) -> BufferOperand:
    """scale * sum_k x[k] exp(-+2 pi i j k / n) along axis (sign + when inverse), x zero-padded to
    n points there (None: its length; n must not be shorter), as a new C-contiguous complex array
    (complex128 for complex128 and float64 input, complex64 for complex64 and float32). Real
    input is read as complex with zero imaginary parts and the padding read as zeros, so neither
    takes a copy of x."""
    axis = _check(x, axis, _COMPLEX_IN, "complex_transform")
    m = x.shape[axis]
    n = m if n is None else n
    if n < m or (n > m and m == 0):
        raise ValueError(f"fft engine: complex_transform pads {m} elements along axis {axis} to {n} "
                         "(truncate with a view; an empty axis has nothing to pad)")
    dtype = _COMPLEX_OF.get(x.dtype, x.dtype)
    out = allocate(x.device, x.shape[:axis] + (n,) + x.shape[axis + 1:], dtype)
    batch = _batch(x.shape, axis)
    if n == 0 or batch == 0:
        return out
    _check_fits(x, out)
    mode = "real" if x.dtype in _COMPLEX_OF else "complex"
    fft_recipe.run(x.device, _key(x, axis, "c2c", inverse, scale, n), x, out, lambda: fft_real.dft(
        side(x, axis, mode, m), side(out, axis, "complex", n), n, batch, dtype, inverse, scale))
    return out


def real_forward(x: BufferOperand, axis: int, scale: float = 1.0) -> BufferOperand:
    """NumPy's rfft along axis (n // 2 + 1 terms), times scale: complex64 for float32 input,
    complex128 for float64."""
    axis = _check(x, axis, _COMPLEX_OF, "real_forward")
    n = x.shape[axis]
    if n < 1:
        raise ValueError(f"fft engine: real_forward needs at least one element along axis {axis}, got {n}")
    shape = x.shape[:axis] + (n // 2 + 1,) + x.shape[axis + 1:]
    out = allocate(x.device, shape, _COMPLEX_OF[x.dtype])
    batch = _batch(x.shape, axis)
    if batch:
        _check_fits(x, out)
        fft_recipe.run(x.device, _key(x, axis, "r2c", n, scale), x, out,
                       lambda: fft_real.forward(x, out, axis, batch, scale))
    return out


def real_inverse(x: BufferOperand, axis: int, n: int, scale: float = 1.0) -> BufferOperand:
    """NumPy's irfft along axis with output length n (x has n // 2 + 1 terms there), times
    scale, without NumPy's 1/n: the unnormalized inverse. float32 for complex64, float64 for
    complex128. The imaginary parts of the DC term (and of the Nyquist term, n even) are
    ignored."""
    axis = _check(x, axis, _REAL_OF, "real_inverse")
    if n < 1 or x.shape[axis] != n // 2 + 1:
        raise ValueError(f"fft engine: real_inverse of length {n} needs {n // 2 + 1} terms along axis {axis}, "
                         f"got {x.shape[axis]}")
    shape = x.shape[:axis] + (n,) + x.shape[axis + 1:]
    out = allocate(x.device, shape, _REAL_OF[x.dtype])
    batch = _batch(x.shape, axis)
    if batch:
        _check_fits(x, out)
        fft_recipe.run(x.device, _key(x, axis, "c2r", n, scale), x, out,
                       lambda: fft_real.inverse(x, out, axis, batch, scale))
    return out
