"""Stream compaction: the coordinates of a boolean mask's true elements, in C order.

Three steps: count the true elements of each block of BLOCK (wgsl/gather_count.wgsl, packed
bools read a vec4 of words per invocation), an exclusive scan of the counts (the scan
engine), then each block writes its elements' coordinates from its offset
(wgsl/gather_compact.wgsl). The total sizes the output: one 4-byte read, the one host sync
a data-dependent shape needs.

Past one binding, each buffer of the mask is a chunk counted and scanned on its own (one read
for all the chunk totals), and the chunks write flat element indices into the part of the
output each buffer of it holds; a map then unravels them into coordinates. A mask of WIDE_FROM
(2^32) elements or more has flat indices past 32 bits: its coordinates are uint64, each chunk's
indices written within the chunk (32 bits, as a chunk is one buffer) and then widened and
shifted to the chunk's first element by a map.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, ScalarOperand, allocate, uploaded
from .._core.segments import buffer_windows, contiguous_chunks
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView, contiguous_strides
from .map import MapOp, launch_map
from .scan import exclusive_sum

BLOCK = 16 * WORKGROUP  # mask elements per workgroup in the count and compact kernels (a vec4 a thread)

# blocks of BLOCK mask elements, the mask's size and its first vec4 of words
_MASK = ("blocks", "size", "mask_vec4")
COUNT = ParamLayout(*_MASK)

# masks of this many elements or more have uint64 coordinates (tests lower it)
WIDE_FROM = 2**32


@functools.lru_cache(maxsize=None)
def compact_params(ndim: int) -> ParamLayout:
    """COUNT, then the number of true elements, the chunk's first element, the output column of
    its first true element, the output window, and the mask's shape (a trailing array: its
    accessor does not depend on ndim, so one kernel serves every ndim)."""
    return ParamLayout(*_MASK, "count", "first", "column", "window_first", "window_len", "ndim",
                       ("shape", "u32", ndim))


def _launch(device, name: str, layout: ParamLayout, storages, params: bytes, items):
    launch_kernel(device, (name,), lambda: render(name, workgroup=WORKGROUP, params=layout.wgsl(),
                                                  lib_mask=render("lib_mask")),
                  storages, params, items)


def _count(device, storage, size: int, words: int) -> tuple:
    """Count and scan the true elements of a chunk of `size` mask elements starting at vec4
    `words` of storage: (blocks, offsets), offsets[blocks] being the chunk's total."""
    blocks = -(-size // BLOCK)
    counts = allocate(device, (blocks + 1,), dt.uint32)  # the kernel also writes a trailing 0
    _launch(device, "gather_count", COUNT, [counts.storage, storage],
            COUNT.pack(blocks=blocks, size=size, mask_vec4=words), (blocks + 1) * WORKGROUP)
    return blocks, exclusive_sum(counts.with_view(TensorView.contiguous((blocks,))))


def _totals(device, scans: list) -> list:
    """The chunks' totals, in one read."""
    stream = stream_for(device)
    if len(scans) == 1:
        blocks, offsets = scans[0]
        return [int(np.frombuffer(stream.download(offsets.storage, 4 * blocks, 4), dtype=np.uint32)[0])]
    totals = allocate(device, (len(scans),), dt.uint32)
    for k, (blocks, offsets) in enumerate(scans):
        launch_map(device, MapOp("copy", "a0", (dt.uint32,), dt.uint32), totals.storage,
                   TensorView((1,), (1,), k), dt.uint32, [offsets.with_view(TensorView((1,), (1,), blocks))], fresh=False)
    return [int(t) for t in np.frombuffer(stream.download(totals.storage, 0, 4 * len(scans)), dtype=np.uint32)]


def mask_coordinates(mask: BufferOperand) -> BufferOperand:
    """The coordinates of mask's (bool) true elements in row-major order, as a (mask.ndim,
    count) uint32 operand (uint64 for a mask of WIDE_FROM elements or more). Reads the count
    back from the GPU: one host sync."""
    device = mask.device
    view = mask.view
    wide = view.size >= WIDE_FROM
    index = dt.uint64 if wide else dt.uint32
    if view.size == 0:
        return allocate(device, (view.ndim, 0), dt.uint32)
    if wide and "shader-int64" not in device.features:
        raise MemoryError(f"a boolean mask of {view.size} elements needs 64-bit coordinates, and {device.name} "
                          f"lacks shader-int64")
    if not view.is_contiguous or view.offset % 16:  # the kernels read vec4s of words
        copy = allocate(device, view.shape, dt.bool_)
        launch_map(device, MapOp("copy", "a0", (dt.bool_,), dt.bool_), copy.storage, copy.view, dt.bool_, [mask],
                   fresh=True)
        mask, view = copy, copy.view
    chunks = contiguous_chunks(mask)  # each starts on a vec4, as the kernels read the mask
    scans = [_count(device, storage, size, start // 16) for storage, start, size, _ in chunks]
    totals = _totals(device, scans)
    count = sum(totals)
    out = allocate(device, (view.ndim, count), index)
    if not count:
        return out
    if len(chunks) == 1 and out.storage.segments is None and not wide:
        blocks, offsets = scans[0]
        layout = compact_params(view.ndim)
        _launch(device, "gather_compact", layout, [out.storage, mask.storage, offsets.storage],
                layout.pack(blocks=blocks, size=view.size, mask_vec4=view.offset // 16, count=count, first=0,
                            column=0, window_first=0, window_len=2**32 - 1, ndim=view.ndim, shape=view.shape),
                blocks * WORKGROUP)
        return out
    flat = out if view.ndim == 1 else allocate(device, (count,), index)
    (_compact_wide if wide else _compact_chunks)(device, flat, chunks, scans, totals)
    if view.ndim > 1:
        _unravel(device, flat, out, view.shape)
    return out


def _compact_chunks(device, flat: BufferOperand, chunks: list, scans: list, totals: list) -> None:
    """Each chunk's flat element indices into the buffers of flat that hold its part of the output."""
    layout = compact_params(1)
    column = 0
    for (storage, start, size, first), (blocks, offsets), total in zip(chunks, scans, totals):
        for window, window_first, window_len in buffer_windows(flat.storage, 4):
            if total and window_first < column + total and column < window_first + window_len:
                params = layout.pack(blocks=blocks, size=size, mask_vec4=start // 16, count=0, first=first,
                                     column=column, window_first=window_first, window_len=window_len, ndim=1,
                                     shape=(size,))
                _launch(device, "gather_compact", layout, [window, storage, offsets.storage], params,
                        blocks * WORKGROUP)
        column += total


def _compact_wide(device, flat: BufferOperand, chunks: list, scans: list, totals: list) -> None:
    """_compact_chunks for flat indices past 32 bits (flat: uint64): each chunk's indices within
    the chunk (u32) into a scratch, then widened and shifted to the chunk's first element."""
    column = 0
    shift = MapOp("shift", "a0 + a1", (dt.uint64, dt.uint64), dt.uint64)
    for (storage, start, size, first), scan, total in zip(chunks, scans, totals):
        if total:
            scratch = allocate(device, (total,), dt.uint32)
            _compact_chunks(device, scratch, [(storage, start, size, 0)], [scan], [total])
            launch_map(device, shift, flat.storage, TensorView((total,), (1,), flat.view.offset + column), dt.uint64,
                       [scratch, ScalarOperand(first, dt.uint64)], fresh=False)
        column += total


def _unravel(device, flat: BufferOperand, out: BufferOperand, shape: tuple) -> None:
    """out[d, j] = coordinate d of the element with flat index flat[j] in shape."""
    ndim, count = out.shape
    index = flat.dtype
    column = lambda values: uploaded(device, np.asarray(values, index).reshape(ndim, 1), index)  # noqa: E731
    strides, sizes = column(contiguous_strides(shape)), column(shape)
    operands = [flat.with_view(TensorView((ndim, count), (0, 1), flat.view.offset)),
                strides.broadcast_to((ndim, count)), sizes.broadcast_to((ndim, count))]
    launch_map(device, MapOp("unravel", "(a0 / a1) % a2", (index,) * 3, index), out.storage, out.view,
               index, operands, fresh=True)
