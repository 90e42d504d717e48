"""Binary search: the insertion points of values in a sorted 1-D operand (searchsorted)."""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import REG_TAG, cast, load_fn, with_libraries
from .fold_source import reg

# Strides are u32 two's complement: wrapping makes negative ones work.
PARAMS = ParamLayout("items", "sorted_len", "sorted_offset", "sorted_stride", "values_offset", ZERO,
                     "sorter_offset", "sorter_stride")


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
                          position=position, go_right=go_right)


def searchsorted(sorted_: BufferOperand, values: BufferOperand, sorter: BufferOperand | None, left: bool,
                 index_dtype) -> BufferOperand:
    """For each of the contiguous `values` (of sorted_'s dtype), its insertion point in the
    1-D `sorted_` (through the permutation `sorter` if given), as index_dtype."""
    device = sorted_.device
    dtype = sorted_.dtype
    out = allocate(device, values.shape, index_dtype)
    n = values.view.size
    if n == 0:
        return out
    sorter_dtype = None if sorter is None else sorter.dtype
    storages = [out.storage, sorted_.storage, values.storage]
    fields = dict(items=n, sorted_len=sorted_.shape[0], sorted_offset=sorted_.view.offset,
                  sorted_stride=sorted_.view.strides[0], values_offset=values.view.offset)
    if sorter is not None:
        storages.append(sorter.storage)
        fields.update(sorter_offset=sorter.view.offset, sorter_stride=sorter.view.strides[0])
    launch_kernel(device, ("searchsorted", dtype, sorter_dtype, left),
                  lambda: _searchsorted_source(dtype, sorter_dtype, left, device.features), storages,
                  PARAMS.pack(**fields), n)
    return out
