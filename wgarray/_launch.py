"""Launching map kernels: from operands (buffers with views, or scalars) to one dispatch."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._codegen import MapOp, Slot, encode_param, map_source
from ._dtypes import layout
from ._kernels import grid, kernel_cache
from ._memory import Storage
from ._stream import stream_for, words
from ._view import TensorView, coalesce, contiguous_strides


@dataclass
class BufferOperand:
    storage: Storage
    view: TensorView  # already broadcast to the launch shape
    dtype: np.dtype


@dataclass
class ScalarOperand:
    value: object
    dtype: np.dtype


def _slot_mode(strides, shape) -> str:
    if all(s == 0 for s in strides):
        return "scalar"
    if tuple(strides) == contiguous_strides(shape):
        return "contig"
    return "strided"


def launch_map(device, op: MapOp, out_storage: Storage, out_view: TensorView, out_dtype, operands,
               fresh: bool) -> None:
    """Record out[...] = op(operands) over out_view.shape.

    fresh: the output is a new contiguous buffer starting at element 0 (packed dtypes are then
    written a whole word at a time); otherwise out_view may be any strided view.
    """
    shape = out_view.shape
    numel = math.prod(shape)
    if numel == 0:
        return
    buffers = [o for o in operands if isinstance(o, BufferOperand)]
    out_strides = contiguous_strides(shape) if fresh else out_view.strides
    stride_sets = [out_strides] + [o.view.strides for o in buffers]
    if op.coords:
        kshape, kstrides = tuple(shape), [tuple(s) for s in stride_sets]
    else:
        kshape, kstrides = coalesce(shape, *stride_sets)
    in_strides = iter(kstrides[1:])
    slots = []
    for o in operands:
        if isinstance(o, ScalarOperand):
            slots.append(Slot(o.dtype, "param"))
        else:
            slots.append(Slot(o.dtype, _slot_mode(next(in_strides), kshape)))
    out_mode = "fresh" if fresh else "strided"
    needs_ndim = op.coords or out_mode == "strided" or any(s.mode == "strided" for s in slots)
    ndim = len(kshape) if needs_ndim else 0
    out_slot = Slot(out_dtype, out_mode)
    slots = tuple(slots)
    key = ("map", op, out_slot, slots, ndim)
    kernel = kernel_cache(device).get(
        key, ("rw",) + ("r",) * len(buffers), lambda: map_source(op, out_slot, slots, ndim, device.features))

    per_word = layout(out_dtype).per_word if fresh else 1
    items = -(-numel // per_word)
    params = [items, numel, *(kshape if ndim else ())]
    if out_mode == "strided":
        params += [out_view.offset, *kstrides[0]]
    in_strides = iter(kstrides[1:])
    for o, slot in zip(operands, slots):
        if isinstance(o, ScalarOperand):
            params += encode_param(o.value, o.dtype)
            continue
        strides = next(in_strides)
        params.append(o.view.offset)
        if slot.mode == "strided":
            params += strides
    stream_for(device).dispatch(kernel, [out_storage] + [o.storage for o in buffers], words(params), grid(items))
