"""Work on storages of several buffers, one binding at a time.

A storage past the device's segment size is made of several buffers (memory.Storage.segments).
A kernel binds one buffer per operand, so an engine splits its index space into boxes in
which every operand's elements lie in one segment, and dispatches each box with operands
re-based on their segments (pieces()). Boxes are cut at segment boundaries where a boundary
falls between two slices of the widest dimension, and halved otherwise; a box of one element
always fits, so the split ends.
"""

from __future__ import annotations

import math

from .view import TensorView


def segment_bytes_of(storage) -> int:
    """The segment size of a storage of several buffers (the first is always whole)."""
    return storage.segments[0].nbytes


def buffer_windows(storage, itemsize: int) -> list:
    """(the buffer to bind, its first element, its elements) for each buffer of a storage."""
    if storage.segments is None:
        return [(storage, 0, storage.nbytes // itemsize)]
    per = segment_bytes_of(storage) // itemsize
    return [(segment, k * per, segment.nbytes // itemsize) for k, segment in enumerate(storage.segments)]


def contiguous_chunks(operand) -> list:
    """A contiguous operand's elements in each buffer of its storage: (buffer, first element in
    the buffer, elements, first element of the operand). Buffers start at multiples of 256 bytes."""
    low, high = operand.view.offset, operand.view.offset + operand.view.size
    chunks = []
    for buffer, first, elements in buffer_windows(operand.storage, operand.dtype.itemsize):
        start, stop = max(first, low), min(first + elements, high)
        if start < stop:
            chunks.append((buffer, start - first, stop - start, start - low))
    return chunks


def locate(operand):
    """The operand re-based on the one segment that holds all its elements, or None when its
    elements straddle segments. operand: a BufferOperand (dataclass with storage, view, dtype)."""
    storage, view = operand.storage, operand.view
    if storage.segments is None:
        return operand
    low, high = view.span()
    item = operand.dtype.itemsize
    step = segment_bytes_of(storage)
    first = low * item // step
    if ((high + 1) * item - 1) // step != first:
        return None
    base = first * (step // item)
    return type(operand)(storage.segments[first], TensorView(view.shape, view.strides, view.offset - base),
                         operand.dtype)


def pieces(shape: tuple, operands: list, dims=None):
    """Split shape into boxes in which every operand (views broadcast to shape) lies in one
    segment, cutting only the dimensions in dims (default: all). Yields (starts, box shape,
    parts, fits), lowest addresses first: parts are the operands' views of the box, re-based on
    their segments when fits; fits is False for a box that still straddles segments but has no
    dimension in dims left to cut."""
    shape = tuple(shape)
    located = [locate(o) for o in operands]
    missing = next((k for k, o in enumerate(located) if o is None), None)
    if missing is None:
        yield (0,) * len(shape), shape, located, True
        return
    cuttable = [d for d in (range(len(shape)) if dims is None else dims) if shape[d] > 1]
    if not cuttable:
        yield (0,) * len(shape), shape, list(operands), False
        return
    dim, cut = _cut(operands[missing], shape, cuttable)
    for start, count in ((0, cut), (cut, shape[dim] - cut)):
        sub_shape = shape[:dim] + (count,) + shape[dim + 1:]
        subs = [_slice(o, dim, start, sub_shape) for o in operands]
        for starts, box, parts, fits in pieces(sub_shape, subs, dims):
            yield starts[:dim] + (starts[dim] + start,) + starts[dim + 1:], box, parts, fits


def ordered_pieces(shape: tuple, operands: list, max_items: int, dim: int = 0):
    """pieces() whose boxes are runs of consecutive items in row-major order, in that order,
    each of at most max_items items and with every operand in one segment: for work whose
    result depends on the order of its items. Cuts the leading dimension first, and a later
    one only inside a single slice of the earlier ones. Yields (starts, box shape, parts)."""
    shape = tuple(shape)
    d = next((k for k in range(dim, len(shape)) if shape[k] > 1), None)
    if d is None:  # one item: it fits
        yield from ((starts, box, parts) for starts, box, parts, _ in pieces(shape, operands))
        return
    inner = math.prod(shape[d + 1:])
    step = max(1, max_items // max(inner, 1))
    for start in range(0, shape[d], step):
        sub_shape = shape[:d] + (min(step, shape[d] - start),) + shape[d + 1:]
        subs = [_slice(o, d, start, sub_shape) for o in operands]
        for starts, box, parts, fits in pieces(sub_shape, subs, dims=[d]):
            starts = starts[:d] + (starts[d] + start,) + starts[d + 1:]
            if fits and math.prod(box) <= max_items:
                yield starts, box, parts
                continue
            for inner_starts, inner_box, inner_parts in ordered_pieces(box, parts, max_items, d + 1):
                yield tuple(a + b for a, b in zip(starts, inner_starts)), inner_box, inner_parts


def _slice(operand, dim: int, start: int, shape: tuple):
    view = operand.view
    return type(operand)(operand.storage, TensorView(shape, view.strides, view.offset + start * view.strides[dim]),
                         operand.dtype)


def _cut(operand, shape: tuple, dims: list) -> tuple:
    """Where to split shape so that operand's pieces come closer to one segment each: along the
    dimension of widest reach, at the first segment boundary if it falls between slices."""
    view = operand.view
    dim = max(dims, key=lambda d: (shape[d] - 1) * abs(view.strides[d]))
    n, stride = shape[dim], view.strides[dim]
    cut = n // 2
    if stride > 0:
        low, high = view.span()
        per = segment_bytes_of(operand.storage) // operand.dtype.itemsize
        boundary = (low // per + 1) * per  # first element of the next segment
        inner = high - low - (n - 1) * stride  # reach of one slice along dim
        whole = (boundary - 1 - inner - low) // stride + 1  # slices that end below the boundary
        cut = min(max(whole, 1), n - 1)
    return dim, cut
