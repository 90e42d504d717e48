"""Real transforms through a complex transform of half the length.

real_forward, n even (h = n / 2): the source reads real values 2j and 2j + 1 as one complex
z[j] ("pairs"), a complex transform of length h gives Z, and X[k] (k = 0 .. h) comes from Z[k]
and conj Z[h - k] with the twiddle exp(-2 pi i k / n) (wgsl/fft_real_lib.wgsl). When h is a
local length, that post-processing is the destination of the one dispatch ("rfft"); otherwise
Z goes to a scratch row and wgsl/fft_real_post.wgsl finishes.
real_inverse, n even: the source folds X into the spectrum Z of length h whose inverse gives
z[j] = x[2j] + i x[2j + 1] ("halfcomplex"), and the destination writes those pairs of reals:
no extra pass at any length.
Odd n: a complex transform of length n, through the promoted real values ("real") forward, or
the Hermitian extension of the half spectrum ("hermitian") inverse, keeping what is needed.
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.operands import BufferOperand
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import with_libraries
from .fft_plan import Extras, Side, can_plan, capacity, is_local, radices, run_local, side
from .fft_tables import root_bits, root_table
from . import fft_recipe
from .fft_bluestein import bluestein
from .fft_plan import C128, transform

_POST = ParamLayout("items", "h", "inner", "z_k", "z_b", "bits", ZERO, ("scale", "f64"))


def dft(src: Side, dst: Side, n: int, batch: int, dtype, inverse: bool, scale: float) -> None:
    """The DFT of length n of `batch` rows from src to dst: planned, or by Bluestein's algorithm."""
    if can_plan(n, capacity(src.operand.device)):
        transform(src, dst, n, batch, dtype, inverse, Extras(scale=scale))
    else:
        bluestein(src, dst, n, batch, dtype, inverse, scale)


def forward(x: BufferOperand, out: BufferOperand, axis: int, batch: int, scale: float) -> None:
    """out (complex, C-contiguous, n // 2 + 1 along axis) := scale * rfft(x) along axis."""
    n = x.shape[axis]
    dtype = out.dtype
    if n % 2:
        dft(side(x, axis, "real", n), side(out, axis, "complex", n // 2 + 1), n, batch, dtype, False, scale)
        return
    h = n // 2
    pairs = side(x, axis, "pairs", h)
    device = x.device
    spectrum = side(out, axis, "rfft", h + 1)
    if h <= capacity(device) and radices(h) is not None and is_local(pairs, spectrum, h, batch, dtype):
        run_local(pairs, spectrum, h, batch, False, Extras(scale=scale))
        return
    # Z stays complex128: a complex64 result then rounds in the transform's passes' scratch and
    # once at the end, not also in Z (four roundings were 2.02x NumPy's error at n = 2^24).
    # Along a non-last axis (inner > 1), Z is j-major (term k of row b at k * batch + b), so that
    # the last pass and the post-processing both take their tiles across adjacent rows.
    z = fft_recipe.scratch(device, (batch * h,), C128)
    inner = out.view.strides[axis]
    z_k, z_b = (batch, 1) if inner > 1 else (1, h)
    dft(pairs, Side(z, "complex", 0, z_k, ((batch, z_b),), h), h, batch, dtype, False, 1.0)
    items = batch * (h // 2 + 1)  # pairs of terms (k, h - k)
    storage = dt.layout(dtype).storage
    fft_recipe.launch(device, ("fft_real_post", dtype),
                      lambda: with_libraries("fft_real_post", device.features, params=_POST.wgsl(), S=storage,
                                             Z=dt.layout(C128).storage,
                                             WG=WORKGROUP, real_lib=render("fft_real_lib"),
                                             roots=render("fft_roots", NAME="root", TABLE="roots", BITS="p_bits()")),
                      [out.storage, z.storage, root_table(device, n).storage],
                      _POST.pack(items=items, h=h, inner=inner, z_k=z_k, z_b=z_b, bits=root_bits(n), scale=scale),
                      items)


def inverse(x: BufferOperand, out: BufferOperand, axis: int, batch: int, scale: float) -> None:
    """out (real, C-contiguous, n along axis) := scale * the unnormalized irfft of x along axis."""
    n = out.shape[axis]
    dtype = x.dtype
    if n % 2:
        dft(side(x, axis, "hermitian", n, mode_n=n), side(out, axis, "real", n), n, batch, dtype, True, scale)
        return
    h = n // 2
    dft(side(x, axis, "halfcomplex", h, mode_n=h), side(out, axis, "pairs", h), h, batch, dtype, True, scale)
