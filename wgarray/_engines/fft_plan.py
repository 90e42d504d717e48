"""The fft engine's kernels and plans: transforms of one length over a batch of rows.

A transform reads its rows through a *source* and writes them through a *destination*
(`Side`): a buffer, how a row's element j is read or written (the side's mode: complex,
real, pairs of reals, a Hermitian half spectrum, ...), the row's stride, and the batch of
rows as (size, stride) dimensions. So strided views, real input and the real transforms'
pre- and post-processing all happen in the one read and the one write of a pass.

A length n of 7-smooth factors that fits workgroup memory (`capacity`) runs as one dispatch
of wgsl/fft_local.wgsl: every Stockham pass (radices 8, 4, 2, 7, 5, 3) inside the workgroup,
T transforms per workgroup. A longer smooth n = n1 * n2 (n1 fitting) runs the four-step way:
step A transforms the n2 columns of length n1 (source element j1 * n2 + j2) and multiplies by
the twiddle w_n^(j2 k1) on its way out to a scratch row in (k1, j2) order; step B transforms
the n1 rows of length n2 (one dispatch, or a four-step again) and writes element k1 + n1 * k2.

Both precisions compute in float64 (registers and workgroup memory; the twiddles are exact to
float64): NumPy computes complex64 transforms in float64 and rounds once, so complex64 results
round once per dispatch (a four-step's scratch rows are complex64 too).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.view import coalesce
from .._core.wgsl import with_libraries

_PI_LONG = np.longdouble("3.14159265358979323846264338327950288")
MAXD = 6  # batch dimensions a side may have after coalescing
RADICES = (8, 4, 2, 7, 5, 3)  # tried in this order: large radices mean few passes
# Primes done as one direct pass (O(p) work per element) rather than by Bluestein: like
# pocketfft's generic passes, they keep short lengths as accurate as NumPy's.
DIRECT_PRIMES = (11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61)
PARAMS = ParamLayout("groups", "batch", ZERO, ("scale", "f64"),
                     ("offset", "u32", 2), ("axis", "i32", 2), ("bits", "u32", 2),
                     ("length", "u32", 2), ("mode_n", "u32", 2),
                     ("shape", "u32", 2 * MAXD), ("stride", "i32", 2 * MAXD))


@dataclass(frozen=True)
class Side:
    """How a transform reads (source) or writes (destination) its rows. Row b (in C order over
    dims) starts at offset + sum(coord * stride); its element j sits at j * axis (pairs: 2j and
    2j + 1). A source reads elements j >= length as 0; a destination writes only j < length.
    split > 1 (four-step passes only): position k of transform b is element
    k * split + (r % inner) * (split / inner) + r // inner, r = b % split, of row b // split
    (inner = split: k * split + r; inner < split: the digits of r transposed, for the
    destination of a four-step nested in another)."""

    operand: BufferOperand
    mode: str
    offset: int
    axis: int
    dims: tuple
    length: int
    mode_n: int = 0
    split: int = 1
    inner: int = 1


def side(operand: BufferOperand, axis: int, mode: str, length: int, mode_n: int = 0) -> Side:
    """A side over operand's view along axis; its batch: every other axis, in order."""
    v = operand.view
    dims = tuple((n, s) for d, (n, s) in enumerate(zip(v.shape, v.strides)) if d != axis)
    return Side(operand, mode, v.offset, v.strides[axis], dims, length, mode_n)


def batch_dims(s: Side) -> tuple:
    shape, (strides,) = coalesce(tuple(n for n, _ in s.dims), tuple(st for _, st in s.dims))
    return tuple(zip(shape, strides))


@dataclass(frozen=True)
class Extras:
    """What a transform does besides the DFT: Bluestein's chirp on the way in and/or out (the
    table `chirp` of length n; conjugated when blue_inverse), a spectrum to multiply the output
    by, and the scale of the output."""

    chirp_in: bool = False
    chirp_out: bool = False
    chirp: BufferOperand | None = None
    blue_inverse: bool = False
    spectrum: BufferOperand | None = None
    scale: float = 1.0


# -- lengths --------------------------------------------------------------------------------------
def radices(n: int, direct: tuple = DIRECT_PRIMES):
    """n's factors among RADICES and the direct primes, or None when n has another prime factor."""
    out = []
    for r in RADICES + direct:
        while n % r == 0 and n > 1:
            out.append(r)
            n //= r
    return out if n == 1 else None


C128 = np.dtype(np.complex128)
MAX_LOCAL = 1 << 20  # a cap below the device's (tests lower it to reach the multi-pass plans)


def capacity(device) -> int:
    """The longest transform one workgroup holds (float64 pairs in workgroup memory, whatever the
    dtype)."""
    return min(MAX_LOCAL, device.limits.get("max-compute-workgroup-storage-size", 16384) // C128.itemsize)


def four_step_split(n: int, cap: int, levels: int = 3):
    """(n1, n2), n = n1 * n2 for a four-step of at most `levels` dispatches: n1 at most cap,
    n2 at most cap (two) or cap ** 2 (three); None if there is none."""
    largest = max((d for d in range(2, min(n, cap) + 1) if n % d == 0), default=None)
    if largest is None:
        return None
    if n // largest <= cap:  # two passes: the larger transforms where the stores are contiguous
        return n // largest, largest
    if levels > 2 and four_step_split(n // largest, cap, 2) is not None:
        return largest, n // largest
    return None


def can_plan(n: int, cap: int, direct: tuple = DIRECT_PRIMES) -> bool:
    """Whether transform() takes length n: of RADICES and `direct` primes only, and local or a
    four-step of local ones."""
    return radices(n, direct) is not None and (n <= cap or four_step_split(n, cap) is not None)


# -- tables ---------------------------------------------------------------------------------------
_TABLE = ParamLayout("n", "bits", "entries", "square", ZERO)
_tables = per_device(lambda device: plan_cache(64))


def root_bits(m: int) -> int:
    """The fine level of the two-level root table of m (wgsl/fft_roots.wgsl): about sqrt(m)
    entries in each level."""
    return ((max(m, 1) - 1).bit_length() + 1) // 2


def _table(device, kind: str, m: int) -> BufferOperand:
    """A table of the roots exp(-2 pi i k / m) (complex128, wgsl/fft_twiddle.wgsl), computed once
    per (kind, m) on the device: "plain" (entry k, k < m), "split" (two levels of root_bits(m))
    or "chirp" (entry j = the root of j^2 mod m, j < m / 2)."""
    cache = _tables(device)
    table = cache.get((kind, m))
    if table is None:
        bits = {"plain": (max(m, 1) - 1).bit_length(), "split": root_bits(m), "chirp": 0}[kind]
        entries = {"plain": max(m, 1), "split": (1 << bits) + -(-m >> bits), "chirp": m // 2}[kind]
        table = allocate(device, (entries,), C128)
        launch_kernel(device, ("fft_twiddle",),
                      lambda: with_libraries("fft_twiddle", device.features, params=_TABLE.wgsl(),
                                             WG=WORKGROUP, root=render("fft_root")),
                      [table.storage], _TABLE.pack(n=max(m, 1), bits=bits, entries=entries,
                                                   square=int(kind == "chirp")), entries)
        cache[(kind, m)] = table
    return table


def twiddle_table(device, n: int) -> BufferOperand:
    """exp(-2 pi i k / n) for k < n: the passes' twiddles."""
    return _table(device, "plain", n)


def root_table(device, m: int) -> BufferOperand:
    """exp(-2 pi i k / m) for k < m as two levels of root_bits(m) (wgsl/fft_roots.wgsl)."""
    return _table(device, "split", m)


def chirp_table(device, n: int) -> BufferOperand:
    """Bluestein's chirp exp(-i pi j^2 / n) for j < n, j^2 reduced mod 2n exactly."""
    return _table(device, "chirp", 2 * n)


# -- the local kernel -----------------------------------------------------------------------------
def _pow2_floor(x: int) -> int:
    return 1 << (max(x, 1).bit_length() - 1)


def _t_fast(s: Side, dims: tuple) -> bool:
    """Whether neighbouring invocations should take neighbouring transforms (rather than
    neighbouring positions of one): when that is where memory is contiguous."""
    return s.split > 1 or (abs(s.axis) != 1 and bool(dims) and abs(dims[-1][1]) == 1)


def _butterflies(r: int, direction: str, sign: int) -> str:
    if r in (2, 4, 8):
        return ""  # in fft_dft_pow2.wgsl
    # cos and sin of 2 pi k / r rounded once: taken in long double, then to float64
    angles = [2 * _PI_LONG * k / r for k in range(r)]
    return render("fft_dft_odd", R=r, H=(r - 1) // 2, D=direction, SIGN=sign,
                  COS=", ".join(repr(float(np.cos(a))) for a in angles),
                  SIN=", ".join(repr(float(np.sin(a))) for a in angles))


def _source(key: tuple, device) -> str:
    (_, n, t, wg, src_mode, src_dtype, dst_mode, dst_dtype, inverse, flags, load_fast, store_fast, shapes) = key
    chirp_in, chirp_out, blue_inverse, spectrum, twiddle = flags
    direction, sign = ("i", 1) if inverse else ("f", -1)
    dst_storage = dt.layout(dst_dtype).storage
    rads = radices(n)
    pass_fns, calls, ns = [], [], 1
    for r in sorted(set(rads)):
        bpt = -(-(t * n // r) // wg)
        pass_fns.append(render("fft_pass", R=r, D=direction, BPT=bpt, HOLD=bpt * r))
        pass_fns.append(_butterflies(r, direction, sign))
    for r in rads:
        calls.append(f"pass{r}_{direction}({ns}u);")
        ns *= r
    flag = lambda b: "true" if b else "false"
    rows = "\n".join(render("fft_row", NAME=name, SIDE=k, NDIM=ndim, SPLIT=split, INNER=inner)
                     for k, (name, (ndim, split, inner)) in enumerate(zip(("src", "dst"), shapes)))
    roots = "\n".join(render("fft_roots", NAME=f"{name}_root", TABLE=f"{name}_roots", BITS=f"p_bits({k}u)")
                      for k, name in enumerate(("src", "dst")))
    return with_libraries(
        "fft_local", device.features, params=PARAMS.wgsl(), F="f64",
        DST=dst_storage, SRC=dt.layout(src_dtype).storage, rows=rows, roots=roots,
        SRC_SPLIT=shapes[0][1], DST_SPLIT=shapes[1][1],
        N=n, T=t, WG=wg, OUT_K=n + 1 if dst_mode == "rfft" else n, MAXD=MAXD, SMEM=max(t * n, 1),
        LOAD_T_FAST=flag(load_fast), STORE_T_FAST=flag(store_fast), CHIRP_IN=flag(chirp_in),
        CHIRP_OUT=flag(chirp_out), BLUE_INV=flag(blue_inverse), SPECTRUM=flag(spectrum),
        TWIDDLE=flag(twiddle), INVERSE=flag(inverse),
        source=render(f"fft_src_{src_mode}"), sink=render(f"fft_dst_{dst_mode}", DST=dst_storage, real_lib=render("fft_real_lib")),
        butterflies=render("fft_dft_pow2", D=direction, SIGN=sign, NEG=-sign),
        pass_fns="\n".join(pass_fns), passes="\n    ".join(calls))


def _side_words(k: int, s: Side, dims: tuple, roots: int, words: dict) -> None:
    for name, value in (("offset", s.offset), ("axis", s.axis), ("length", s.length), ("mode_n", s.mode_n),
                        ("bits", root_bits(roots))):
        words[name][k] = value
    for d, (size, stride) in enumerate(dims):
        words["shape"][k * MAXD + d] = size
        words["stride"][k * MAXD + d] = stride


def _roots_of(s: Side, n: int, tw_n: int, source: bool) -> int:
    """The length whose roots a side needs (0: none): a four-step's twiddle (tw_n, on the way
    out), or the real transforms' (2 h: h = mode_n, or n)."""
    if source:
        return 2 * s.mode_n if s.mode == "halfcomplex" else 0
    assert not (tw_n and s.mode == "rfft")
    return tw_n or (2 * n if s.mode == "rfft" else 0)


def run_local(src: Side, dst: Side, n: int, batch: int, inverse: bool, extras: Extras,
              tw_n: int = 0) -> None:
    """Transforms of length n (local: radices(n) and n <= capacity) of `batch` rows, in one
    dispatch. tw_n: the four-step twiddle of length tw_n on the way out (0: none)."""
    device = src.operand.device
    cap = capacity(device)
    t = min(_pow2_floor(cap // max(n, 1)), 1 << (batch - 1).bit_length())
    wg = min(WORKGROUP, max(64, _pow2_floor(t * n // 4)))
    groups = -(-batch // t)
    src_dims, dst_dims = batch_dims(src), batch_dims(dst)
    if max(len(src_dims), len(dst_dims)) > MAXD:
        raise NotImplementedError(f"fft: more than {MAXD} batch dimensions that cannot be merged")
    flags = (extras.chirp_in, extras.chirp_out, extras.blue_inverse, extras.spectrum is not None, tw_n > 0)
    shapes = tuple((len(dims), s.split, s.inner) for s, dims in ((src, src_dims), (dst, dst_dims)))
    key = ("fft_local", n, t, wg, src.mode, src.operand.dtype, dst.mode, dst.operand.dtype, inverse,
           flags, _t_fast(src, src_dims), _t_fast(dst, dst_dims), shapes)
    words = {name: [0, 0] for name in ("offset", "axis", "length", "mode_n", "bits")}
    words["shape"], words["stride"] = [1] * (2 * MAXD), [0] * (2 * MAXD)
    roots = (_roots_of(src, n, tw_n, True), _roots_of(dst, n, tw_n, False))
    _side_words(0, src, src_dims, roots[0], words)
    _side_words(1, dst, dst_dims, roots[1], words)
    params = PARAMS.pack(groups=groups, batch=batch, scale=extras.scale, **words)
    table = twiddle_table(device, n)
    either = lambda x: table if x is None else x  # unused bindings take the twiddle table
    tables = [either(extras.spectrum), either(extras.chirp)] + [root_table(device, m) if m else table for m in roots]
    launch_kernel(device, key, lambda: _source(key, device),
                  [dst.operand.storage, src.operand.storage, table.storage] + [x.storage for x in tables], params,
                  groups * WORKGROUP)


def transform(src: Side, dst: Side, n: int, batch: int, dtype, inverse: bool, extras: Extras = Extras()) -> None:
    """The DFT of length n (can_plan) of `batch` rows from src to dst: one local dispatch, or a
    four-step (the chirp and source on the way into step A; the spectrum, chirp, scale and
    destination on the way out of the last step). Scratch rows are of dtype."""
    if n <= capacity(src.operand.device):
        run_local(src, dst, n, batch, inverse, extras)
        return
    split = four_step_split(n, capacity(src.operand.device), 3 if dst.split == 1 else 2)
    if split is None:
        raise NotImplementedError(f"fft: length {n} has no plan (it needs more than three passes)")
    n1, n2 = split
    scratch = allocate(src.operand.device, (batch * n,), dtype)
    column = Side(scratch, "complex", 0, 1, ((batch, n),), n, split=n2, inner=n2)
    into = Extras(extras.chirp_in, False, extras.chirp, extras.blue_inverse)
    run_local(dataclasses.replace(src, split=n2, inner=n2), column, n1, batch * n2, inverse, into, tw_n=n)
    rows = Side(scratch, "complex", 0, 1, ((batch * n1, n2),), n2)
    # Row r = (b, k1) of step B writes element k1 + n1 * k2: its split digit k1 joins the
    # destination's own (a nested four-step's destination already has one: k1 + n1 * (...)).
    out = dataclasses.replace(dst, split=n1 * dst.split, inner=n1)
    transform(rows, out, n2, batch * n1, dtype, inverse, dataclasses.replace(extras, chirp_in=False))
