"""Binary search: the insertion points of values in a sorted 1-D operand (searchsorted).

Past one binding, the sorted operand is searched one buffer at a time and the positions are
summed: the insertion point among sorted values is the number of elements before it, which is
the sum of those counts in each buffer's part. Values and results go in boxes (segments.pieces).
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.segments import contiguous_chunks, pieces
from .._core.view import TensorView
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import REG_TAG, cast, load_fn, with_libraries
from .fold_source import reg
from .gather import IndexOperand, gather
from .map import MapOp, launch_map

# Strides are u32 two's complement: wrapping makes negative ones work.
PARAMS = ParamLayout("items", "sorted_len", "sorted_offset", "sorted_stride", "values_offset", ZERO,
                     "sorter_offset", "sorter_stride", "out_offset")


def _lt(dtype) -> str:
    kind, r = dt.kind(dtype), reg(dtype)
    if kind == "float":
        t = REG_TAG[r]
        return f"if (isnan_{t}(a)) {{ return false; }} if (isnan_{t}(b)) {{ return true; }} return less_{t}(a, b);"
    if kind == "complex":  # (comparisons on the bits: the order of the sort, subnormals included)
        t, f = REG_TAG[r], REG_TAG[r[5:-1]]
        return (f"if (cisnan_{t}(a)) {{ return false; }} if (cisnan_{t}(b)) {{ return true; }} "
                f"return less_{f}(a.x, b.x) || (equal_{f}(a.x, b.x) && less_{f}(a.y, b.y));")
    if kind == "bool":
        return "return !a && b;"
    return "return a < b;"


def _searchsorted_source(dtype, sorter_dtype, left: bool, accumulate: bool, features) -> str:
    lay = dt.layout(dtype)
    index = reg(dt.int64 if "shader-int64" in features else dt.int32)
    loaders = [load_fn(0, dtype), load_fn(1, dtype)]
    sorter_binding, position = "", "k"
    if sorter_dtype is not None:
        storage = dt.layout(sorter_dtype).storage
        sorter_binding = f"@group(0) @binding(4) var<storage, read> in2: array<{storage}>;"
        loaders.append(load_fn(2, sorter_dtype))
        position = f"u32({cast('load2(p_sorter_offset() + k * p_sorter_stride())', sorter_dtype, dt.int64)})"
    go_right = "lt(key(mid), v)" if left else "!lt(v, key(mid))"
    return with_libraries("searchsorted", features, enables="", params=PARAMS.wgsl(), workgroup=WORKGROUP,
                          index=index, storage=lay.storage,
                          sorter_binding=sorter_binding, loaders="\n".join(loaders), T=lay.register, lt=_lt(dtype),
                          position=position, go_right=go_right,
                          store=f"out[p_out_offset() + i] + {index}(lo)" if accumulate else f"{index}(lo)")


def _launch(device, sorted_, values, sorter, left: bool, out, accumulate: bool = False) -> None:
    dtype, sorter_dtype = sorted_.dtype, None if sorter is None else sorter.dtype
    storages = [out.storage, sorted_.storage, values.storage]
    fields = dict(items=values.view.size, sorted_len=sorted_.shape[0], sorted_offset=sorted_.view.offset,
                  sorted_stride=sorted_.view.strides[0], values_offset=values.view.offset, out_offset=out.view.offset)
    if sorter is not None:
        storages.append(sorter.storage)
        fields.update(sorter_offset=sorter.view.offset, sorter_stride=sorter.view.strides[0])
    launch_kernel(device, ("searchsorted", dtype, sorter_dtype, left, accumulate),
                  lambda: _searchsorted_source(dtype, sorter_dtype, left, accumulate, device.features), storages,
                  PARAMS.pack(**fields), values.view.size)


def searchsorted(sorted_: BufferOperand, values: BufferOperand, sorter: BufferOperand | None, left: bool,
                 index_dtype) -> BufferOperand:
    """For each of the contiguous `values` (of sorted_'s dtype), its insertion point in the
    1-D `sorted_` (through the permutation `sorter` if given), as index_dtype."""
    device = sorted_.device
    out = allocate(device, values.shape, index_dtype)
    if values.view.size == 0:
        return out
    if any(o is not None and o.storage.segments is not None for o in (sorted_, values, sorter, out)):
        _searchsorted_by_segments(sorted_, values, sorter, left, out)
    else:
        _launch(device, sorted_, values, sorter, left, out)
    return out


def _searchsorted_by_segments(sorted_, values, sorter, left: bool, out) -> None:
    device = sorted_.device
    n = sorted_.shape[0]
    if sorter is not None:  # the keys in sorted order, then a plain search
        index = IndexOperand(sorter, n, sorted_.view.strides[0], "clip")
        sorted_, sorter = gather(sorted_, sorter.shape, sorted_.view.offset, (0,), [index]), None
    elif not sorted_.view.is_contiguous:
        copy = allocate(device, sorted_.shape, sorted_.dtype)
        launch_map(device, MapOp("copy", "a0", (sorted_.dtype,), sorted_.dtype), copy.storage, copy.view,
                   sorted_.dtype, [sorted_], fresh=True)
        sorted_ = copy
    chunks = contiguous_chunks(sorted_)
    flat = (values.view.size,)
    values = values.with_view(TensorView.contiguous(flat, values.view.offset))
    for _, _, (values_part, out_part), _ in pieces(flat, [values, out.with_view(TensorView.contiguous(flat))]):
        for k, (buffer, start, elements, _) in enumerate(chunks):
            part = BufferOperand(buffer, TensorView((elements,), (1,), start), sorted_.dtype)
            _launch(device, part, values_part, None, left, out_part, accumulate=k > 0)
