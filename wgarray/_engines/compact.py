"""Stream compaction: the coordinates of a boolean mask's true elements, in C order.

Three steps: count the true elements of each block of BLOCK (wgsl/gather_count.wgsl, packed
bools read a vec4 of words per invocation), an exclusive scan of the counts (the scan
engine), then each block writes its elements' coordinates from its offset
(wgsl/gather_compact.wgsl). The total sizes the output: one 4-byte read, the one host sync
a data-dependent shape needs.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView
from .map import MapOp, launch_map
from .scan import exclusive_sum

BLOCK = 16 * WORKGROUP  # mask elements per workgroup in the count and compact kernels (a vec4 a thread)

# blocks of BLOCK mask elements, the mask's size and its first vec4 of words
_MASK = ("blocks", "size", "mask_vec4")
COUNT = ParamLayout(*_MASK)


@functools.lru_cache(maxsize=None)
def compact_params(ndim: int) -> ParamLayout:
    """COUNT, then the number of true elements and the mask's shape (a trailing array: its
    accessor does not depend on ndim, so one kernel serves every ndim)."""
    return ParamLayout(*_MASK, "count", "ndim", ("shape", "u32", ndim))


def _launch(device, name: str, layout: ParamLayout, storages, params: bytes, items):
    launch_kernel(device, (name,), lambda: render(name, workgroup=WORKGROUP, params=layout.wgsl(),
                                                  lib_mask=render("lib_mask")),
                  storages, params, items)


def mask_coordinates(mask: BufferOperand) -> BufferOperand:
    """The coordinates of mask's (bool) true elements in row-major order, as a (mask.ndim,
    count) uint32 operand. Reads the count back from the GPU: one host sync."""
    device = mask.device
    view = mask.view
    if view.size == 0:
        return allocate(device, (view.ndim, 0), dt.uint32)
    if not view.is_contiguous or view.offset % 16:  # the kernels read vec4s of words
        copy = allocate(device, view.shape, dt.bool_)
        launch_map(device, MapOp("copy", "a0", (dt.bool_,), dt.bool_), copy.storage, copy.view, dt.bool_, [mask],
                   fresh=True)
        mask, view = copy, copy.view
    n = view.size
    blocks = -(-n // BLOCK)
    counts = allocate(device, (blocks + 1,), dt.uint32)  # the kernel also writes a trailing 0
    words = view.offset // 16
    _launch(device, "gather_count", COUNT, [counts.storage, mask.storage],
            COUNT.pack(blocks=blocks, size=n, mask_vec4=words), (blocks + 1) * WORKGROUP)
    offsets = exclusive_sum(counts.with_view(TensorView.contiguous((blocks,))))
    total = stream_for(device).download(offsets.storage, 4 * blocks, 4)
    count = int(np.frombuffer(total, dtype=np.uint32)[0])
    out = allocate(device, (view.ndim, count), dt.uint32)
    if count:
        layout = compact_params(view.ndim)
        _launch(device, "gather_compact", layout, [out.storage, mask.storage, offsets.storage],
                layout.pack(blocks=blocks, size=n, mask_vec4=words, count=count, ndim=view.ndim, shape=view.shape),
                blocks * WORKGROUP)
    return out
