"""Advanced indexing on the GPU: gather and scatter (the kernel: gather_kernel.py). Operands
past one storage binding go a box and a window at a time (gather_pieces.py)."""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.operands import BufferOperand, allocate
from .gather_kernel import Index, IndexOperand, Spec, _launch, _plan, fold_indices
from .gather_pieces import box_pieces, gather_by_segments, is_split, needs_wide, window_offset, x_windows

__all__ = ["IndexOperand", "gather", "scatter"]


def gather(x: BufferOperand, shape, offset: int, strides, indices: list) -> BufferOperand:
    """A new contiguous operand of `shape`: out[c] = x's buffer at the address of c (see gather_kernel.py)."""
    out = allocate(x.device, shape, x.dtype)
    size = out.view.size
    if size == 0:
        return out
    indices = list(indices)
    if is_split(x, out, *(ix.operand for ix in indices)):
        wide = needs_wide(x, offset, strides, indices)
        gather_by_segments(x, out, offset, strides, fold_indices(x.device, shape, indices, wide), wide)
        return out
    indices = fold_indices(x.device, shape, indices)
    kshape, kstrides, istrides, _ = _plan(shape, strides, indices)
    spec = Spec("gather", x.dtype, len(kshape), tuple(Index(ix.operand.dtype, ix.mode) for ix in indices))
    per = dt.layout(x.dtype).per_word
    _launch(spec, x.device, kshape, kstrides, offset, list(zip(indices, istrides)), out.storage,
            [x.storage, *(ix.operand.storage for ix in indices)], {}, -(-size // per))
    return out


def scatter(x: BufferOperand, shape, offset: int, strides, indices: list, value, predicate: BufferOperand | None = None):
    """x's buffer at the address of c = value[c] (a BufferOperand broadcast to shape, or a
    ScalarOperand of x's dtype), for every c where predicate (if any) is true.

    Which of several writes to one element wins is unspecified (GPU threads race).
    No operand may share x's buffer (the caller copies)."""
    if math.prod(shape) == 0:
        return
    indices = list(indices)
    linear = ([value] if isinstance(value, BufferOperand) else []) + ([predicate] if predicate is not None else [])
    split = is_split(x, *(ix.operand for ix in indices), *linear)
    wide = split and needs_wide(x, offset, strides, indices)
    indices = fold_indices(x.device, shape, indices, wide)
    windows = x_windows(x) if split else [(x.storage, 0, None)]
    boxes = box_pieces(shape, offset, strides, indices, linear) if split else [(shape, offset, indices, linear)]
    for box, box_offset, box_indices, parts in boxes:
        kshape, kstrides, istrides, mstrides = _plan(box, strides, box_indices, [p.view.strides for p in parts])
        parts, mstrides = list(parts), list(mstrides)
        storages = [ix.operand.storage for ix in box_indices]
        if isinstance(value, BufferOperand):
            part = parts.pop(0)
            storages.append(part.storage)
            fields = dict(value_offset=part.view.offset, value_strides=mstrides.pop(0))
            vspec = ("buffer", value.dtype)
        else:
            fields = dict(value=value.value)
            vspec = ("param", value.dtype)
        if predicate is not None:
            part = parts.pop(0)
            storages.append(part.storage)
            fields.update(predicate_offset=part.view.offset, predicate_strides=mstrides.pop(0))
        spec = Spec("scatter", x.dtype, len(kshape), tuple(Index(ix.operand.dtype, ix.mode) for ix in box_indices),
                    vspec, predicate is not None, windowed=split, wide=wide)
        for storage, first, elements in windows:
            _launch(spec, x.device, kshape, kstrides, window_offset(box_offset, first, wide),
                    list(zip(box_indices, istrides)), storage, storages,
                    dict(fields, window_len=elements) if split else fields, math.prod(box))
