"""The fft engine's tables of roots of unity, computed once per length on the device
(wgsl/fft_twiddle.wgsl) and kept in a bounded per-device cache: the passes' twiddles, two-level
root tables, the global passes' twiddle tables, and Bluestein's chirp."""

from __future__ import annotations

import numpy as np

from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import with_libraries

C128 = np.dtype(np.complex128)

_TABLE = ParamLayout("n", "bits", "entries", "kind", "low", "high", ZERO)
_KINDS = {"plain": 0, "split": 0, "chirp": 1, "pass": 2}
_tables = per_device(lambda device: plan_cache(64))


def root_bits(m: int) -> int:
    """The fine level of the two-level root table of m (wgsl/fft_roots.wgsl): about sqrt(m)
    entries in each level."""
    return ((max(m, 1) - 1).bit_length() + 1) // 2


def _table(device, kind: str, m: int, radix: int = 1) -> BufferOperand:
    """A table of the roots exp(-2 pi i k / m) (complex128, wgsl/fft_twiddle.wgsl), computed once
    per (kind, m) on the device: "plain" (entry k, k < m), "split" (two levels of root_bits(m)),
    "chirp" (entry j = the root of j^2 mod m, j < m / 2) or "pass" (pass_table, m = ns radix)."""
    cache = _tables(device)
    low, high = pass_split(m // radix) if kind == "pass" else (0, 0)
    table = cache.get((kind, m, radix, low))
    if table is None:
        bits = {"plain": (max(m, 1) - 1).bit_length(), "split": root_bits(m)}.get(kind, 0)
        entries = {"plain": max(m, 1), "split": (1 << bits) + -(-m >> bits), "chirp": m // 2,
                   "pass": radix * (low + high)}[kind]
        table = allocate(device, (entries,), C128)
        launch_kernel(device, ("fft_twiddle",),
                      lambda: with_libraries("fft_twiddle", device.features, params=_TABLE.wgsl(),
                                             WG=WORKGROUP, root=render("fft_root")),
                      [table.storage], _TABLE.pack(n=max(m, 1), bits=bits, entries=entries, kind=_KINDS[kind],
                                                   low=low, high=high), entries)
        cache[(kind, m, radix, low)] = table
    return table


PASS_LOW = 256  # a global pass's twiddle table splits j at this (see pass_table)


def pass_split(ns: int) -> tuple:
    """(L, H): a global pass's butterfly index j < ns as j % L + L (j / L), j / L < H."""
    low = max(1, min(ns, PASS_LOW))
    return low, -(-ns // low)


def pass_table(device, ns: int, radix: int) -> BufferOperand:
    """The twiddles w^(k j) (w = exp(-2 pi i / (ns radix)), k < radix, j < ns) of a global
    Stockham pass as two tables of pass_split(ns) = (L, H): entry k L + j % L holds w^(k (j % L)),
    entry radix L + k H + j / L holds w^(k L (j / L)). Adjacent butterflies j read adjacent entries
    (the two-level table of the exponent k j would scatter them), and their product is within
    about an ulp, as root_table's."""
    return _table(device, "pass", ns * radix, radix)


def twiddle_table(device, n: int) -> BufferOperand:
    """exp(-2 pi i k / n) for k < n: the passes' twiddles."""
    return _table(device, "plain", n)


def root_table(device, m: int) -> BufferOperand:
    """exp(-2 pi i k / m) for k < m as two levels of root_bits(m) (wgsl/fft_roots.wgsl)."""
    return _table(device, "split", m)


def chirp_table(device, n: int) -> BufferOperand:
    """Bluestein's chirp exp(-i pi j^2 / n) for j < n, j^2 reduced mod 2n exactly."""
    return _table(device, "chirp", 2 * n)
