"""Set operations on sorted data: run detection and compaction for unique, binary search for
isin. The input is sorted by the radix sort engine first.

unique: flag each element that starts a run of equal keys, scan the flags (the scan
engine's exclusive_sum), read back the number of distinct values (the one host sync a
data-dependent shape needs), then compact. Every NaN is distinct unless equal_nan; -0.0
equals 0.0. The kernels are wgsl/set_*.wgsl inside wgsl/sort_unique.wgsl. Past one binding,
unique_pieces.py composes unique and isin from engines that work in pieces.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .scan import exclusive_sum
from .sort import KEY_FIELDS, lib_source, radix_sort
from .sort_pieces import fits
from .unique_pieces import isin_by_segments, unique_by_segments

_ITEMS = ParamLayout("items", *KEY_FIELDS)
# kernel (wgsl/set_<name>.wgsl) -> its parameters
_LAYOUTS = {
    "flags": ParamLayout("items", "equal_nan", *KEY_FIELDS),
    "values": _ITEMS,
    "starts": _ITEMS,
    "indices": _ITEMS,
    "inverse": _ITEMS,
    "counts": _ITEMS,
    "isin": ParamLayout("items", "b_len", "invert", "a_offset", *KEY_FIELDS),
}


def _source(name: str, raw: str, index_size: int) -> str:
    store_index = render("set_store_index", index_words=index_size // 4)
    return render("sort_unique", lib=lib_source(raw, _LAYOUTS[name]), workgroup=WORKGROUP,
                  kernel=render(f"set_{name}", store_index=store_index))


def _run(device, name: str, spec, storages, items: int, index_size: int = 8, **params) -> None:
    if items == 0:
        return
    raw = spec.raw
    launch_kernel(device, ("sort_unique", name, raw, index_size), lambda: _source(name, raw, index_size),
                  storages, _LAYOUTS[name].pack(items=items, **spec.params, **params), items)


def unique(flat: BufferOperand, spec, indices: bool, inverse: bool, counts: bool, equal_nan: bool,
           index_dtype) -> dict:
    """The distinct values of the contiguous (1, n) operand `flat` (n > 0, its sort working
    dtype), sorted, as operands: "values" (k,) and, if asked, "indices" (k,) of first
    occurrences, "inverse_indices" (n,) and "counts" (k,), in index_dtype."""
    device = flat.device
    n = flat.view.size
    if flat.storage.segments is not None or not fits(n, spec, device, 4):
        return unique_by_segments(flat, spec, indices, inverse, counts, equal_nan, index_dtype)
    s, perm = radix_sort(flat, spec, values=True, indices=indices or inverse, index_dtype=dt.uint32)
    flags = allocate(device, (n,), dt.uint32)
    _run(device, "flags", spec, [flags.storage, s.storage], n, equal_nan=int(equal_nan))
    excl = exclusive_sum(flags)  # excl[i]: the run of element i; excl[n]: how many runs
    k = int(np.frombuffer(stream_for(device).download(excl.storage, 4 * n, 4), dtype=np.uint32)[0])
    result = {"values": allocate(device, (k,), flat.dtype)}
    _run(device, "values", spec, [result["values"].storage, s.storage, excl.storage], n)
    isz = index_dtype.itemsize
    if indices:
        result["indices"] = allocate(device, (k,), index_dtype)
        _run(device, "indices", spec, [result["indices"].storage, perm.storage, excl.storage], n, index_size=isz)
    if inverse:
        result["inverse_indices"] = allocate(device, (n,), index_dtype)
        _run(device, "inverse", spec, [result["inverse_indices"].storage, perm.storage, excl.storage], n,
             index_size=isz)
    if counts:
        starts = pool_for(device).allocate(4 * (k + 1))
        _run(device, "starts", spec, [starts, excl.storage], n)
        result["counts"] = allocate(device, (k,), index_dtype)
        _run(device, "counts", spec, [result["counts"].storage, starts], k, index_size=isz)
    return result


def isin(a: BufferOperand, b: BufferOperand, spec, invert: bool) -> BufferOperand:
    """For each element of the contiguous (1, n) operand a, whether the (1, m) operand b
    (m > 0, same working dtype) holds it (!= invert), as n uint32 0/1 flags."""
    device = a.device
    n, m = a.view.size, b.view.size
    if any(o.storage.segments is not None for o in (a, b)) or not fits(m, spec, device) or n * 4 >= 2**31:
        return isin_by_segments(a, b, spec, invert)
    out = allocate(device, (n,), dt.uint32)
    sorted_b, _ = radix_sort(b, spec)
    _run(device, "isin", spec, [out.storage, a.storage, sorted_b.storage], n, b_len=m, invert=int(bool(invert)),
         a_offset=a.view.offset)
    return out
