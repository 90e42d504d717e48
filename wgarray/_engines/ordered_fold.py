"""The ordered fold: reductions and scans that keep NumPy's left-to-right order.

Ufuncs that may not be regrouped (subtract, divide, power, arctan2, ...) reduce as
((x0 op x1) op x2) op ... in NumPy, so the fold engine's trees cannot compute them. Here one
invocation per output walks its run of elements in order (wgsl/ordered_fold.wgsl):

    ordered_fold(op, x, axis)                     reduce: one result per run along axis
    ordered_fold(op, x, axis, scan=True)          accumulate: every partial result
    ordered_fold(op, x, axis, segments=(b, n))    reduceat: run k is [b[2k], b[2k + 1]) along
                                                  axis, n the longest run; the output has
                                                  len(b) / 2 entries along axis
    start=value                                   runs start from value instead of their first
                                                  element (an initial, or the identity)
    mask=bool operand of x's shape                reduce only: elements where it is false are
                                                  skipped (the run needs a start then)

A run of n elements takes ceil(n / MAX_LOOP) dispatches (llvmpipe ends longer loops
silently): each goes on from the partial result the last one left in the output. Packed
dtypes (bool, 8- and 16-bit integers) are kept in 32-bit words while folding, wrapped to
their range after every step, and narrowed by one map pass at the end.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.kernels import MAX_LOOP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.view import contiguous_strides
from .._core.wgsl import LIBRARIES, cast, link, load_fn, wrap
from .fold_source import dims_fields, offset_fn
from .folds import wide
from .map import MapOp, launch_map


@dataclass(frozen=True)
class OrderedOp:
    """What an ordered fold computes: `expr`, a WGSL expression over a0 (the running result)
    and a1 (the next element), both registers of `dtype`; elements are cast to dtype, and
    every step's result is wrapped to dtype's range."""

    name: str
    expr: str
    dtype: np.dtype


@functools.lru_cache(maxsize=None)
def ordered_params(kd: int, dtype) -> ParamLayout:
    """A dispatch's parameters: `rows` (outputs), `first` (the position in each run this
    piece starts at), the input `offset`, `zero`, the folded axis' input stride, the output
    step along it (scans), the mask's offset and stride along it, the segment layout
    (reduceat: segment = row / seg_inner % segments), the run `length` (otherwise), whether
    runs start from `start`, then the kept dims' (size, input stride) pairs and their output
    and mask strides."""
    return ParamLayout("rows", "first", "offset", "zero", "axis_stride", "out_step", "mask_offset", "mask_step",
                       "seg_inner", "segments", "length", "has_start", ("start", dtype), *dims_fields("kept", kd),
                       ("out_strides", "u32", kd), ("mask_strides", "u32", kd))


def _source(op: OrderedOp, src, kd: int, scan: bool, masked: bool, segmented: bool, features) -> str:
    store = wide(op.dtype)
    params = ordered_params(kd, op.dtype)
    bindings, loaders = [], [load_fn(0, src)]
    if masked:
        bindings.append("@group(0) @binding(3) var<storage, read> in1: array<u32>;")
        loaders.append(load_fn(1, dt.bool_))
        takes_part = "return load1(p_mask_offset() + mask_off(row) + j * p_mask_step());"
        mask_off = offset_fn("row", "kept", kd, strides="mask_strides")
    else:
        takes_part, mask_off = "return true;", "return 0u;"
    if segmented:
        bindings.append("@group(0) @binding(3) var<storage, read> runs: array<u32>;")
        run = ("let s = (row / p_seg_inner()) % p_segments(); "
               "return vec2<u32>(runs[2u * s], runs[2u * s + 1u]);")
    else:
        run = "return vec2<u32>(0u, p_length());"
    if scan:
        out_off = offset_fn("row", "kept", kd, strides="out_strides")
        previous, emit, finish = "o + (lo - 1u) * step", "        out[o + j * step] = stored(acc);", ""
    else:
        out_off, previous, emit, finish = "return row;", "o", "", "    out[o] = stored(acc);"
    source = render("ordered_fold", params=params.wgsl(), out_storage=layout(store).storage,
                    in_storage=layout(src).storage, bindings="\n".join(bindings), library=LIBRARIES,
                    loaders="\n".join(loaders), acc=layout(op.dtype).register, combine=wrap(f"({op.expr})", op.dtype),
                    element=cast("v", src, op.dtype), store=cast("a", op.dtype, store),
                    restore=cast("s", store, op.dtype), kept_off=offset_fn("row", "kept", kd), out_off=out_off,
                    run=run, mask_off=mask_off, takes_part=takes_part, piece=MAX_LOOP, previous=previous, emit=emit, finish=finish)
    return link(source, features)


def _merge_dims(dims) -> list:
    """(size, strides...) tuples, outermost first: size-1 dims dropped, a dim merged into the
    one before it where every stride set steps exactly over it (C order is kept)."""
    out: list = []
    for n, *strides in dims:
        if n == 1:
            continue
        if out and all(prev == s * n for prev, s in zip(out[-1][1:], strides)):
            out[-1] = (out[-1][0] * n, *strides)
        else:
            out.append((n, *strides))
    return out


def ordered_fold(op: OrderedOp, x: BufferOperand, axis: int, *, scan: bool = False, start=None,
                 mask: BufferOperand | None = None, segments: tuple | None = None) -> BufferOperand:
    """x folded in order along axis (see the module docstring), as a new operand of op.dtype."""
    device, view = x.device, x.view
    length = view.shape[axis]
    if segments is not None:
        bounds, longest = segments
        count = bounds.view.size // 2
        shape = view.shape[:axis] + (count,) + view.shape[axis + 1:]
        x_strides = view.strides[:axis] + (0,) + view.strides[axis + 1:]  # the run is found per segment
        kept_axes = range(view.ndim)
        seg_inner = math.prod(shape[axis + 1:])
    else:
        longest, count, seg_inner = length, 1, 1
        shape = view.shape if scan else view.shape[:axis] + view.shape[axis + 1:]
        x_strides = view.strides
        kept_axes = [d for d in range(view.ndim) if d != axis]
    store = wide(op.dtype)
    out = allocate(device, shape, store)
    out_strides = contiguous_strides(view.shape)
    mask_strides = mask.view.strides if mask is not None else (0,) * view.ndim
    dims = _merge_dims((view.shape[d] if segments is None else shape[d], x_strides[d], out_strides[d],
                        mask_strides[d]) for d in kept_axes)
    rows = math.prod(shape) if segments is not None else math.prod(view.shape[d] for d in kept_axes)
    if rows:
        layout_ = ordered_params(len(dims), op.dtype)
        key = ("ordered_fold", op, x.dtype, len(dims), scan, mask is not None, segments is not None)
        storages = [out.storage, x.storage] + ([mask.storage] if mask is not None else []) + (
            [bounds.storage] if segments is not None else [])
        fields = dict(rows=rows, offset=view.offset, zero=0, axis_stride=view.strides[axis],
                      out_step=out_strides[axis], mask_offset=mask.view.offset if mask is not None else 0,
                      mask_step=mask_strides[axis], seg_inner=seg_inner, segments=count, length=length,
                      has_start=int(start is not None), start=0 if start is None else start,
                      kept=[v for n, s, _, _ in dims for v in (n, s)], out_strides=[d[2] for d in dims],
                      mask_strides=[d[3] for d in dims])
        for first in range(0, max(longest, 1), MAX_LOOP):
            launch_kernel(device, key, lambda: _source(op, x.dtype, len(dims), scan, mask is not None,
                                                       segments is not None, device.features),
                          storages, layout_.pack(first=first, **fields), rows)
    if store == op.dtype:
        return out
    narrow = allocate(device, shape, op.dtype)
    launch_map(device, MapOp("narrow", "a0", (op.dtype,), op.dtype), narrow.storage, narrow.view, op.dtype, [out],
               fresh=True)
    return narrow
