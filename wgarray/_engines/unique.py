"""Set operations on sorted data: run detection and compaction for unique, binary search for
isin. The input is sorted by the radix sort engine first.

unique: flag each element that starts a run of equal keys, scan the flags, read back the
number of distinct values (the one host sync a data-dependent shape needs), then compact.
Every NaN is distinct unless equal_nan; -0.0 equals 0.0.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.stream import stream_for
from .sort import lib_source, radix_sort, scan, scan_words


def _binding(k: int, name: str, type_: str, rw: bool = False) -> str:
    access = "read_write" if rw else "read"
    return f"@group(0) @binding({k}) var<storage, {access}> {name}: array<{type_}>;"


def _store_index(itemsize: int) -> str:
    if itemsize == 8:
        return "fn store_index(k: u32, v: u32) { out[2u * k] = v; out[2u * k + 1u] = 0u; }"
    return "fn store_index(k: u32, v: u32) { out[k] = v; }"


_FLAG = """
fn flag(i: u32) -> bool {
    if (i == 0u) { return true; }
    return incl[i] != incl[i - 1u];
}"""

# name -> (bindings after the output, extra helper code, body); {index} marks int64/int32 variants
_KERNELS = {
    # 1 where a run of equal keys starts; a NaN starts one unless pw(1) != 0 (equal_nan)
    "flags": (("u32", [("s", "Raw")]), "",
              "    var start = i == 0u;\n"
              "    if (!start) {\n"
              "        let nan = is_nan(s[i]);\n"
              "        start = select(nan || !key_equal(s[i], s[i - 1u]), !(nan && is_nan(s[i - 1u])),\n"
              "                       nan && pw(1u) != 0u);\n"
              "    }\n"
              "    out[i] = select(0u, 1u, start);"),
    "values": (("Raw", [("s", "Raw"), ("incl", "u32")]), _FLAG,
               "    if (flag(i)) { out[incl[i] - 1u] = s[i]; }"),
    # start of every run, and the total length after the last one
    "starts": (("u32", [("incl", "u32")]), _FLAG,
               "    if (flag(i)) { out[incl[i] - 1u] = i; }\n"
               "    if (i + 1u == pw(0u)) { out[incl[i]] = pw(0u); }"),
    "indices": (("u32", [("perm", "u32"), ("incl", "u32")]), _FLAG + "\n{index}",
                "    if (flag(i)) { store_index(incl[i] - 1u, perm[i]); }"),
    "inverse": (("u32", [("perm", "u32"), ("incl", "u32")]), "{index}",
                "    store_index(perm[i], incl[i] - 1u);"),
    "counts": (("u32", [("starts", "u32")]), "{index}",
               "    store_index(i, starts[i + 1u] - starts[i]);"),
    # pw(1): length of the sorted b; pw(2): invert; pw(3): offset of a
    "isin": (("u32", [("a", "Raw"), ("b", "Raw")]), "",
             "    let x = a[pw(3u) + i];\n"
             "    var lo = 0u;\n"
             "    var hi = pw(1u);\n"
             "    while (lo < hi) {\n"
             "        let mid = (lo + hi) / 2u;\n"
             "        if (key_less(b[mid], x)) { lo = mid + 1u; } else { hi = mid; }\n"
             "    }\n"
             "    var found = false;\n"
             "    if (lo < pw(1u) && !is_nan(x)) { found = key_equal(b[lo], x); }\n"
             "    out[i] = select(0u, 1u, found != (pw(2u) != 0u));"),
}


def _source(name: str, raw: str, index_size: int) -> str:
    (out_type, inputs), helpers, body = _KERNELS[name]
    bindings = [_binding(1, "out", out_type, rw=True)]
    bindings += [_binding(k, n, t) for k, (n, t) in enumerate(inputs, start=2)]
    helpers = helpers.replace("{index}", _store_index(index_size))
    return render("sort_unique", lib=lib_source(raw), bindings="\n".join(bindings) + "\n" + helpers, body=body)


def _run(device, name: str, spec, storages, items: int, params=(), index_size: int = 8) -> None:
    if items == 0:
        return
    words = [items, *params]
    words += [0] * (12 - len(words)) + spec.params
    raw = spec.raw
    launch_kernel(device, ("sort_unique", name, raw, index_size), lambda: _source(name, raw, index_size),
                  storages, words, items)


def unique(flat: BufferOperand, spec, indices: bool, inverse: bool, counts: bool, equal_nan: bool,
           index_dtype) -> dict:
    """The distinct values of the contiguous (1, n) operand `flat` (n > 0, its sort working
    dtype), sorted, as operands: "values" (k,) and, if asked, "indices" (k,) of first
    occurrences, "inverse_indices" (n,) and "counts" (k,), in index_dtype."""
    device = flat.device
    n = flat.view.size
    s, perm = radix_sort(flat, spec, values=True, indices=indices or inverse, index_dtype=dt.uint32)
    pool = pool_for(device)
    incl = pool.allocate(4 * scan_words(n))
    _run(device, "flags", spec, [incl, s.storage], n, params=[int(equal_nan)])
    scan(device, incl, n, inclusive=True)
    k = int(np.frombuffer(stream_for(device).download(incl, 4 * (n - 1), 4), dtype=np.uint32)[0])
    result = {"values": allocate(device, (k,), flat.dtype)}
    _run(device, "values", spec, [result["values"].storage, s.storage, incl], n)
    isz = index_dtype.itemsize
    if indices:
        result["indices"] = allocate(device, (k,), index_dtype)
        _run(device, "indices", spec, [result["indices"].storage, perm.storage, incl], n, index_size=isz)
    if inverse:
        result["inverse_indices"] = allocate(device, (n,), index_dtype)
        _run(device, "inverse", spec, [result["inverse_indices"].storage, perm.storage, incl], n, index_size=isz)
    if counts:
        starts = pool.allocate(4 * (k + 1))
        _run(device, "starts", spec, [starts, incl], n)
        result["counts"] = allocate(device, (k,), index_dtype)
        _run(device, "counts", spec, [result["counts"].storage, starts], k, index_size=isz)
    return result


def isin(a: BufferOperand, b: BufferOperand, spec, invert: bool) -> BufferOperand:
    """For each element of the contiguous (1, n) operand a, whether the (1, m) operand b
    (m > 0, same working dtype) holds it (!= invert), as n uint32 0/1 flags."""
    device = a.device
    n, m = a.view.size, b.view.size
    out = allocate(device, (n,), dt.uint32)
    sorted_b, _ = radix_sort(b, spec)
    _run(device, "isin", spec, [out.storage, a.storage, sorted_b.storage], n, params=[m, int(bool(invert)), a.view.offset])
    return out
