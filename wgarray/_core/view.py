"""TensorView: shape, strides and offset, all in elements. Pure arithmetic, no GPU."""

from __future__ import annotations

import math
from .frozen import FrozenSlots


def contiguous_strides(shape) -> tuple:
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


class _Fields(FrozenSlots):
    __slots__ = FIELDS = ("shape", "strides", "offset")


# The slots' own setters (see frozen.py): every op makes a few views.
_set_shape, _set_strides, _set_offset = _Fields.shape.__set__, _Fields.strides.__set__, _Fields.offset.__set__
# Contiguous views at offset 0 by shape: immutable, so one serves every array of its shape.
_contiguous_views: dict = {}
_CONTIGUOUS_VIEWS = 4096  # shapes kept (then the cache starts afresh)


class TensorView(_Fields):
    """shape, strides and offset (in elements); immutable, compared and hashed by value."""

    __slots__ = ()

    def __init__(self, shape: tuple, strides: tuple, offset: int = 0):
        _set_shape(self, shape)
        _set_strides(self, strides)
        _set_offset(self, offset)

    @staticmethod
    def contiguous(shape, offset: int = 0) -> "TensorView":
        shape = tuple(shape)
        if offset == 0:
            view = _contiguous_views.get(shape)
            if view is not None:
                return view
        view = TensorView(shape, contiguous_strides(shape), offset)
        # only shapes of Python ints are kept (a shape of NumPy ints, equal as a key, then gets
        # the view of ints, never the other way round)
        if offset == 0 and all(type(n) is int for n in shape):
            if len(_contiguous_views) >= _CONTIGUOUS_VIEWS:
                _contiguous_views.clear()
            _contiguous_views[shape] = view
        return view

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def is_contiguous(self) -> bool:
        """C-contiguous: element i sits at offset + i (size-1 dims may have any stride)."""
        step = 1
        for n, s in zip(reversed(self.shape), reversed(self.strides)):
            if n == 0:
                return True
            if n != 1 and s != step:
                return False
            step *= n
        return True

    def span(self) -> tuple[int, int]:
        """Lowest and highest element index touched (offset-relative to the buffer)."""
        if self.size == 0:
            return self.offset, self.offset
        low = high = self.offset
        for n, s in zip(self.shape, self.strides):
            if s > 0:
                high += (n - 1) * s
            else:
                low += (n - 1) * s
        return low, high

    def broadcast_to(self, shape) -> "TensorView":
        shape = tuple(shape)
        extra = len(shape) - self.ndim
        if extra < 0:
            raise ValueError(f"cannot broadcast an array of shape {self.shape} to the smaller rank shape {shape}")
        strides = [0] * extra
        for n, target, s in zip(self.shape, shape[extra:], self.strides):
            if n == target:
                strides.append(s if n != 1 else 0)
            elif n == 1:
                strides.append(0)
            else:
                raise ValueError(f"cannot broadcast shape {self.shape} to shape {shape}")
        return TensorView(shape, tuple(strides), self.offset)

    def permute(self, axes) -> "TensorView":
        return TensorView(tuple(self.shape[a] for a in axes), tuple(self.strides[a] for a in axes), self.offset)

    def reshape(self, shape) -> "TensorView | None":
        """A view with the new shape sharing memory, or None when strides don't allow it."""
        shape = tuple(shape)
        if self.is_contiguous:
            return TensorView.contiguous(shape, self.offset)
        if self.size == 0:
            return TensorView.contiguous(shape, self.offset)
        # Drop size-1 dims, then match groups of old dims to groups of new dims (as NumPy does).
        old = [(n, s) for n, s in zip(self.shape, self.strides) if n != 1]
        new_shape = [n for n in shape]
        new_strides = [0] * len(shape)
        oi, ni = 0, 0
        old_n = len(old)
        # index positions of non-1 new dims
        new_idx = [i for i, n in enumerate(new_shape) if n != 1]
        ni = 0
        while oi < old_n and ni < len(new_idx):
            o_end, n_end = oi + 1, ni + 1
            o_prod, n_prod = old[oi][0], new_shape[new_idx[ni]]
            while o_prod != n_prod:
                if o_prod < n_prod:
                    o_prod *= old[o_end][0]
                    o_end += 1
                else:
                    n_prod *= new_shape[new_idx[n_end]]
                    n_end += 1
            for k in range(oi, o_end - 1):  # the old group must be contiguous within itself
                if old[k][1] != old[k + 1][0] * old[k + 1][1]:
                    return None
            stride = old[o_end - 1][1]
            for k in range(n_end - 1, ni - 1, -1):
                new_strides[new_idx[k]] = stride
                stride *= new_shape[new_idx[k]]
            oi, ni = o_end, n_end
        for i, n in enumerate(new_shape):
            if n == 1:
                new_strides[i] = 0
        return TensorView(shape, tuple(new_strides), self.offset)


def broadcast_shapes(*shapes) -> tuple:
    ndim = max(map(len, shapes), default=0)
    result = [1] * ndim
    for shape in shapes:
        for i, n in enumerate(shape, start=ndim - len(shape)):
            if n == result[i] or n == 1:
                continue
            if result[i] == 1:
                result[i] = n
            else:  # (NumPy's wording and shape format, which user code may match)
                raise ValueError("operands could not be broadcast together with shapes "
                                 + "".join(_numpy_shape(s) + " " for s in shapes))
    return tuple(result)


def _numpy_shape(shape) -> str:
    """A shape as NumPy's messages write it: (2,3), (3,), ()."""
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def coalesce(shape, *stride_sets):
    """Merge dims that every operand walks contiguously, and drop size-1 dims.

    Returns (shape, [strides per operand]); fewer dims means cheaper index math in kernels.
    """
    dims = [(n, [s[i] for s in stride_sets]) for i, n in enumerate(shape) if n != 1]
    merged: list = []
    for n, strides in dims:
        if merged:
            pn, pstrides = merged[-1]
            if all(ps == s * n for ps, s in zip(pstrides, strides)):
                merged[-1] = (pn * n, strides)
                continue
        merged.append((n, strides))
    new_shape = tuple(n for n, _ in merged)
    new_strides = [tuple(st[k] for _, st in merged) for k in range(len(stride_sets))]
    return new_shape, new_strides
