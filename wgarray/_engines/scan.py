"""Prefix scans on the GPU: cumulative_sum, cumulative_prod and diff, plus helpers.

Reusable helper (for stream compaction, boolean-mask indexing, nonzero):

    exclusive_sum(counts: BufferOperand) -> BufferOperand
        counts: a 1-D operand of uint32 or int64 (any view: offset and stride are honoured).
        Returns a new contiguous 1-D operand of the same dtype with counts.size + 1 elements:
        out[0] = 0 and out[i] = counts[0] + ... + counts[i - 1], so out[-1] is the total.
        Everything stays on the GPU; read the total with one download where a size is needed.

    scan(fold, x, axis, include_initial) -> BufferOperand
        The inclusive scan of a Fold (see folds.py) along one axis of x (axis=None: along
        the C-order flattening, giving a 1-D result), of dtype fold.acc. With include_initial
        the scanned axis starts with the identity (and is one longer).

How: rows of at most SERIAL_LEN elements, and many rows (SERIAL_ROWS or more) scanned along a
non-innermost axis, are scanned by one invocation per row (wgsl/scan_serial.wgsl), so that
neighbouring invocations read neighbouring elements. Otherwise rows are cut into tiles of TILE
elements, one workgroup each (wgsl/scan_tile.wgsl): a first pass writes each tile's total,
the totals are scanned (recursively, the same way) into carries, and a second pass scans each
tile starting from its carry (reduce-then-scan: two reads and one write of the data).
"""

from __future__ import annotations

import functools
import math

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.kernels import MAX_LOOP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.view import TensorView
from .._core.wgsl import link
from .fold import Fold, _merge, dims_fields, head_source, offset_fn
from .folds import sum_fold

PER = 4  # consecutive elements per invocation in a tile
TILE = 256 * PER
SERIAL_ROWS = 4096  # this many rows scan serially when neighbouring rows are neighbours in memory
SERIAL_LEN = 32  # rows this short always scan serially


@functools.lru_cache(maxsize=None)
def scan_params(kd: int, sd: int) -> ParamLayout:
    """A scan's parameters: `rows`, their `length`, `tiles` per row, `initial` (1: the output
    starts with the identity), the input `offset`, `zero` (always 0), the (size, stride) pairs
    of the input's kept and scanned dims, then the output's kept strides and scan stride."""
    return ParamLayout("rows", "length", "tiles", "initial", "offset", "zero", *dims_fields("kept", kd),
                       *dims_fields("folded", sd), ("out_strides", "u32", kd), "out_step")


def _source(fold: Fold, src, mode: str, kd: int, sd: int, partial: bool, features) -> str:
    """mode: "serial", "totals" (tile totals) or "tile" / "tile+carry" (tile scan)."""
    extra = ""
    if mode == "tile+carry":
        extra = f"@group(0) @binding(3) var<storage, read> carry: array<{layout(fold.acc).storage}>;"
    head = head_source(fold, src, scan_params(kd, sd), kd, sd, features, partial=partial, extra=extra)
    out_off = offset_fn("row", "kept", kd, strides="out_strides")
    initial = "init()" if partial else "empty()"
    if mode == "serial":
        return link(render("scan_serial", head=head, out_off=out_off, initial=initial), features)
    if mode == "totals":
        emit, what = render("scan_emit_totals"), "the last invocation writes the tile's total"
    else:
        carry = "carry[row * (B + 1u) + b]" if mode == "tile+carry" else "init()"
        emit = render("scan_emit_tile", carry=carry, per=PER, initial=initial)
        what = "each invocation writes its elements from the carry of the tiles before"
    return link(render("scan_tile", head=head, out_off=out_off, per=PER, tile=TILE, emit=emit, emit_what=what),
                features)


def _launch(fold, mode, out, inputs, src, kdims, sdims, partial, params, items):
    device = out.device
    key = ("scan", mode, fold, src, len(kdims), len(sdims), partial)
    launch_kernel(device, key, lambda: _source(fold, src, mode, len(kdims), len(sdims), partial, device.features),
                  [out.storage, *inputs], params, items)


def _run(fold: Fold, out: BufferOperand, storage, src, offset: int, kdims, sdims, out_strides, out_step: int,
         include_initial: bool, partial: bool = False) -> None:
    """Scan rows (kept dims kdims; scanned dims sdims, C order) into `out` (fold.acc)."""
    rows = math.prod(n for n, _ in kdims)
    length = math.prod(n for n, _ in sdims)
    if rows == 0:
        return
    inc = int(include_initial)
    tiles = max(1, -(-length // TILE))
    params = scan_params(len(kdims), len(sdims)).pack(
        rows=rows, length=length, tiles=tiles, initial=inc, offset=offset, zero=0,
        kept=[v for d in kdims for v in d], folded=[v for d in sdims for v in d], out_strides=out_strides,
        out_step=out_step)
    unit = sdims[-1][1] == 1
    if length <= SERIAL_LEN or (rows >= SERIAL_ROWS and not unit and length <= MAX_LOOP):
        _launch(fold, "serial", out, [storage], src, kdims, sdims, partial, params, rows)
        return
    if tiles == 1:
        _launch(fold, "tile", out, [storage], src, kdims, sdims, partial, params, rows * 256)
        return
    totals = allocate(out.device, (rows * tiles,), fold.acc)
    _launch(fold, "totals", totals, [storage], src, kdims, sdims, partial, params, rows * tiles * 256)
    carries = allocate(out.device, (rows * (tiles + 1),), fold.acc)
    _run(fold, carries, totals.storage, fold.acc, 0, [(rows, tiles)], [(tiles, 1)], [tiles + 1], 1, True, True)
    _launch(fold, "tile+carry", out, [storage, carries.storage], src, kdims, sdims, partial, params,
            rows * tiles * 256)


def scan(fold: Fold, x: BufferOperand, axis, include_initial: bool) -> BufferOperand:
    """The inclusive scan of fold along axis (None: the C-order flattening), of dtype fold.acc."""
    view = x.view
    size = view.size
    inc = int(include_initial)
    if axis is None:
        shape = (size + inc,)
        kdims, sdims = [], _merge(zip(view.shape, view.strides)) or [(size, 1)]
        out_strides, out_step = [], 1
    else:
        shape = tuple(n + inc if d == axis else n for d, n in enumerate(view.shape))
        strides = TensorView.contiguous(shape).strides
        kept = [d for d in range(view.ndim) if d != axis and view.shape[d] != 1]
        kdims = [(view.shape[d], view.strides[d]) for d in kept]
        sdims = [(view.shape[axis], view.strides[axis])]
        out_strides, out_step = [strides[d] for d in kept], strides[axis]
    out = allocate(x.device, shape, fold.acc)
    if size == 0:
        sdims = [(0, 1)]
    _run(fold, out, x.storage, x.dtype, view.offset, kdims, sdims, out_strides, out_step, include_initial)
    return out


def exclusive_sum(counts: BufferOperand) -> BufferOperand:
    """out[i] = counts[0] + ... + counts[i - 1] for i in 0..n (see the module docstring)."""
    if counts.view.ndim != 1 or counts.dtype not in (dt.uint32, dt.int64):
        raise TypeError("exclusive_sum expects a 1-D uint32 or int64 operand")
    return scan(sum_fold(counts.dtype), counts, 0, True)
