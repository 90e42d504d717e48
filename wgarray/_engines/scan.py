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

import dataclasses
import functools
import math

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.kernels import MAX_LOOP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.segments import pieces
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.view import TensorView
from .._core.wgsl import link
from .fold import _merge
from .fold_source import Fold, dims_fields, head_source, offset_fn
from .folds import sum_fold
from .map import MapOp, launch_map

PER = 4  # consecutive elements per invocation in a tile
TILE = 256 * PER
SERIAL_ROWS = 4096  # this many rows scan serially when neighbouring rows are neighbours in memory
SERIAL_LEN = 32  # rows this short always scan serially


@functools.lru_cache(maxsize=None)
def scan_params(kd: int, sd: int) -> ParamLayout:
    """A scan's parameters: `rows`, their `length`, `tiles` per row, `initial` (1: the output
    starts with the identity), the input `offset`, `zero` (always 0), the (size, stride) pairs
    of the input's kept and scanned dims, then the output's offset, kept strides and scan stride."""
    return ParamLayout("rows", "length", "tiles", "initial", "offset", "zero", *dims_fields("kept", kd),
                       *dims_fields("folded", sd), "out_offset", ("out_strides", "u32", kd), "out_step")


def _source(fold: Fold, src, mode: str, kd: int, sd: int, partial: bool, features) -> str:
    """mode: "serial", "totals" (tile totals) or "tile" / "tile+carry" (tile scan)."""
    extra = ""
    if mode == "tile+carry":
        extra = f"@group(0) @binding(3) var<storage, read> carry: array<{layout(fold.acc).storage}>;"
    head = head_source(fold, src, scan_params(kd, sd), kd, sd, features, partial=partial, extra=extra)
    out_off = offset_fn("row", "kept", kd, strides="out_strides", base="p_out_offset()")
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
        kept=[v for d in kdims for v in d], folded=[v for d in sdims for v in d], out_offset=out.view.offset,
        out_strides=out_strides, out_step=out_step)
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
    if x.storage.segments is not None or (view.size + 1) * fold.acc.itemsize > pool_for(x.device).segment_bytes:
        return _scan_by_segments(fold, x, axis, include_initial)
    inc = int(include_initial)
    if axis is None:
        shape = (view.size + inc,)
    else:
        shape = tuple(n + inc if d == axis else n for d, n in enumerate(view.shape))
    out = allocate(x.device, shape, fold.acc)
    _scan_into(fold, x, axis, include_initial, out)
    return out


def _scan_into(fold: Fold, x: BufferOperand, axis, include_initial: bool, out: BufferOperand) -> None:
    """Scan x into out (one segment each), whose view has x's shape (longer by one along axis with
    include_initial; 1-D for axis None) and any strides and offset."""
    view = x.view
    size = view.size
    if axis is None:
        kdims, sdims = [], _merge(zip(view.shape, view.strides)) or [(size, 1)]
        out_strides, out_step = [], out.view.strides[0]
    else:
        kept = [d for d in range(view.ndim) if d != axis and view.shape[d] != 1]
        kdims = [(view.shape[d], view.strides[d]) for d in kept]
        sdims = [(view.shape[axis], view.strides[axis])]
        out_strides, out_step = [out.view.strides[d] for d in kept], out.view.strides[axis]
    if size == 0:
        sdims = [(0, 1)]
    _run(fold, out, x.storage, x.dtype, view.offset, kdims, sdims, out_strides, out_step, include_initial)


def exclusive_sum(counts: BufferOperand) -> BufferOperand:
    """out[i] = counts[0] + ... + counts[i - 1] for i in 0..n (see the module docstring)."""
    if counts.view.ndim != 1 or counts.dtype not in (dt.uint32, dt.int64):
        raise TypeError("exclusive_sum expects a 1-D uint32 or int64 operand")
    return scan(sum_fold(counts.dtype), counts, 0, True)


def _scan_by_segments(fold: Fold, x: BufferOperand, axis, include_initial: bool) -> BufferOperand:
    """A scan whose input or output spans several buffers, in boxes that each lie in one segment.
    The input is first cast to fold.acc (contiguous), so that input and output boxes match; a row
    longer than a segment is scanned a piece at a time, each piece led by the previous piece's
    last result (scanned as one more element, then dropped)."""
    if axis is None:
        x = _cast_copy(x, x.dtype) if not x.view.is_contiguous else x
        x, axis = x.with_view(TensorView.contiguous((x.view.size,), x.view.offset)), 0
    values = x if x.dtype == fold.acc and x.view.is_contiguous else _cast_copy(x, fold.acc)
    partials = dataclasses.replace(fold, prep="x", in_dtype=fold.acc, centred=False)
    inc = int(include_initial)
    shape = values.view.shape
    out = allocate(x.device, _grown(shape, axis, inc), fold.acc)
    if include_initial:  # the identity, as the engine writes it
        first = _slab(out, axis, 0, 1)
        launch_map(x.device, MapOp("scan_initial", fold.empty or fold.init, (), fold.acc), first.storage,
                   first.view, fold.acc, [], fresh=False)
    scanned = _slab(out, axis, inc, shape[axis])
    kept = [d for d in range(len(shape)) if d != axis]
    step = pool_for(x.device).segment_bytes // fold.acc.itemsize // 2  # a piece and its carry fit a segment
    for _, box, (part, part_out), fits in pieces(shape, [values, scanned], kept):
        if fits:
            _scan_into(partials, part, axis, False, part_out)
            continue
        carry = None  # the row is longer than a segment: all other dims of the box are 1
        for start, length in _runs(part, box, axis, step):
            piece = _slab(part, axis, start, length)
            if carry is not None:
                led = allocate(x.device, _grown(piece.view.shape, axis, 1), fold.acc)
                _copy_into(_slab(led, axis, 0, 1), carry)
                _copy_into(_slab(led, axis, 1, length), piece)
                piece = led
            result = scan(partials, piece, axis, False)
            lead = 0 if carry is None else 1
            _copy_into(_slab(part_out, axis, start, length), _slab(result, axis, lead, length))
            carry = _slab(result, axis, lead + length - 1, 1)
    return out


def _runs(part: BufferOperand, box, axis: int, step: int):
    """(start, length) pieces along axis of at most `step` elements, each in one segment."""
    for starts, sub, _, _ in pieces(box, [part], [axis]):
        for start in range(0, sub[axis], step):
            yield starts[axis] + start, min(step, sub[axis] - start)


def _slab(operand: BufferOperand, axis: int, start: int, length: int) -> BufferOperand:
    view = operand.view
    shape = _grown(view.shape, axis, length - view.shape[axis])
    return operand.with_view(TensorView(shape, view.strides, view.offset + start * view.strides[axis]))


def _grown(shape, axis: int, extra: int) -> tuple:
    return tuple(n + extra if d == axis else n for d, n in enumerate(shape))


def _cast_copy(x: BufferOperand, dtype) -> BufferOperand:
    out = allocate(x.device, x.view.shape, dtype)
    launch_map(x.device, MapOp("copy", "a0", (dtype,), dtype), out.storage, out.view, dtype, [x], fresh=True)
    return out


def _copy_into(target: BufferOperand, value: BufferOperand) -> None:
    launch_map(target.device, MapOp("copy", "a0", (target.dtype,), target.dtype), target.storage, target.view,
               target.dtype, [value], fresh=False)
