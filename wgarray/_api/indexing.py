"""Indexing: basic indices (ints, slices, Ellipsis, None) make views; advanced indices
(integer arrays, boolean masks, 0-d booleans) gather and scatter on the GPU (_gather.py).

NumPy's rules apply: index arrays broadcast together; when the advanced indices (integers
count as advanced once an array is present) sit next to each other their broadcast dims
replace them in place, otherwise they go first. A boolean mask stands for the integer
arrays of its nonzero coordinates, which takes one host sync for the count (a mask given as
a NumPy array or list is converted on the host); `x[mask] = value` needs no sync when value
broadcasts without the count. A 0-d boolean adds a dim of length 1 (True) or 0 (False).

Bounds: Python ints and host index arrays (NumPy arrays, lists) are checked exactly and
raise IndexError as NumPy does. Indices held in wgarray arrays cannot be checked without a
sync, so out-of-bounds ones are not reported: reads clamp them into the axis, writes drop
them; memory outside the array is never touched. Duplicate indices in an assignment leave
one of the written values, but which one is unspecified (NumPy: the last; a complex element may
even take its parts from two writes).
"""

from __future__ import annotations

import math
import operator
from dataclasses import replace

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.operands import ScalarOperand
from .._core.view import TensorView, broadcast_shapes
from .._engines.compact import mask_coordinates
from .._engines.gather import IndexOperand, gather, scatter
from .coerce import as_array


def _is_int(obj) -> bool:
    if isinstance(obj, (bool, np.bool_)):
        return False
    if hasattr(obj, "shape") and hasattr(obj, "dtype"):  # only 0-d integer arrays act as integers
        return obj.shape == () and getattr(obj.dtype, "kind", None) in ("i", "u")  # no read-back here
    try:
        operator.index(obj)
        return True
    except TypeError:
        return False


_INVALID = ("only integers, slices (`:`), ellipsis (`...`), None and integer or boolean arrays are valid indices")


def basic_view(view: TensorView, key) -> TensorView:
    if not isinstance(key, tuple):
        key = (key,)
    for k in key:
        if k is None or k is Ellipsis or isinstance(k, slice) or _is_int(k):
            continue
        if _is_advanced(k):
            raise IndexError("basic_view cannot take array indices; use getitem")
        raise IndexError(f"{_INVALID}, not {type(k).__name__}")
    key = _expand(key, sum(1 for k in key if k is not None and k is not Ellipsis), view.ndim)

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
            offset += _checked(operator.index(k), n, dim) * s
        dim += 1
    return TensorView(tuple(shape), tuple(strides), offset)


def _expand(key: tuple, consuming: int, ndim: int, gap=None) -> tuple:
    """Replace the Ellipsis (or pad the end) with full slices. An Ellipsis that stands for no
    dims becomes `gap` if given (NumPy still counts it as separating advanced indices)."""
    ellipses = sum(k is Ellipsis for k in key)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consuming > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {consuming} were indexed")
    if ellipses:
        at = next(i for i, k in enumerate(key) if k is Ellipsis)
        fill = (slice(None),) * (ndim - consuming) or ((gap,) if gap else ())
        return key[:at] + fill + key[at + 1:]
    return key + (slice(None),) * (ndim - consuming)


def _checked(i: int, n: int, dim: int) -> int:
    if not -n <= i < n:
        raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
    return i % n


def _is_advanced(k) -> bool:
    if isinstance(k, (bool, np.bool_, list, tuple, range)):
        return True
    if isinstance(k, (Array, np.ndarray, np.generic)):
        return not _is_int(k)
    return False


# -- advanced indexing ---------------------------------------------------------------------
class _Adv:
    """One advanced index: its shape and the index arrays it contributes (array, n, stride)."""

    __slots__ = ("shape", "arrays")

    def __init__(self, shape, arrays=()):
        self.shape = tuple(shape)
        self.arrays = list(arrays)


def _classify(k, device):
    """An advanced key item as ("int", i) | ("array", Array) | ("host", ndarray) |
    ("mask", Array) | ("hostmask", ndarray) | ("bool0", bool)."""
    if isinstance(k, (bool, np.bool_)):
        return ("bool0", bool(k))
    if isinstance(k, Array):
        if k.device is not device:
            raise ValueError(f"an index array on {k.device} cannot index an array on {device}")
        kind = k._dtype.kind
        if kind == "b":
            return ("bool0", bool(k)) if k.ndim == 0 else ("mask", k)
        if kind in "iu":
            return ("array", k)
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    try:
        host = np.asarray(k)
    except ValueError as e:
        raise IndexError(f"{_INVALID}: {e}") from None
    if host.size == 0 and host.dtype.kind not in "iub":
        host = host.astype(np.intp)  # x[[]] is an empty integer index
    if host.dtype.kind == "b":
        return ("bool0", bool(host)) if host.ndim == 0 else ("hostmask", host)
    if host.dtype.kind not in "iu":
        raise IndexError(f"{_INVALID}; arrays used as indices must be of integer (or boolean) type")
    if host.ndim == 0:
        return ("int", operator.index(host[()]))
    return ("host", host)


def upload_indices(host: np.ndarray, device):
    if host.dtype.itemsize > 4 and "shader-int64" not in device.features:
        host = host.astype(np.int32)  # already bounds-checked, so the values fit
    elif host.dtype.byteorder not in "=|<" or np.dtype(host.dtype.newbyteorder("=")) not in dt.LAYOUTS:
        host = host.astype(np.int64)
    return Array._from_numpy(host, device)


def check_host_indices(host: np.ndarray, n: int, dim: int) -> None:
    if host.size:
        low, high = host.min(), host.max()
        if low < -n or high >= n:
            bad = low if low < -n else high
            raise IndexError(f"index {int(bad)} is out of bounds for axis {dim} with size {n}")


def _check_mask(mshape, x_shape, dim: int) -> None:
    if len(mshape) + dim > len(x_shape):
        raise IndexError(f"too many indices for array: array is {len(x_shape)}-dimensional, "
                         f"but a boolean index needs {len(mshape) + dim}")
    for d, m in enumerate(mshape):
        if m not in (x_shape[dim + d], 0):
            raise IndexError(f"boolean index did not match indexed array along axis {dim + d}; size of axis "
                             f"is {x_shape[dim + d]} but size of corresponding boolean axis is {m}")


class Plan:
    """An advanced index resolved against x: the result shape, x's offset and strides per
    result dim, and the index arrays (IndexOperands broadcast to the result shape)."""

    def __init__(self, shape, offset, strides, indices):
        self.shape, self.offset, self.strides, self.indices = tuple(shape), offset, list(strides), indices


def _consumes(k) -> int:
    if k is None or k is Ellipsis:
        return 0
    if isinstance(k, slice):
        return 1
    kind, value = k
    return 0 if kind == "bool0" else value.ndim if kind in ("mask", "hostmask") else 1


def _device_int(k) -> bool:
    """A 0-d integer wgarray array (an integer index whose value lives on the GPU)."""
    return isinstance(k, Array) and k.ndim == 0 and k._dtype.kind in "iu"


def _items(x, key: tuple, lazy: bool = False):
    """Classify key items and expand the Ellipsis; masks stay whole. lazy: 0-d integer
    wgarray arrays become index arrays of shape () rather than being read back."""
    items = []
    for k in key:
        if k is None or k is Ellipsis or isinstance(k, slice):
            items.append(k)
        elif lazy and _device_int(k):
            if k.device is not x.device:
                raise ValueError(f"an index array on {k.device} cannot index an array on {x.device}")
            items.append(("array", k))
        elif _is_int(k):
            items.append(("int", operator.index(k)))
        elif _is_advanced(k):
            items.append(_classify(k, x.device))
        else:
            raise IndexError(f"{_INVALID}, not {type(k).__name__}")
    consuming = sum(_consumes(k) for k in items)
    return list(_expand(tuple(items), consuming, x.ndim, gap=("gap", None)))


def plan(x, key, lazy: bool = False) -> Plan:
    """Resolve an advanced key against x (lazy: see _items)."""
    items = _items(x, key if isinstance(key, tuple) else (key,), lazy)
    view = x._view
    offset, dim = view.offset, 0
    basic, advs, positions = [], [], []  # basic: (position, size, stride)
    for pos, k in enumerate(items):
        if k is None:
            basic.append((pos, 1, 0))
            continue
        if isinstance(k, slice):
            n, s = view.shape[dim], view.strides[dim]
            start, stop, step = k.indices(n)
            length = len(range(start, stop, step))
            if length:
                offset += start * s
            basic.append((pos, length, s * step))
            dim += 1
            continue
        kind, value = k
        if kind == "gap":
            continue
        positions.append(pos)
        if kind == "int":
            offset += _checked(value, view.shape[dim], dim) * view.strides[dim]
            advs.append(_Adv(()))
            dim += 1
        elif kind == "bool0":
            advs.append(_Adv((1 if value else 0,)))
        elif kind in ("array", "host"):
            n = view.shape[dim]
            if kind == "host":
                check_host_indices(value, n, dim)
                value = upload_indices(value, x.device)
            advs.append(_Adv(value.shape, [(value, n, view.strides[dim])]))
            dim += 1
        else:
            _check_mask(value.shape, view.shape, dim)
            m = value.ndim
            sizes, strides = view.shape[dim:dim + m], view.strides[dim:dim + m]
            axes = list(zip(sizes, strides))
            if m > 1 and value.shape == sizes and all(strides[d] == strides[d + 1] * sizes[d + 1]
                                                      for d in range(m - 1)):
                # x walks the mask's dims as one: index it with flat positions (one array, not m)
                axes = [(math.prod(sizes), strides[-1])]
                value = value.reshape(-1)
            if kind == "hostmask":
                coordinates = np.uint32 if value.size < 2**32 else np.uint64  # as compact.mask_coordinates
                host = Array._from_numpy(np.stack(np.nonzero(value)).astype(coordinates), x.device)
                coords = [host[d] for d in range(value.ndim)]
            else:
                found = Array._wrap(mask_coordinates(value._data()))
                coords = [found[d] for d in range(value.ndim)]
            advs.append(_Adv((coords[0].shape[0],), [(c, n, s) for c, (n, s) in zip(coords, axes)]))
            dim += m
    try:
        bshape = broadcast_shapes(*(a.shape for a in advs))
    except ValueError:
        shapes = " ".join(str(a.shape) for a in advs if a.shape != ())
        raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together with shapes {shapes}") from None
    if math.prod(bshape):
        for a in advs:
            for _, n, _ in a.arrays:
                if n == 0:
                    raise IndexError("cannot index an axis of size 0 with a non-empty integer index")
    adjacent = positions == list(range(positions[0], positions[0] + len(positions)))
    pre = [b for b in basic if adjacent and b[0] < positions[0]]
    post = basic[len(pre):]
    shape = [b[1] for b in pre] + list(bshape) + [b[1] for b in post]
    strides = [b[2] for b in pre] + [0] * len(bshape) + [b[2] for b in post]
    indices = []
    for a in advs:
        for arr, n, xstride in a.arrays:
            sb = arr._view.broadcast_to(bshape).strides
            v = TensorView(tuple(shape), (0,) * len(pre) + sb + (0,) * len(post), arr._view.offset)
            indices.append(IndexOperand(arr._data().with_view(v), n, xstride))
    return Plan(shape, offset, strides, indices)


def getitem(x, key):
    items = key if isinstance(key, tuple) else (key,)
    if not any(_is_advanced(k) for k in items):
        result = x._with_view(basic_view(x._view, key))
        # NumPy returns a scalar (a copy) for a[i, j] and a[()]: `tmp = a[i]; a[i] = a[j]; a[j] = tmp`
        # swaps. Only an Ellipsis makes a 0-d view (a[i, ...]).
        if result.ndim == 0 and not any(k is Ellipsis for k in items):
            return result._contiguous()
        return result
    p = plan(x, key)
    return Array._wrap(gather(x._data(), p.shape, p.offset, p.strides, p.indices))


def _value_operand(x, value):
    """value as a ScalarOperand of x's dtype, or an Array on x's device not sharing x's buffer."""
    if isinstance(value, Array):
        if value.device is not x.device:
            raise ValueError(f"cannot assign an array on {value.device} into one on {x.device}")
        return value._contiguous() if value._data().storage is x._data().storage else value
    if isinstance(value, (bool, int, float, complex, np.generic)) and np.ndim(value) == 0:
        return ScalarOperand(dt.coerce_scalar(value, x._dtype), x._dtype)
    return as_array(value, "assignment", x.device)


def _broadcast_value(value, shape) -> TensorView:
    """The value's view broadcast to the indexing result's shape, or ValueError as NumPy."""
    view = value._view
    try:
        extra = view.ndim - len(shape)
        if extra > 0:
            if any(n != 1 for n in view.shape[:extra]):
                raise ValueError
            view = TensorView(view.shape[extra:], view.strides[extra:], view.offset)
        return view.broadcast_to(shape)
    except ValueError:
        raise ValueError(f"shape mismatch: value array of shape {value.shape} could not be broadcast "
                         f"to indexing result of shape {tuple(shape)}") from None


def setitem(x, key, value) -> None:
    if not x._writeable:
        raise ValueError("assignment destination is read-only")
    items = key if isinstance(key, tuple) else (key,)
    # 0-d integer wgarray indices scatter too: reading their values back would cost a sync.
    if not any(_is_advanced(k) or _device_int(k) for k in items):
        if not isinstance(value, (Array, bool, int, float, complex, np.generic, str)):
            value = as_array(value, "assignment", x.device)  # lists and NumPy arrays, as NumPy takes them
        target = x._with_view(basic_view(x._view, key))
        if target.ndim == 0 and isinstance(value, Array) and value.ndim > 0:
            raise ValueError("setting an array element with a sequence.")  # NumPy 2, even for one element
        target._assign(value)
        return
    value = _value_operand(x, value)
    if _masked_assign(x, items, value):
        return
    p = plan(x, key, lazy=True)
    if isinstance(value, ScalarOperand):
        operand = value
    else:
        operand = value._data().with_view(_broadcast_value(value, p.shape))
    scatter(x._data(), p.shape, p.offset, p.strides, [_unshared(x, ix) for ix in p.indices], operand)


def _unshared(x, ix):
    """An index operand that does not share x's buffer (one buffer cannot be bound to be read and written)."""
    if ix.operand.storage is not x._data().storage:
        return ix
    src = Array(ix.operand.storage, ix.operand.view, ix.operand.dtype, x.device, False)
    copy = src._contiguous()
    return replace(ix, operand=copy._operand())


def _masked_assign(x, items, value) -> bool:
    """x[..., mask, ...] = value where value needs no count: write through the mask as a
    predicate (no host sync). Returns False when this path does not apply."""
    advanced = [k for k in items if not (k is None or k is Ellipsis or isinstance(k, slice))]
    if len(advanced) != 1 or not isinstance(advanced[0], Array) or advanced[0]._dtype.kind != "b" \
            or advanced[0].ndim == 0 or advanced[0].device is not x.device:
        return False
    mask = advanced[0]
    expanded = [k for k in _items(x, items) if not (isinstance(k, tuple) and k[0] == "gap")]
    at = next(i for i, k in enumerate(expanded) if isinstance(k, tuple))
    _check_mask(mask.shape, x.shape, sum(1 for k in expanded[:at] if isinstance(k, slice)))
    # view: x with the slices and Nones applied; the mask's dims sit at `first`.
    view = basic_view(x._view, tuple(expanded[:at]) + (slice(None),) * mask.ndim + tuple(expanded[at + 1:]))
    first = at
    before, after = view.shape[:first], view.shape[first + mask.ndim:]
    if 0 in mask.shape:  # nothing is selected, but the value must still broadcast, as NumPy checks
        if not isinstance(value, ScalarOperand):
            _broadcast_value(value, before + (0,) + after)
        return True
    if not isinstance(value, ScalarOperand):
        result = before + (1,) + after  # the count's dim must broadcast from 1
        vview = value._view
        pad = len(result) - vview.ndim
        if pad < 0:
            return False
        vshape = (1,) * pad + vview.shape
        if vshape[len(before)] != 1:
            return False
        vstrides = (0,) * pad + vview.strides
        cut = len(before)
        vshape = vshape[:cut] + (1,) * mask.ndim + vshape[cut + 1:]
        vstrides = vstrides[:cut] + (0,) * mask.ndim + vstrides[cut + 1:]
        try:
            vview = TensorView(vshape, vstrides, vview.offset).broadcast_to(view.shape)
        except ValueError:
            raise ValueError(f"shape mismatch: value array of shape {value.shape} could not be broadcast "
                             f"to indexing result of shape {before + ('count',) + after}") from None
        value = value._data().with_view(vview)
    if mask._data().storage is x._data().storage:
        mask = mask._contiguous()
    pview = TensorView(view.shape, (0,) * first + mask._view.strides + (0,) * len(after), mask._view.offset)
    scatter(x._data(), view.shape, view.offset, view.strides, [], value, mask._data().with_view(pview))
    return True
