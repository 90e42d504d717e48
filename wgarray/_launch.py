"""Launching map kernels: from operands (buffers with views, or scalars) to one dispatch.

Planning (choosing the kernel, coalescing dims, laying out parameter words) depends only on
dtypes, shapes and strides, so a plan is cached and reused; running it fills in the parts
that change from call to call: buffers, view offsets and scalar values.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

import numpy as np

from ._codegen import MapOp, Slot, can_vectorize, map_source, param_words, vectors_for
from ._dtypes import layout
from ._kernels import WORKGROUP, grid, kernel_cache
from ._memory import Storage
from ._stream import stream_for
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


# struct codes for a scalar parameter of each dtype (narrow ints travel widened to 32 bits).
_SCALAR_CODE = {"b": "I", "i1": "i", "i2": "i", "i4": "i", "i8": "q", "u1": "I", "u2": "I", "u4": "I", "u8": "Q",
                "f4": "f", "f8": "d", "c8": "ff", "c16": "dd"}


def _scalar_code(dtype) -> str:
    dtype = np.dtype(dtype)
    return _SCALAR_CODE["b" if dtype.kind == "b" else f"{dtype.kind}{dtype.itemsize}"]


def _slot_mode(strides, shape) -> str:
    if all(s == 0 for s in strides):
        return "scalar"
    if tuple(strides) == contiguous_strides(shape):
        return "contig"
    return "strided"


class MapPlan:
    """A compiled map kernel plus the recipe for its parameter words."""

    __slots__ = ("device", "kernel", "items", "groups", "packer", "template", "holes", "scalar_hole_kinds",
                 "out_hole", "stream")

    def __init__(self, device, op: MapOp, out_dtype, shape, out_strides, operand_specs, fresh: bool):
        # operand_specs: per operand ("buffer", dtype, strides broadcast to shape, offset % 4 == 0)
        # or ("scalar", dtype)
        numel = math.prod(shape)
        buffer_strides = [spec[2] for spec in operand_specs if spec[0] == "buffer"]
        stride_sets = [contiguous_strides(shape) if fresh else out_strides] + buffer_strides
        if op.coords:
            kshape, kstrides = tuple(shape), [tuple(s) for s in stride_sets]
        else:
            kshape, kstrides = coalesce(shape, *stride_sets)
        in_strides = iter(kstrides[1:])
        slots = []
        for spec in operand_specs:
            if spec[0] == "scalar":
                slots.append(Slot(spec[1], "param"))
            else:
                slots.append(Slot(spec[1], _slot_mode(next(in_strides), kshape)))
        slots = tuple(slots)
        out_slot = Slot(out_dtype, "fresh" if fresh else "strided")
        strided = any(s.mode == "strided" for s in slots)
        ndim = len(kshape) if (op.coords or not fresh or strided) else 0
        aligned = all(spec[3] for spec in operand_specs if spec[0] == "buffer")
        vector = aligned and can_vectorize(out_slot, slots, op.coords)
        key = ("map", op, out_slot, slots, ndim, vector)
        n_buffers = len(buffer_strides)
        self.kernel = kernel_cache(device).get(
            key, ("rw",) + ("r",) * n_buffers,
            lambda: map_source(op, out_slot, slots, ndim, device.features, vector))
        if vector:  # invocations for ceil(numel / 4) vec4s, vectors_for(op) each, whole workgroups
            blocks = -(-numel // (4 * vectors_for(op) * WORKGROUP))
            self.items = blocks * WORKGROUP
        else:
            self.items = -(-numel // (layout(out_dtype).per_word if fresh else 1))
        self.groups = grid(self.items)
        self.device = device
        self.stream = stream_for(device)

        # Parameter words: [items, numel, 0, shape...], output view if strided, then each operand.
        codes = ["I", "I", "I"] + ["I"] * ndim
        template = [self.items, numel, 0, *(kshape if ndim else ())]
        self.out_hole = None
        if not fresh:
            self.out_hole = len(template)
            codes += ["I"] + ["i"] * ndim
            template += [0, *kstrides[0]]
        self.holes = []  # where each operand's offset or scalar value goes
        self.scalar_hole_kinds = []
        in_strides = iter(kstrides[1:])
        for slot in slots:
            self.holes.append(len(template))
            if slot.mode == "param":
                code = _scalar_code(slot.dtype)
                codes += list(code)
                template += [0] * len(code)
                self.scalar_hole_kinds.append((slot.dtype, len(code)))
                assert sum(struct.calcsize(c) for c in code) == 4 * param_words(slot.dtype)
            else:
                strides = next(in_strides)
                codes.append("I")
                template.append(0)
                if slot.mode == "strided":
                    codes += ["i"] * ndim
                    template += list(strides)
                self.scalar_hole_kinds.append(None)
        self.packer = struct.Struct("<" + "".join(codes))
        self.template = template

    def run(self, out_storage: Storage, out_offset: int, operands) -> None:
        values = list(self.template)
        if self.out_hole is not None:
            values[self.out_hole] = out_offset
        storages = [out_storage]
        for operand, hole, scalar in zip(operands, self.holes, self.scalar_hole_kinds):
            if scalar is None:
                values[hole] = operand.view.offset
                storages.append(operand.storage)
            else:
                dtype, count = scalar
                value = operand.value
                if count == 2:
                    value = complex(value)
                    values[hole], values[hole + 1] = value.real, value.imag
                elif dtype.kind == "b":
                    values[hole] = 1 if value else 0
                elif dtype.kind in "iu" and dtype.itemsize < 4:
                    values[hole] = int(value)
                else:
                    values[hole] = value
        self.stream.dispatch(self.kernel, storages, self.packer.pack(*values), self.groups)


def launch_map(device, op: MapOp, out_storage: Storage, out_view: TensorView, out_dtype, operands,
               fresh: bool) -> None:
    """Record out[...] = op(operands) over out_view.shape.

    fresh: the output is a new contiguous buffer starting at element 0 (packed dtypes are then
    written a whole word at a time); otherwise out_view may be any strided view.
    """
    if math.prod(out_view.shape) == 0:
        return
    specs = [("scalar", o.dtype) if isinstance(o, ScalarOperand)
             else ("buffer", o.dtype, o.view.strides, o.view.offset % 4 == 0) for o in operands]
    plan = MapPlan(device, op, out_dtype, out_view.shape, out_view.strides, specs, fresh)
    plan.run(out_storage, out_view.offset, operands)


def launch_kernel(device, key, make_source, storages, params, items: int, writes: int = 1) -> None:
    """Record a dispatch of a non-map kernel: the first `writes` storages are written, the rest read."""
    kernel = kernel_cache(device).get(key, ("rw",) * writes + ("r",) * (len(storages) - writes), make_source)
    packed = struct.pack(f"<{len(params)}I", *(p & 0xFFFFFFFF for p in params))
    stream_for(device).dispatch(kernel, storages, packed, grid(items))
