"""Searching functions on the GPU: argmax, argmin, count_nonzero, nonzero, searchsorted.

(where lives with the elementwise functions.) argmax/argmin and count_nonzero are folds of
wgarray/_reduction.py; nonzero is a stream compaction: a prefix sum of the nonzero flags
(_scan.scan), one download of the total to size the output, and a scatter of coordinates.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._codegen import REG_TAG, cast, libraries_for, load_fn, MapOp
from ._kernels import render
from ._launch import launch_kernel
from ._reduction import Fold, _axes, _check, _finish, _fold, _keep_dims, _literal, _wide, reg, truthy
from ._scan import scan
from ._view import TensorView, normalize_axis

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted"]


def _index_dtype(device):
    return dt.default_int(device)


@functools.lru_cache(maxsize=None)
def _arg_fold(name: str, dtype) -> Fold:
    if dtype == dt.bool_:
        acc, prep = dt.uint32, "select(0u, 1u, x)"
    else:
        acc, prep = _wide(dtype), "x"
    return Fold(name, acc, _literal(0, acc), "", prep, dtype, name[3:])


def _arg(name: str):
    kind_of = name[3:]

    def search(x, /, *, axis=None, keepdims: bool = False) -> Array:
        x = _check(x, name)
        axes = tuple(range(x.ndim)) if axis is None else (normalize_axis(axis, x.ndim),)
        if math.prod(x.shape[a] for a in axes) == 0:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        result = _fold(_arg_fold(name, x._dtype), x, axes)._cast(_index_dtype(x.device))
        return _keep_dims(result, x.shape, axes, keepdims)

    search.__name__ = search.__qualname__ = name
    search.__doc__ = (f"Index of the first {kind_of}imum along axis (of the flattened array when axis is None); "
                      f"a NaN counts as the {kind_of}imum, as in NumPy.")
    return search


argmax = _arg("argmax")
argmin = _arg("argmin")


@functools.lru_cache(maxsize=None)
def _count_fold(dtype) -> Fold:
    return Fold("count_nonzero", dt.uint32, "0u", "return a + b;", f"select(0u, 1u, {truthy('x', dtype)})", dtype)


def count_nonzero(x, /, *, axis=None, keepdims: bool = False) -> Array:
    """The number of nonzero elements along the axes (NaN counts as nonzero)."""
    x = _check(x, "count_nonzero")
    axes = _axes(axis, x.ndim)
    return _finish(_fold(_count_fold(x._dtype), x, axes), _index_dtype(x.device), x.shape, axes, keepdims)


def nonzero(x, /) -> tuple:
    """Indices of the nonzero elements, one index array per dimension, in C order.

    The output size depends on the data: this is the one function here that waits for the
    GPU (one 4-byte read of the count).
    """
    x = _check(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero of a 0-d array is not allowed; use nonzero(atleast_1d(x)) or reshape it first")
    index = _index_dtype(x.device)
    n = x.size
    pos = scan(_count_fold(x._dtype), x, None, True) if n else None
    count = int(pos._with_view(TensorView((), (), n))._to_numpy()) if n else 0
    out = Array._empty((x.ndim, count), index, x.device)
    if count:
        ireg = reg(index)
        lines = []
        for d in reversed(range(x.ndim)):
            value = "rem" if d == 0 else f"rem % pw({4 + d}u)"
            lines.append(f"    out[{d}u * count + p] = {ireg}({value});")
            if d:
                lines.append(f"    rem = rem / pw({4 + d}u);")
        launch_kernel(x.device, ("nonzero", x.ndim, index),
                      lambda: render("nonzero", index=ireg, coords="\n".join(lines)),
                      [out._storage, pos._storage], [n, count, 0, 0, *x.shape], n)
    return tuple(out[d] for d in range(x.ndim))


def _lt(dtype) -> str:
    kind, r = dt.kind(dtype), reg(dtype)
    if kind == "float":
        t = REG_TAG[r]
        return f"if (isnan_{t}(a)) {{ return false; }} if (isnan_{t}(b)) {{ return true; }} return a < b;"
    if kind == "complex":
        t = REG_TAG[r]
        return (f"if (cisnan_{t}(a)) {{ return false; }} if (cisnan_{t}(b)) {{ return true; }} "
                "return a.x < b.x || (a.x == b.x && a.y < b.y);")
    if kind == "bool":
        return "return !a && b;"
    return "return a < b;"


def _searchsorted_source(dtype, sorter_dtype, left: bool, features) -> str:
    lay = dt.layout(dtype)
    index = reg(dt.int64 if "shader-int64" in features else dt.int32)
    wide = any(reg(d) in ("i64", "u64", "f64", "vec2<f64>") for d in (dtype, sorter_dtype or dtype))
    library = ([render("lib_u64")] if wide else []) + libraries_for(MapOp("searchsorted", "", (dtype,), dtype),
                                                                     features)
    loaders = [load_fn(0, dtype), load_fn(1, dtype)]
    sorter_binding, position = "", "k"
    if sorter_dtype is not None:
        storage = dt.layout(sorter_dtype).storage
        sorter_binding = f"@group(0) @binding(4) var<storage, read> in2: array<{storage}>;"
        loaders.append(load_fn(2, sorter_dtype))
        position = f"u32({cast('load2(pw(6u) + k * pw(7u))', sorter_dtype, dt.int64)})"
    go_right = "lt(key(mid), v)" if left else "!lt(v, key(mid))"
    return render("searchsorted", enables="", index=index, storage=lay.storage, sorter_binding=sorter_binding,
                  library="\n".join(library), loaders="\n".join(loaders), T=lay.register, lt=_lt(dtype),
                  position=position, go_right=go_right)


def searchsorted(x1, x2, /, *, side: str = "left", sorter=None) -> Array:
    """Indices where the values x2 would be inserted into the sorted 1-D x1 to keep it sorted
    (side "left": before equal elements, "right": after them). sorter: indices sorting x1."""
    x1 = _check(x1, "searchsorted")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be one-dimensional, not of shape {x1.shape}")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', not {side!r}")
    device = x1.device
    if isinstance(x2, Array):
        dtype = dt.promote(x1._dtype, x2._dtype, device)
    elif isinstance(x2, (bool, int, float, complex, np.generic)):
        x2 = x2.item() if isinstance(x2, np.generic) else x2
        dtype = dt.promote_scalar(x1._dtype, x2, device)
        x2 = Array._from_numpy(np.asarray(x2, dtype=dtype), device)
    else:
        raise TypeError(f"searchsorted: x2 must be an array or a Python scalar, not {type(x2).__name__}")
    if sorter is not None:
        sorter = _check(sorter, "searchsorted")
        if sorter.shape != x1.shape:
            raise ValueError(f"searchsorted: sorter of shape {sorter.shape} does not match x1 of shape {x1.shape}")
        if dt.kind(sorter._dtype) not in ("int", "uint"):
            raise TypeError(f"searchsorted: sorter must have an integer dtype, not {sorter._dtype}")
    if x1._dtype != dtype:
        x1 = x1._cast(dtype)
    if x2._dtype != dtype or not x2._view.is_contiguous:
        x2 = x2._cast(dtype)
    index = _index_dtype(device)
    out = Array._empty(x2.shape, index, device)
    if x2.size == 0:
        return out
    sorter_dtype = None if sorter is None else sorter._dtype
    storages = [out._storage, x1._storage, x2._storage]
    words = [x2.size, x1.shape[0], x1._view.offset, x1._view.strides[0], x2._view.offset, 0, 0, 0]
    if sorter is not None:
        storages.append(sorter._storage)
        words[6:8] = [sorter._view.offset, sorter._view.strides[0]]
    left = side == "left"
    launch_kernel(device, ("searchsorted", dtype, sorter_dtype, left),
                  lambda: _searchsorted_source(dtype, sorter_dtype, left, device.features), storages, words, x2.size)
    return out
