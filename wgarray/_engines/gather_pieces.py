"""Gather and scatter past one storage binding (see _core/segments.py).

The output, the index arrays, the values and the predicate are addressed linearly by the
launch coordinates, so pieces() cuts the launch shape into boxes in which each lies in one
segment. x's addresses depend on the data, so each box runs once per segment of x: the
kernel binds that segment as a window of x's elements, and an item whose address falls
outside the window does nothing. Every address falls in exactly one window (gather clamps
positions into their axis; scatter drops invalid ones), so each output element is written
once. Addresses wrap modulo 2^32, which stays exact while x's buffers hold fewer than 2^32
elements; from WIDE_FROM elements on (or x's strides past 32 bits), the kernels compute
addresses in 64-bit integers (Spec.wide), which needs the adapter's shader-int64.

A packed x (bool, 8- and 16-bit integers) is gathered into a 32-bit twin, since a window
writes scattered elements of words it does not own, then narrowed by a map.
"""

from __future__ import annotations

import math

import numpy as np

from .._core.operands import BufferOperand, allocate
from .._core.segments import buffer_windows, ordered_pieces, pieces
from .gather_kernel import Index, IndexOperand, Spec, _launch, _plan
from .map import MapOp, launch_map

_WIDE = {"bool": np.dtype("uint32"), "int8": np.dtype("int32"), "int16": np.dtype("int32"),
         "uint8": np.dtype("uint32"), "uint16": np.dtype("uint32"), "float16": np.dtype("float32")}


# x's buffers holding this many elements or more take 64-bit addresses (tests lower it)
WIDE_FROM = 2**32


def is_split(*operands) -> bool:
    return any(o is not None and o.storage.segments is not None for o in operands)


def x_windows(x: BufferOperand) -> list:
    """buffer_windows of x's storage: (buffer, first element, elements)."""
    return buffer_windows(x.storage, x.dtype.itemsize)


def needs_wide(x: BufferOperand, offset: int, strides, indices: list) -> bool:
    """Whether x's addresses need 64 bits: x's buffers hold WIDE_FROM elements or more, or its
    offset or strides pass 32 bits. MemoryError where the adapter has no 64-bit integers."""
    windows = x_windows(x)
    elements = windows[-1][1] + windows[-1][2]
    steps = [*strides, *(ix.xstride for ix in indices)]
    if elements < WIDE_FROM and offset < 2**32 and all(-2**31 <= s < 2**31 for s in steps) \
            and all(ix.n < 2**31 for ix in indices):  # axis lengths: i32 positions
        return False
    if "shader-int64" not in x.device.features:
        raise MemoryError(f"advanced indexing into an array of {elements} elements needs 64-bit addresses, and "
                          f"{x.device.name} lacks shader-int64")
    return True


def window_offset(offset: int, first: int, wide: bool = False) -> int:
    """x's offset relative to a window starting at element first: exact when wide, otherwise
    modulo 2^32 (as the kernel's addresses)."""
    return offset - first if wide else (offset - first) % 2**32


def box_pieces(shape, offset: int, strides, indices: list, linear: list, max_items: int | None = None):
    """(box shape, x's offset for the box, the indices re-based, the linear operands re-based).
    With max_items, the boxes are runs of consecutive items, in order, of at most max_items."""
    operands = [ix.operand for ix in indices] + linear
    boxes = pieces(shape, operands) if max_items is None else (
        (starts, box, parts, True) for starts, box, parts in ordered_pieces(shape, operands, max_items))
    for starts, box, parts, fits in boxes:
        if not fits:  # a box of one element always fits, so pieces() never yields this
            raise MemoryError("advanced indexing: an operand straddles two buffers")
        box_offset = offset + sum(s * st for s, st in zip(starts, strides))
        box_indices = [IndexOperand(part, ix.n, ix.xstride, ix.mode) for part, ix in zip(parts, indices)]
        yield box, box_offset, box_indices, parts[len(indices):]


def gather_by_segments(x: BufferOperand, out: BufferOperand, offset: int, strides, indices: list,
                       wide_addresses: bool = False) -> None:
    """out (contiguous, x's dtype) = the gather of gather.gather, for operands past one binding
    (wide_addresses: see needs_wide)."""
    device, shape = x.device, out.shape
    wide = _WIDE.get(x.dtype.name, x.dtype)
    target = out if wide == x.dtype else allocate(device, shape, wide)
    windows = x_windows(x)
    for box, box_offset, box_indices, (out_part,) in box_pieces(shape, offset, strides, indices, [target]):
        kshape, kstrides, istrides, (ostrides,) = _plan(box, strides, box_indices, [out_part.view.strides])
        spec = Spec("gather", x.dtype, len(kshape), tuple(Index(ix.operand.dtype, ix.mode) for ix in box_indices),
                    windowed=True, out_dtype=wide, wide=wide_addresses)
        for storage, first, elements in windows:
            fields = dict(window_len=elements, out_offset=out_part.view.offset, out_strides=ostrides)
            _launch(spec, device, kshape, kstrides, window_offset(box_offset, first, wide_addresses),
                    list(zip(box_indices, istrides)), out_part.storage,
                    [storage, *(ix.operand.storage for ix in box_indices)], fields, math.prod(box))
    if target is not out:
        launch_map(device, MapOp("copy", "a0", (wide,), wide), out.storage, out.view, x.dtype, [target], fresh=True)
