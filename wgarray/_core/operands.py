"""What engines compute on: buffer operands (a storage, a view and a dtype) and scalars.

Engines never see an Array: they take and return these. An Array hands out its data as a
BufferOperand through one accessor (Array._data), the seam a lazy, fusing Array can use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import dtypes as dt
from .memory import Storage, pool_for
from .stream import stream_for
from .view import TensorView


@dataclass(frozen=True)
class BufferOperand:
    storage: Storage
    view: TensorView
    dtype: np.dtype

    @property
    def device(self):
        return self.storage.pool.device

    @property
    def shape(self) -> tuple:
        return self.view.shape

    def with_view(self, view: TensorView) -> "BufferOperand":
        return BufferOperand(self.storage, view, self.dtype)

    def broadcast_to(self, shape) -> "BufferOperand":
        shape = tuple(shape)
        return self if shape == self.view.shape else self.with_view(self.view.broadcast_to(shape))


@dataclass
class ScalarOperand:
    value: object
    dtype: np.dtype


def allocate(device, shape, dtype) -> BufferOperand:
    """A new contiguous operand of shape and dtype (contents undefined)."""
    shape = tuple(shape)
    dt.check_supported(dtype, device)
    nbytes = math.prod(shape) * dtype.itemsize
    return BufferOperand(pool_for(device).allocate(max(nbytes, 4)), TensorView.contiguous(shape), dtype)


def uploaded(device, values: np.ndarray, dtype) -> BufferOperand:
    """Host values (small: metadata such as splitters or strides) as a new operand of dtype."""
    operand = allocate(device, values.shape, dtype)
    stream_for(device).upload(operand.storage, np.ascontiguousarray(values, dtype).view(np.uint8))
    return operand
