"""The fft engine's kernels and plans: transforms of one length over a batch of rows.

A transform reads its rows through a *source* and writes them through a *destination*
(`Side`): a buffer, how a row's element j is read or written (the side's mode: complex,
real, pairs of reals, a Hermitian half spectrum, ...), the row's stride, and the batch of
rows as (size, stride) dimensions. So strided views, real input and the real transforms'
pre- and post-processing all happen in the one read and the one write of a pass.

A length n of 7-smooth factors that fits workgroup memory (`capacity`) runs as one dispatch
of wgsl/fft_local.wgsl: every Stockham pass (radices 4, 2, 7, 5, 3, and the direct primes)
inside the workgroup, T transforms per workgroup (as many as fit, in at most TILE_WORKGROUP
invocations), one invocation per butterfly of the largest radix. The first pass loads its
elements from the source and the last stores its results, so
the tile crosses workgroup memory only between passes; each pass is straight-line code on
scalar variables (fft_codelets.py), since float64 values in arrays or in many registers cost
more than the arithmetic (measured on the H100: radix 4 beats 8 and 16).
A longer n = R_1 R_2 ... R_L runs as L global Stockham passes (`transform`): pass i does the
n / R_i butterflies of radix R_i, each a local transform of length R_i: butterfly j reads
elements j + r n / R_i (r < R_i), twiddled by w_(ns R_i)^(r (j % ns)) (ns = R_1 ... R_(i-1)),
and writes element (j / ns) ns R_i + j % ns + r ns. A workgroup takes a tile of T adjacent
butterflies, so every load reads T adjacent elements and every store writes runs of min(ns, T)
(pass 1: the whole tile); the radices let T * itemsize be 128 bytes (64 where that saves a
pass), and T is at least RUN_TILE (64-byte runs of complex64: whole sectors). Transforms along
a non-last axis take their tiles across the rows instead (adjacent in memory).

Both precisions compute in float64 (registers and workgroup memory; complex64 is loaded as
float32 and promoted; twiddles from float64 tables, or for float32 results as float64 powers of
one entry: TWIDDLE_POWERS). Workgroup memory holds one float64 per position (HALVES): an exchange
moves the real parts, then the imaginary parts, and a tile holds twice the transforms. NumPy
computes complex64 transforms in float64 and rounds once; complex64 results round once per
dispatch (global passes' scratch rows are complex64 too, up to three passes).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import WORKGROUP, render
from .._core.operands import BufferOperand
from .._core.params import ZERO, ParamLayout
from .._core.view import coalesce
from .._core.wgsl import with_libraries
from . import fft_codelets, fft_recipe, fft_tables
from .fft_tables import pass_split, pass_table, root_bits, root_table, twiddle_table

MAXD = 6  # batch dimensions a side may have after coalescing
ODD_RADICES = (7, 5, 3)
MAX_POW2_RADIX = 4  # H100, local lengths 256-1000: radix 4 1.4-2.3x faster than 16 (f64 registers)
PINGPONG = 0  # two tiles, one barrier per pass: 0 never (H100: no gain), 1 whole transforms, 2 also passes
MAX_MIXED_RADIX = 0  # > 7: 7-smooth lengths (not powers of two) in the fewest radices of at most this
# Workgroup memory holds one float64 per position, the exchanges in halves (twice the transforms
# per tile; H100, with MAX_WORKGROUP 1024: c64 2^24 0.85 ms, not 1.05; fft2 4096^2 1.00, not 1.25;
# c64 4096 x 1000 0.23, not 0.26; 3^10 x 64 0.28, not 0.34). 0: a complex128 per position.
HALVES = 1
WG_BY_SMALLEST = 0  # 1: an invocation per butterfly of the smallest radix (up to MAX_WORKGROUP), not the largest
MAX_TILE = 1 << 20  # a cap on T (benchmark exploration)
# T is halved while a tile would take more invocations than this (one per butterfly of the largest
# radix), down to RUN_TILE where the tile's loads or stores run across its transforms: H100,
# smaller workgroups let several share an SM, overlapping one's loads with another's passes
# (c64 2^24 0.74 -> 0.58 ms, fft2 4096^2 0.86 -> 0.64, 4096 x 1009 0.45 -> 0.32; 256: no better,
# 1024: the old tiles; RUN_TILE 4 or 16 no better)
TILE_WORKGROUP = 512
# The same cap for whole transforms (a local dispatch of rows, not a global pass). H100, c64 65536 x 256: 202
# us at 512, 155 at 128, 142-143 at 16-64; 4096 x 1000, 3^10 x 64, 4096 x 1009, 2016000: no change. And
# workgroup memory padded (a slot per 16) rather than swizzled: 2^24 0.55 -> 0.66 ms, 4096 x 1000 68 -> 85 us.
LOCAL_TILE_WORKGROUP = 64
RUN_TILE = 8  # 64-byte runs of complex64
# 1: rows (WIDE_LOCAL) or global passes (WIDE_PASSES) up to twice capacity() with halved exchanges, in
# tiles of one. H100: fft2 4096^2 0.78 ms, c64 2^24 1.14 (two passes of 8-byte runs): slower
WIDE_LOCAL = WIDE_PASSES = 0
# 1: in whole transforms, 2^odd leads with a radix 8, not 2 (1000 = 8 5 5 5). H100, with LOCAL_TILE_WORKGROUP
# 64: c64 4096 x 1000 68 -> 61 us, 4096 x 1009 199 -> 192, irfft 2016000 55 -> 53; in global passes too,
# 1000003 205 -> 255 us (and with 512-invocation tiles, 4096 x 1009 0.32 -> 0.41 ms)
RADIX8_FOR_ODD = 1
# a local transform's invocations (and the device's limit): one per butterfly of its largest radix
# (H100, c64 2^24 / fft2 4096^2 / 4096 x 1000: 0.55 / 0.60 / 0.07 ms; capped at 256 invocations, each taking
# several butterflies a pass, 0.69 / 0.75 / 0.07; at 128 0.99 / 1.12 / 0.11; so fewer, longer invocations lose)
MAX_WORKGROUP = 1024
# 1: passes into float32 results (complex64, float32) twiddle by powers of one table entry: H100, 4096 x
# 1000 c64 55 us of GPU, not 57-58; 4096 x 1009 0.27 ms, not 0.31; 1000003 0.22, not 0.26; same errors
TWIDDLE_POWERS = 1
# A global pass twiddles from its own two tables (fft_tables.pass_table), adjacent butterflies reading
# adjacent entries. H100, against the two-level root table of the exponent: c64 2^24 554 -> 542 us, fft2
# 4096^2 613 -> 603, rfft f32 2^24 380 -> 369; fft_tables.PASS_LOW 64 or 1024: no better.
# Kernel structures measured and dropped (prefetching tiles, subgroup exchanges, fused real post-
# processing, standalone register-resident kernels) and where the H100's time goes: benchmarks/fft_probes.md.
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
    split (global Stockham passes, wgsl/fft_row.wgsl): position k of the row's transform j of
    length N is element k * split + j % split + (j // split) * split * N."""

    operand: BufferOperand
    mode: str
    offset: int
    axis: int
    dims: tuple
    length: int
    mode_n: int = 0
    split: int = 1

    def with_split(self, split: int) -> "Side":
        """This side with another split (dataclasses.replace, a host cost per pass, does the same)."""
        return Side(self.operand, self.mode, self.offset, self.axis, self.dims, self.length, self.mode_n, split)


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
    by, and the scale of the output. convolve (a local transform only): Bluestein's whole
    convolution in one dispatch, the forward transform, the spectrum multiplied into its terms,
    then the inverse transform, all in the workgroup."""

    chirp_in: bool = False
    chirp_out: bool = False
    chirp: BufferOperand | None = None
    blue_inverse: bool = False
    spectrum: BufferOperand | None = None
    scale: float = 1.0
    convolve: bool = False


# -- lengths --------------------------------------------------------------------------------------
# The plans of a length are memoized: every call plans its passes again, and on the H100 the
# host's planning (a Bluestein length's search above all) took longer than the GPU's work at
# lengths around 2^21.
_memo = functools.lru_cache(maxsize=4096)


def radices(n: int, direct: tuple = DIRECT_PRIMES, whole: bool = False):
    """n's factors for the passes of a local transform, or None when n has a prime factor other
    than 2, 3, 5, 7 and the direct primes: its power of two in the fewest radices of at most
    MAX_POW2_RADIX (as even as can be: 2^9 = 8 8 8, not 16 16 2, where the largest is 16; in a
    whole transform (not a global pass) with RADIX8_FOR_ODD and radices of 4, an odd exponent
    leads with one 8: 2^7 = 8 4 4), then 7, 5, 3 and the direct primes."""
    out = _radices(n, direct, MAX_POW2_RADIX, RADIX8_FOR_ODD and whole)
    if out is not None and MAX_MIXED_RADIX and n & (n - 1) and max(out) <= 8 < MAX_MIXED_RADIX:
        out = _pack(n, MAX_MIXED_RADIX)  # a 7-smooth length, not a power of two: radices such as 10
    return None if out is None else list(out)


@_memo
def _radices(n: int, direct: tuple, largest_pow2: int, radix8_for_odd: int = 0):
    bits = (n & -n).bit_length() - 1 if n else 0
    n >>= bits
    eight = radix8_for_odd and largest_pow2 == 4 and bits % 2 and bits > 1
    if eight:
        bits -= 3
    passes = -(-bits // (largest_pow2.bit_length() - 1))
    out = [8] * eight + [1 << (bits // passes + (i < bits % passes)) for i in range(passes)]
    for r in ODD_RADICES + direct:
        while n % r == 0 and n > 1:
            out.append(r)
            n //= r
    return tuple(out) if n == 1 else None


C128 = np.dtype(np.complex128)
_SINGLE = (np.dtype(np.complex64), np.dtype(np.float32))  # results that round to float32
MAX_LOCAL = 1 << 20  # a cap below the device's (tests lower it to reach the multi-pass plans)
RUN_BYTES = (128, 64)  # the tile widths of a pass, in bytes, preferred first (see pass_radices)
MIN_RUN_BYTES = 32  # a local transform of strided rows takes at least a sector of them per load


def capacity(device) -> int:
    """The longest transform one workgroup holds (float64 pairs in workgroup memory, whatever the
    dtype)."""
    return min(MAX_LOCAL, device.limits.get("max-compute-workgroup-storage-size", 16384) // C128.itemsize)


@_memo
def _primes(n: int) -> tuple:
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return tuple(out + ([n] if n > 1 else []))


def _largest_radix(cap: int, run: int) -> int:
    """The longest pass radix whose tile of `run` butterflies fits; at least 8 (a workgroup
    smaller than 8 run-widths, in tests, takes narrower tiles)."""
    return min(cap, max(cap // run, 8))


def _pack(n: int, largest: int):
    """n as the fewest factors of at most `largest` (balanced: each prime, largest first, joins
    the smallest factor it fits), or None when a prime factor is larger."""
    primes = sorted(_primes(n), reverse=True)
    if not primes:
        return [1]
    if primes[0] > largest:
        return None
    count = 1
    while True:
        factors = [1] * count
        for p in primes:
            fits = [i for i, f in enumerate(factors) if f * p <= largest]
            if not fits:
                break
            i = min(fits, key=lambda i: factors[i])
            factors[i] *= p
        else:
            return sorted(factors, reverse=True)
        count += 1


def pass_radices(n: int, cap: int, itemsize: int):
    """The radices of the global Stockham passes of length n: the fewest passes whose tiles are
    RUN_BYTES[0] wide, unless narrower ones (RUN_BYTES[1]) take fewer passes (each pass moves
    all the data once: at 2^24 complex64, 3 passes of 64-byte runs beat 4 of 128)."""
    out = _pass_radices(n, cap, itemsize, RUN_BYTES, 2 if HALVES else 1, bool(WIDE_PASSES and HALVES))
    return None if out is None else list(out)


@_memo
def _pass_radices(n: int, cap: int, itemsize: int, run_bytes: tuple, halves: int, wide: bool = False):
    # with halved exchanges a tile holds `halves` times the positions; a pass still fits without
    plans = [_pack(n, min(cap, _largest_radix(cap * halves, max(1, run // itemsize)))) for run in run_bytes]
    plans = [p for p in plans + [_pack(n, 2 * cap) if wide else None] if p is not None]
    out = min(plans, key=len) if plans else _pack(n, cap)  # a prime factor past the tiles: narrower
    return None if out is None else tuple(out)


@_memo
def can_plan(n: int, cap: int, direct: tuple = DIRECT_PRIMES) -> bool:
    """Whether transform() takes length n: of 2, ODD_RADICES and `direct` primes only, each fitting a
    pass."""
    return radices(n, direct) is not None and max(_primes(n), default=1) <= cap


# -- the local kernel -----------------------------------------------------------------------------
def _pow2_floor(x: int) -> int:
    return 1 << (max(x, 1).bit_length() - 1)


def _rows_adjacent(dims: tuple, axis: int) -> bool:
    """Whether neighbouring rows, rather than neighbouring elements of a row, are adjacent in
    memory (a transform along a non-last axis)."""
    return abs(axis) != 1 and bool(dims) and abs(dims[-1][1]) == 1


def _run(s: Side, dims: tuple, t: int, per_row: int, j_major: bool) -> int:
    """How many of a tile's T transforms are adjacent in memory at one position (the order in
    which the kernel walks the tile, wgsl/fft_local.wgsl): across rows where rows are adjacent,
    across a pass's butterflies j where they are (runs of split, a power of two dividing T),
    else 1 (each transform's row in turn)."""
    if per_row == 1 or j_major:
        return t if _rows_adjacent(dims, s.axis) else 1
    return t if s.split >= t else _pow2_floor(s.split)


def _sink(mode: str, storage: str) -> str:
    if mode == "rfft":
        return render("fft_dst_rfft", complex=_sink("complex", storage), real_lib=render("fft_real_lib"))
    return render(f"fft_dst_{mode}", DST=storage)


def _source(key: tuple, device) -> str:
    (_, n, rads, t, wg, src_mode, src_dtype, dst_mode, dst_dtype, inverse, flags, per_row, j_major, runs, shapes,
     pingpong, halves, powers, twiddle_split) = key
    chirp_in, chirp_out, blue_inverse, spectrum, twiddle, convolve = flags
    flag = lambda b: "true" if b else "false"
    dst_storage = dt.layout(dst_dtype).storage
    from_slots = dst_mode == "rfft"  # its terms take two positions: written from workgroup memory
    position_major = t > 1 and max(runs) > 1
    # the passes as (radix, ns, direction, sign): convolve, the forward ones, then the inverse ones
    directions = (("f", -1), ("i", 1)) if convolve else ((("i", 1) if inverse else ("f", -1)),)
    ns_of = [int(np.prod(rads[:i])) for i in range(len(rads))]
    stages = [(r, ns, d, sign) for d, sign in directions for r, ns in zip(rads, ns_of)]
    pass_fns = [fft_codelets.loop_butterflies(r, d, sign) for d, sign in directions for r in sorted(set(rads))]
    for i, (r, ns, d, sign) in enumerate(stages):
        first, store = i == 0, i == len(stages) - 1 and not from_slots
        # the first pass's butterflies in the source's memory order, the storing pass's in the
        # destination's (transform-fastest where runs go across transforms)
        across = (first and runs[0] > 1) or (store and runs[1] > 1) or (not (first or store) and position_major)
        bpt = -(-(t * n // r) // wg)
        # ping-pong: pass i writes tile (L - 1 - i) % 2, so the last one (store_tile's) is tile 0
        bases = (((len(stages) - i) % 2) * t * n, ((len(stages) - 1 - i) % 2) * t * n) if pingpong else None
        pass_fns.append(fft_codelets.pass_function(
            i, r, ns, bpt, first, store, across, d, sign, bases, halves, powers,
            spectral=convolve and i == len(rads) - 1, previous=stages[i - 1][2] if i else d))
    calls = [f"pass{i}_{d}();" for i, (_, _, d, _) in enumerate(stages)] + (["store_tile();"] if from_slots else [])
    rows = "\n".join(render("fft_row", NAME=name, SIDE=k, NDIM=ndim, SPLIT=split)
                     for k, (name, (ndim, split)) in enumerate(zip(("src", "dst"), shapes)))
    roots = "\n".join(render("fft_roots", NAME=f"{name}_root", TABLE=f"{name}_roots", BITS=f"p_bits({k}u)")
                      for k, name in enumerate(("src", "dst")))
    return with_libraries(
        "fft_local", device.features, params=PARAMS.wgsl(), F="f64",
        DST=dst_storage, SRC=dt.layout(src_dtype).storage, rows=rows, roots=roots,
        SRC_SPLIT=shapes[0][1], DST_SPLIT=shapes[1][1], PER_ROW=per_row, J_MAJOR=flag(j_major),
        N=n, T=t, WG=wg, MAXD=MAXD, SMEM=max(t * n * (2 if pingpong else 1), 1), S="F" if halves else "C",
        LOAD_RUN=runs[0], STORE_RUN=runs[1], CHIRP_IN=flag(chirp_in), CHIRP_OUT=flag(chirp_out),
        BLUE_INV=flag(blue_inverse), SPECTRUM=flag(spectrum and not convolve), TWIDDLE=flag(twiddle),
        INVERSE=flag(inverse), PASS_LOW=twiddle_split[0], PASS_HIGH=twiddle_split[1],
        source=render(f"fft_src_{src_mode}"), sink=_sink(dst_mode, dst_storage),
        butterflies="\n".join(render("fft_twiddles", D=d, SIGN=sign, NEG=-sign) for d, sign in directions),
        convolution=render("fft_spectral") if convolve else "", pass_fns="\n".join(pass_fns),
        passes="\n    ".join(calls))


def _side_words(k: int, s: Side, dims: tuple, roots, words: dict) -> None:
    for name, value in (("offset", s.offset), ("axis", s.axis), ("length", s.length), ("mode_n", s.mode_n),
                        ("bits", 0 if isinstance(roots, tuple) else root_bits(roots))):
        words[name][k] = value
    for d, (size, stride) in enumerate(dims):
        words["shape"][k * MAXD + d] = size
        words["stride"][k * MAXD + d] = stride


def _roots_of(s: Side, n: int, tw_n: int, source: bool):
    """The roots a side needs (0: none): a Stockham pass's twiddle (tw_n, on the way in, from the
    destination's pass_table, as (ns, n)), or the real transforms' (2 h: h = mode_n, or n)."""
    if source:
        return 2 * s.mode_n if s.mode == "halfcomplex" else 0
    assert not (tw_n and s.mode == "rfft")
    return (tw_n // n, n) if tw_n else 2 * n if s.mode == "rfft" else 0


def local_tile(device, n: int, batch: int, tiles: int = 1, halves: bool = False, least: int = 1,
               whole: bool = False) -> int:
    """T, the transforms of length n one workgroup takes (in each of `tiles` tiles; twice as
    many with halved exchanges): as many as fit, but no more than TILE_WORKGROUP (whole
    transforms: LOCAL_TILE_WORKGROUP) invocations' worth unless that leaves fewer than `least`."""
    slots = capacity(device) * (2 if halves else 1)
    t = min(_pow2_floor(slots // max(tiles * n, 1)), 1 << (batch - 1).bit_length(), MAX_TILE)
    widest = max(radices(n, whole=whole) or [n])
    while t > least and t * n > (LOCAL_TILE_WORKGROUP if whole else TILE_WORKGROUP) * widest:
        t //= 2
    return t


def _least_tile(s: Side, dims: tuple, per_row: int) -> int:
    """The fewest transforms a tile may take: RUN_TILE where its loads or stores run across
    them (a global pass, rows adjacent in memory), else 1."""
    return RUN_TILE if per_row > 1 or _rows_adjacent(dims, s.axis) else 1


def options() -> tuple:
    """Every plan option of this module (tests and benchmarks change them): part of the keys of
    the plans and recipes made under them."""
    return (MAX_LOCAL, MAX_WORKGROUP, MAX_POW2_RADIX, PINGPONG, MAX_TILE, MAX_MIXED_RADIX, WG_BY_SMALLEST, HALVES,
            TILE_WORKGROUP, LOCAL_TILE_WORKGROUP, RUN_TILE, RADIX8_FOR_ODD, WIDE_LOCAL, WIDE_PASSES, RUN_BYTES,
            MIN_RUN_BYTES, DIRECT_PRIMES, TWIDDLE_POWERS, fft_tables.PASS_LOW)


def run_local(src: Side, dst: Side, n: int, batch: int, inverse: bool, extras: Extras,
              tw_n: int = 0, per_row: int = 1, j_major: bool = False) -> None:
    """Transforms of length n (local: radices(n) and n <= capacity) of `batch` rows, in one
    dispatch. A global Stockham pass (see transform): per_row transforms j in each row, ordered
    j-major (b = j * rows + row) or not (b = row * per_row + j); tw_n: the pass's twiddle
    w_tw_n^(k (j % dst.split)) on the way in (0: none)."""
    device = src.operand.device
    # The kernel, its parameters and its tables depend on everything but the buffers: planned
    # once (the planning and packing cost the host about as much as a dispatch's GPU time).
    plan_key = (_side_key(src), _side_key(dst), n, batch, inverse, extras.chirp_in, extras.chirp_out,
                extras.blue_inverse, extras.spectrum is not None, extras.scale, extras.convolve, tw_n, per_row, j_major,
                capacity(device), options())
    plans = _local_plans(device)
    plan = plans.get(plan_key)
    if plan is None:
        plan = plans[plan_key] = _local_plan(device, src, dst, n, batch, inverse, extras, tw_n, per_row, j_major)
    key, params, roots, items = plan
    table = twiddle_table(device, n)
    either = lambda x: table if x is None else x  # unused bindings take the twiddle table
    tables = [either(extras.spectrum), either(extras.chirp)] + [
        pass_table(device, *m) if isinstance(m, tuple) else root_table(device, m) if m else table for m in roots]
    fft_recipe.launch(device, key, lambda: _source(key, device),
                      [dst.operand.storage, src.operand.storage, table.storage] + [x.storage for x in tables], params,
                      items)


_local_plans = per_device(lambda device: plan_cache())


def _side_key(s: Side) -> tuple:
    return s.mode, s.offset, s.axis, s.dims, s.length, s.mode_n, s.split, s.operand.dtype


def _local_plan(device, src: Side, dst: Side, n: int, batch: int, inverse: bool, extras: Extras,
                tw_n: int, per_row: int, j_major: bool) -> tuple:
    """run_local's kernel key, parameter bytes, the sides' root tables (_roots_of) and invocations."""
    rads = tuple(radices(n, whole=per_row == 1) or [1])  # n = 1: one pass of radix 1, which loads and stores
    pingpong = PINGPONG > (per_row > 1) and len(rads) > 1 and 2 * n <= capacity(device) and not extras.convolve
    halves = bool(HALVES) and not pingpong and len(rads) > 1 and dst.mode != "rfft"
    src_dims, dst_dims = batch_dims(src), batch_dims(dst)
    least = max(_least_tile(src, src_dims, per_row), _least_tile(dst, dst_dims, per_row))
    t = local_tile(device, n, batch, 2 if pingpong else 1, halves, least, whole=per_row == 1)
    largest_wg = min(MAX_WORKGROUP, device.limits.get("max-compute-invocations-per-workgroup", 256),
                     device.limits.get("max-compute-workgroup-size-x", 256))
    wg = min(largest_wg, -(-t * n // (min(rads) if WG_BY_SMALLEST else max(rads)) // 32) * 32)
    groups = -(-batch // t)
    if max(len(src_dims), len(dst_dims)) > MAXD:
        raise NotImplementedError(f"fft: more than {MAXD} batch dimensions that cannot be merged")
    flags = (extras.chirp_in, extras.chirp_out, extras.blue_inverse, extras.spectrum is not None, tw_n > 0,
             extras.convolve)
    shapes = tuple((len(dims), s.split) for s, dims in ((src, src_dims), (dst, dst_dims)))
    runs = (_run(src, src_dims, t, per_row, j_major), _run(dst, dst_dims, t, per_row, j_major))
    key = ("fft_local", n, rads, t, wg, src.mode, src.operand.dtype, dst.mode, dst.operand.dtype, inverse,
           flags, per_row, j_major, runs, shapes, pingpong, halves, TWIDDLE_POWERS and dst.operand.dtype in _SINGLE,
           pass_split(dst.split) if tw_n else (1, 1))
    words = {name: [0, 0] for name in ("offset", "axis", "length", "mode_n", "bits")}
    words["shape"], words["stride"] = [1] * (2 * MAXD), [0] * (2 * MAXD)
    roots = (_roots_of(src, n, tw_n, True), _roots_of(dst, n, tw_n, False))
    _side_words(0, src, src_dims, roots[0], words)
    _side_words(1, dst, dst_dims, roots[1], words)
    params = PARAMS.pack(groups=groups, batch=batch, scale=extras.scale, **words)
    return key, params, roots, groups * WORKGROUP


def is_local(src: Side, dst: Side, n: int, batch: int, dtype) -> bool:
    """One dispatch, unless n does not fit or the rows are strided (a non-last axis) and so few
    fit one workgroup that a load would not fill a 32-byte sector: then global passes, whose
    tiles are wide."""
    device = src.operand.device
    wide = WIDE_LOCAL and HALVES and not PINGPONG and dst.mode != "rfft" and len(radices(n) or ()) > 1
    if n > capacity(device) * (2 if wide else 1):
        return False
    strided = _rows_adjacent(batch_dims(src), src.axis) or _rows_adjacent(batch_dims(dst), dst.axis)
    tile = local_tile(device, n, batch, least=RUN_TILE, whole=True)
    return not strided or tile * dtype.itemsize >= MIN_RUN_BYTES or \
        len(pass_radices(n, capacity(device), dtype.itemsize)) < 2


def transform(src: Side, dst: Side, n: int, batch: int, dtype, inverse: bool, extras: Extras = Extras(),
              scratch_dtype=None) -> None:
    """The DFT of length n (can_plan) of `batch` rows from src to dst: one local dispatch, or
    global Stockham passes (the chirp and source on the way into the first; the spectrum, chirp,
    scale and destination on the way out of the last). Scratch rows are of scratch_dtype (dtype
    by default; complex128 past three passes, which would round complex64 too often)."""
    dtype = np.dtype(dtype)
    if is_local(src, dst, n, batch, dtype):
        run_local(src, dst, n, batch, inverse, extras)
        return
    device = src.operand.device
    rads = pass_radices(n, capacity(device), dtype.itemsize)
    if rads is None:
        raise NotImplementedError(f"fft: length {n} has no plan (a prime factor past one workgroup)")
    if scratch_dtype is None:
        scratch_dtype = dtype if len(rads) <= 3 else C128
    # Tiles across rows where the destination's rows are adjacent (a non-last axis): the
    # scratch then holds element e of row r at e * batch + r.
    j_major = _rows_adjacent(batch_dims(dst), dst.axis) and batch > 1
    scratch = [fft_recipe.scratch(device, (batch * n,), scratch_dtype) for _ in range(min(2, len(rads) - 1))]
    layout = dict(axis=batch, dims=((batch, 1),)) if j_major else dict(axis=1, dims=((batch, n),))
    ns = 1
    for i, r in enumerate(rads):
        m = n // r
        first, last = i == 0, i == len(rads) - 1
        into = src if first else Side(scratch[(i - 1) % 2], "complex", 0, length=n, **layout)
        out = dst if last else Side(scratch[i % 2], "complex", 0, length=n, **layout)
        step = Extras(chirp_in=first and extras.chirp_in, chirp_out=last and extras.chirp_out,
                      chirp=extras.chirp, blue_inverse=extras.blue_inverse,
                      spectrum=extras.spectrum if last else None, scale=extras.scale if last else 1.0)
        run_local(into.with_split(m), out.with_split(ns), r, batch * m, inverse,
                  step, tw_n=ns * r if ns > 1 else 0, per_row=m, j_major=j_major)
        ns *= r
