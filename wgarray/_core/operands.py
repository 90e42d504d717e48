"""What engines compute on: buffer operands (a storage, a view and a dtype) and scalars.

Engines never see an Array: they take and return these. An Array hands out its data as a
BufferOperand through one accessor (Array._data), the seam a lazy, fusing Array can use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import dtypes as dt
from .frozen import FrozenSlots
from .memory import Storage, pool_for
from .stream import stream_for
from .view import TensorView


class _Fields(FrozenSlots):
    __slots__ = FIELDS = ("storage", "view", "dtype")


_set_storage, _set_view, _set_dtype = _Fields.storage.__set__, _Fields.view.__set__, _Fields.dtype.__set__


class BufferOperand(_Fields):
    """storage, view and dtype; immutable, compared and hashed by value (frozen.py: engines make
    several per op)."""

    __slots__ = ()

    def __init__(self, storage: Storage, view: TensorView, dtype: np.dtype):
        _set_storage(self, storage)
        _set_view(self, view)
        _set_dtype(self, dtype)

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
    view = TensorView.contiguous(shape)
    dt.check_supported(dtype, device)
    return BufferOperand(pool_for(device).allocate(max(math.prod(view.shape) * dtype.itemsize, 4)), view, dtype)


def uploaded(device, values: np.ndarray, dtype) -> BufferOperand:
    """Host values (small: metadata such as splitters or strides) as a new operand of dtype."""
    operand = allocate(device, values.shape, dtype)
    stream_for(device).upload(operand.storage, np.ascontiguousarray(values, dtype).view(np.uint8))
    return operand


def zeroed_word(device) -> Storage:
    """A one-word storage of the device, zeroed: an arrival count for kernels whose last
    workgroup puts it back to 0 (an engine keeps one per device: _core.device.per_device)."""
    storage = pool_for(device).allocate(4)
    stream_for(device).upload(storage, bytes(4))
    return storage
