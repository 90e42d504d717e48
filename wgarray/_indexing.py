"""Basic indexing: integers, slices, Ellipsis and None, turned into a new TensorView."""

from __future__ import annotations

import operator

from ._view import TensorView


def _is_int(obj) -> bool:
    if isinstance(obj, bool):
        return False
    if hasattr(obj, "shape") and hasattr(obj, "dtype"):  # only 0-d integer arrays act as integers
        if obj.shape != () or obj.dtype.kind not in "iu":
            return False
    try:
        operator.index(obj)
        return True
    except TypeError:
        return False


def basic_view(view: TensorView, key) -> TensorView:
    if not isinstance(key, tuple):
        key = (key,)
    for k in key:
        if k is None or k is Ellipsis or isinstance(k, slice) or _is_int(k):
            continue
        if hasattr(k, "shape") and hasattr(k, "dtype"):
            raise NotImplementedError("indexing with arrays (advanced indexing) is not implemented yet")
        raise IndexError(
            f"only integers, slices (`:`), ellipsis (`...`) and None are valid indices, not {type(k).__name__}")
    ellipses = sum(k is Ellipsis for k in key)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    consuming = sum(1 for k in key if k is not None and k is not Ellipsis)
    if consuming > view.ndim:
        raise IndexError(f"too many indices for array: array is {view.ndim}-dimensional, but {consuming} were indexed")
    if ellipses:
        at = next(i for i, k in enumerate(key) if k is Ellipsis)
        key = key[:at] + (slice(None),) * (view.ndim - consuming) + key[at + 1:]
    else:
        key = key + (slice(None),) * (view.ndim - consuming)

    shape, strides, offset = [], [], view.offset
    dim = 0
    for k in key:
        if k is None:
            shape.append(1)
            strides.append(0)
            continue
        n, s = view.shape[dim], view.strides[dim]
        if isinstance(k, slice):
            start, stop, step = k.indices(n)  # raises ValueError for step 0
            length = len(range(start, stop, step))
            if length:
                offset += start * s
            shape.append(length)
            strides.append(s * step)
        else:
            i = operator.index(k)
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
            offset += (i % n) * s
        dim += 1
    return TensorView(tuple(shape), tuple(strides), offset)
